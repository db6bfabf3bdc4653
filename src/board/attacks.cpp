// Slider attack tables, filled once before main. With PEXT the index is the
// occupancy squeezed through the mask; without it, a multiply-shift "fancy magic"
// found here by a seeded random search (a few milliseconds, deterministic).
#include <array>

#include "board/bitboard.h"
#include "util/random.h"

namespace jadoube {
namespace detail {

Magic RookMagics[SQUARE_NB];
Magic BishopMagics[SQUARE_NB];

namespace {

Magic::Entry RookTable[0x19000];  // 102,400 entries: the sum of 2^bits over all squares
Magic::Entry BishopTable[0x1480]; // 5,248 entries

void init_slider(PieceType pt, Magic::Entry* table, Magic* magics) {
    std::array<Bitboard, 4096> occupancy{}, reference{};
    [[maybe_unused]] std::array<int, 4096> epoch{};
    [[maybe_unused]] int attempt = 0;
    Magic::Entry* next = table;

    for (Square s = SQ_A1; s < SQUARE_NB; ++s) {
        // Edge squares never block anything beyond themselves, so they are not part of the key.
        const Bitboard edges = ((RANK_1_BB | RANK_8_BB) & ~rank_bb(s)) | ((FILE_A_BB | FILE_H_BB) & ~file_bb(s));
        Magic& m = magics[s];
        m.mask = sliding_attacks(pt, s, 0) & ~edges;
#if defined(JADOUBE_PEXT)
        m.rays = sliding_attacks(pt, s, 0);
#endif
        m.attacks = next;
        const int bits = popcount(m.mask);
        const int size = 1 << bits;

        // Carry-Rippler walk over every subset of the mask.
        Bitboard b = 0;
        int n = 0;
        do {
            occupancy[n] = b;
            reference[n++] = sliding_attacks(pt, s, b);
            b = (b - m.mask) & m.mask;
        } while (b);

#if defined(JADOUBE_PEXT)
        for (int i = 0; i < n; ++i) m.attacks[m.index(occupancy[i])] = m.pack(reference[i]);
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

struct Init {
    Init() {
        init_slider(ROOK, RookTable, RookMagics);
        init_slider(BISHOP, BishopTable, BishopMagics);
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
