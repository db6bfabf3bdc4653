// How much of the clock a search plans to use: `Slow Mover` scales the plan, and
// `nodestime` counts the clock in nodes, on a clock the engine keeps itself.
#include <doctest/doctest.h>

#include <chrono>
#include <string>
#include <thread>

#include "search/params.h"
#include "search/threads.h"
#include "search/timeman.h"
#include "support/lines.h"
#include "support/position.h"
#include "support/uci_session.h"

using namespace jadoube;
using namespace jadoube::test;

namespace {

SearchLimits clock_of(std::int64_t ms, std::int64_t inc = 0) {
    SearchLimits l;
    l.time[WHITE] = l.time[BLACK] = ms;
    l.inc[WHITE] = l.inc[BLACK] = inc;
    return l;
}

// The nodes the last search reported (its final info line) and its bestmove line.
struct Answer {
    long long nodes = -1;
    std::string bestmove;
};

Answer answer_of(const std::string& out) {
    Answer a;
    if (const auto n = field_after(last_prefixed(out, "info depth"), "nodes")) a.nodes = *n;
    a.bestmove = last_prefixed(out, "bestmove");
    return a;
}

// A whole search may pass its hard limit by the nodes between two looks at the clock.
constexpr long long CheckSlack = static_cast<long long>(params::TimeCheckNodes);

} // namespace

TEST_SUITE("search") {

TEST_CASE("Slow Mover scales both limits - per cent - and never past what the clock holds") {
    const SearchLimits l = clock_of(60000, 500);
    const TimeBudget normal = plan_time(l, WHITE, 10, 20, 100);
    CHECK(plan_time(l, WHITE, 10, 20) == normal); // 100 is the default
    const TimeBudget half = plan_time(l, WHITE, 10, 20, 50);
    CHECK(half.soft == normal.soft * 50 / 100);
    CHECK(half.hard == normal.hard * 50 / 100);
    const TimeBudget twice = plan_time(l, WHITE, 10, 20, 200);
    CHECK(twice.soft == normal.soft * 2);
    CHECK(twice.hard == normal.hard * 2);
    const TimeBudget most = plan_time(clock_of(1000), WHITE, 10, 20, 1000);
    CHECK(most.hard < 1000); // the reserve and the overhead stay kept back
    CHECK(most.soft <= most.hard);
    // A fixed movetime is not planned, so not scaled.
    SearchLimits fixed;
    fixed.movetime = 300;
    CHECK(plan_time(fixed, WHITE, 10, 20, 300) == plan_time(fixed, WHITE, 10, 20, 100));
}

TEST_CASE("nodestime: a millisecond is worth that many nodes - on a clock the engine keeps from the first timed move") {
    Session s;
    REQUIRE(s.errors("setoption name nodestime value 10") == 0);
    s.send("position startpos");
    // 1000 ms on the clock are a budget of 10,000 nodes, whatever the machine's speed.
    const Answer first = answer_of(s.send_wait("go wtime 1000 btime 1000"));
    REQUIRE(first.nodes > 0);
    CHECK(first.nodes <= 10000 + CheckSlack);
    CHECK(first.bestmove.starts_with("bestmove "));
    // The GUI now shows a minute, but the engine's clock holds what is left of its
    // 10,000 nodes: a search planned on the GUI's minute would take millions.
    s.send("position startpos moves e2e4 e7e5");
    const Answer second = answer_of(s.send_wait("go wtime 60000 btime 60000"));
    CHECK(second.nodes > 0);
    CHECK(first.nodes + second.nodes <= 10000 + 2 * CheckSlack);
    // ucinewgame starts the clock again from the GUI's.
    s.send("ucinewgame");
    s.send("position startpos");
    const Answer fresh = answer_of(s.send_wait("go wtime 3000 btime 3000"));
    CHECK(fresh.nodes > 0);
    CHECK(fresh.nodes <= 30000 + CheckSlack);
}

TEST_CASE("nodestime: one thread plays the same game whatever the machine's load") {
    auto play = [] {
        Session s;
        s.send("setoption name nodestime value 20");
        std::string moves, record;
        for (int ply = 0; ply < 6; ++ply) {
            s.send("position startpos" + (moves.empty() ? std::string() : " moves" + moves));
            const Answer a = answer_of(s.send_wait("go wtime 2000 btime 2000 winc 20 binc 20"));
            record += a.bestmove + " (" + std::to_string(a.nodes) + " nodes)\n";
            const std::string best = a.bestmove.substr(9, a.bestmove.find(' ', 9) - 9);
            moves += " " + best;
        }
        return record;
    };
    const std::string once = play();
    CHECK(once.find("bestmove 0000") == std::string::npos);
    CHECK(play() == once);
}

TEST_CASE("nodestime: pondering is on the opponent's clock and ours runs from ponderhit") {
    SearchPool pool;
    SearchOptions options;
    options.nodesTime = 100; // 1000 ms: a clock of 100,000 nodes
    const Position pos = from_fen(Position::StartFen);
    SearchLimits ponder = clock_of(1000);
    ponder.ponder = true;
    // Ponders until it has searched more than our whole clock, however fast the build.
    auto ponder_past_the_clock = [&] {
        pool.start(pos, ponder, options, {});
        for (int waited = 0; pool.nodes_searched() <= 100000 && waited < 60000; ++waited)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        REQUIRE(pool.nodes_searched() > 100000);
    };
    // A ponder miss (stop): nothing charged, nothing credited.
    ponder_past_the_clock();
    pool.stop();
    pool.wait();
    CHECK(pool.node_clock() == 100000);
    // A ponder hit: only what the search spends after it is charged; the pondering has
    // already spent the move's budget, so it stops at its next look at the clock.
    ponder_past_the_clock();
    pool.ponderhit();
    pool.wait();
    CHECK(pool.node_clock() <= 100000);
    CHECK(pool.node_clock() >= 100000 - 2 * CheckSlack);
}

} // TEST_SUITE
