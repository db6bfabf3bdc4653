// The training-data format (viriformat): packed boards and moves, and the
// committed sample file tests/data/datagen-tiny.vf read back whole.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "board/movegen.h"
#include "datagen/format.h"
#include "support/fens.h"
#include "support/files.h"
#include "support/position.h"

using namespace jadoube;
using test::CpwPerftFens;
using test::from_fen;
using test::test_data;

TEST_SUITE("nnue") {

TEST_CASE("packed boards and moves survive the round trip through the data format") {
    for (const char* fen : CpwPerftFens) {
        const Position pos = from_fen(fen);
        datagen::Outcome o;
        int score = 0;
        const auto back = datagen::unpack_board(datagen::pack_board(pos, -123, datagen::Outcome::WhiteWin), &o, &score);
        REQUIRE_MESSAGE(back.has_value(), fen);
        CHECK(back->fen() == pos.fen());
        CHECK(o == datagen::Outcome::WhiteWin);
        CHECK(score == -123);
        for (Move m : MoveList<LEGAL>(pos)) CHECK(datagen::decode_move(datagen::encode_move(m)) == m);
    }
    const Position frc = from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true);
    const auto back = datagen::unpack_board(datagen::pack_board(frc, 0, datagen::Outcome::Draw));
    REQUIRE(back.has_value());
    CHECK(back->is_chess960());
    CHECK(back->fen() == frc.fen());
    for (Move m : MoveList<LEGAL>(frc)) CHECK(datagen::decode_move(datagen::encode_move(m)) == m);
    // viriformat's codes: e2e4 is from 12, to 28; castling is type 2, king takes rook.
    CHECK(datagen::encode_move(Move(SQ_E2, SQ_E4)) == (12 | 28 << 6));
    CHECK(datagen::encode_move(Move::make<CASTLING>(SQ_E1, SQ_H1)) == (4 | 7 << 6 | 2 << 14));
    CHECK(datagen::encode_move(Move::make<PROMOTION>(SQ_A7, SQ_A8, QUEEN)) == (48 | 56 << 6 | 3 << 12 | 3 << 14));
}

TEST_CASE("the committed data file reads back whole") {
    std::ifstream in(test_data("datagen-tiny.vf"), std::ios::binary);
    REQUIRE(in);
    std::uint64_t wins = 0, lastGame = ~0ULL;
    const auto stats = datagen::read_games(in, [&](const datagen::RecordedPosition& r) {
        CHECK(r.filtered == (r.pos.checkers() || r.pos.is_capture(r.move) || r.move.kind() == PROMOTION));
        if (r.game != lastGame) lastGame = r.game, wins += r.outcome != datagen::Outcome::Draw;
    });
    REQUIRE_MESSAGE(stats.has_value(), (stats ? "" : stats.error()));
    CHECK(stats->games == 40);
    CHECK(stats->positions == 3699);
    CHECK(wins == 37);

    std::istringstream truncated(std::string(4000, '\0'));
    CHECK(!datagen::read_games(truncated, [](const datagen::RecordedPosition&) {}).has_value());
}

} // TEST_SUITE
