#include "laws/arbiter.h"

#include "board/movegen.h"

namespace jadoube {

std::expected<Ruling, LogError> Arbiter::apply(const LogEvent& e) {
    using Err = std::unexpected<LogError>;

    if (const auto* start = std::get_if<StartEvent>(&e)) {
        started_ = true;
        over_ = false;
        pos_ = start->pos;
        touch_ = TouchMove(pos_);
        played_.clear();
        return Ruling{};
    }
    if (!started_) return Err(LogError{LogErrorKind::NoPosition});
    if (over_) return Err(LogError{LogErrorKind::GameOver});
    if (const auto* flag = std::get_if<FlagEvent>(&e)) return on_flag(flag->side);

    if (const auto* move = std::get_if<MoveEvent>(&e)) {
        if (!MoveList<LEGAL>(pos_).contains(move->move)) return Err(LogError{LogErrorKind::IllegalMove});
        return on_move(move->move);
    }
    if (std::holds_alternative<ClaimEvent>(e)) return on_claim();

    // touch, adjust, release, promote: recorded for the player to move.
    std::expected<void, EventError> ok;
    if (const auto* t = std::get_if<TouchEvent>(&e)) ok = touch_.apply(*t);
    else if (const auto* a = std::get_if<AdjustEvent>(&e)) ok = touch_.apply(*a);
    else if (const auto* r = std::get_if<ReleaseEvent>(&e)) ok = touch_.apply(*r);
    else ok = touch_.apply(std::get<PromoteEvent>(e));
    if (!ok) {
        if (ok.error().kind != EventErrorKind::Unreachable) return Err(LogError{LogErrorKind::Event, ok.error()});
        // A piece let go where no legal move takes it: a real event on a board, not a bad log.
        Ruling r;
        r.kind = RulingKind::ReleaseVoid;
        r.error = ok.error();
        r.at = pos_;
        return r;
    }
    return Ruling{};
}

Ruling Arbiter::on_move(Move m) {
    Played p{pos_, touch_, touch_.obligation(), m, false};
    p.violation = !p.obligation.moves.contains(m);

    Ruling r;
    if (p.violation) {
        r.kind = RulingKind::Violation;
        r.obligation = p.obligation;
        r.move = m;
        r.side = pos_.side_to_move();
        r.at = pos_;
    }
    played_.push_back(std::move(p));
    pos_.do_move(m);
    touch_ = TouchMove(pos_);
    return r;
}

Ruling Arbiter::on_claim() {
    Ruling r;
    r.side = pos_.side_to_move();
    if (played_.empty()) {
        r.kind = RulingKind::RejectedNoMove;
        return r;
    }
    // 4.8: the right to claim is gone once the claimant has touched a piece to move it.
    if (touch_.forfeits_claim()) {
        r.kind = RulingKind::RejectedTouched;
        return r;
    }
    Played& last = played_.back();
    if (!last.violation) {
        r.kind = RulingKind::RejectedNoRule;
        return r;
    }
    // Upheld: the move is taken back and the offender's obligation is in force again.
    r.kind = RulingKind::Upheld;
    r.obligation = last.obligation;
    r.move = last.move;
    r.side = last.before.side_to_move();
    r.at = last.before;
    pos_ = std::move(last.before);
    touch_ = last.events;
    played_.pop_back();
    return r;
}

Ruling Arbiter::on_flag(Color side) {
    over_ = true;
    Ruling r;
    r.side = side;
    r.at = pos_;
    // A game already over (checkmate, stalemate, a dead position, fivefold, seventy-
    // five moves) stays as it ended: the flag fell after the result.
    if (const laws::GameOutcome outcome = laws::game_outcome(pos_);
        laws::ending(outcome.state) == laws::Ending::NoLegalMove || laws::ending(outcome.state) == laws::Ending::Automatic) {
        r.kind = RulingKind::FlagAfterEnd;
        r.ended = outcome.state;
        return r;
    }
    // 6.9: the flag loses, unless the opponent cannot checkmate by any possible series
    // of legal moves; then the game is drawn.
    r.proof = laws::unwinnable_proof(pos_, ~side);
    r.kind = r.proof == laws::MateProof::None ? RulingKind::FlagLost : RulingKind::FlagDrawn;
    return r;
}

} // namespace jadoube
