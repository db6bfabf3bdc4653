// SyzygyPath at the UCI: the tables load with a summary line (a bad directory is
// an error line), at the root only the moves that keep the tables' result are
// searched, so a won ending is never given away for a draw, and the search probes
// the tables it reaches by captures (tbhits, scores shown as Stockfish shows them).
#include <doctest/doctest.h>

#include <string>

#include "search/search.h"
#include "support/files.h"
#include "support/uci_session.h"

using namespace jadoube;
using namespace jadoube::test;

namespace {

// White to move; exactly one move keeps the win (python-chess on these tables).
constexpr std::pair<const char*, const char*> OnlyWinningMove[] = {
    {"8/8/4p1k1/8/8/P7/8/4K3 w - - 0 1", "a3a4"}, {"8/8/8/3P2K1/1k1p4/8/8/8 w - - 0 1", "d5d6"},
    {"8/2K5/8/8/8/5P2/4k3/8 w - - 0 1", "f3f4"},  {"8/5P2/8/8/4k3/8/1p6/3K4 w - - 0 1", "d1c2"},
    {"8/5k2/7B/5P2/8/K7/8/8 w - - 0 1", "h6g5"},  {"8/8/1k2P3/8/8/6p1/8/5K2 w - - 0 1", "e6e7"},
    {"8/8/8/1K2P2B/5k2/8/8/8 w - - 0 1", "e5e6"}, {"k7/8/1R6/8/8/8/p7/4K3 w - - 0 1", "b6a6"},
    {"8/8/2P4K/1k6/8/6B1/8/8 w - - 0 1", "c6c7"}, {"8/8/7K/8/2R5/k7/2p5/8 w - - 0 1", "c4c2"},
};

} // namespace

