// Slider attack tables, filled once before main. With PEXT the index is the
// occupancy squeezed through the mask; without it, a multiply-shift "fancy magic"
// found here by a seeded random search (a few milliseconds, deterministic).
#include <array>

#include "board/bitboard.h"
#include "util/memory.h"
#include "util/random.h"

namespace jadoube {
namespace detail {

Magic RookMagics[SQUARE_NB];
Magic BishopMagics[SQUARE_NB];

namespace {

constexpr std::size_t RookEntries = 0x19000;  // 102,400: the sum of 2^bits over all squares
constexpr std::size_t BishopEntries = 0x1480; // 5,248
static_assert((RookEntries + BishopEntries) * sizeof(Bitboard) <= HugePageSize);

// The attack sets the tables are filled with, by first blocker: along each of the
// slider's four rays, the empty-board ray less the ray onwards from its first
// occupied square. One lookup a ray where sliding_attacks walks square by square:
// the walk's unpredictable stop made filling the tables a millisecond of every
// start-up (a short perft is a tenth of a second). tests/board/attacks_test.cpp
// checks every table entry against the walk.
struct DirectionRays {
    Bitboard ray[8][SQUARE_NB]; // [direction][square]: the empty-board ray
};
constexpr Direction Towards[8] = {NORTH, EAST, NORTH_EAST, NORTH_WEST, SOUTH, WEST, SOUTH_EAST, SOUTH_WEST};

template<int I = 0>
constexpr void fill_rays(DirectionRays& r) {
    if constexpr (I < 8) {
        for (Square s = SQ_A1; s < SQUARE_NB; ++s) r.ray[I][s] = ray_attacks<Towards[I]>(s, 0);
        fill_rays<I + 1>(r);
    }
}

constexpr DirectionRays make_direction_rays() {
    DirectionRays r{};
    fill_rays(r);
    return r;
}

Bitboard attacks_by_first_blocker(PieceType pt, Square s, Bitboard occupied) {
    static constexpr DirectionRays Rays = make_direction_rays();
    constexpr int RookRays[4] = {0, 1, 4, 5}, BishopRays[4] = {2, 3, 6, 7}; // indices into Towards
    Bitboard attacks = 0;
    for (int d : pt == ROOK ? RookRays : BishopRays) {
        // The first four directions ascend (towards h8), the others descend (towards
        // a1); the ray onwards from h8 or a1 is empty, so with that square added an
        // unblocked ray stays whole.
        const Bitboard blockers = Rays.ray[d][s] & occupied;
        const Square first = d < 4 ? lsb(blockers | square_bb(SQ_H8)) : msb(blockers | square_bb(SQ_A1));
        attacks |= Rays.ray[d][s] ^ Rays.ray[d][first];
    }
    return attacks;
}

void init_slider(PieceType pt, Bitboard* table, Magic* magics) {
    std::array<Bitboard, 4096> occupancy{}, reference{};
    [[maybe_unused]] std::array<int, 4096> epoch{};
    [[maybe_unused]] int attempt = 0;
    Bitboard* next = table;

    for (Square s = SQ_A1; s < SQUARE_NB; ++s) {
        // Edge squares never block anything beyond themselves, so they are not part of the key.
        const Bitboard edges = ((RANK_1_BB | RANK_8_BB) & ~rank_bb(s)) | ((FILE_A_BB | FILE_H_BB) & ~file_bb(s));
        Magic& m = magics[s];
        m.mask = sliding_attacks(pt, s, 0) & ~edges;
        m.attacks = next;
        const int bits = popcount(m.mask);
        const int size = 1 << bits;

        // Carry-Rippler walk over every subset of the mask.
        Bitboard b = 0;
        int n = 0;
        do {
            occupancy[n] = b;
            reference[n++] = attacks_by_first_blocker(pt, s, b);
            b = (b - m.mask) & m.mask;
        } while (b);

#if defined(JADOUBE_PEXT)
        for (int i = 0; i < n; ++i) m.attacks[m.index(occupancy[i])] = reference[i];
#else
        m.shift = 64 - bits;
        Xorshift64Star rng{0x9E3779B97F4A7C15ULL ^ (std::uint64_t(s) << 32) ^ pt};
        for (bool found = false; !found;) {
            do m.magic = rng.sparse();
            while (popcount((m.mask * m.magic) >> 56) < 6);
            // A candidate works when no two occupancies with different attacks collide;
            // epoch marks which table slots this attempt has written.
            ++attempt;
            found = true;
            for (int i = 0; i < n; ++i) {
                const unsigned idx = m.index(occupancy[i]);
                if (epoch[idx] < attempt) {
                    epoch[idx] = attempt;
                    m.attacks[idx] = reference[i];
                } else if (m.attacks[idx] != reference[i]) {
                    found = false;
                    break;
                }
            }
        }
#endif
        next += size;
    }
}

// Both tables (841 KiB) in one huge page where the kernel grants one: filled at
// start-up, they were 211 small pages, each a page fault (a millisecond or more of
// a short perft's start-up in a virtual machine), and in play they are looked up all
// over, where a single TLB entry serves every lookup. Elsewhere small pages work the same.
// The memory lives as long as the program.
struct Init {
    Init() {
        void* huge = allocate_huge(HugePageSize);
        auto* table = static_cast<Bitboard*>(huge ? huge : ::operator new(HugePageSize));
        init_slider(ROOK, table, RookMagics);
        init_slider(BISHOP, table + RookEntries, BishopMagics);
    }
} init;

} // namespace
} // namespace detail

std::string pretty(Bitboard b) {
    std::string s = "+---+---+---+---+---+---+---+---+\n";
    for (int r = RANK_8; r >= RANK_1; --r) {
        for (int f = FILE_A; f <= FILE_H; ++f) s += (b & square_bb(make_square(File(f), Rank(r)))) ? "| X " : "|   ";
        s += "| " + std::to_string(r + 1) + "\n+---+---+---+---+---+---+---+---+\n";
    }
    return s + "  a   b   c   d   e   f   g   h\n";
}

} // namespace jadoube
