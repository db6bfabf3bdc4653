// `go perft N` / `jadoube perft N`: Stockfish's divide format, which perft
// tools parse: one "<move>: <count>" line per root move, a blank line,
// "Nodes searched: <total>", a blank line.
#pragma once

#include <string>

#include "board/position.h"

namespace jadoube {

// Deeper than this would not finish in any useful time; the cap keeps a typo
// from hanging the engine for days.
constexpr int MaxPerftDepth = 20;

// depth in 1..MaxPerftDepth; threads as the Threads option (board/perft.h).
std::string perft_report(const Position& pos, int depth, int threads = 1);

} // namespace jadoube
