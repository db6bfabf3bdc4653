// Bitboards and the attack tables every other part of the board core stands on.
// Leaper, ray and line tables are constexpr; slider tables (magic or PEXT) are
// filled once, before main, by attacks.cpp.
#pragma once

#include <bit>
#include <cassert>
#include <cstdint>
#include <string>

#include "board/types.h"

#if defined(JADOUBE_PEXT)
#include <immintrin.h>
#endif

namespace jadoube {

constexpr Bitboard FILE_A_BB = 0x0101010101010101ULL;
constexpr Bitboard FILE_H_BB = FILE_A_BB << 7;
constexpr Bitboard RANK_1_BB = 0xFFULL;
constexpr Bitboard RANK_8_BB = RANK_1_BB << 56;
constexpr Bitboard DARK_SQUARES = 0xAA55AA55AA55AA55ULL;

constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }
constexpr Bitboard file_bb(File f) { return FILE_A_BB << f; }
constexpr Bitboard file_bb(Square s) { return file_bb(file_of(s)); }
constexpr Bitboard rank_bb(Rank r) { return RANK_1_BB << (8 * r); }
constexpr Bitboard rank_bb(Square s) { return rank_bb(rank_of(s)); }

constexpr int popcount(Bitboard b) { return std::popcount(b); }
constexpr bool more_than_one(Bitboard b) { return b & (b - 1); }
constexpr Square lsb(Bitboard b) {
    assert(b);
    return Square(std::countr_zero(b));
}
constexpr Square msb(Bitboard b) {
    assert(b);
    return Square(63 - std::countl_zero(b));
}
constexpr Square pop_lsb(Bitboard& b) {
    const Square s = lsb(b);
    b &= b - 1;
    return s;
}

template<Direction D>
constexpr Bitboard shift(Bitboard b) {
    if constexpr (D == NORTH) return b << 8;
    else if constexpr (D == SOUTH) return b >> 8;
    else if constexpr (D == EAST) return (b & ~FILE_H_BB) << 1;
    else if constexpr (D == WEST) return (b & ~FILE_A_BB) >> 1;
    else if constexpr (D == NORTH_EAST) return (b & ~FILE_H_BB) << 9;
    else if constexpr (D == NORTH_WEST) return (b & ~FILE_A_BB) << 7;
    else if constexpr (D == SOUTH_EAST) return (b & ~FILE_H_BB) >> 7;
    else return (b & ~FILE_A_BB) >> 9;
}

template<Color C>
constexpr Bitboard pawn_attacks_bb(Bitboard b) {
    return C == WHITE ? shift<NORTH_WEST>(b) | shift<NORTH_EAST>(b) : shift<SOUTH_WEST>(b) | shift<SOUTH_EAST>(b);
}

