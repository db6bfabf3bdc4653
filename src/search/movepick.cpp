#include "search/movepick.h"

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
                       Move killer1, Move killer2, Move counter)
    : pos_(pos), hist_(hist), contHist_(contHist), ttMove_(ttMove), killers_{killer1, killer2}, counter_(counter),
      stage_(pos.checkers() ? EV_TT : TT) {}

MovePicker::MovePicker(const Position& pos, Move ttMove, const Histories& hist)
    : pos_(pos), hist_(hist), contHist_(nullptr), ttMove_(ttMove), killers_{Move::none(), Move::none()}, counter_(Move::none()),
      stage_(pos.checkers() ? EV_TT : QS_TT) {}

// The TT move is tried before any move is generated, and often cuts the node off
// alone: it is tested on its own rather than looked up in a generated list.
bool MovePicker::tt_move_legal() {
    if (ttMove_ && is_legal(pos_, ttMove_)) return true;
    ttMove_ = Move::none();
    return false;
}

MovePicker::Scored* MovePicker::fill(Scored* out, GenType type) {
    Move* end = type == TACTICAL ? generate<TACTICAL>(pos_, generated_)
                : type == QUIETS ? generate<QUIETS>(pos_, generated_)
                                 : generate<LEGAL>(pos_, generated_);
    for (Move* m = generated_; m != end; ++m) (out++)->move = *m;
    return out;
}

void MovePicker::score_captures(Scored* begin, Scored* end) const {
    for (Scored* s = begin; s != end; ++s) {
        const Move m = s->move;
        const PieceType victim = m.kind() == EN_PASSANT ? PAWN : type_of(pos_.piece_on(m.to_sq()));
        s->score = params::MvvWeight * PieceValue[victim]
                   + hist_.capture[pos_.moved_piece(m)][m.to_sq()][victim] / params::CaptHistOrderDiv;
        if (m.kind() == PROMOTION)
            s->score += m.promotion_type() == QUEEN ? params::MvvWeight * PieceValue[QUEEN] : UnderPromotionMalus;
    }
}

void MovePicker::score_quiets(Scored* begin, Scored* end) const {
    const Color us = pos_.side_to_move();
    for (Scored* s = begin; s != end; ++s) {
        const Move m = s->move;
        const Piece pc = pos_.moved_piece(m);
        const Square to = m.to_sq();
        s->score = hist_.butterfly[us][m.from_sq()][to];
        if (contHist_[0]) s->score += (*contHist_[0])[pc][to];
        if (contHist_[1]) s->score += (*contHist_[1])[pc][to];
        if (m == killers_[0]) s->score += KillerOneBonus;
        else if (m == killers_[1]) s->score += KillerTwoBonus;
        else if (m == counter_) s->score += CounterBonus;
    }
}

void MovePicker::score_evasions(Scored* begin, Scored* end) const {
    const Color us = pos_.side_to_move();
    for (Scored* s = begin; s != end; ++s) {
        const Move m = s->move;
        if (pos_.is_capture(m)) {
            const PieceType victim = m.kind() == EN_PASSANT ? PAWN : type_of(pos_.piece_on(m.to_sq()));
            s->score = EvasionCaptureBonus + PieceValue[victim] - int(type_of(pos_.moved_piece(m)));
        } else s->score = hist_.butterfly[us][m.from_sq()][m.to_sq()];
    }
}

// Selection of the best remaining move: the lists are short and often cut off early.
Move MovePicker::pick_best(Scored*& cur, Scored* end) {
    Scored* best = cur;
    for (Scored* s = cur + 1; s < end; ++s)
        if (s->score > best->score) best = s;
    std::swap(*cur, *best);
    return (cur++)->move;
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
            cur_ = badEnd_ = moves_;
            end_ = fill(moves_, TACTICAL);
            score_captures(cur_, end_);
            stage_ = Stage(stage_ + 1);
            break;

        case GOOD_CAPTURES:
            while (cur_ < end_) {
                const Move m = pick_best(cur_, end_);
                if (m == ttMove_) continue;
                // Losing captures wait until after the quiets.
                if (!see_ge(pos_, m, 0)) {
                    (badEnd_++)->move = m;
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
                const Move m = pick_best(cur_, end_);
                if (m != ttMove_) return m;
            }
            cur_ = moves_;
            end_ = badEnd_;
            stage_ = BAD_CAPTURES;
            break;

        case BAD_CAPTURES:
            while (cur_ < end_) {
                const Move m = (cur_++)->move;
                if (m != ttMove_) return m;
            }
            stage_ = DONE;
            break;

        case EV_GEN:
            cur_ = moves_;
            end_ = fill(moves_, LEGAL);
            score_evasions(cur_, end_);
            stage_ = EV_MOVES;
            break;

        case QS_CAPTURES:
        case EV_MOVES:
            while (cur_ < end_) {
                const Move m = pick_best(cur_, end_);
                if (m != ttMove_) return m;
            }
            stage_ = DONE;
            break;

        case DONE: return Move::none();
        }
    }
}

} // namespace jadoube
