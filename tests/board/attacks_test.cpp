// The slider tables (magic or PEXT, 16-bit entries spread back by PDEP) against
// the table-free ray walk they are built from: every square, every occupancy of
// its relevant squares, with and without men beyond them.
#include <doctest/doctest.h>

#include "board/bitboard.h"

using namespace jadoube;

TEST_SUITE("board") {

TEST_CASE("slider attacks from the tables equal a ray walk on every square and every blocker set") {
    int mismatches = 0, checks = 0;
    for (Square s = SQ_A1; s < SQUARE_NB; ++s)
        for (PieceType pt : {BISHOP, ROOK}) {
            const Bitboard rays = detail::sliding_attacks(pt, s, 0);
            // Every subset of the rays (edges included: a man there changes nothing),
            // with the other squares full or empty.
            for (const Bitboard beyond : {Bitboard(0), ~rays & ~square_bb(s)}) {
                Bitboard b = 0;
                do {
                    const Bitboard occ = b | beyond;
                    const Bitboard table = pt == BISHOP ? bishop_attacks(s, occ) : rook_attacks(s, occ);
                    mismatches += table != detail::sliding_attacks(pt, s, occ);
                    ++checks;
                    b = (b - rays) & rays;
                } while (b);
            }
        }
    CHECK(mismatches == 0);
    CHECK(checks > 2 * 64 * 64);
}

} // TEST_SUITE("board")
