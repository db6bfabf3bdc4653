// The engine's game policy, called directly (src/engine/engine.h): a `go` keeps to
// the moves touch-move permits (Article 4), answers at once where the game is over by
// a rule that needs no claim (5.2.2, 9.6.1, 9.6.2), and with the root in the tables
// searches only the moves that keep the tables' result and reports that result. The
// same behaviour seen through UCI text is tested in tests/uci/.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "board/movegen.h"
#include "board/perft.h"
#include "engine/engine.h"
#include "notation/move_text.h"
#include "search/search.h"
#include "support/events_recorder.h"
#include "support/files.h"

using namespace jadoube;
using namespace jadoube::test;

namespace {

// The position set from a FEN and moves, which must be accepted.
void set(Engine& engine, std::string_view fen, std::vector<std::string_view> moves = {}) {
    const auto ok = engine.set_position(fen, moves);
    REQUIRE_MESSAGE(ok.has_value(), fen);
}

SearchLimits depth(int d) {
    SearchLimits l;
    l.depth = d;
    return l;
}

std::string uci(Move m, const Engine& engine) { return to_uci(m, engine.position()); }

constexpr std::string_view AfterE4E5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";

} // namespace

TEST_SUITE("engine") {

TEST_CASE("4.3: a touched king with one legal move is the answer - at once and without a search") {
    Recorder events;
    Engine engine(events);
    set(engine, AfterE4E5);
    REQUIRE(engine.touch_event(TouchEvent{{SQ_E1}}).has_value());
    engine.go(depth(30)); // a search this deep would take minutes
    engine.wait();
    REQUIRE(events.bestmoves.size() == 1);
    CHECK(uci(events.bestmoves[0].best, engine) == "e1e2");
    CHECK(events.scores.empty()); // no iteration was reported: nothing was searched
}

TEST_CASE("4.3: a touched knight: the search picks among its moves - and searchmoves none of which is permitted are left out") {
    Recorder events;
    Engine engine(events);
    set(engine, AfterE4E5);
    REQUIRE(engine.touch_event(TouchEvent{{SQ_G1}}).has_value());
    SearchLimits limits = depth(4);
    limits.searchmoves = {parse_uci_move(engine.position(), "d2d4")};
    engine.go(limits);
    engine.wait();
    REQUIRE(events.bestmoves.size() == 1);
    const std::string best = uci(events.bestmoves[0].best, engine);
    CHECK((best == "g1f3" || best == "g1e2" || best == "g1h3"));
    REQUIRE(events.ignoredWhy.size() == 1);
    CHECK(events.ignoredWhy[0].starts_with("go searchmoves: none of them is permitted by touch-move (article 4.3"));
}

TEST_CASE("5.2.2: a dead position is a game over: the rule - then a legal move not searched for a result") {
    Recorder events;
    Engine engine(events);
    set(engine, "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1"); // bishops on squares of one colour
    engine.go(depth(30));
    engine.wait();
    REQUIRE(events.endings.size() == 1);
    CHECK(events.endings[0].state == laws::GameState::InsufficientMaterial);
    REQUIRE(events.bestmoves.size() == 1);
    CHECK(MoveList<LEGAL>(engine.position()).contains(events.bestmoves[0].best));
    CHECK(events.scores.empty());
}

TEST_CASE("9.6.1: fivefold repetition before the root is reported with its ply - and go infinite holds the move until stop") {
    Recorder events;
    Engine engine(events);
    std::vector<std::string_view> moves;
    for (int i = 0; i < 4; ++i)
        for (std::string_view m : {"g1f3", "g8f6", "f3g1", "f6g8"}) moves.push_back(m);
    moves.push_back("e2e4"); // played on past the ending
    set(engine, Position::StartFen, moves);
    SearchLimits limits;
    limits.infinite = true;
    engine.go(limits);
    engine.wait();
    REQUIRE(events.endings.size() == 1);
    CHECK(events.endings[0].state == laws::GameState::Fivefold);
    CHECK(events.endings[0].ply == 16);
    CHECK(events.bestmoves.empty()); // go infinite answers only at stop
    engine.stop();
    REQUIRE(events.bestmoves.size() == 1);
    CHECK(MoveList<LEGAL>(engine.position()).contains(events.bestmoves[0].best));
}

TEST_CASE("9.2: a threefold repetition at the root is reported as claimable and scored as the claim") {
    // Black, a queen down, to move in a position seen for the third time: the search
    // alone says about minus a queen, but Black claims the draw instead of a move.
    Recorder events;
    Engine engine(events);
    const std::string_view fen = "4k3/8/8/8/8/8/8/3QK3 b - - 0 1";
    set(engine, fen, {"e8f8", "e1e2", "f8e8", "e2e1", "e8f8", "e1e2", "f8e8", "e2e1"});
    engine.go(depth(6));
    engine.wait();
    REQUIRE(events.claims == std::vector{laws::GameState::ThreefoldClaimable});
    REQUIRE(!events.scores.empty());
    for (const int score : events.scores) CHECK(score == VALUE_DRAW);
    REQUIRE(events.bestmoves.size() == 1);
    CHECK(events.bestmoves[0].best); // the GUI or the player claims; the engine still answers with a move

    // The same position seen only twice: no claim, and the search's own score.
    Recorder twice;
    Engine again(twice);
    set(again, fen, {"e8f8", "e1e2", "f8e8", "e2e1"});
    again.go(depth(6));
    again.wait();
    CHECK(twice.claims.empty());
    REQUIRE(!twice.scores.empty());
    CHECK(twice.scores.back() < -500);
}

TEST_CASE("9.3: fifty moves on the clock at the root are reported as claimable") {
    // White, a queen down, may claim: the root is worth the draw.
    Recorder events;
    Engine engine(events);
    set(engine, "3qk3/8/8/8/8/8/8/4K3 w - - 100 80");
    engine.go(depth(6));
    engine.wait();
    REQUIRE(events.claims == std::vector{laws::GameState::FiftyClaimable});
    REQUIRE(!events.scores.empty());
    for (const int score : events.scores) CHECK(score == VALUE_DRAW);
}

TEST_CASE("5.1.1: checkmate is no automatic ending: the search answers - with no move") {
    Recorder events;
    Engine engine(events);
    set(engine, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"); // fool's mate
    engine.go(depth(5));
    engine.wait();
    CHECK(events.endings.empty());
    REQUIRE(events.bestmoves.size() == 1);
    CHECK(!events.bestmoves[0].best);
}

TEST_CASE("think() searches as told - with no game policy: a dead position is searched like any other") {
    Recorder events;
    Engine engine(events);
    set(engine, "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1");
    const Thought t = engine.think(depth(3));
    CHECK(t.nodes > 0);
    CHECK(MoveList<LEGAL>(engine.position()).contains(t.best));
    CHECK(events.endings.empty());
    CHECK(events.bestmoves.empty()); // think() answers its caller, not the event sink
}

TEST_CASE("3.10.3: an unreachable position and an illegal move are refused with their reason and the game stays") {
    Engine engine;
    set(engine, AfterE4E5);
    const std::vector<std::string_view> none;
    // The initial array with Black to move: with every pawn unmoved, each side has made
    // an even number of moves, so White is to move.
    const auto unreachable = engine.set_position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", none);
    REQUIRE(!unreachable);
    CHECK(unreachable.error().kind == PositionRefusal::Kind::Unreachable);
    const std::vector<std::string_view> moves = {"e2e4", "e7e5", "e4e5"};
    const auto illegal = engine.set_position(Position::StartFen, moves);
    REQUIRE(!illegal);
    CHECK(illegal.error().kind == PositionRefusal::Kind::IllegalMove);
    CHECK(illegal.error().move == 3);
    CHECK(illegal.error().before == AfterE4E5);
    CHECK(engine.position().fen() == AfterE4E5);
}

TEST_CASE("Tablebases at the root: only the moves keeping the result are searched and every info shows the tables' value") {
    Recorder events;
    Engine engine(events);
    const auto lines = engine.load_tablebases(test_data("syzygy").string());
    REQUIRE(engine.tablebases() != nullptr);
    // K+Q v K, the lone king to move: lost by the tables, no mate in sight at depth 2.
    set(engine, "8/8/4k3/8/8/8/1Q6/K7 b - - 0 1");
    engine.go(depth(2));
    engine.wait();
    REQUIRE(events.tablebaseRoots.size() == 1);
    CHECK(events.tablebaseRoots[0].wdl == -2);
    CHECK(events.tablebaseRoots[0].of == MoveList<LEGAL>(engine.position()).size());
    REQUIRE(!events.scores.empty());
    for (int score : events.scores) CHECK(score == -VALUE_TB);

    // K+P v K, the defending king in front: drawn; searchmoves bound the choice.
    events = {};
    set(engine, "8/8/8/4k3/8/8/4P3/4K3 b - - 0 1");
    SearchLimits limits = depth(3);
    for (std::string_view m : {"e5e4", "e5d5"}) limits.searchmoves.push_back(parse_uci_move(engine.position(), m));
    engine.go(limits);
    engine.wait();
    REQUIRE(events.tablebaseRoots.size() == 1);
    CHECK(events.tablebaseRoots[0].wdl == 0);
    CHECK(events.tablebaseRoots[0].kept == 2);
    CHECK(events.tablebaseRoots[0].of == 2);
    REQUIRE(events.bestmoves.size() == 1);
    const std::string best = uci(events.bestmoves[0].best, engine);
    CHECK((best == "e5e4" || best == "e5d5"));
    for (int score : events.scores) CHECK(score == VALUE_DRAW);
}

TEST_CASE(
    "issue 65: a root in the tables shows their result in every info - a long loss too - and the clock's cursed wins and blessed "
    "losses on their own small scale") {
    Recorder events;
    Engine engine(events);
    engine.load_tablebases(test_data("syzygy").string());
    REQUIRE(engine.tablebases() != nullptr);
    const auto scores_of = [&](std::string_view fen) {
        events = {};
        set(engine, fen);
        engine.go(depth(4));
        engine.wait();
        REQUIRE(events.tablebaseRoots.size() == 1);
        REQUIRE(!events.scores.empty());
        return events.scores;
    };
    // K+B+N v K, the lone king to move: a loss over more than fifty plies to the next
    // capture, ranked below a sure loss for the longest resistance; once shown as
    // -141 cp, as if nearly level.
    for (int score : scores_of("4N3/8/5k2/8/8/8/2B5/1K6 b - - 0 1")) CHECK(score == -VALUE_TB);
    // K+R v K: the tables' win, and with 90 plies on the clock a win the fifty-move
    // rule spoils (a cursed win), shown above a draw and below a pawn's worth of a win.
    for (int score : scores_of("8/8/8/4k3/8/8/3K4/R7 w - - 0 1")) CHECK(score == VALUE_TB);
    for (int score : scores_of("8/8/8/4k3/8/8/3K4/R7 w - - 90 80")) {
        CHECK(score > VALUE_DRAW);
        CHECK(score <= 100);
    }
    // The lone king to move with 80 plies on the clock: the fifty-move draw is in
    // sight (a blessed loss), shown below a draw on the same small scale.
    for (int score : scores_of("8/8/8/4k3/8/8/3K4/R7 b - - 80 80")) {
        CHECK(score < VALUE_DRAW);
        CHECK(score >= -100);
    }
    CHECK(events.tablebaseRoots[0].wdl == -2); // the class is the tables' with a zero clock
}

TEST_CASE("perft counts Article 3's moves of the engine's position - whatever touch-move says") {
    Engine engine;
    set(engine, AfterE4E5);
    REQUIRE(engine.touch_event(TouchEvent{{SQ_E1}}).has_value());
    const auto counts = engine.perft(2, 0);
    REQUIRE(counts.has_value());
    std::uint64_t total = 0;
    for (const PerftSplit& s : counts->splits) total += s.nodes;
    CHECK(counts->splits.size() == 29); // every legal move, not only Ke2
    Position p = engine.position();
    CHECK(total == perft(p, 2));
}

TEST_CASE("issue 65: after a refused position perft never counts the position before it") {
    Engine engine;
    set(engine, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"); // Kiwipete: 48 moves
    const std::vector<std::string_view> none;
    // Unreachable (3.10.3), but a board all the same: perft counts its moves, Black's 20.
    REQUIRE(!engine.set_position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", none));
    const auto unreachable = engine.perft(1, 0);
    REQUIRE(unreachable.has_value());
    CHECK(unreachable->unreachable);
    CHECK(unreachable->splits.size() == 20);
    CHECK(unreachable->root.side_to_move() == BLACK);
    // No board at all (a FEN that does not parse, an illegal move): nothing to count.
    REQUIRE(!engine.set_position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", none));
    CHECK(engine.perft(1, 0).error().kind == PerftRefusal::Kind::RefusedPosition);
    const std::vector<std::string_view> illegal = {"e2e5"};
    REQUIRE(!engine.set_position(Position::StartFen, illegal));
    CHECK(engine.perft(1, 0).error().kind == PerftRefusal::Kind::RefusedPosition);
    // The game itself is still Kiwipete, and the next accepted position ends the refusal.
    CHECK(MoveList<LEGAL>(engine.position()).size() == 48);
    set(engine, Position::StartFen);
    const auto counted = engine.perft(1, 0);
    REQUIRE(counted.has_value());
    CHECK(!counted->unreachable);
    CHECK(counted->splits.size() == 20);
}

TEST_CASE("issue 65: flip's refusal names the mirror with KQkq castling in standard chess") {
    Engine engine;
    const auto flipped = engine.flip(); // the initial array, Black to move: unreachable
    REQUIRE(!flipped);
    CHECK(flipped.error().first == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
}

} // TEST_SUITE
