// SyzygyPath at the UCI: the tables load with a summary line (a bad directory is
// an error line), and at the root only the moves that keep the tables' result are
// searched, so a won ending is never given away for a draw.
#include <doctest/doctest.h>

#include <string>

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

TEST_CASE("SyzygyPath: the tables load with a summary; a missing directory is an error line") {
    Session s;
    const std::string loaded = s.send("setoption name SyzygyPath value " + test_data("syzygy").string());
    CHECK(loaded.find("info string Syzygy: 35 WDL and 35 DTZ tables from 1 directories, up to 4 men") != std::string::npos);
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

} // TEST_SUITE
