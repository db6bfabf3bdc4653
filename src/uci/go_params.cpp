#include "uci/go_params.h"

#include <algorithm>
#include <array>

#include "notation/move_text.h"
#include "notation/perft_report.h"
#include "search/search.h"
#include "util/text.h"

namespace jadoube {

namespace {

// movestogo beyond this is as good as "the rest of the game" to time management.
constexpr std::int64_t MaxMovesToGo = 1000;

constexpr std::array Keywords = {"wtime", "btime",    "winc",     "binc",   "movestogo",   "depth", "nodes",
                                 "mate",  "movetime", "infinite", "ponder", "searchmoves", "perft", "hash"};

bool is_keyword(std::string_view t) {
    for (std::string_view k : Keywords)
        if (t == k) return true;
    return false;
}

// Why a value is not an integer the command can use.
std::string bad_integer(std::string_view t) {
    const std::string_view digits = t.substr(!t.empty() && (t[0] == '-' || t[0] == '+'));
    const bool numeral = !digits.empty() && std::ranges::all_of(digits, [](char c) { return c >= '0' && c <= '9'; });
    return text::quoted(t) + (numeral ? " is out of range (64 bits)" : " is not an integer");
}

// The moves of `searchmoves` from tokens[i + 1] up to the next keyword; i ends on the last.
void read_searchmoves(std::span<const std::string_view> args, std::size_t& i, const Position& pos, GoCommand& go) {
    std::vector<Move>& moves = go.limits.searchmoves;
    moves.clear();
    std::vector<std::string> bad;
    bool given = false;
    while (i + 1 < args.size() && !is_keyword(args[i + 1])) {
        const std::string_view t = args[++i];
        given = true;
        if (const Move m = parse_uci_move(pos, t)) moves.push_back(m);
        else bad.push_back(text::quoted(t) + (is_uci_move_syntax(t) ? " is not legal in " + pos.fen() : " is not a UCI move"));
    }
    if (!given) go.ignored.emplace_back("go searchmoves: no moves given; every legal move is searched");
    else if (moves.empty()) {
        std::string why = "go searchmoves: ";
        for (std::size_t k = 0; k < bad.size(); ++k) why += (k ? ", " : "") + bad[k];
        go.ignored.push_back(why + "; no move is left, so every legal move is searched");
    } else
        for (const std::string& b : bad) go.ignored.push_back("go searchmoves: " + b + "; ignored");
}

} // namespace

std::expected<GoCommand, std::string> parse_go(std::span<const std::string_view> args, const Position& pos, TimePoint received) {
    using Err = std::unexpected<std::string>;
    GoCommand go;
    SearchLimits& l = go.limits;
    l.start = received;
    bool other = false; // anything besides perft and its hash was given
    // `hash`, a perft's table size: checked once perft is known to be there.
    std::optional<std::int64_t> hash;
    std::string hashWrong; // the last `hash` given was wrong: why
    bool accepted = false;  // some part of a search's request was taken

    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view key = args[i];
        const bool perft = key == "perft", perftHash = key == "hash";
        other = other || !(perft || perftHash);
        if (key == "infinite") {
            l.infinite = accepted = true;
            continue;
        }
        if (key == "ponder") {
            l.ponder = accepted = true;
            continue;
        }
        if (key == "searchmoves") {
            read_searchmoves(args, i, pos, go);
            accepted = accepted || !l.searchmoves.empty();
            continue;
        }
        if (!is_keyword(key)) {
            // Built by appending: GCC 12's -Wstringop-overflow misreads the inserts that
            // `"literal" + std::string` makes (a false positive at -O3 with LTO).
            std::string note = "go: unknown parameter " + text::quoted(key), values;
            while (i + 1 < args.size() && !is_keyword(args[i + 1])) {
                if (!values.empty()) values += ' ';
                values += text::quoted(args[++i]);
            }
            if (!values.empty()) note.append(" (with ").append(values).append(")");
            go.ignored.push_back(note.append(" ignored"));
            continue;
        }

        // A keyword with a value; the next keyword is never taken for one.
        const std::string name = "go " + std::string(key) + ": ";
        if (i + 1 >= args.size() || is_keyword(args[i + 1])) {
            if (perft) return Err(name + "missing depth");
            if (perftHash) {
                hashWrong = name + "missing size in MiB";
                continue;
            }
            go.ignored.push_back(name + "missing value; ignored");
            continue;
        }
        const std::string_view valueText = args[++i];
        const auto v = text::parse_int(valueText);
        const bool signedOk = key == "wtime" || key == "btime";
        std::string wrong;
        if (!v) wrong = bad_integer(valueText);
        else if (*v < 0 && !signedOk) wrong = std::to_string(*v) + " is negative";
        if (perft) {
            if (wrong.empty() && (*v < 1 || *v > MaxPerftDepth))
                wrong = "depth " + std::to_string(*v) + " is outside 1.." + std::to_string(MaxPerftDepth);
            if (!wrong.empty()) return Err(name + wrong);
            go.perft = int(*v);
            continue;
        }
        if (perftHash) {
            if (wrong.empty() && (*v < 1 || *v > MaxPerftHashMiB))
                wrong = std::to_string(*v) + " MiB is outside 1.." + std::to_string(MaxPerftHashMiB);
            hashWrong = wrong.empty() ? "" : name + wrong; // a later repeat overrides, as for every keyword
            if (wrong.empty()) hash = *v;
            continue;
        }
        if (!wrong.empty()) {
            go.ignored.push_back(name + wrong + "; ignored");
            continue;
        }
        accepted = true;
        if (key == "wtime") l.time[WHITE] = std::max<std::int64_t>(0, *v);
        else if (key == "btime") l.time[BLACK] = std::max<std::int64_t>(0, *v);
        else if (key == "winc") l.inc[WHITE] = *v;
        else if (key == "binc") l.inc[BLACK] = *v;
        else if (key == "movestogo") l.movestogo = int(std::min(*v, MaxMovesToGo));
        else if (key == "depth") l.depth = int(std::min<std::int64_t>(*v, MAX_PLY - 1));
        else if (key == "nodes") l.nodes = std::uint64_t(*v);
        else if (key == "mate") l.mate = int(std::min<std::int64_t>(*v, MAX_PLY));
        else if (key == "movetime") l.movetime = *v;
    }
    if (go.perft) {
        if (other) return Err("go perft takes no other parameters than hash");
        if (!hashWrong.empty()) return Err(hashWrong);
        go.perftHashMiB = std::size_t(hash.value_or(0));
    } else if (hash || !hashWrong.empty())
        go.ignored.emplace_back("go hash: the size of a perft's hash table, only with perft; ignored");
    go.nothingValid = !go.perft && !args.empty() && !accepted;
    return go;
}

} // namespace jadoube
