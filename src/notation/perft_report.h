// `go perft N` / `jadoube perft N`: Stockfish's divide format, which perft
// tools parse: one "<move>: <count>" line per root move, a blank line,
// "Nodes searched: <total>", a blank line.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "board/perft.h"
#include "board/position.h"

namespace jadoube {

// Deeper than this would not finish in any useful time; the cap keeps a typo
// from hanging the engine for days.
constexpr int MaxPerftDepth = 20;

// A perft hash larger than this is surely a typo (the machine's memory is checked too).
constexpr std::int64_t MaxPerftHashMiB = std::int64_t(1) << 22; // 4 TiB

// The counts of perft_divide (board/perft.h) from pos, as text.
std::string perft_report(const Position& pos, std::span<const PerftSplit> splits);

} // namespace jadoube
