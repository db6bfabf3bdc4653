// Plain perft's board: a Placement and the little state the move generator
// reads (checkers, pins, en passant square, castling rights), made by copying,
// never unmade. No Zobrist key, clocks or history: a count needs none of them, so
// perft walks this copy instead of Position's make/unmake (hashed perft, which
// needs the key, keeps Position). The check, pin and en passant tests are
// Placement's, the ones Position uses; the castling squares are the root
// Position's, which no move changes. tests/board/perft_board_test.cpp checks that
// a copy made here equals Position::do_move's after every move of whole trees.
#pragma once

#include "board/position.h"

namespace jadoube {

class PerftBoard : public Placement {
public:
    // The board of pos. pos must outlive it and every board made from it: its
    // castling squares are read from there.
    explicit PerftBoard(const Position& pos)
        : Placement(pos), layout_(&pos), checkers_(pos.checkers()), pinned_(pos.pinned()), epSquare_(pos.ep_square()),
          castling_(std::uint8_t(pos.castling_rights())) {}

    Bitboard checkers() const { return checkers_; }
    Bitboard pinned() const { return pinned_; }
    Square ep_square() const { return epSquare_; }
    int castling_rights() const { return castling_; }
    Square castling_rook_square(CastlingRights cr) const { return layout_->castling_rook_square(cr); }
    Bitboard castling_path(CastlingRights cr) const { return layout_->castling_path(cr); }
    Bitboard castling_king_path(CastlingRights cr) const { return layout_->castling_king_path(cr); }
    using Placement::ep_capture_legal;
    bool ep_capture_legal(Square from) const { return ep_capture_legal(from, epSquare_); }

    // The board after m, a legal move here (from the move generator).
    PerftBoard after(Move m) const {
        PerftBoard b = *this;
        b.make(m);
        return b;
    }

private:
    void make(Move m);

    const Position* layout_;
    Bitboard checkers_;
    Bitboard pinned_;
    Square epSquare_;
    std::uint8_t castling_;
};

// The same changes as Position::do_move's, less the key, clocks and history.
inline void PerftBoard::make(Move m) {
    const Color us = sideToMove_;
    const Square from = m.from_sq(), to = m.to_sq();
    const Piece pc = board_[from];
    epSquare_ = SQ_NONE;
    if (m.kind() == CASTLING) {
        // King and rook may stand on each other's targets in Chess960: lift both first.
        const bool kingSide = to > from;
        const Piece rook = board_[to];
        remove_piece(from);
        remove_piece(to);
        put_piece(pc, Position::castling_king_to(us, kingSide));
        put_piece(rook, Position::castling_rook_to(us, kingSide));
    } else {
        const Square capsq = m.kind() == EN_PASSANT ? to - pawn_push(us) : to;
        if (board_[capsq] != NO_PIECE) remove_piece(capsq);
        move_piece(from, to);
        if (m.kind() == PROMOTION) {
            remove_piece(to);
            put_piece(make_piece(us, m.promotion_type()), to);
        }
    }
    if (castling_) castling_ &= std::uint8_t(~(layout_->castling_rights_on(from) | layout_->castling_rights_on(to)));
    sideToMove_ = ~us;
    const CheckInfo ci = check_info();
    checkers_ = ci.checkers;
    pinned_ = ci.pinned;
    if (type_of(pc) == PAWN && (int(from) ^ int(to)) == 16) epSquare_ = ep_square_after_double_push(from, to);
}

} // namespace jadoube
