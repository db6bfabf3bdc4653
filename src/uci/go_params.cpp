#include "uci/go_params.h"

#include <array>

#include "uci/notation.h"
#include "uci/perft_report.h"
#include "uci/text.h"

namespace jadoube {

namespace {

constexpr std::array Keywords = {"wtime", "btime", "winc",   "binc",     "movestogo", "depth", "nodes",
                                 "mate",  "movetime", "infinite", "ponder", "searchmoves", "perft"};

bool is_keyword(std::string_view t) {
    for (std::string_view k : Keywords)
        if (t == k) return true;
    return false;
}

} // namespace

std::expected<GoParams, std::string> parse_go(std::span<const std::string_view> args, const Position& pos) {
    using Err = std::unexpected<std::string>;
    GoParams p;
    bool other = false; // anything besides perft was given

    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view key = args[i];
        if (key == "infinite") { p.infinite = other = true; continue; }
        if (key == "ponder") { p.ponder = other = true; continue; }
        if (key == "searchmoves") {
            other = true;
            p.searchmoves.clear();
            while (i + 1 < args.size() && !is_keyword(args[i + 1])) {
                const std::string_view t = args[++i];
                const Move m = parse_uci_move(pos, t);
                if (!m)
                    return Err("go searchmoves: " + text::quoted(t)
                               + (is_uci_move_syntax(t) ? " is not legal in " + pos.fen() : " is not a UCI move"));
                p.searchmoves.push_back(m);
            }
            if (p.searchmoves.empty()) return Err("go searchmoves: no moves given");
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
            p.perft = int(*v);
            continue;
        }
        other = true;
        if (key == "wtime") p.time[WHITE] = v;
        else if (key == "btime") p.time[BLACK] = v;
        else if (key == "winc") p.inc[WHITE] = v;
        else if (key == "binc") p.inc[BLACK] = v;
        else if (key == "movestogo") p.movestogo = v;
        else if (key == "depth") p.depth = v;
        else if (key == "nodes") p.nodes = v;
        else if (key == "mate") p.mate = v;
        else if (key == "movetime") p.movetime = v;
    }
    if (p.perft && other) return Err("go perft takes no other parameters");
    return p;
}

} // namespace jadoube
