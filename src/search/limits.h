// What a search is asked to do: typed, checked by the UCI layer before it gets here.
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

#include "board/types.h"

namespace jadoube {

using TimePoint = std::chrono::steady_clock::time_point;

// The most search threads a pool takes (the Threads option's maximum).
constexpr int MaxThreads = 1024;

struct SearchLimits {
    std::int64_t time[COLOR_NB] = {-1, -1}; // ms left on each clock; -1 = not given
    std::int64_t inc[COLOR_NB] = {0, 0};
    int movestogo = 0;
    int depth = 0;          // 0 = no limit
    std::uint64_t nodes = 0; // 0 = no limit
    int mate = 0;           // find a mate in this many moves
    std::int64_t movetime = -1;
    bool infinite = false;
    bool ponder = false;
    std::vector<Move> searchmoves;
    TimePoint start = std::chrono::steady_clock::now();

    bool use_time_management() const { return time[WHITE] >= 0 || time[BLACK] >= 0; }
};

} // namespace jadoube
