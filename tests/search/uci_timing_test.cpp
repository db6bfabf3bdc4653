// The promises a GUI relies on, checked on the real binary over a pipe: a prompt
// answer to `stop`, `movetime` kept, and exactly one bestmove per go.
#include <doctest/doctest.h>

#include <algorithm>
#include <thread>

#include "support/engine_process.h"

using namespace jadoube::test;
using namespace std::chrono_literals;

namespace {

std::int64_t ms_since(EngineProcess::Clock::time_point t) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(EngineProcess::Clock::now() - t).count();
}

void handshake(EngineProcess& e) {
    e.send("uci");
    REQUIRE(e.wait_for("uciok", 5s));
    e.send("isready");
    REQUIRE(e.wait_for("readyok", 5s));
}

} // namespace

TEST_SUITE("timing") {

// The engine reads the stop flag at every node, so its part of the latency is well
// under a millisecond; the rest is the host's scheduling, which on a shared two-core
// machine can stall any one round by tens of milliseconds (one such round measured
// 71 ms where the others took 0-5). So each thread count is measured over several
// rounds and the median is held to the bound: an engine that finished its iteration
// or its helpers' work before answering would miss it in every round.
TEST_CASE("go infinite then stop answers bestmove within 50 ms") {
    constexpr int Rounds = 5;
    EngineProcess e;
    handshake(e);
    for (const char* threads : {"1", "2"}) {
        e.send(std::string("setoption name Threads value ") + threads);
        std::vector<std::int64_t> latencies;
        for (int round = 0; round < Rounds; ++round) {
            e.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
            e.send("go infinite");
            // Nothing may arrive but info while the search runs on its own.
            std::vector<std::string> seen;
            CHECK_FALSE(e.wait_for("bestmove", round == 0 ? 500ms : 200ms, &seen));
            e.send("isready"); // answered mid-search, without stopping it
            REQUIRE(e.wait_for("readyok", 1s));
            const auto t0 = EngineProcess::Clock::now();
            e.send("stop");
            const auto best = e.wait_for("bestmove", 1s);
            latencies.push_back(ms_since(t0));
            REQUIRE(best);
        }
        std::ranges::sort(latencies);
        std::string all;
        for (const std::int64_t ms : latencies) all += " " + std::to_string(ms);
        MESSAGE("Threads " << std::string(threads) << ": stop -> bestmove in" << all << " ms");
        CHECK(latencies[Rounds / 2] <= 50);
    }
}

TEST_CASE("go movetime 1000 answers within 1000 ms plus Move Overhead") {
    EngineProcess e;
    handshake(e);
    e.send("setoption name Move Overhead value 100");
    e.send("position startpos moves e2e4 e7e5 g1f3");
    const auto t0 = EngineProcess::Clock::now();
    e.send("go movetime 1000");
    const auto best = e.wait_for("bestmove", 3s);
    const auto took = ms_since(t0);
    REQUIRE(best);
    MESSAGE("go movetime 1000 -> bestmove in " << took << " ms");
    CHECK(took <= 1100);
    CHECK(took >= 500); // it did use the time it was given
}

TEST_CASE("a clock of 50 ms still gets a legal answer in time") {
    EngineProcess e;
    handshake(e);
    e.send("position startpos");
    const auto t0 = EngineProcess::Clock::now();
    e.send("go wtime 50 btime 50");
    REQUIRE(e.wait_for("bestmove", 1s));
    CHECK(ms_since(t0) <= 50);
}

TEST_CASE("quit during a search ends the process with one bestmove") {
    EngineProcess e;
    handshake(e);
    e.send("go infinite");
    std::this_thread::sleep_for(100ms);
    e.send("quit");
    CHECK(e.wait_for("bestmove", 1s));
    CHECK(e.wait_exit(2s) == 0);
}

TEST_CASE("mated and stalemated roots answer bestmove 0000 at once with their score") {
    EngineProcess e;
    handshake(e);
    e.send("position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    e.send("go wtime 10000 btime 10000");
    std::vector<std::string> seen;
    REQUIRE(e.wait_for("bestmove", 200ms, &seen) == std::optional<std::string>("bestmove 0000"));
    CHECK(seen.front().find("score mate 0") != std::string::npos);
    e.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    e.send("go depth 10");
    seen.clear();
    REQUIRE(e.wait_for("bestmove", 200ms, &seen) == std::optional<std::string>("bestmove 0000"));
    CHECK(seen.front().find("score cp 0") != std::string::npos);
}

} // TEST_SUITE
