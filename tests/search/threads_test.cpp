// The search pool's threads: the arena that runs the helpers is made when the thread
// count is set and kept between searches (src/search/threads.h), so every search after
// every resize must still have all its workers searching.
#include <doctest/doctest.h>

#include <chrono>
#include <string>
#include <thread>

#include "search/threads.h"
#include "support/position.h"

using namespace jadoube;
using namespace jadoube::test;

TEST_SUITE("search") {

TEST_CASE("every worker searches in every search - through resizes of the pool") {
    const Position pos = from_fen(Position::StartFen);
    SearchLimits infinite;
    infinite.infinite = true;
    // Enough nodes for a search that has properly begun (a fifth of a second for the
    // main worker alone in a release build, seconds under the sanitizers); and then
    // the wait goes on until every worker has searched, up to a minute: on a loaded
    // machine, or one core, a helper may be scheduled only after the main worker has
    // counted all of them. A helper that never starts still fails the test.
    constexpr std::uint64_t Enough = 500'000;
    constexpr int MaxWaitMs = 60'000;
    SearchPool pool;
    // The first arena, a larger one, none, a new one, and a second search on it.
    for (const int threads : {2, 4, 1, 3, 3}) {
        CAPTURE(threads);
        if (pool.tally().size() != std::size_t(threads)) REQUIRE(pool.set_threads(threads));
        int bestmoves = 0;
        SearchCallbacks callbacks;
        callbacks.onBestmove = [&](Move best, Move) { bestmoves += best != Move::none(); };
        pool.start(pos, infinite, SearchOptions{}, callbacks);
        for (int waited = 0; (pool.nodes_searched() < Enough || !pool.every_worker_searched()) && waited < MaxWaitMs; ++waited)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        pool.stop();
        pool.wait();
        CHECK(bestmoves == 1);
        const auto tally = pool.tally();
        REQUIRE(tally.size() == std::size_t(threads));
        for (std::size_t t = 0; t < tally.size(); ++t) {
            CAPTURE(t);
            CHECK(tally[t].nodes > 0);
        }
    }
}

} // TEST_SUITE