namespace detail {

constexpr int square_distance(Square a, Square b) {
    const int df = file_of(a) > file_of(b) ? file_of(a) - file_of(b) : file_of(b) - file_of(a);
    const int dr = rank_of(a) > rank_of(b) ? rank_of(a) - rank_of(b) : rank_of(b) - rank_of(a);
    return df > dr ? df : dr;
}

// The square one step away in direction d, or SQ_NONE when that leaves the board.
constexpr Square step(Square s, int d) {
    const int t = int(s) + d;
    return t >= 0 && t < 64 && square_distance(s, Square(t)) <= 2 ? Square(t) : SQ_NONE;
}

// The squares a slider on s reaches in direction D: the ray grows one shift at a
// time and ends on the first occupied square.
template<Direction D>
constexpr Bitboard ray_attacks(Square s, Bitboard occupied) {
    Bitboard attacks = 0;
    for (Bitboard b = shift<D>(square_bb(s)); b; b = shift<D>(b)) {
        attacks |= b;
        if (b & occupied) break;
    }
    return attacks;
}

// Table-free slider attacks: the reference the fast tables are built from (shifts,
// not square-by-square steps: filling the tables was a quarter of the start-up).
constexpr Bitboard sliding_attacks(PieceType pt, Square s, Bitboard occupied) {
    if (pt == ROOK)
        return ray_attacks<NORTH>(s, occupied) | ray_attacks<SOUTH>(s, occupied) | ray_attacks<EAST>(s, occupied)
               | ray_attacks<WEST>(s, occupied);
    return ray_attacks<NORTH_EAST>(s, occupied) | ray_attacks<NORTH_WEST>(s, occupied) | ray_attacks<SOUTH_EAST>(s, occupied)
           | ray_attacks<SOUTH_WEST>(s, occupied);
}

struct LeaperTables {
    Bitboard pawn[COLOR_NB][SQUARE_NB]{};
    Bitboard knight[SQUARE_NB]{};
    Bitboard king[SQUARE_NB]{};
    Bitboard bishopRays[SQUARE_NB]{}; // empty-board slider attacks
    Bitboard rookRays[SQUARE_NB]{};
};

constexpr LeaperTables make_leapers() {
    LeaperTables t{};
    constexpr int knightSteps[8] = {17, 15, 10, 6, -6, -10, -15, -17};
    constexpr int kingSteps[8] = {9, 8, 7, 1, -1, -7, -8, -9};
    for (Square s = SQ_A1; s < SQUARE_NB; ++s) {
        t.pawn[WHITE][s] = pawn_attacks_bb<WHITE>(square_bb(s));
        t.pawn[BLACK][s] = pawn_attacks_bb<BLACK>(square_bb(s));
        for (int d : knightSteps)
            if (Square to = step(s, d); to != SQ_NONE) t.knight[s] |= square_bb(to);
        for (int d : kingSteps)
            if (Square to = step(s, d); to != SQ_NONE) t.king[s] |= square_bb(to);
        t.bishopRays[s] = sliding_attacks(BISHOP, s, 0);
        t.rookRays[s] = sliding_attacks(ROOK, s, 0);
    }
    return t;
}

// between[a][b]: squares strictly between a and b plus b itself when they share a
// line, else just b. Including b lets one mask say "block or capture the checker".
// line[a][b]: the whole line through a and b (edge to edge), or 0.
struct LineTables {
    Bitboard between[SQUARE_NB][SQUARE_NB]{};
    Bitboard line[SQUARE_NB][SQUARE_NB]{};
};

inline constexpr LeaperTables Leapers = make_leapers();

constexpr LineTables make_lines() {
    LineTables t{};
    for (Square a = SQ_A1; a < SQUARE_NB; ++a)
        for (Square b = SQ_A1; b < SQUARE_NB; ++b) {
            t.between[a][b] = square_bb(b);
            for (PieceType pt : {BISHOP, ROOK}) {
                const Bitboard* rays = pt == BISHOP ? Leapers.bishopRays : Leapers.rookRays;
                if (rays[a] & square_bb(b)) {
                    t.line[a][b] = (rays[a] & rays[b]) | square_bb(a) | square_bb(b);
                    t.between[a][b] |= sliding_attacks(pt, a, square_bb(b)) & sliding_attacks(pt, b, square_bb(a));
                }
            }
        }
    return t;
}

inline constexpr LineTables Lines = make_lines();

// One slider table entry per square: the relevant-occupancy mask and where its
// attack sets start in the shared table; plus a magic multiplier when PEXT is off.
// The attack sets are whole bitboards (861 KB for both sliders, on one huge page:
// attacks.cpp). Squeezed into 16 bits through the empty-board rays and spread back
// by PDEP they took 215 KB, but the PDEP sits on every lookup's critical path: on an
// AMD Zen 5 (1 MB of L2) the whole tables made perft about 5% faster, `bench` within
// its noise (bench/log/2026-12-01-perft-vs-ellxor.md, 2026-12-06).
struct Magic {
    Bitboard mask;
#if !defined(JADOUBE_PEXT)
    Bitboard magic;
    unsigned shift;
#endif
    Bitboard* attacks;

    unsigned index(Bitboard occupied) const {
#if defined(JADOUBE_PEXT)
        return unsigned(_pext_u64(occupied, mask));
#else
        return unsigned(((occupied & mask) * magic) >> shift);
#endif
    }
    Bitboard attacks_for(Bitboard occupied) const { return attacks[index(occupied)]; }
};

extern Magic RookMagics[SQUARE_NB];
extern Magic BishopMagics[SQUARE_NB];

} // namespace detail

constexpr Bitboard pawn_attacks(Color c, Square s) { return detail::Leapers.pawn[c][s]; }
constexpr Bitboard knight_attacks(Square s) { return detail::Leapers.knight[s]; }
constexpr Bitboard king_attacks(Square s) { return detail::Leapers.king[s]; }
constexpr Bitboard between_bb(Square a, Square b) { return detail::Lines.between[a][b]; }
constexpr Bitboard line_bb(Square a, Square b) { return detail::Lines.line[a][b]; }
constexpr bool aligned(Square a, Square b, Square c) { return line_bb(a, b) & square_bb(c); }
constexpr int distance(Square a, Square b) { return detail::square_distance(a, b); }

inline Bitboard bishop_attacks(Square s, Bitboard occupied) { return detail::BishopMagics[s].attacks_for(occupied); }
inline Bitboard rook_attacks(Square s, Bitboard occupied) { return detail::RookMagics[s].attacks_for(occupied); }
inline Bitboard queen_attacks(Square s, Bitboard occupied) { return bishop_attacks(s, occupied) | rook_attacks(s, occupied); }

// Empty-board slider attacks, for "could this slider ever hit that square" tests.
constexpr Bitboard bishop_rays(Square s) { return detail::Leapers.bishopRays[s]; }
constexpr Bitboard rook_rays(Square s) { return detail::Leapers.rookRays[s]; }

inline Bitboard attacks_bb(PieceType pt, Square s, Bitboard occupied) {
    switch (pt) {
    case KNIGHT: return knight_attacks(s);
    case BISHOP: return bishop_attacks(s, occupied);
    case ROOK: return rook_attacks(s, occupied);
    case QUEEN: return queen_attacks(s, occupied);
    default: return king_attacks(s);
    }
}

// An 8x8 picture of a bitboard, rank 8 first; for debugging and `d`.
std::string pretty(Bitboard b);

} // namespace jadoube
