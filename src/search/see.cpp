// Follows Stockfish's see_ge (GPL-3.0-or-later; AUTHORS): the swap loop over the
// least valuable attacker, the x-ray updates, and a king that takes only where
// nothing can take it back. Unlike Stockfish's it does not consider pins.
#include "search/see.h"

#include "eval/values.h"

namespace jadoube {

bool see_ge(const Position& pos, Move m, int threshold) {
    // Castling and promotions are never losing material by this measure.
    if (m.kind() != NORMAL) return threshold <= 0;

    const Square from = m.from_sq(), to = m.to_sq();
    int swap = PieceValue[type_of(pos.piece_on(to))] - threshold;
    if (swap < 0) return false;
    swap = PieceValue[type_of(pos.piece_on(from))] - swap;
    if (swap <= 0) return true;

    Bitboard occupied = pos.pieces() ^ square_bb(from) ^ square_bb(to);
    Color stm = color_of(pos.piece_on(from));
    Bitboard attackers = pos.attackers_to(to, occupied);
    const Bitboard diagonal = pos.pieces(BISHOP, QUEEN), straight = pos.pieces(ROOK, QUEEN);
    bool result = true;

    while (true) {
        stm = ~stm;
        attackers &= occupied;
        Bitboard mine = attackers & pos.pieces(stm);
        if (!mine) break;
        result = !result;

        PieceType pt = PAWN;
        Bitboard b = 0;
        for (; pt <= KING; pt = PieceType(pt + 1))
            if ((b = mine & pos.pieces(pt))) break;
        if (pt == KING) return (attackers & ~pos.pieces(stm)) ? !result : result;

        if ((swap = PieceValue[pt] - swap) < result) break;
        occupied ^= square_bb(lsb(b));
        // X-rays: sliders behind the piece that just captured join in.
        if (pt == PAWN || pt == BISHOP || pt == QUEEN) attackers |= bishop_attacks(to, occupied) & diagonal;
        if (pt == ROOK || pt == QUEEN) attackers |= rook_attacks(to, occupied) & straight;
    }
    return result;
}

} // namespace jadoube
