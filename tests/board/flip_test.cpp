// The colour mirror (board/flip.h): FEN fields mirrored one by one, perft counts
// kept, and a second flip bringing the position back.
#include <doctest/doctest.h>

#include <string>

#include "board/flip.h"
#include "board/perft.h"
#include "support/fens.h"
#include "support/position.h"

using namespace jadoube;
using test::from_fen;

TEST_SUITE("board") {

TEST_CASE("flip: ranks reversed - colours and side to move swapped - castling and en passant mirrored") {
    CHECK(flipped_fen(Position()) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b HAha - 0 1");
    CHECK(flipped_fen(from_fen("rnbqkbnr/pp1p1ppp/8/2pPp3/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 3"))
          == "rnbqkbnr/ppp1pppp/8/8/2PpP3/8/PP1P1PPP/RNBQKBNR b HAha c3 0 3");
    // White's king-side right becomes Black's, Black's queen-side White's: White's first.
    CHECK(flipped_fen(from_fen("r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1")) == "r3k2r/8/8/8/8/8/8/R3K2R w Ah - 0 1");
    // Chess960: an inner rook keeps its file letter.
    CHECK(flipped_fen(from_fen("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1", true))
          == "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 b GBgb - 0 1");
}

TEST_CASE("flip: Black to move mirrors to White at the next move only when the clock needs the room") {
    // Black to move at move 3: four half-moves played before. White to move at
    // move 3 leaves room for four, so a clock of 5 moves the mirror to move 4.
    CHECK(flipped_fen(from_fen("4k3/8/8/8/8/8/8/4K2R b K - 4 3")) == "4k2r/8/8/8/8/8/8/4K3 w h - 4 3");
    CHECK(flipped_fen(from_fen("4k3/8/8/8/8/8/8/4K2R b K - 5 3")) == "4k2r/8/8/8/8/8/8/4K3 w h - 5 4");
    CHECK(flipped_fen(from_fen("4k3/8/8/8/8/8/8/4K2R w K - 7 5")) == "4k2r/8/8/8/8/8/8/4K3 b h - 7 5");
}

TEST_CASE("flip: the mirror has the same perft counts - and flipping twice gives the position back") {
    for (const char* fen : test::CpwPerftFens) {
        Position pos = from_fen(fen);
        Position mirror = from_fen(flipped_fen(pos));
        INFO(fen, " <-> ", mirror.fen());
        CHECK(perft(mirror, 3) == perft(pos, 3));
        CHECK(from_fen(flipped_fen(mirror)).fen() == pos.fen());
    }
}

} // TEST_SUITE("board")
