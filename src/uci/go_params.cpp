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
                                 "mate",  "movetime", "infinite", "ponder", "searchmoves", "perft"};

bool is_keyword(std::string_view t) {
    for (std::string_view k : Keywords)
        if (t == k) return true;
    return false;
}

} // namespace

std::expected<GoCommand, std::string> parse_go(std::span<const std::string_view> args, const Position& pos, TimePoint received) {
    using Err = std::unexpected<std::string>;
    GoCommand go;
    SearchLimits& l = go.limits;
    l.start = received;
    bool other = false; // anything besides perft was given

    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view key = args[i];
        if (key == "infinite") {
            l.infinite = other = true;
            continue;
        }
        if (key == "ponder") {
            l.ponder = other = true;
            continue;
        }
        if (key == "searchmoves") {
            other = true;
            l.searchmoves.clear();
            while (i + 1 < args.size() && !is_keyword(args[i + 1])) {
                const std::string_view t = args[++i];
                const Move m = parse_uci_move(pos, t);
                if (!m)
                    return Err("go searchmoves: " + text::quoted(t)
                               + (is_uci_move_syntax(t) ? " is not legal in " + pos.fen() : " is not a UCI move"));
                l.searchmoves.push_back(m);
            }
            if (l.searchmoves.empty()) return Err("go searchmoves: no moves given");
            continue;
        }
        if (!is_keyword(key)) return Err("go: unknown parameter " + text::quoted(key));

        if (i + 1 >= args.size()) return Err("go " + std::string(key) + ": missing value");
        const std::string_view valueText = args[++i];
        const auto v = text::parse_int(valueText);
        if (!v) return Err("go " + std::string(key) + ": " + text::quoted(valueText) + " is not an integer");
        const bool signedOk = key == "wtime" || key == "btime";
        if (*v < 0 && !signedOk) return Err("go " + std::string(key) + ": " + std::to_string(*v) + " is negative");

        if (key == "perft") {
            if (*v < 1 || *v > MaxPerftDepth)
                return Err("go perft: depth " + std::to_string(*v) + " is outside 1.." + std::to_string(MaxPerftDepth));
            go.perft = int(*v);
            continue;
        }
        other = true;
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
    if (go.perft && other) return Err("go perft takes no other parameters");
    return go;
}

} // namespace jadoube
