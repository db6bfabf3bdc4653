// Playing below full strength (UCI_LimitStrength, UCI_Elo, Skill Level): the fit is
// monotone, the soft-max choice follows its probabilities, and a weakened engine
// still answers every go with one legal bestmove inside its node budget.
#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <set>
#include <string>

#include "search/strength.h"
#include "support/lines.h"
#include "support/uci_session.h"

using namespace jadoube;
using namespace jadoube::test;

namespace {

// The last `nodes N` an info line reported.
std::uint64_t last_nodes(const std::string& output) {
    std::uint64_t nodes = 0;
    for (const std::string& line : split_lines(output))
        if (const auto at = line.find(" nodes "); line.starts_with("info ") && at != std::string::npos)
            nodes = std::stoull(line.substr(at + 7));
    return nodes;
}

std::string bestmove(const std::string& output) {
    for (const std::string& line : split_lines(output))
        if (line.starts_with("bestmove ")) return line.substr(9, line.find(' ', 9) - 9);
    return "";
}

} // namespace

TEST_SUITE("search") {

TEST_CASE("strength: more Elo buys more nodes and less noise and Skill Level 20 is full strength") {
    strength::Limit prev = strength::for_elo(strength::MinElo);
    CHECK(prev.active());
    for (int elo = strength::MinElo + 100; elo <= strength::MaxElo; elo += 100) {
        const strength::Limit l = strength::for_elo(elo);
        CAPTURE(elo);
        CHECK(l.nodes > prev.nodes);
        CHECK(l.temperature < prev.temperature);
        prev = l;
    }
    CHECK(strength::for_elo(strength::MaxElo + 500).nodes == strength::for_elo(strength::MaxElo).nodes);
    CHECK_FALSE(strength::for_skill(strength::MaxSkill).active());
    CHECK(strength::for_skill(0).nodes == strength::for_elo(strength::MinElo).nodes);
    CHECK(strength::for_skill(strength::MaxSkill - 1).nodes == strength::for_elo(strength::MaxElo).nodes);
}

TEST_CASE("strength: the soft-max choice picks each move with probability exp(-gap / T)") {
    constexpr double T = 50;
    const std::array<int, 4> scores = {30, 30 - int(T), 30 - int(2 * T), -3000}; // the last: a blunder
    SplitMix64 rng{20261123};
    std::array<int, 4> picks{};
    constexpr int Draws = 200000;
    for (int i = 0; i < Draws; ++i) ++picks[strength::choose(scores, T, rng)];
    const double total = 1 + std::exp(-1.0) + std::exp(-2.0) + std::exp(-double(strength::MaxScoreGap) / T);
    for (std::size_t i = 0; i < 3; ++i) {
        CAPTURE(i);
        CHECK(double(picks[i]) / Draws == doctest::Approx(std::exp(-double(i)) / total).epsilon(0.02));
    }
    CHECK(picks[3] == 0);
    CHECK(strength::choose(scores, 0, rng) == 0); // no temperature: always the best
}

TEST_CASE("strength: a weakened search stays near its node budget and varies its choice") {
    Session s;
    s.send("setoption name UCI_LimitStrength value true");
    s.send("setoption name UCI_Elo value " + std::to_string(strength::MinElo));
    s.send("position startpos");
    std::set<std::string> played;
    for (int i = 0; i < 30; ++i) {
        const std::string out = s.send_wait("go depth 40");
        CHECK(count_prefixed(out, "bestmove ") == 1);
        // The budget is checked after the first iteration, which may exceed it.
        CHECK(last_nodes(out) < 2000);
        played.insert(bestmove(out));
    }
    // At MinElo the choice is made at TemperatureAtMinElo, 47 centipawns, among four
    // candidate lines that lie within a few dozen centipawns here. Were only the second
    // within 30, one move would still come with probability at most
    // 1 / (1 + e^(-30/47)) = 0.65 a search: thirty alike at odds of 1 in 400,000.
    CHECK(played.size() >= 2);
}

TEST_CASE("strength: at full strength the same search gives the same move") {
    Session s;
    s.send("position startpos");
    const std::string first = bestmove(s.send_wait("go depth 6"));
    s.send("setoption name Skill Level value 20");
    for (int i = 0; i < 3; ++i) {
        s.send("ucinewgame");
        CHECK(bestmove(s.send_wait("go depth 6")) == first);
    }
}

} // TEST_SUITE
