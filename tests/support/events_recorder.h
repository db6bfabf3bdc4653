// The engine's events kept as data, for tests that call the engine directly.
#pragma once

#include <string>
#include <vector>

#include "engine/events.h"

namespace jadoube::test {

struct Recorder final : EngineEvents {
    struct Best {
        Move best, ponder;
    };
    std::vector<int> scores; // each info's score, in order
    std::vector<Best> bestmoves;
    std::vector<laws::GameOutcome> endings;
    std::vector<TablebaseRoot> tablebaseRoots;
    std::vector<std::string> ignoredWhy;
    std::vector<laws::GameState> claims;

    void info(const SearchReport& r, const Position&) override { scores.push_back(r.score); }
    void currmove(int, Move, int, const Position&) override {}
    void bestmove(Move best, Move ponder, const Position&) override { bestmoves.push_back({best, ponder}); }
    void game_over(const laws::GameOutcome& o, const Position&) override { endings.push_back(o); }
    void tablebase_root(const TablebaseRoot& r) override { tablebaseRoots.push_back(r); }
    void draw_claimable(laws::GameState s, const Position&) override { claims.push_back(s); }
    void ignored(const std::string& why) override { ignoredWhy.push_back(why); }
};

} // namespace jadoube::test
