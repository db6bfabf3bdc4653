// bench through the engine (src/engine/bench.h): a typed result, the same count
// however often it runs, and the text both front ends print (uci/bench_text.h).
#include <doctest/doctest.h>

#include <iterator>
#include <numeric>
#include <string>

#include "engine/bench.h"
#include "support/lines.h"
#include "uci/bench_text.h"

using namespace jadoube;
using namespace jadoube::test;

TEST_SUITE("engine") {

TEST_CASE("bench returns each position's nodes - their sum - and the same count on a second run") {
    BenchConfig config;
    config.depth = 2;
    std::size_t reported = 0;
    const auto first = run_bench(config, [&](std::size_t i, std::uint64_t) { CHECK(i == reported++); });
    REQUIRE(first.has_value());
    CHECK(reported == std::size(BenchPositions));
    CHECK(first->nodes.size() == std::size(BenchPositions));
    CHECK(first->total == std::accumulate(first->nodes.begin(), first->nodes.end(), std::uint64_t(0)));
    CHECK(first->total > 0);
    const auto second = run_bench(config);
    REQUIRE(second.has_value());
    CHECK(second->nodes == first->nodes); // nothing searched before counts
}

TEST_CASE("bench's text ends with the line OpenBench's older parser reads: N nodes M nps") {
    BenchResult r;
    r.nodes = {3, 4};
    r.total = 7, r.ms = 2, r.nps = 3500;
    const std::vector<std::string> lines = split_lines(bench_summary(r));
    REQUIRE(lines.size() >= 4);
    CHECK(lines[lines.size() - 4] == "Total time (ms) : 2"); // Stockfish's layout first
    CHECK(lines[lines.size() - 3] == "Nodes searched  : 7");
    CHECK(lines[lines.size() - 2] == "Nodes/second    : 3500");
    CHECK(lines.back() == "7 nodes 3500 nps");
    // With several threads the thread lines come before it, and it stays last.
    r.threads = 2, r.byThread = {5, 2}, r.mainCompleted = 1;
    CHECK(split_lines(bench_summary(r)).back() == "7 nodes 3500 nps");
}

TEST_CASE("bench refuses a depth or thread count it cannot run") {
    BenchConfig config;
    config.depth = 0;
    CHECK(!run_bench(config).has_value());
    config.depth = 1, config.threads = 0;
    CHECK(!run_bench(config).has_value());
}

} // TEST_SUITE
