// The suite's game driver (support/uci_match.h), the referee scripts/cross trusts
// with the Windows build: two engine processes play whole games at 1+0.01 as a
// match runner has them play, and every move and ending is checked by the Laws.
#include <doctest/doctest.h>

#include <array>
#include <sstream>

#include "support/files.h"
#include "support/uci_match.h"

using namespace jadoube::test;

TEST_SUITE("clients") {

TEST_CASE("the game driver plays the engine against itself at 1+0.01: every game ends by the Laws - no fault") {
    // What is tested is the driver, not the engine's clock: Move Overhead and the
    // referee's margin leave room for a sanitizer build on a busy machine (the debug
    // build once went 111 ms over its clock with a 100 ms margin).
    const EngineCommand engine{"jadoube", JADOUBE_BINARY, {}, {{"Hash", "16"}, {"Threads", "1"}, {"Move Overhead", "200"}}};
    const auto openings = read_openings(source_path("../bench/books/standard.epd").string(), 1);
    REQUIRE(openings.size() == 1);
    std::ostringstream log;
    const MatchResult r = play_match({engine, engine}, openings, TimeControl{1000, 10, 1000}, log);
    MESSAGE(log.str());
    REQUIRE(r.games.size() == 2);
    CHECK(r.fault_count() == 0);
    CHECK(r.wins[0] + r.wins[1] + r.draws == 2);
    CHECK(r.clocks[0].moves + r.clocks[1].moves == int(r.games[0].moves.size() + r.games[1].moves.size()));
    for (const GameRecord& g : r.games) {
        CHECK(g.fault == Fault::None);
        CHECK(!g.moves.empty());
        CHECK((g.result == "1-0" || g.result == "0-1" || g.result == "1/2-1/2"));
    }
}

namespace {
// Answers the handshake and isready, and never a bestmove: a hung engine.
const EngineCommand Hung{"hung",
                         "sh",
                         {"-c", "while read -r line; do case $line in uci) echo uciok;; isready) echo readyok;; esac; done"},
                         {}};
} // namespace

TEST_CASE("the game driver counts an engine that never answers go as a fault - and the game as lost") {
    const EngineCommand engine{"jadoube", JADOUBE_BINARY, {}, {}};
    UciPlayer white(engine), black(Hung);
    REQUIRE(white.start());
    REQUIRE(black.start());
    const GameRecord g = play_uci_game({&white, &black}, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                                       TimeControl{300, 0, 50});
    CHECK(g.fault == Fault::Crash);
    CHECK(g.faultBy == 1);
    CHECK(g.result == "1-0");
    CHECK(g.moves.size() == 1); // White's first move, then Black's silence
    CHECK(white.quit() == 0);
}

TEST_CASE("the game driver charges each fault to the engine that made it - with either colour") {
    const EngineCommand engine{"jadoube", JADOUBE_BINARY, {}, {}};
    const auto openings = read_openings(source_path("../bench/books/standard.epd").string(), 1);
    std::ostringstream log;
    const MatchResult r = play_match({engine, Hung}, openings, TimeControl{300, 0, 50}, log);
    MESSAGE(log.str());
    REQUIRE(r.games.size() == 2);
    CHECK(r.wins[0] == 2);
    CHECK(r.faults[1][std::size_t(Fault::Crash)] == 2);
    CHECK(r.faults[0] == std::array<int, 4>{});
}

} // TEST_SUITE
