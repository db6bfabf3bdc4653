// The search threads. A controller std::thread owns the search so that the UCI loop
// keeps reading; inside it a tbb::task_arena sized to `Threads` runs the helper
// workers as TBB tasks while the main worker runs in the controller itself, so the
// main worker (which keeps time and reports) never waits for a task slot.
#pragma once

#include <atomic>
#include <condition_variable>
#include <expected>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "search/search.h"

namespace jadoube {

struct SearchOptions {
    int multiPV = 1;
    int moveOverhead = 10;
    EvalSettings eval; // which evaluation and net, chosen by the pool's owner
};

class SearchPool {
public:
    SearchPool();
    ~SearchPool();

    // Waits for a running search first. A count the machine cannot hold (memory for
    // the workers, room for the threads) is refused and the old workers stay.
    std::expected<void, std::string> set_threads(int n);
    int threads() const { return int(workers_.size()); }
    void clear(); // ucinewgame: hash and histories
    TranspositionTable& tt() { return tt_; }

    // Starts searching pos and returns at once; callbacks run on the search thread.
    void start(const Position& pos, const SearchLimits& limits, const SearchOptions& options, SearchCallbacks callbacks);
    void stop() { stop_.store(true, std::memory_order_relaxed); ponder_.store(false); }
    void ponderhit() { ponder_.store(false); }
    void wait(); // until the bestmove has been sent
    bool searching() const { return controller_.joinable() && !finished_.load(); }

    // Used by the workers.
    std::atomic<bool>& stop_flag() { return stop_; }
    bool pondering() const { return ponder_.load(std::memory_order_relaxed); }
    const SearchLimits& limits() const { return limits_; }
    const SearchOptions& options() const { return options_; }
    const SearchCallbacks& callbacks() const { return callbacks_; }
    const TimeBudget& budget() const { return budget_; }
    std::int64_t elapsed_ms() const;
    std::uint64_t nodes_searched() const;

private:
    void run();
    const Worker& pick_best_worker() const;

    std::vector<std::unique_ptr<Worker>> workers_;
    TranspositionTable tt_;
    std::thread controller_;
    std::atomic<bool> stop_{false}, ponder_{false}, finished_{true};
    std::atomic<std::uint64_t> helpersDone_{0}; // helper tasks finished, ever; see HelperTask
    SearchLimits limits_;
    SearchOptions options_;
    SearchCallbacks callbacks_;
    TimeBudget budget_;
};

} // namespace jadoube
