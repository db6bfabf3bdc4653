// The parity of a side's moves from the men on the board; the argument is in
// move_parity.h, each step below names the part of it that it rests on.
#include "laws/move_parity.h"

#include <cstdlib>

namespace jadoube::laws {

namespace {

// A rook or queen in a longer run of first-rank squares can lose a move (a1-c1,
// c1-b1, b1-a1).
constexpr int LongestRunWithoutOddCycle = 2;

// 1 for a light square, 0 for a dark one: a knight move changes it (3.6).
int colour(Square s) { return (DARK_SQUARES & square_bb(s)) ? 0 : 1; }

// The home squares of the standard array (2.3), on c's first rank.
Bitboard homes(Color c, PieceType pt) {
    auto on = [c](File f) { return square_bb(relative_square(c, make_square(f, RANK_1))); };
    switch (pt) {
    case KNIGHT: return on(FILE_B) | on(FILE_G);
    case BISHOP: return on(FILE_C) | on(FILE_F);
    case ROOK: return on(FILE_A) | on(FILE_H);
    case QUEEN: return on(FILE_D);
    case KING: return on(FILE_E);
    default: return 0;
    }
}

// The run of first-rank squares around s that no wall (a bishop that never moved)
// interrupts: where a rook, queen or king standing on s has been all game.
Bitboard run_of(Square s, Bitboard firstRank, Bitboard walls) {
    return (rook_attacks(s, walls) & firstRank & ~walls) | square_bb(s);
}

} // namespace

std::optional<int> moves_parity(const Position& pos, Color c) {
    if (pos.is_chess960()) return std::nullopt;
    const Bitboard firstRank = rank_bb(relative_rank(c, RANK_1));
    // Every pawn unmoved: the side's men are its original ones and the second rank was
    // full all game.
    if (pos.pieces(c, PAWN) != rank_bb(relative_rank(c, RANK_2))) return std::nullopt;
    // All of them but bishops on the board, and the bishops at home (else check_promotions refuses).
    const Bitboard knights = pos.pieces(c, KNIGHT), bishops = pos.pieces(c, BISHOP);
    if (popcount(knights) != 2 || popcount(pos.pieces(c, ROOK)) != 2 || popcount(pos.pieces(c, QUEEN)) != 1
        || (bishops & ~homes(c, BISHOP)))
        return std::nullopt;

    // Knights: one colour change a move; the two home squares' colours differ, so
    // which knight is which does not matter.
    int parity = 0;
    for (Bitboard b = knights; b;) parity ^= colour(pop_lsb(b));
    for (Bitboard b = homes(c, KNIGHT); b;) parity ^= colour(pop_lsb(b));

    // Rooks, queen and king, each in its run between the bishops.
    for (Bitboard b = pos.pieces(c, ROOK, QUEEN) | pos.pieces(c, KING); b;) {
        const Square s = pop_lsb(b);
        const PieceType pt = type_of(pos.piece_on(s));
        const Bitboard run = run_of(s, firstRank, bishops);
        const Bitboard home = run & homes(c, pt);
        if (popcount(home) != 1) return std::nullopt; // not from one known square (or no game reaches it)
        if (pt == KING) {
            if (run & homes(c, ROOK)) return std::nullopt; // castling may have moved king and rook at once
            parity ^= std::abs(file_of(s) - file_of(lsb(home))) & 1;
        } else {
            if (popcount(run) > LongestRunWithoutOddCycle) return std::nullopt;
            parity ^= s != lsb(home) ? 1 : 0;
        }
    }
    return parity;
}

} // namespace jadoube::laws
