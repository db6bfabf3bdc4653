// The Laws through the UCI front end: `position fen` refuses unreachable positions
// (3.10.3) with one error line and keeps the previous position; `rules` reports the
// game state with its article.
#include <doctest/doctest.h>

#include <string>

#include "support/lines.h"
#include "support/position.h"
#include "support/uci_session.h"

using namespace jadoube::test;

TEST_SUITE("uci") {

TEST_CASE("3.10.3 position fen refuses an unreachable position with one line and keeps the previous one") {
    Session s;
    s.send("position startpos moves e2e4");
    REQUIRE(s.fen() == AfterE4);
    const std::pair<const char*, const char*> cases[] = {
        {"position fen 4k3/8/8/8/8/P7/PPPPPPPP/4K3 b - - 0 1", "9 pawns"},
        {"position fen 4k3/8/8/8/8/8/8/4K2R w - - 200 100", "counts more half-moves than the 198"},
        {"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "no black pawn on e5"},
        {"position fen 8/8/8/8/8/3k4/4P3/4K3 b - - 0 1", "no last move of White"},
        {"position fen 8/8/8/3kK3/8/8/8/8 w - - 0 1", "adjacent"},
        {"position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1 moves e1e2", nullptr}, // accepted: the control
    };
    for (auto [line, reason] : cases) {
        CAPTURE(line);
        const std::string out = s.send(line);
        if (!reason) {
            CHECK(out.empty());
            s.send("position startpos moves e2e4");
            continue;
        }
        REQUIRE(split_lines(out).size() == 1);
        CHECK(out.starts_with("info string error: illegal position (3.10.3): "));
        CHECK(out.find(reason) != std::string::npos);
        CHECK(s.fen() == AfterE4);
    }
    // Malformed text is not a question of reachability.
    const std::string bad = s.send("position fen 4k3/8/8/8/8/8/8/4K3 w - - 0");
    CHECK(bad.starts_with("info string error: position: bad FEN"));
    CHECK(s.fen() == AfterE4);
}

TEST_CASE("3.10.3 position fen keeps a declared en passant square out of the key when no capture is legal") {
    Session s;
    CHECK(s.send("position fen 4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1").empty());
    CHECK(s.fen() == "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
}

TEST_CASE("rules reports ongoing games and checkmate with the article") {
    Session s;
    CHECK(
        s.send("rules")
        == "info string rules ongoing article - result * repetitions 1 halfmove-clock 0 white-can-mate yes black-can-mate yes\n");
    s.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    CHECK(s.send("rules") == "info string rules checkmate article 5.1.1 result 0-1 repetitions 1 halfmove-clock 1 white-can-mate no:forced-lines black-can-mate yes\n");
    CHECK(count_prefixed(s.send("rules now"), "info string error: ") == 1);
}

TEST_CASE("rules reports stalemate and dead positions") {
    Session s;
    s.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    CHECK(s.send("rules").starts_with("info string rules stalemate article 5.2.1 result 1/2-1/2"));
    s.send("position fen 4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1");
    CHECK(s.send("rules").starts_with("info string rules insufficient-material article 5.2.2 result 1/2-1/2"));
    s.send("position fen 8/8/4k3/1p1p1p1p/1P1P1P1P/8/4K3/8 w - - 0 1");
    CHECK(s.send("rules").starts_with("info string rules dead-position article 5.2.2 result 1/2-1/2"));
}

TEST_CASE("rules reports threefold and fivefold repetition and the move counts") {
    Session s;
    const std::string cycle = "g1f3 g8f6 f3g1 f6g8";
    s.send("position startpos moves" + repeat_moves(cycle, 2));
    CHECK(s.send("rules") == "info string rules threefold-claimable article 9.2 result * repetitions 3 halfmove-clock 8 white-can-mate yes black-can-mate yes\n");
    s.send("position startpos moves" + repeat_moves(cycle, 4));
    CHECK(s.send("rules") == "info string rules fivefold article 9.6.1 result 1/2-1/2 repetitions 5 halfmove-clock 16 white-can-mate yes black-can-mate yes\n");
    s.send("position fen 4k3/8/8/8/8/8/8/R3K3 w - - 99 80 moves a1a2");
    CHECK(s.send("rules").starts_with("info string rules fifty-claimable article 9.3 result *"));
    s.send("position fen 4k3/8/8/8/8/8/8/R3K3 w - - 149 80 moves a1a2");
    CHECK(s.send("rules").starts_with("info string rules seventyfive article 9.6.2 result 1/2-1/2"));
}

} // TEST_SUITE
