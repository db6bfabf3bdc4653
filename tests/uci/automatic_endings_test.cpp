// Automatic endings through UCI: reported, never enforced on the client. A game over
// by a rule that needs no claim (5.2.2 dead position, 9.6.1 fivefold, 9.6.2 seventy-
// five moves) makes `go` answer at once, without a search, with a draw score, the
// rule and a legal bestmove; moves played past such an ending are accepted, and
// `rules` names the ending and its ply. Only where no legal move exists (5.1.1
// checkmate, 5.2.1 stalemate) is a further move refused.
#include <doctest/doctest.h>

#include <string>

#include "notation/move_text.h"
#include "support/lines.h"
#include "support/position.h"
#include "support/uci_session.h"

using namespace jadoube;
using namespace jadoube::test;

namespace {

const std::string KnightCycle = "g1f3 g8f6 f3g1 f6g8";
// The start position a fifth time, after 16 plies.
const std::string Fivefold = "position startpos moves" + repeat_moves(KnightCycle, 4);
// A rook's move that brings the clock to 150.
constexpr const char* SeventyFive = "position fen 4k3/8/8/8/8/8/8/R3K3 w - - 149 80 moves a1a2";
constexpr const char* InsufficientMaterial = "position fen 4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1";
constexpr const char* PawnWall = "position fen 8/8/4k3/1p1p1p1p/1P1P1P1P/8/4K3/8 w - - 0 1";

// The answer to `go` at a root that is over: three lines, at once, no search.
void answered_at_once(Session& s, const std::string& go, const std::string& rule) {
    const std::string out = s.send(go); // no wait: the answer comes with the command
    const auto lines = split_lines(out);
    REQUIRE(lines.size() == 3);
    CHECK(lines[0] == "info depth 0 seldepth 0 multipv 1 score cp 0 nodes 0 nps 0 hashfull 0 time 0");
    CHECK(lines[1].starts_with("info string game over: " + rule));
    CHECK(lines[2].starts_with("bestmove "));
    CHECK(lines[2] != "bestmove 0000");
    CHECK(parse_uci_move(s.uci.position(), bestmove_of(out)));
}

} // namespace

