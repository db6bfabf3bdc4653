// UCI move text: squares, promotions, castling in both modes, and rejection.
#include <doctest/doctest.h>

#include "board/movegen.h"
#include "notation/move_text.h"
#include "support/position.h"

using namespace jadoube;
using test::from_fen;

TEST_SUITE("uci") {

TEST_CASE("square names") {
    CHECK(square_name(SQ_A1) == "a1");
    CHECK(square_name(SQ_H8) == "h8");
    CHECK(square_name(SQ_E4) == "e4");
    CHECK(square_name(SQ_NONE) == "-");
}

TEST_CASE("to_uci writes none and null as 0000") {
    const Position p;
    CHECK(to_uci(Move::none(), p) == "0000");
    CHECK(to_uci(Move::null(), p) == "0000");
}

TEST_CASE("every legal move's text parses back to the same move") {
    const char* fens[] = {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    };
    for (bool chess960 : {false, true})
        for (const char* fen : fens) {
            CAPTURE(fen);
            const Position p = from_fen(fen, chess960);
            for (Move m : MoveList<LEGAL>(p)) {
                const std::string t = to_uci(m, p);
                CAPTURE(t);
                CHECK(parse_uci_move(p, t) == m);
            }
        }
}

TEST_CASE("castling text depends on the mode") {
    const char* fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    const Position standard = from_fen(fen, false);
    const Position c960 = from_fen(fen, true);
    const Move oo = parse_uci_move(standard, "e1g1");
    REQUIRE(oo);
    CHECK(oo.kind() == CASTLING);
    CHECK(oo.to_sq() == SQ_H1); // stored king-takes-rook
    CHECK(parse_uci_move(standard, "e1h1") == oo);
    CHECK(to_uci(oo, standard) == "e1g1");
    CHECK(to_uci(oo, c960) == "e1h1");
    CHECK(parse_uci_move(c960, "e1h1") == oo);
    CHECK_FALSE(parse_uci_move(c960, "e1g1"));
    CHECK(to_uci(parse_uci_move(standard, "e1a1"), standard) == "e1c1");
}

TEST_CASE("parse_uci_move rejects malformed and illegal text") {
    const Position p;
    for (const char* t : {"", "e2", "e2e", "e2e4qq", "i2i4", "e0e1", "E2E4", "e2e4x", "0000", "e2e5", "e1e2", "e2e4q"}) {
        CAPTURE(t);
        CHECK_FALSE(parse_uci_move(p, t));
    }
    CHECK(is_uci_move_syntax("e2e5"));
    CHECK(is_uci_move_syntax("a7a8q"));
    CHECK_FALSE(is_uci_move_syntax("a7a8x"));
    CHECK_FALSE(is_uci_move_syntax("hello"));
}

} // TEST_SUITE
