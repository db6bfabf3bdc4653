// Articles 5 and 9: the end of the game and the draw rules, case by case, and the
// search's fast draw test on the same positions.
#include <doctest/doctest.h>

#include <string>

#include "laws/rules.h"
#include "support/play.h"
#include "support/position.h"

using namespace jadoube;
using laws::GameState;

namespace {

using test::play;

const std::string KnightCycle = "g1f3 g8f6 f3g1 f6g8"; // back where it started, four plies later

} // namespace

TEST_SUITE("laws") {

TEST_CASE("5.1.1 checkmate ends the game") {
    const Position pos = play(std::string(Position::StartFen), "f2f3 e7e5 g2g4 d8h4");
    CHECK(laws::is_checkmate(pos));
    CHECK(laws::game_state(pos) == GameState::Checkmate);
    CHECK(laws::result(GameState::Checkmate, pos.side_to_move()) == "0-1");
    CHECK(laws::state_text(GameState::Checkmate).article == "5.1.1");
}

TEST_CASE("5.2.1 stalemate ends the game") {
    const Position pos = play("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    CHECK(laws::is_stalemate(pos));
    CHECK_FALSE(laws::is_checkmate(pos));
    CHECK(laws::game_state(pos) == GameState::Stalemate);
    CHECK(laws::result(GameState::Stalemate, BLACK) == "1/2-1/2");
}

TEST_CASE("9.2 threefold repetition is claimable and 9.6.1 fivefold ends the game") {
    const std::string start(Position::StartFen);
    CHECK(laws::repetition_count(play(start)) == 1);
    CHECK(laws::repetition_count(play(start, test::repeat_moves(KnightCycle, 1))) == 2);
    const Position three = play(start, test::repeat_moves(KnightCycle, 2));
    CHECK(laws::repetition_count(three) == 3);
    CHECK(laws::threefold_claimable(three));
    CHECK_FALSE(laws::fivefold(three));
    CHECK(laws::game_state(three) == GameState::ThreefoldClaimable);
    CHECK(laws::result(GameState::ThreefoldClaimable, WHITE) == "*");
    const Position five = play(start, test::repeat_moves(KnightCycle, 4));
    CHECK(laws::repetition_count(five) == 5);
    CHECK(laws::fivefold(five));
    CHECK(laws::game_state(five) == GameState::Fivefold);
    CHECK(laws::result(GameState::Fivefold, WHITE) == "1/2-1/2");
}

TEST_CASE("9.2.3.1 repetition where the first occurrence had a legal en passant capture does not count") {
    // After e2-e4, d4xe3 is legal: that position differs from the same men later.
    const std::string fen = "4k1n1/8/8/8/3p4/8/4P3/4K1N1 w - - 0 1";
    const std::string cycle = "g8f6 g1f3 f6g8 f3g1";
    const Position first = play(fen, "e2e4");
    CHECK(first.ep_square() == SQ_E3);
    CHECK(laws::repetition_count(play(fen, "e2e4 " + test::repeat_moves(cycle, 1))) == 1);
    const Position twice = play(fen, "e2e4 " + test::repeat_moves(cycle, 2));
    CHECK(laws::repetition_count(twice) == 2); // the men stood so three times, the position twice
    CHECK_FALSE(laws::threefold_claimable(twice));
    CHECK(laws::threefold_claimable(play(fen, "e2e4 " + test::repeat_moves(cycle, 3))));
}

TEST_CASE("9.2.2 a two-square advance whose en passant capture is illegal leaves the position the same") {
    // d4xe3 would expose the black king on h4 to the a4 rook: no capture is possible,
    // so the first occurrence counts.
    const std::string fen = "1n6/8/8/8/R2p3k/8/4P3/1N2K3 w - - 0 1";
    const std::string cycle = "b8c6 b1c3 c6b8 c3b1";
    CHECK(play(fen, "e2e4").ep_square() == SQ_NONE);
    const Position twice = play(fen, "e2e4 " + test::repeat_moves(cycle, 2));
    CHECK(laws::repetition_count(twice) == 3);
    CHECK(laws::threefold_claimable(twice));
}

TEST_CASE("9.2.3.2 castling rights lost between otherwise identical positions") {
    const std::string fen = "r3k1n1/8/8/8/8/8/8/R3K1N1 w Qq - 0 1";
    const std::string cycle = "g1f3 g8f6 f3g1 f6g8";
    CHECK(laws::repetition_count(play(fen, cycle)) == 2);
    // The a1 rook goes out and back: the men are the same, White's right is gone.
    const std::string lost = cycle + " a1b1 g8f6 b1a1 f6g8";
    const Position after = play(fen, lost);
    CHECK_FALSE(after.can_castle(WHITE_OOO));
    CHECK(laws::repetition_count(after) == 1);
    CHECK(laws::repetition_count(play(fen, lost + ' ' + test::repeat_moves(cycle, 2))) == 3);
}

TEST_CASE("9.3 fifty moves: claimable from 100 half-moves") {
    const std::string fen = "4k3/8/8/8/8/8/8/R3K3 w - - 98 80";
    const Position at99 = play(fen, "a1a2");
    CHECK(at99.rule50_count() == 99);
    CHECK_FALSE(laws::fifty_claimable(at99));
    CHECK(laws::game_state(at99) == GameState::Ongoing);
    const Position at100 = play(fen, "a1a2 e8d8");
    CHECK(laws::fifty_claimable(at100));
    CHECK(laws::game_state(at100) == GameState::FiftyClaimable);
    CHECK(laws::draw_in_search(at100, 0));
    // A pawn move or a capture starts the count again.
    CHECK(play("4k3/8/8/8/8/8/P7/R3K3 w - - 99 80", "a2a3").rule50_count() == 0);
}

TEST_CASE("9.3 and 5.1.1 checkmate on the 100th half-move stands") {
    const Position pos = play("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80", "a1a8");
    CHECK(pos.rule50_count() == 100);
    CHECK(laws::is_checkmate(pos));
    CHECK_FALSE(laws::fifty_claimable(pos));
    CHECK(laws::game_state(pos) == GameState::Checkmate);
    CHECK_FALSE(laws::draw_in_search(pos, 0));
}

TEST_CASE("9.6.2 seventy-five moves end the game unless the last move mated") {
    const Position drawn = play("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 120", "a1a2");
    CHECK(laws::seventy_five(drawn));
    CHECK(laws::game_state(drawn) == GameState::SeventyFive);
    CHECK(laws::result(GameState::SeventyFive, BLACK) == "1/2-1/2");
    const Position mated = play("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 120", "a1a8");
    CHECK_FALSE(laws::seventy_five(mated));
    CHECK(laws::game_state(mated) == GameState::Checkmate);
}

TEST_CASE("5.2.2 insufficient material: K v K and K plus one minor v K") {
    for (const char* fen : {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4KN2 w - - 0 1", "4k3/8/8/8/8/8/8/4KB2 w - - 0 1",
                            "4kb2/8/8/8/8/8/8/4K3 w - - 0 1"}) {
        CAPTURE(fen);
        const Position pos = play(fen);
        CHECK(laws::insufficient_material(pos));
        CHECK(laws::game_state(pos) == GameState::InsufficientMaterial);
        CHECK(laws::draw_in_search(pos, 0));
    }
}

TEST_CASE("5.2.2 K and B v K and B with bishops on the same colour is dead") {
    const Position pos = play("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1"); // f8 and c1: both dark
    CHECK(laws::insufficient_material(pos));
    CHECK(laws::game_state(pos) == GameState::InsufficientMaterial);
    // Any number of bishops, all on one colour.
    CHECK(laws::insufficient_material(play("4kb2/8/8/8/8/8/8/2B1KB1B w - - 0 1")) == false); // f1 is light
    CHECK(laws::insufficient_material(play("4kb2/8/8/8/8/8/4B3/2B1K3 w - - 0 1")) == false);  // e2 is light
    CHECK(laws::insufficient_material(play("4kb2/8/8/8/8/8/8/B1B1K3 w - - 0 1")));            // a1, c1, f8
}

TEST_CASE("5.2.2 K and B v K and B with bishops on opposite colours is not dead") {
    const Position pos = play("4kb2/8/8/8/8/8/8/4KB2 w - - 0 1"); // f8 dark, f1 light: a helpmate exists
    CHECK_FALSE(laws::insufficient_material(pos));
    CHECK(laws::game_state(pos) == GameState::Ongoing);
    CHECK_FALSE(laws::draw_in_search(pos, 0));
}

TEST_CASE("5.2.2 two knights or knight and bishop or any pawn can still mate") {
    for (const char* fen : {"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "4kn2/8/8/8/8/8/8/4KB2 w - - 0 1",
                            "4k3/8/8/8/8/8/P7/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"}) {
        CAPTURE(fen);
        CHECK_FALSE(laws::dead_position(play(fen)));
    }
}

TEST_CASE("9.2 in search a twofold is a draw only when its first occurrence is inside the tree") {
    const std::string start(Position::StartFen);
    const Position twice = play(start, KnightCycle); // the start position, a second time
    REQUIRE(laws::repetition_count(twice) == 2);
    CHECK_FALSE(laws::draw_in_search(play(start, "g1f3 g8f6 f3g1"), 99));
    // The earlier occurrence 4 plies back: inside a tree rooted 5 or more plies up, the
    // root itself at 4, before the root at fewer.
    CHECK(laws::draw_in_search(twice, 5));
    CHECK_FALSE(laws::draw_in_search(twice, 4));
    CHECK_FALSE(laws::draw_in_search(twice, 0));
}

TEST_CASE("9.2.1 in search a threefold is a draw wherever the earlier occurrences lie") {
    const Position thrice = play(std::string(Position::StartFen), test::repeat_moves(KnightCycle, 2));
    REQUIRE(laws::repetition_count(thrice) == 3);
    CHECK(laws::draw_in_search(thrice, 0));
    CHECK(laws::draw_in_search(thrice, 1));
}

} // TEST_SUITE