TEST_SUITE("uci") {

TEST_CASE("9.6.1 fivefold root answers at once with a draw score - the rule and a legal move") {
    Session s;
    s.send(Fivefold);
    answered_at_once(s, "go depth 30", "fivefold (article 9.6.1): the same position has appeared at least five times");
    answered_at_once(s, "go wtime 60000 btime 60000", "fivefold (article 9.6.1)");
}

TEST_CASE("9.6.1 a game resent with other moves after a searched root still finds its ending before the root") {
    // The engine tests each position of a game once (those a go found free of endings
    // are not tested again), so a position command with the same start but other or
    // more moves must still be tested from where the games part: here the first eight
    // plies were searched, and the fifth occurrence comes later, before the root.
    Session s;
    s.send("position startpos moves" + repeat_moves(KnightCycle, 2));
    const std::string searched = s.send_wait("go depth 1");
    CHECK(searched.find("game over") == std::string::npos);
    s.send(Fivefold + " e2e4");
    answered_at_once(s, "go depth 30", "fivefold (article 9.6.1) at ply 16");
    // A new set-up starts the count again: the pawn wall is dead from its first position.
    s.send(std::string(PawnWall) + " moves e2d2 e6d6");
    answered_at_once(s, "go depth 30", "dead-position (article 5.2.2) at ply 0");
}

TEST_CASE("9.6.2 seventy-five-move root answers at once") {
    Session s;
    s.send(SeventyFive);
    answered_at_once(s, "go movetime 10000", "seventyfive (article 9.6.2)");
}

TEST_CASE("5.2.2 dead position root answers at once") {
    Session s;
    s.send(InsufficientMaterial);
    answered_at_once(s, "go depth 30", "insufficient-material (article 5.2.2)");
    s.send(PawnWall);
    answered_at_once(s, "go depth 30", "dead-position (article 5.2.2)");
}

TEST_CASE("9.6.1 a root past a fivefold answers at once and names the ply of the ending") {
    Session s;
    s.send(Fivefold + " e2e4");
    answered_at_once(s, "go depth 30", "fivefold (article 9.6.1) at ply 16:");
}

TEST_CASE("9.6.1 the move at an ended root keeps to searchmoves and touch-move") {
    Session s;
    s.send(Fivefold);
    CHECK(bestmove_of(s.send("go depth 30 searchmoves h2h3")) == "h2h3");
    s.send("touch g1");
    const std::string best = bestmove_of(s.send("go depth 30"));
    CHECK((best == "g1f3" || best == "g1h3"));
}

TEST_CASE("9.6.1 go infinite and go ponder at an ended root hold the bestmove until stop or ponderhit") {
    Session s;
    s.send(Fivefold);
    const std::string held = s.send("go infinite");
    CHECK(count_prefixed(held, "info string game over: fivefold") == 1);
    CHECK(count_prefixed(held, "bestmove ") == 0);
    CHECK(count_prefixed(s.send("stop"), "bestmove ") == 1);
    CHECK(count_prefixed(s.send("go ponder"), "bestmove ") == 0);
    CHECK(count_prefixed(s.send("ponderhit"), "bestmove ") == 1);
}

TEST_CASE("5.1.1 5.2.1 a mated or stalemated root still answers mate 0 or cp 0 and bestmove 0000") {
    Session s;
    s.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    const auto mated = split_lines(s.send_wait("go depth 5"));
    CHECK(mated.front().find(" score mate 0 ") != std::string::npos);
    CHECK(mated.back() == "bestmove 0000");
    s.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    CHECK(split_lines(s.send_wait("go depth 5")).back() == "bestmove 0000");
}

TEST_CASE("9.6.1 moves past a fivefold are accepted and rules reports the ending and its ply") {
    Session s;
    CHECK(s.send(Fivefold + " e2e4 e7e5") == "");
    CHECK(s.uci.position().game_ply() == 18);
    CHECK(s.send("rules")
          == "info string rules fivefold article 9.6.1 result 1/2-1/2 repetitions 1 halfmove-clock 0 ended-at-ply 16 white-can-mate yes black-can-mate yes\n");
    // At the ending itself the line is as it always was.
    s.send(Fivefold);
    CHECK(s.send("rules") == "info string rules fivefold article 9.6.1 result 1/2-1/2 repetitions 5 halfmove-clock 16 white-can-mate yes black-can-mate yes\n");
}

TEST_CASE("9.6.2 moves past seventy-five moves are accepted and rules reports the ending and its ply") {
    Session s;
    CHECK(s.send(std::string(SeventyFive) + " e8d8 a2a1") == "");
    CHECK(s.send("rules")
          == "info string rules seventyfive article 9.6.2 result 1/2-1/2 repetitions 1 halfmove-clock 152 ended-at-ply 159 white-can-mate yes black-can-mate no:material\n");
    // A FEN whose clock is past 150 is accepted; the ending came before it, at the ply the clock says.
    CHECK(s.send("position fen 4k3/8/8/8/8/8/8/R3K3 w - - 200 120") == "");
    CHECK(s.send("rules").find(" halfmove-clock 200 ended-at-ply 188 ") != std::string::npos);
}

TEST_CASE("9.6.2 a mate after the 150th half-move comes too late: the game ended at 150") {
    Session s;
    s.send("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 150 80 moves a1a8");
    CHECK(s.send("rules").starts_with("info string rules seventyfive article 9.6.2 result 1/2-1/2 "));
    // ... while a mate on the 150th half-move itself stands (5.1.1 before 9.6.2).
    s.send("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 149 80 moves a1a8");
    CHECK(s.send("rules").starts_with("info string rules checkmate article 5.1.1 result 1-0 "));
}

TEST_CASE("5.2.2 moves past a dead position are accepted and rules reports it") {
    Session s;
    CHECK(s.send(std::string(InsufficientMaterial) + " moves e1e2 e8e7") == "");
    CHECK(s.send("rules").find(" ended-at-ply 0 ") != std::string::npos);
    CHECK(s.send("rules").starts_with("info string rules insufficient-material article 5.2.2 result 1/2-1/2 "));
}

TEST_CASE("5.1.1 5.2.1 a move after checkmate or stalemate is refused - naming the ending") {
    Session s;
    s.send("position startpos moves e2e4");
    const std::string mate = s.send("position startpos moves f2f3 e7e5 g2g4 d8h4 a2a3");
    CHECK(mate.starts_with("info string error: position: move 5 'a2a3' is not legal in "));
    CHECK(mate.find("the game ended there by checkmate (5.1.1); position unchanged") != std::string::npos);
    const std::string stale = s.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1 moves h8h7");
    CHECK(stale.find("the game ended there by stalemate (5.2.1)") != std::string::npos);
    CHECK(s.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

} // TEST_SUITE