TEST_SUITE("uci") {

TEST_CASE("SyzygyPath: the tables load with a summary and a missing directory is an error line") {
    Session s;
    const std::string loaded = s.send("setoption name SyzygyPath value " + test_data("syzygy").string());
    CHECK(loaded.find("info string Syzygy: 39 WDL and 39 DTZ tables from 1 directory, up to 5 men") != std::string::npos);
    CHECK(count_prefixed(loaded, "info string error: ") == 0);
    const std::string missing = s.send("setoption name SyzygyPath value /nonexistent-jadoube-dir");
    CHECK(count_prefixed(missing, "info string error: SyzygyPath: /nonexistent-jadoube-dir") == 1);
    CHECK(missing.find("info string Syzygy: 0 WDL") != std::string::npos);
}

TEST_CASE("SyzygyPath: at the root only the moves that keep the win are searched") {
    Session s;
    s.send("setoption name SyzygyPath value " + test_data("syzygy").string());
    for (const auto& [fen, win] : OnlyWinningMove) {
        REQUIRE(s.send(std::string("position fen ") + fen) == "");
        const std::string out = s.send_wait("go depth 1");
        CHECK_MESSAGE(bestmove_of(out) == win, fen);
        CHECK_MESSAGE(out.find("info string tablebase win dtz ") != std::string::npos, out);
        CHECK_MESSAGE(out.find(", moves keeping it: 1 of ") != std::string::npos, out);
    }
}

TEST_CASE("SyzygyPath: a drawn ending is kept drawn and searchmoves still bound the choice") {
    Session s;
    s.send("setoption name SyzygyPath value " + test_data("syzygy").string());
    // K+P v K with the defending king in front: draw; only king moves that keep the
    // opposition hold it, and searchmoves keeps the search to its own list.
    s.send("position fen 8/8/8/4k3/8/8/4P3/4K3 b - - 0 1");
    const std::string out = s.send_wait("go depth 3 searchmoves e5e4 e5d5 a8a8");
    CHECK(out.find("info string tablebase draw") != std::string::npos);
    CHECK(out.find("moves keeping it: 2 of 2") != std::string::npos);
    const std::string best = bestmove_of(out);
    CHECK((best == "e5e4" || best == "e5d5"));
}

TEST_CASE("SyzygyProbeLimit: a 5-man root reaches the 4-man tables by captures and tbhits count the probes") {
    // K+Q+R v K+R, the rook en prise: the search sees K+Q+R v K and K+Q v K+R won
    // by the tables and shows the win as a large centipawn score, never a mate.
    constexpr const char* Fen = "7r/8/4k3/8/8/8/1Q1R4/K7 w - - 0 1";
    Session s;
    s.send(std::string("position fen ") + Fen);
    const std::string without = last_prefixed(s.send_wait("go depth 6"), "info depth 6 ");
    REQUIRE(without != "");
    CHECK(without.find(" tbhits ") == std::string::npos); // no tables: no field

    s.send("setoption name SyzygyPath value " + test_data("syzygy").string());
    s.send(std::string("position fen ") + Fen);
    const std::string last = last_prefixed(s.send_wait("go depth 8"), "info depth 8 ");
    REQUIRE(last != "");
    CHECK_MESSAGE(field_after(last, "tbhits").value_or(0) > 0, last);
    CHECK_MESSAGE(field_after(last, "cp").value_or(0) >= VALUE_TB_WIN_IN_MAX_PLY, last);

    s.send("setoption name SyzygyProbeLimit value 0");
    const std::string off = last_prefixed(s.send_wait("go depth 8"), "info depth 8 ");
    CHECK_MESSAGE(field_after(off, "tbhits") == 0, off);
    CHECK_MESSAGE(field_after(off, "cp").value_or(VALUE_TB) < VALUE_TB_WIN_IN_MAX_PLY, off);
}

TEST_CASE("SyzygyPath: a root in the tables shows their value as centipawns until the search sees a mate") {
    Session s;
    s.send("setoption name SyzygyPath value " + test_data("syzygy").string());
    // K+Q v K, the losing side to move: at depth 2 no mate is in sight, the tables know.
    s.send("position fen 8/8/4k3/8/8/8/1Q6/K7 b - - 0 1");
    const std::string out = s.send_wait("go depth 2");
    for (const std::string& l : split_lines(out))
        if (l.starts_with("info depth ")) CHECK_MESSAGE(field_after(l, "cp") == -VALUE_TB, l);
    // One move from mate: the search's mate is shown, not the tables' value.
    s.send("position fen 7k/8/6K1/8/8/8/8/1Q6 w - - 0 1");
    CHECK(last_prefixed(s.send_wait("go depth 4"), "info depth 4 ").find(" score mate 1 ") != std::string::npos);
}

TEST_CASE("5.2.2 rules: a tablebase draw is not a dead position and the tables' value is said beside the state") {
    Session s;
    s.send("position fen 8/8/4k3/8/8/8/1Q6/K7 b - - 0 1");
    CHECK(s.send("rules").find(" tablebase ") == std::string::npos); // no tables, no value

    s.send("setoption name SyzygyPath value " + test_data("syzygy").string());
    // K+Q v K, the lone king to move: lost, 20 plies to the capture or mate.
    CHECK(s.send("rules")
          == "info string rules ongoing article - result * repetitions 1 halfmove-clock 0 tablebase loss dtz -20 white-can-mate yes black-can-mate no:material\n");
    // K+R v K+R: drawn with best play, yet mate is still possible: ongoing, not dead.
    s.send("position fen 8/8/3k4/3r4/8/3R4/3K4/8 w - - 0 1");
    CHECK(s.send("rules")
          == "info string rules ongoing article - result * repetitions 1 halfmove-clock 0 tablebase draw dtz 0 white-can-mate yes black-can-mate yes\n");
    // K+B v K is dead (5.2.2) and the game is over: the tables have nothing to add.
    s.send("position fen 8/8/3k4/8/8/3B4/3K4/8 w - - 0 1");
    const std::string dead = s.send("rules");
    CHECK(dead.starts_with("info string rules insufficient-material article 5.2.2 "));
    CHECK(dead.find(" tablebase ") == std::string::npos);
}

} // TEST_SUITE
