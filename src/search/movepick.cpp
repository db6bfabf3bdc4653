#include "search/movepick.h"

#include <utility>

#include "eval/values.h"
#include "search/params.h"
#include "search/see.h"

namespace jadoube {

namespace {

// Ordering tiers, far apart so that no history score crosses them (not tuned).
constexpr int UnderPromotionMalus = -100000; // under-promotions after every other tactical move
constexpr int KillerOneBonus = 1 << 22;
constexpr int KillerTwoBonus = 1 << 21;
constexpr int CounterBonus = 1 << 20;
constexpr int EvasionCaptureBonus = 1 << 24; // capturing evasions before the quiet ones

} // namespace

MovePicker::MovePicker(const Position& pos, Move ttMove, const Histories& hist, const PieceToHistory* const* contHist,
                       Move killer1, Move killer2, Move counter, Bitboard threats)
    : pos_(pos), hist_(hist), contHist_(contHist), ttMove_(ttMove), killers_{killer1, killer2}, counter_(counter),
      threats_(threats), stage_(pos.checkers() ? EV_TT : TT) {}

MovePicker::MovePicker(const Position& pos, Move ttMove, const Histories& hist, Bitboard threats)
    : pos_(pos), hist_(hist), contHist_(nullptr), ttMove_(ttMove), killers_{Move::none(), Move::none()}, counter_(Move::none()),
      threats_(threats), stage_(pos.checkers() ? EV_TT : QS_TT) {}

// The TT move is tried before any move is generated, and often cuts the node off
// alone: it is tested on its own rather than looked up in a generated list.
bool MovePicker::tt_move_legal() {
    if (ttMove_ && is_legal(pos_, ttMove_)) return true;
    ttMove_ = Move::none();
    return false;
}

int MovePicker::fill(int at, GenType type) {
    Move* const out = moves_ + at;
    const Move* end = type == TACTICAL ? generate<TACTICAL>(pos_, out)
                      : type == QUIETS ? generate<QUIETS>(pos_, out)
                                       : generate<LEGAL>(pos_, out);
    return int(end - moves_);
}

void MovePicker::score_captures(int begin, int end) {
    for (int i = begin; i != end; ++i) {
        const Move m = moves_[i];
        const PieceType victim = m.kind() == EN_PASSANT ? PAWN : type_of(pos_.piece_on(m.to_sq()));
        scores_[i] = params::MvvWeight * PieceValue[victim]
                     + hist_.capture[pos_.moved_piece(m)][m.to_sq()][victim] / params::CaptHistOrderDiv;
        if (m.kind() == PROMOTION)
            scores_[i] += m.promotion_type() == QUEEN ? params::MvvWeight * PieceValue[QUEEN] : UnderPromotionMalus;
    }
}

void MovePicker::score_quiets(int begin, int end) {
    const Color us = pos_.side_to_move();
    for (int i = begin; i != end; ++i) {
        const Move m = moves_[i];
        const Piece pc = pos_.moved_piece(m);
        const Square to = m.to_sq();
        int score = hist_.quiet(us, threats_, m);
        if (contHist_[0]) score += (*contHist_[0])[pc][to];
        if (contHist_[1]) score += (*contHist_[1])[pc][to];
        if (m == killers_[0]) score += KillerOneBonus;
        else if (m == killers_[1]) score += KillerTwoBonus;
        else if (m == counter_) score += CounterBonus;
        scores_[i] = score;
    }
}

void MovePicker::score_evasions(int begin, int end) {
    const Color us = pos_.side_to_move();
    for (int i = begin; i != end; ++i) {
        const Move m = moves_[i];
        if (pos_.is_capture(m)) {
            const PieceType victim = m.kind() == EN_PASSANT ? PAWN : type_of(pos_.piece_on(m.to_sq()));
            scores_[i] = EvasionCaptureBonus + PieceValue[victim] - int(type_of(pos_.moved_piece(m)));
        } else scores_[i] = hist_.quiet(us, threats_, m);
    }
}

// Selection of the best remaining move (the first of equal ones), swapped to the
// front: the lists are short and often cut off early.
Move MovePicker::pick_best() {
    int best = cur_;
    for (int i = cur_ + 1; i < end_; ++i)
        if (scores_[i] > scores_[best]) best = i;
    std::swap(moves_[cur_], moves_[best]);
    std::swap(scores_[cur_], scores_[best]);
    return moves_[cur_++];
}

Move MovePicker::next(bool skipQuiets) {
    while (true) {
        switch (stage_) {
        case TT:
        case QS_TT:
        case EV_TT:
            stage_ = Stage(stage_ + 1);
            if (tt_move_legal()) return ttMove_;
            break;

        case GEN_CAPTURES:
        case QS_GEN:
            cur_ = badEnd_ = 0;
            end_ = fill(0, TACTICAL);
            score_captures(cur_, end_);
            stage_ = Stage(stage_ + 1);
            break;

        case GOOD_CAPTURES:
            while (cur_ < end_) {
                const Move m = pick_best();
                if (m == ttMove_) continue;
                // Losing captures wait until after the quiets.
                if (!see_ge(pos_, m, 0)) {
                    moves_[badEnd_++] = m;
                    continue;
                }
                return m;
            }
            stage_ = GEN_QUIETS;
            break;

        case GEN_QUIETS:
            if (!skipQuiets) {
                cur_ = end_;
                end_ = fill(cur_, QUIETS);
                score_quiets(cur_, end_);
            }
            stage_ = PICK_QUIETS;
            break;

        case PICK_QUIETS:
            while (!skipQuiets && cur_ < end_) {
                const Move m = pick_best();
                if (m != ttMove_) return m;
            }
            cur_ = 0;
            end_ = badEnd_;
            stage_ = BAD_CAPTURES;
            break;

        case BAD_CAPTURES:
            while (cur_ < end_) {
                const Move m = moves_[cur_++];
                if (m != ttMove_) return m;
            }
            stage_ = DONE;
            break;

        case EV_GEN:
            cur_ = 0;
            end_ = fill(0, LEGAL);
            score_evasions(cur_, end_);
            stage_ = EV_MOVES;
            break;

        case QS_CAPTURES:
        case EV_MOVES:
            while (cur_ < end_) {
                const Move m = pick_best();
                if (m != ttMove_) return m;
            }
            stage_ = DONE;
            break;

        case DONE: return Move::none();
        }
    }
}

} // namespace jadoube
