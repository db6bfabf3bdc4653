#include "engine/tablebase_root.h"

#include <algorithm>

#include "board/movegen.h"
#include "search/search.h"

namespace jadoube {

namespace {
// Cursed wins' ranks run from 1 to below 900 (syzygy/tablebases.h): shown as up to
// 100 cp, and never below a few centipawns, so they stay apart from a draw.
constexpr int CursedRankOffset = 800, CursedMinScore = 3;
} // namespace

std::optional<TablebaseRootAnswer> rank_tablebase_root(const syzygy::Tablebases& tables, const Position& pos,
                                                       SearchLimits& limits, bool fiftyMoveRule) {
    Position root = pos;
    const auto ranking = tables.rank_root(root, limits.searchmoves, fiftyMoveRule);
    if (!ranking) return std::nullopt;
    const std::size_t of = limits.searchmoves.empty() ? MoveList<LEGAL>(root).size() : limits.searchmoves.size();
    limits.searchmoves = ranking->best;

    // A long loss (ranked between -SureRank and -ResultRank, so that the search prefers
    // the longest resistance) is still the tables' loss: shown as one, as Stockfish
    // does, not as a small score that looks nearly level (issue 65).
    constexpr int ResultRank = syzygy::Tablebases::ResultRank;
    const int r = ranking->rank;
    int score = VALUE_DRAW;
    if (r >= ResultRank) score = VALUE_TB;
    else if (r <= -ResultRank) score = -VALUE_TB;
    else if (r > 0) score = std::max(CursedMinScore, r - CursedRankOffset);
    else if (r < 0) score = std::min(-CursedMinScore, r + CursedRankOffset);
    return TablebaseRootAnswer{{ranking->wdl, ranking->dtz, ranking->best.size(), of}, score};
}

} // namespace jadoube
