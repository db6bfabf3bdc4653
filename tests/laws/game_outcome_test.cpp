// The game with its history (laws::game_outcome): the first automatic ending of the
// recorded game stands, whatever legal moves were played after it; and which rules
// end the game by themselves is said once, in the state table.
#include <doctest/doctest.h>

#include <optional>
#include <random>
#include <string>

#include "board/movegen.h"
#include "laws/rules.h"
#include "notation/move_text.h"
#include "support/position.h"

using namespace jadoube;
using laws::Ending;
using laws::GameState;

namespace {

// pos after the moves (UCI text, separated by spaces).
Position after(std::string_view fen, const std::string& moves) {
    Position pos = test::from_fen(fen);
    std::size_t at = 0;
    while (at < moves.size()) {
        const std::size_t end = std::min(moves.find(' ', at), moves.size());
        const Move m = parse_uci_move(pos, std::string_view(moves).substr(at, end - at));
        REQUIRE(m);
        pos.do_move(m);
        at = end + 1;
    }
    return pos;
}

} // namespace

TEST_SUITE("laws") {

TEST_CASE("5.1.1 5.2.1 5.2.2 9.2 9.3 9.6.1 9.6.2 each state says how it ends the game") {
    CHECK(laws::ending(GameState::Ongoing) == Ending::None);
    CHECK(laws::ending(GameState::Checkmate) == Ending::NoLegalMove);
    CHECK(laws::ending(GameState::Stalemate) == Ending::NoLegalMove);
    CHECK(laws::ending(GameState::InsufficientMaterial) == Ending::Automatic);
    CHECK(laws::ending(GameState::DeadPosition) == Ending::Automatic);
    CHECK(laws::ending(GameState::Fivefold) == Ending::Automatic);
    CHECK(laws::ending(GameState::SeventyFive) == Ending::Automatic);
    CHECK(laws::ending(GameState::ThreefoldClaimable) == Ending::Claimable);
    CHECK(laws::ending(GameState::FiftyClaimable) == Ending::Claimable);
    // The result follows from the kind: drawn once over, "*" while a claim is open.
    CHECK(laws::result(GameState::Fivefold, WHITE) == "1/2-1/2");
    CHECK(laws::result(GameState::ThreefoldClaimable, WHITE) == "*");
    CHECK(laws::result(GameState::Checkmate, WHITE) == "0-1");
}

TEST_CASE("9.6.1 a fivefold stays the game's outcome after more moves - at the ply it came") {
    const std::string cycle = test::repeat_moves("g1f3 g8f6 f3g1 f6g8", 4);
    const Position fivefold = after(Position::StartFen, cycle.substr(1));
    CHECK(laws::game_outcome(fivefold).state == GameState::Fivefold);
    CHECK(laws::game_outcome(fivefold).ply == 16);
    const Position past = after(Position::StartFen, cycle.substr(1) + " e2e4 e7e5 d1h5");
    CHECK(laws::game_state(past) == GameState::Ongoing); // the position alone says nothing
    CHECK(laws::game_outcome(past).state == GameState::Fivefold);
    CHECK(laws::game_outcome(past).ply == 16);
}

TEST_CASE("9.6.2 a set-up clock above 150 puts the ending before the set-up") {
    const Position pos = test::from_fen("4k3/8/8/8/8/8/8/R3K3 b - - 151 90");
    CHECK(laws::game_outcome(pos).state == GameState::SeventyFive);
    CHECK(laws::game_outcome(pos).ply == 178); // ply 179 on the board, one half-move past 150
}

TEST_CASE("9.6.2 5.1.1 a mate on the 150th half-move stands - one after it comes too late") {
    const Position onTime = after("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 149 80", "a1a8");
    CHECK(laws::game_outcome(onTime).state == GameState::Checkmate);
    const Position late = after("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 150 80", "a1a8");
    CHECK(laws::game_state(late) == GameState::Checkmate);
    CHECK(laws::game_outcome(late).state == GameState::SeventyFive);
    CHECK(laws::game_outcome(late).ply == 158);
}

TEST_CASE("5.2.2 a dead position stays the outcome after more moves") {
    const Position pos = after("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", "e1e2 e8e7 c1g5");
    CHECK(laws::game_outcome(pos).state == GameState::InsufficientMaterial);
    CHECK(laws::game_outcome(pos).ply == 0);
}

TEST_CASE("5.2.2 positions already known free of endings are not tested again - the walk starts after them") {
    // A caller that asks at every move of a game (the engine's go) says how many of its
    // first positions it already found without an automatic ending; here the set-up is
    // dead, so skipping it moves the first ending found to the next position (dead too).
    const Position pos = after("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", "e1e2 e8e7 c1g5");
    CHECK(laws::game_outcome(pos, 0).ply == 0);
    CHECK(laws::game_outcome(pos, 1).ply == 1);
    CHECK(laws::game_outcome(pos, 3).ply == 3);
    CHECK(laws::game_outcome(pos, 3).state == GameState::InsufficientMaterial); // the current position, always tested
}

TEST_CASE("5.2.2 9.6.1 9.6.2 random games played past their endings: the outcome is the first automatic ending") {
    std::mt19937_64 rng(75);
    long plies = 0, pastAnEnding = 0;
    for (int g = 0; g < 60; ++g) {
        const bool chess960 = g % 2;
        Position pos = test::from_fen(chess960 ? chess960_start_fen(int(rng() % 960)) : std::string(Position::StartFen),
                                      chess960);
        std::optional<laws::GameOutcome> first;
        for (int ply = 0; ply < 600; ++ply) {
            const GameState now = laws::game_state(pos);
            if (!first && laws::ending(now) == Ending::Automatic) first = laws::GameOutcome{now, pos.game_ply()};
            const laws::GameOutcome want = first ? *first : laws::GameOutcome{now, pos.game_ply()};
            const laws::GameOutcome got = laws::game_outcome(pos);
            ++plies, pastAnEnding += first && first->ply < pos.game_ply();
            if (got.state != want.state || got.ply != want.ply) {
                FAIL_CHECK(pos.fen() << ": outcome " << laws::state_text(got.state).name << " at " << got.ply << ", want "
                                     << laws::state_text(want.state).name << " at " << want.ply);
                break;
            }
            const MoveList<LEGAL> moves(pos);
            if (moves.size() == 0) break;
            pos.do_move(test::random_move(moves, rng));
        }
    }
    MESSAGE(plies << " plies, " << pastAnEnding << " of them past an automatic ending");
    CHECK(pastAnEnding > 1000);
}

} // TEST_SUITE
