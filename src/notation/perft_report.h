// `go perft N` / `jadoube perft N`: Stockfish's divide format, which perft
// tools parse: one "<move>: <count>" line per root move, a blank line,
// "Nodes searched: <total>", a blank line.
#pragma once

#include <cstddef>
#include <cstdint>
#include <expected>
#include <string>

#include "board/position.h"

namespace jadoube {

// Deeper than this would not finish in any useful time; the cap keeps a typo
// from hanging the engine for days.
constexpr int MaxPerftDepth = 20;

// A perft hash larger than this is surely a typo (the machine's memory is checked too).
constexpr std::int64_t MaxPerftHashMiB = std::int64_t(1) << 22; // 4 TiB

// depth in 1..MaxPerftDepth; threads as the Threads option (board/perft.h); hashMiB > 0:
// hashed perft with a table of that size (board/perft_table.h), the same counts. An
// error only when the table cannot be had.
std::expected<std::string, std::string> perft_report(const Position& pos, int depth, int threads = 1, std::size_t hashMiB = 0);

} // namespace jadoube
