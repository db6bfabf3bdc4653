#include "search/timeman.h"

#include <algorithm>

#include "search/params.h"

namespace jadoube {

TimeBudget plan_time(const SearchLimits& limits, Color us, int moveOverhead, int gamePly, int slowMover) {
    if (limits.movetime >= 0) {
        const std::int64_t t = std::max<std::int64_t>(1, limits.movetime - moveOverhead);
        return {t, t};
    }
    if (!limits.use_time_management() || limits.infinite) return {};

    const std::int64_t left = std::max<std::int64_t>(0, limits.time[us]);
    const std::int64_t inc = std::max<std::int64_t>(0, limits.inc[us]);
    // Keep a reserve for lag beyond the stated overhead; a flag costs the whole game.
    const std::int64_t usable = std::max<std::int64_t>(1, left - moveOverhead
                                                              - std::min<std::int64_t>(left / params::TmReserveDiv,
                                                                                       params::TmReserveMax));
    const int mtg = limits.movestogo > 0
                        ? std::min(limits.movestogo, params::TmMovesToGoCap)
                        : std::max(params::TmMovesLeftMin, params::TmMovesLeftBase - gamePly / params::TmMovesLeftPlyDiv);

    // inc >= 0: inc * 75 / 100 is inc * 3 / 4 exactly.
    std::int64_t soft = usable / mtg + inc * params::TmIncPct / 100;
    // The last move before the time control may use everything usable.
    std::int64_t hard = std::min(usable / (limits.movestogo == 1 ? 1 : params::TmHardDiv) + inc, soft * params::TmHardSoftRatio);
    soft = soft * slowMover / 100; // exact at 100
    hard = hard * slowMover / 100;
    soft = std::min(soft, usable);
    hard = std::clamp<std::int64_t>(hard, std::min<std::int64_t>(soft, usable), usable);
    return {std::max<std::int64_t>(1, soft), std::max<std::int64_t>(1, hard)};
}

} // namespace jadoube
