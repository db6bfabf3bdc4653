#include "search/timeman.h"

#include <algorithm>

namespace jadoube {

TimeBudget plan_time(const SearchLimits& limits, Color us, int moveOverhead, int gamePly) {
    if (limits.movetime >= 0) {
        const std::int64_t t = std::max<std::int64_t>(1, limits.movetime - moveOverhead);
        return {t, t};
    }
    if (!limits.use_time_management() || limits.infinite) return {};

    const std::int64_t left = std::max<std::int64_t>(0, limits.time[us]);
    const std::int64_t inc = std::max<std::int64_t>(0, limits.inc[us]);
    // Keep a reserve for lag beyond the stated overhead; a flag costs the whole game.
    const std::int64_t usable = std::max<std::int64_t>(1, left - moveOverhead - std::min<std::int64_t>(left / 20, 50));
    const int mtg = limits.movestogo > 0 ? std::min(limits.movestogo, 40) : std::max(20, 45 - gamePly / 4);

    std::int64_t soft = usable / mtg + inc * 3 / 4;
    std::int64_t hard = std::min(usable / (limits.movestogo == 1 ? 1 : 4) + inc, soft * 5);
    soft = std::min(soft, usable);
    hard = std::clamp<std::int64_t>(hard, std::min<std::int64_t>(soft, usable), usable);
    return {std::max<std::int64_t>(1, soft), std::max<std::int64_t>(1, hard)};
}

} // namespace jadoube
