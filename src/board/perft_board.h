// Plain perft's boards: the men and the little state the move generator reads
// (checkers, pins, en passant square, castling rights), made by copying, never
// unmade. No Zobrist key, clocks or history: a count needs none of them, so perft
// walks these copies instead of Position's make/unmake (hashed perft, which needs
// the key, keeps Position).
//
// Two kinds, one template: PerftBoard holds a Placement (bitboards and squares),
// for the boards whose moves are generated and made; PerftLeaf holds only the
// bitboards (Men), for the last board above the leaves, whose moves are only
// counted. Nine in ten boards perft makes are leaves' parents, and a move made
// from a PerftBoard into a PerftLeaf reads the moving and the taken man off the
// parent's squares and writes no squares at all.
//
// The men move by Placement::make_men and Men::move_men, the code Position::do_move
// uses; the check, pin and en passant tests are Men's; the castling squares are the
// root Position's, which no move changes. tests/board/perft_board_test.cpp checks
// that both boards equal Position::do_move's after every move of whole trees.
#pragma once

#include <concepts>
#include <cstdint>

#include "board/position.h"

namespace jadoube {

template<class MenT>
class PerftBoardOf : public MenT {
public:
    // The board of pos. pos must outlive it and every board made from it: its
    // castling squares are read from there.
    explicit PerftBoardOf(const Position& pos)
        requires std::same_as<MenT, Placement>
        : Placement(pos), layout_(&pos), checkers_(pos.checkers()), pinned_(pos.pinned()), epSquare_(pos.ep_square()),
          castling_(std::uint8_t(pos.castling_rights())) {}

    Bitboard checkers() const { return checkers_; }
    Bitboard pinned() const { return pinned_; }
    Square ep_square() const { return epSquare_; }
    int castling_rights() const { return castling_; }
    Square castling_rook_square(CastlingRights cr) const { return layout_->castling_rook_square(cr); }
    Bitboard castling_path(CastlingRights cr) const { return layout_->castling_path(cr); }
    Bitboard castling_king_path(CastlingRights cr) const { return layout_->castling_king_path(cr); }
    Bitboard castling_rook_shield(CastlingRights cr) const { return layout_->castling_rook_shield(cr); }
    using Men::ep_capture_legal;
    bool ep_capture_legal(Square from) const { return ep_capture_legal(from, epSquare_); }

    // The board after m, a legal move here (from the move generator).
    PerftBoardOf after(Move m) const
        requires std::same_as<MenT, Placement>
    {
        PerftBoardOf b = *this;
        const Piece pc = this->piece_on(m.from_sq());
        b.make_men(m);
        b.finish_move(m, pc);
        return b;
    }
    // The same, as bitboards only: for a board whose moves are only counted.
    PerftBoardOf<Men> leaf_after(Move m) const
        requires std::same_as<MenT, Placement>
    {
        PerftBoardOf<Men> b(*this, typename PerftBoardOf<Men>::FromParent{});
        const Piece pc = this->piece_on(m.from_sq());
        b.move_men(m, pc, this->captured_by(m));
        b.finish_move(m, pc);
        return b;
    }

private:
    template<class>
    friend class PerftBoardOf;

    struct FromParent {};
    // A leaf's parent's bitboards and state, before the move.
    PerftBoardOf(const PerftBoardOf<Placement>& parent, FromParent)
        requires std::same_as<MenT, Men>
        : Men(parent), layout_(parent.layout_), checkers_(parent.checkers_), pinned_(parent.pinned_), epSquare_(parent.epSquare_),
          castling_(parent.castling_) {}

    // After the men of m moved (pc the one that stood on its from-square): the
    // rights, side to move, check information and en passant square that
    // Position::do_move keeps, by Men's tests.
    void finish_move(Move m, Piece pc) {
        const Square from = m.from_sq(), to = m.to_sq();
        if (castling_) castling_ &= std::uint8_t(~(layout_->castling_rights_on(from) | layout_->castling_rights_on(to)));
        this->sideToMove_ = ~this->sideToMove_;
        const Men::CheckInfo ci = this->check_info();
        checkers_ = ci.checkers;
        pinned_ = ci.pinned;
        epSquare_ = this->ep_square_after(m, pc);
    }

    const Position* layout_;
    Bitboard checkers_;
    Bitboard pinned_;
    Square epSquare_;
    std::uint8_t castling_;
};

using PerftBoard = PerftBoardOf<Placement>;
using PerftLeaf = PerftBoardOf<Men>;

} // namespace jadoube
