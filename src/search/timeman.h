// Time management: a soft limit (do not start another iteration past it, scaled by
// how settled the best move is) and a hard limit the search never passes.
#pragma once

#include "search/limits.h"

namespace jadoube {

struct TimeBudget {
    std::int64_t soft = -1; // ms; -1 = none
    std::int64_t hard = -1;
    bool operator==(const TimeBudget&) const = default;
};

// slowMover (`Slow Mover`, per cent) scales both limits, within what the clock holds.
TimeBudget plan_time(const SearchLimits& limits, Color us, int moveOverhead, int gamePly, int slowMover = 100);

} // namespace jadoube
