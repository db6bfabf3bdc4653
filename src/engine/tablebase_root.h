// A root in the endgame tables: only the moves that keep the tables' best result are
// searched (within searchmoves and touch-move), so the engine converts a won ending
// under the fifty-move rule and never spoils a draw; the search picks among them.
#pragma once

#include <optional>

#include "board/position.h"
#include "engine/events.h"
#include "search/limits.h"
#include "syzygy/tablebases.h"

namespace jadoube {

struct TablebaseRootAnswer {
    TablebaseRoot root; // for the event
    // The score shown for the root, as Stockfish shows one: a sure win or loss as a
    // large centipawn score (not a mate the search has not seen), one the clock may
    // spoil as a small score, the nearer zero the more plies it needs.
    int score;
};

// Narrows limits.searchmoves to the moves keeping the root's result; nullopt (limits
// untouched) where the root is not in the tables.
std::optional<TablebaseRootAnswer> rank_tablebase_root(const syzygy::Tablebases& tables, const Position& pos,
                                                       SearchLimits& limits, bool fiftyMoveRule);

} // namespace jadoube
