// Staged move picker: the TT move first, then winning captures, quiets (killers and
// the counter-move ahead of the rest, then by history), and losing captures last.
// Every move comes from the legal generator: a TT move is played only if it is in the
// legal list (a hash collision cannot smuggle in an illegal move), and killers are
// just high scores within the generated quiets, so they need no legality test either.
#pragma once

#include "board/movegen.h"
#include "search/history.h"

namespace jadoube {

class MovePicker {
public:
    // Main search. contHist: continuation tables of the moves 1 and 2 plies back (or null);
    // threats: the squares the opponent attacks (Position::attacks_by), for quiet history.
    MovePicker(const Position& pos, Move ttMove, const Histories& hist, const PieceToHistory* const* contHist, Move killer1,
               Move killer2, Move counter, Bitboard threats);
    // Quiescence: captures and promotions only (all evasions when in check: threats as
    // above, read only then).
    MovePicker(const Position& pos, Move ttMove, const Histories& hist, Bitboard threats);

    // Next move, or Move::none() at the end. skipQuiets drops the remaining quiets.
    Move next(bool skipQuiets = false);

private:
    enum Stage : std::uint8_t {
        TT,
        GEN_CAPTURES,
        GOOD_CAPTURES,
        GEN_QUIETS,
        PICK_QUIETS,
        BAD_CAPTURES,
        QS_TT,
        QS_GEN,
        QS_CAPTURES,
        EV_TT,
        EV_GEN,
        EV_MOVES,
        DONE
    };
    bool tt_move_legal();
    // Generates one stage's moves into moves_ from index `at`; returns the new end.
    int fill(int at, GenType type);
    void score_captures(int begin, int end);
    void score_quiets(int begin, int end);
    void score_evasions(int begin, int end);
    Move pick_best();

    const Position& pos_;
    const Histories& hist_;
    const PieceToHistory* const* contHist_;
    Move ttMove_, killers_[2], counter_;
    Bitboard threats_;
    Stage stage_;
    int cur_, end_, badEnd_; // indices into moves_: the next move, the stage's end, the losing captures' end
    // The moves and their ordering scores side by side rather than as pairs: the
    // generator writes its list straight into moves_, and picking the best scans
    // the scores alone.
    Move moves_[MOVE_BUFFER];
    int scores_[MOVE_BUFFER];
};

} // namespace jadoube
