// What a `go` reports, as typed events: the front end (uci/) turns them into text,
// a test records them. The engine calls them from the search thread while a search
// runs and from the caller's thread otherwise, never two at once; none is on the
// search's hot path (a call per iteration or per root move at most).
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "board/position.h"
#include "laws/rules.h"
#include "search/shared.h"

namespace jadoube {

// The root is in the endgame tables: its class and DTZ, and how many of the moves
// the search was given keep that result (only those are searched).
struct TablebaseRoot {
    int wdl; // -2 loss, -1 blessed loss, 0 draw, 1 cursed win, 2 win (Syzygy's WDL)
    std::optional<int> dtz;
    std::size_t kept, of;
};

class EngineEvents {
public:
    // One completed iteration (or a MultiPV line) of the search of root; with the
    // root in the tables, the score is already the tables' (Engine::go).
    virtual void info(const SearchReport& report, const Position& root) = 0;
    virtual void currmove(int depth, Move move, int number, const Position& root) = 0;
    // Every go ends with exactly one: Move::none() when root has no legal move.
    virtual void bestmove(Move best, Move ponder, const Position& root) = 0;
    // The game ended by a rule that needs no claim (5.2.2, 9.6.1, 9.6.2), at the
    // root or at outcome.ply before it: the bestmove that follows is not searched
    // for a result.
    virtual void game_over(const laws::GameOutcome& outcome, const Position& root) = 0;
    virtual void tablebase_root(const TablebaseRoot& root) = 0;
    // The player to move may claim a draw at the root (state: 9.2 threefold or 9.3
    // fifty moves): the scores that follow are at least the claim's (Engine::go).
    virtual void draw_claimable(laws::GameState state, const Position& root) = 0;
    // A part of the request the engine left out, and why (the go still answers).
    virtual void ignored(const std::string& why) = 0;

protected:
    ~EngineEvents() = default;
};

// Events nobody reads: an engine driven only through its synchronous calls
// (Engine::think: bench, datagen).
class NoEvents final : public EngineEvents {
public:
    void info(const SearchReport&, const Position&) override {}
    void currmove(int, Move, int, const Position&) override {}
    void bestmove(Move, Move, const Position&) override {}
    void game_over(const laws::GameOutcome&, const Position&) override {}
    void tablebase_root(const TablebaseRoot&) override {}
    void draw_claimable(laws::GameState, const Position&) override {}
    void ignored(const std::string&) override {}
};

} // namespace jadoube
