#include "laws/touchmove.h"

#include <algorithm>

namespace jadoube {

namespace {

using Err = std::unexpected<EventError>;

// q r b n: the order a player names promotion pieces in.
int promotion_rank(Move m) {
    if (m.kind() != PROMOTION) return 0;
    switch (m.promotion_type()) {
    case QUEEN: return 1;
    case ROOK: return 2;
    case BISHOP: return 3;
    default: return 4;
    }
}

// Sort key matching the UCI text order for ordinary moves (a2a3 < a2a4 < b1a3).
int square_key(Square s) { return file_of(s) * 8 + rank_of(s); }

} // namespace

std::string_view article_number(Article a) {
    switch (a) {
    case Article::None: return "none";
    case Article::A4_3_1: return "4.3.1";
    case Article::A4_3_2: return "4.3.2";
    case Article::A4_3_3: return "4.3.3";
    case Article::A4_4_1: return "4.4.1";
    case Article::A4_4_2: return "4.4.2";
    case Article::A4_4_3: return "4.4.3";
    case Article::A4_4_4: return "4.4.4";
    case Article::A4_5: return "4.5";
    case Article::A4_7: return "4.7";
    case Article::A4_7_2: return "4.7.2";
    case Article::A4_8: return "4.8";
    }
    return "none";
}

bool MoveSet::contains(Move m) const { return std::find(begin(), end(), m) != end(); }

void MoveSet::sort() {
    std::sort(moves_.begin(), moves_.begin() + std::ptrdiff_t(size_), [](Move a, Move b) {
        const int ka = square_key(a.from_sq()) * 64 + square_key(a.to_sq());
        const int kb = square_key(b.from_sq()) * 64 + square_key(b.to_sq());
        return ka != kb ? ka < kb : promotion_rank(a) < promotion_rank(b);
    });
}

// ---------------------------------------------------------------------------
// The snapshot
// ---------------------------------------------------------------------------

TouchMove::TouchMove(const Position& pos) : us_(pos.side_to_move()), chess960_(pos.is_chess960()) {
    for (Square s = SQ_A1; s < SQUARE_NB; ++s) board_[s] = pos.piece_on(s);
    king_ = pos.king_square(us_);
    for (bool kingSide : {false, true}) {
        const CastlingRights cr = castling_right(us_, kingSide);
        if (pos.can_castle(cr)) castlingRook_[kingSide] = pos.castling_rook_square(cr);
    }
    for (Move m : MoveList<LEGAL>(pos)) legal_.push(m);
    legal_.sort();
}

Square TouchMove::landing(Move m) const {
    return m.kind() == CASTLING ? Position::castling_king_to(us_, m.to_sq() > m.from_sq()) : m.to_sq();
}

bool TouchMove::lands_on(Move m, Square to) const {
    if (landing(m) == to) return true;
    // Chess960 front ends enter castling as king takes rook.
    return chess960_ && m.kind() == CASTLING && m.to_sq() == to;
}

Square TouchMove::captured_square(Move m) const {
    if (m.kind() == CASTLING) return SQ_NONE;
    if (m.kind() == EN_PASSANT) return make_square(file_of(m.to_sq()), rank_of(m.from_sq()));
    return board_[m.to_sq()] != NO_PIECE ? m.to_sq() : SQ_NONE;
}

bool TouchMove::castling_release(Square from, Square to) const {
    if (from != king_ || from == to) return false;
    const Rank first = relative_rank(us_, RANK_1);
    if (rank_of(to) != first) return false;
    const Square c = Position::castling_king_to(us_, false), g = Position::castling_king_to(us_, true);
    if (!chess960_) // standard chess: two squares sideways from e1 / e8
        return from == relative_square(us_, SQ_E1) && (to == c || to == g);
    // Chess960: from the original square, known while a castling right is held.
    const bool original = castlingRook_[0] != SQ_NONE || castlingRook_[1] != SQ_NONE;
    return original && (to == c || to == g || to == castlingRook_[0] || to == castlingRook_[1]);
}

void TouchMove::add_touch(Square s) {
    for (std::size_t i = 0; i < touchedCount_; ++i)
        if (touched_[i] == s) return; // a square touched again keeps its first place
    touched_[touchedCount_++] = s;
}

// ---------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------

std::expected<void, EventError> TouchMove::touch(std::span<const Square> squares) {
    if (legal_.empty()) return Err(EventError{EventErrorKind::NoLegalMove});
    for (Square s : squares) // the event is void as a whole when one square is bad
        if (!is_ok(s) || board_[s] == NO_PIECE) return Err(EventError{EventErrorKind::NoPiece, s});
    for (Square s : squares) add_touch(s);
    return {};
}

std::expected<void, EventError> TouchMove::adjust(std::span<const Square> squares) {
    if (legal_.empty()) return Err(EventError{EventErrorKind::NoLegalMove});
    for (Square s : squares)
        if (!is_ok(s) || board_[s] == NO_PIECE) return Err(EventError{EventErrorKind::NoPiece, s});
    for (Square s : squares) {
        bool seen = false;
        for (std::size_t i = 0; i < adjustedCount_; ++i) seen |= adjusted_[i] == s;
        if (!seen) adjusted_[adjustedCount_++] = s;
    }
    return {};
}

std::expected<void, EventError> TouchMove::release(Square from, Square to) {
    if (legal_.empty()) return Err(EventError{EventErrorKind::NoLegalMove});
    if (released()) return {}; // 4.7: the first release that fixed a move is final
    if (!is_ok(from) || board_[from] == NO_PIECE) return Err(EventError{EventErrorKind::NoPiece, from});
    if (!is_ok(to)) return Err(EventError{EventErrorKind::Unreachable, from, to, board_[from]});

    bool reaches = false;
    for (Move m : legal_) reaches |= m.from_sq() == from && from != to && lands_on(m, to);
    add_touch(from); // a release implies a touch, and an unreachable one still counts as one
    if (!reaches && !castling_release(from, to)) return Err(EventError{EventErrorKind::Unreachable, from, to, board_[from]});
    releaseFrom_ = from;
    releaseTo_ = to;
    return {};
}

std::expected<void, EventError> TouchMove::promote(PieceType piece) {
    if (legal_.empty()) return Err(EventError{EventErrorKind::NoLegalMove});
    if (promotion_ != NO_PIECE_TYPE) return {}; // 4.4.4: the first choice is final
    const bool any = std::any_of(legal_.begin(), legal_.end(), [](Move m) { return m.kind() == PROMOTION; });
    if (!any) return Err(EventError{EventErrorKind::NoPromotion});
    promotion_ = piece;
    return {};
}

std::expected<void, EventError> TouchMove::apply(const BoardEvent& e) {
    struct Visitor {
        TouchMove& t;
        std::expected<void, EventError> operator()(const TouchEvent& v) const { return t.touch(v.squares); }
        std::expected<void, EventError> operator()(const AdjustEvent& v) const { return t.adjust(v.squares); }
        std::expected<void, EventError> operator()(const ReleaseEvent& v) const { return t.release(v.from, v.to); }
        std::expected<void, EventError> operator()(const PromoteEvent& v) const { return t.promote(v.piece); }
    };
    return std::visit(Visitor{*this}, e);
}

// ---------------------------------------------------------------------------
// The obligation
// ---------------------------------------------------------------------------

// The legal moves of the piece on s; castling with a rook in noCastlingWith left out.
void TouchMove::moves_of(Square s, MoveSet& out, Bitboard noCastlingWith) const {
    for (Move m : legal_)
        if (m.from_sq() == s && !(m.kind() == CASTLING && (square_bb(m.to_sq()) & noCastlingWith))) out.push(m);
}

// The legal captures of the piece on target (en passant included), by any piece or by `by`.
void TouchMove::captures_of(Square target, MoveSet& out, Square by) const {
    for (Move m : legal_)
        if (captured_square(m) == target && (by == SQ_NONE || m.from_sq() == by)) out.push(m);
}

Obligation TouchMove::obligation() const {
    Obligation ob;
    if (legal_.empty()) return ob; // nothing to oblige: no event was accepted either
    decide(ob);

    // 4.4.4: a chosen promotion piece narrows any set that holds promotions.
    if (promotion_ != NO_PIECE_TYPE
        && std::any_of(ob.moves.begin(), ob.moves.end(), [](Move m) { return m.kind() == PROMOTION; })) {
        MoveSet narrowed;
        for (Move m : ob.moves)
            if (m.kind() == PROMOTION && m.promotion_type() == promotion_) narrowed.push(m);
        ob.moves = narrowed;
        ob.promotion = promotion_;
        if (ob.basis == Basis::Free || ob.basis == Basis::NothingMovable || ob.basis == Basis::KingStuck) {
            // The free choice of 4.5 (or no touch at all) is what the promotion piece narrowed.
            ob.article = Article::A4_4_4;
            ob.basis = Basis::Promotion;
            ob.piece = ob.target = ob.rook = ob.to = SQ_NONE;
        }
    }
    return ob;
}

void TouchMove::decide(Obligation& ob) const {
    // When 4.4.3 or 4.7.2 leaves the king without a legal move: any legal move (4.5).
    const auto king_or_anything = [&](Article article) {
        king_moves(ob.moves);
        if (!ob.moves.empty()) {
            ob.article = article;
            ob.basis = Basis::KingMoves;
        } else {
            ob.article = Article::A4_5;
            ob.basis = Basis::KingStuck;
            all_legal(ob.moves);
        }
    };

    // 1. Release (4.7).
    if (released()) {
        ob.piece = releaseFrom_;
        ob.to = releaseTo_;
        bool plain = false, castling = false;
        for (Move m : legal_)
            if (m.from_sq() == releaseFrom_ && releaseFrom_ != releaseTo_ && lands_on(m, releaseTo_)) {
                ob.moves.push(m);
                (m.kind() == CASTLING ? castling : plain) = true;
                if (m.kind() == CASTLING) ob.rook = m.to_sq();
            }
        if (plain) { // an ordinary release (in 960 it may coincide with castling: both stay permitted)
            ob.article = Article::A4_7;
            ob.basis = Basis::Released;
        } else if (castling) { // 4.7.2: the king let go on its castling square, castling legal
            ob.article = Article::A4_7_2;
            ob.basis = Basis::Castling;
        } else { // 4.7.2: castling on that side is illegal, so another king move
            ob.rook = SQ_NONE;
            king_or_anything(Article::A4_7_2);
        }
        return;
    }

    // Own touches in order, and where the king stands among them.
    std::array<Square, SQUARE_NB> ownTouched{};
    std::size_t ownCount = 0;
    for (Square s : touched())
        if (own(s)) ownTouched[ownCount++] = s;
    std::size_t kingIndex = ownCount;
    for (std::size_t i = 0; i < ownCount; ++i)
        if (ownTouched[i] == king_) {
            kingIndex = i;
            break;
        }
    const auto is_own_rook = [&](Square s) { return type_of(board_[s]) == ROOK; };

    // 2. King and rook (4.4).
    if (kingIndex == 0 && ownCount > 0) {
        // The king is the first own piece touched: the first own rook after it decides.
        Square rook = SQ_NONE;
        for (std::size_t i = 1; i < ownCount && rook == SQ_NONE; ++i)
            if (is_own_rook(ownTouched[i])) rook = ownTouched[i];
        if (rook != SQ_NONE) {
            ob.piece = king_;
            ob.rook = rook;
            for (Move m : legal_)
                if (m.kind() == CASTLING && m.to_sq() == rook) ob.moves.push(m); // needs both on their original squares
            if (!ob.moves.empty()) {
                ob.article = Article::A4_4_1;
                ob.basis = Basis::Castling;
            } else king_or_anything(Article::A4_4_3);
            return;
        }
    }
    // Own rooks touched before the king: no castling with them on this move (4.4.2).
    Bitboard rooksBeforeKing = 0;
    if (kingIndex < ownCount)
        for (std::size_t i = 0; i < kingIndex; ++i)
            if (is_own_rook(ownTouched[i])) rooksBeforeKing |= square_bb(ownTouched[i]);

    // 3. Touched pieces (4.3).
    if (decide_touches(ob, rooksBeforeKing)) {
        // 4.3.1 decides, as 4.4.2 says; the article is 4.4.2 when that rook or the king is the piece.
        if (rooksBeforeKing && ob.article == Article::A4_3_1) {
            if (square_bb(ob.piece) & rooksBeforeKing) {
                ob.article = Article::A4_4_2;
                ob.rook = ob.piece;
            } else if (ob.piece == king_) {
                ob.article = Article::A4_4_2;
                ob.basis = Basis::KingNoCastling;
                for (std::size_t i = 0; i < kingIndex && ob.rook == SQ_NONE; ++i)
                    if (square_bb(ownTouched[i]) & rooksBeforeKing) ob.rook = ownTouched[i];
            }
        }
        return;
    }

    // 4. Nothing movable (4.5), 5. no touch.
    ob.article = touchedCount_ ? Article::A4_5 : Article::None;
    ob.basis = touchedCount_ ? Basis::NothingMovable : Basis::Free;
    all_legal(ob.moves);
}

// Article 4.3. Returns false when no touched piece can be moved or captured.
bool TouchMove::decide_touches(Obligation& ob, Bitboard noCastlingWith) const {
    Square firstOwn = SQ_NONE, firstTheirs = SQ_NONE;
    for (Square s : touched()) {
        if (own(s) && firstOwn == SQ_NONE) firstOwn = s;
        if (!own(s) && firstTheirs == SQ_NONE) firstTheirs = s;
    }
    if (firstOwn == SQ_NONE && firstTheirs == SQ_NONE) return false;
    const bool both = firstOwn != SQ_NONE && firstTheirs != SQ_NONE;
    const Article article = both ? Article::A4_3_3 : firstOwn != SQ_NONE ? Article::A4_3_1 : Article::A4_3_2;
    ob.article = article;

    // 4.3.3: first the first touched opponent's piece taken by the first touched own piece.
    if (both) {
        captures_of(firstTheirs, ob.moves, firstOwn);
        if (!ob.moves.empty()) {
            ob.basis = Basis::CaptureWith;
            ob.piece = firstOwn;
            ob.target = firstTheirs;
            return true;
        }
    }
    // Otherwise (and for 4.3.1 / 4.3.2): the first touched piece that can be moved or captured.
    for (Square s : touched()) {
        if (own(s)) moves_of(s, ob.moves, noCastlingWith);
        else captures_of(s, ob.moves);
        if (!ob.moves.empty()) {
            ob.basis = own(s) ? Basis::PieceMoves : Basis::PieceCaptures;
            (own(s) ? ob.piece : ob.target) = s;
            return true;
        }
    }
    ob.article = Article::None;
    return false;
}

} // namespace jadoube
