// What the workers of one search pool share, and all a Worker sees of the pool:
// the stop and ponder flags, the search's limits, options, callbacks and time
// budget, the transposition table, and every worker's node counter. SearchPool
// (threads.h) owns one, fills it before each search and hands each Worker a
// reference, so the search does not depend on how the threads are run.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "eval/evaluate.h"
#include "search/limits.h"
#include "search/strength.h"
#include "search/timeman.h"
#include "search/tt.h"
#include "syzygy/tablebases.h"

namespace jadoube {

// Endgame tables in the search: WDL probes after a zeroing move, at nodes with at
// most probeLimit men and at least probeDepth plies left (fewer men than the
// tables' most: at any depth). Null: no tables.
struct TablebaseUse {
    const syzygy::Tablebases* tables = nullptr;
    int probeDepth = 1;
    int probeLimit = syzygy::MaxMen;
    bool fiftyMoveRule = true; // cursed wins and blessed losses are draws
};

struct SearchOptions {
    int multiPV = 1;
    int moveOverhead = 10;
    int slowMover = 100; // per cent of the planned time (timeman.h)
    int nodesTime = 0;   // nodes a millisecond of the clock is worth; 0 = the clock is time
    EvalSettings eval;         // which evaluation and net, chosen by the pool's owner
    strength::Limit strength; // full strength unless UCI_LimitStrength or Skill Level say otherwise
    TablebaseUse tablebases;
};

// One line of `info` as the search knows it; the UCI layer turns it into text.
struct SearchReport {
    int depth, seldepth, multipv;
    int score;
    Bound bound;
    std::uint64_t nodes;
    std::int64_t timeMs;
    int hashfull;
    const std::vector<Move>* pv;
    std::optional<std::uint64_t> tbhits; // with tables loaded
};

struct SearchCallbacks {
    std::function<void(const SearchReport&)> onIteration;
    std::function<void(int depth, Move move, int number)> onCurrmove;
    std::function<void(Move best, Move ponder)> onBestmove;
};

struct SearchShared {
    std::int64_t elapsed_ms() const {
        return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - limits.start).count();
    }
    // What the time budget is counted in: milliseconds, or nodes under `nodestime`.
    std::int64_t budget_spent() const { return budgetInNodes ? std::int64_t(nodes_searched()) : elapsed_ms(); }
    // All workers' nodes of the current search.
    std::uint64_t nodes_searched() const {
        std::uint64_t n = 0;
        for (const auto* c : nodeCounters) n += c->load(std::memory_order_relaxed);
        return n;
    }

    std::atomic<bool> stop{false};
    std::atomic<bool> ponder{false}; // `go ponder` until ponderhit: the clock does not run
    SearchLimits limits;
    SearchOptions options;
    SearchCallbacks callbacks;
    TimeBudget budget;
    bool budgetInNodes = false; // `nodestime`: the budget is in nodes (SearchPool::start)
    TranspositionTable tt;
    std::vector<const std::atomic<std::uint64_t>*> nodeCounters; // one per worker, in worker order
    std::atomic<std::uint64_t> tbHits{0};                        // table probes that answered, all workers
    std::optional<std::uint64_t> tbhits_report() const {
        if (!options.tablebases.tables) return std::nullopt;
        return tbHits.load(std::memory_order_relaxed);
    }
};

} // namespace jadoube
