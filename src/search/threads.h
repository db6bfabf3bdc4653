// The search threads. A controller std::thread, started with the pool and woken for
// each search, owns the search so that the UCI loop keeps reading; inside it a
// tbb::task_arena sized to `Threads` (made by set_threads, kept between searches)
// runs the helper workers as TBB tasks while the main worker runs in the controller
// itself, so the main worker (which keeps time and reports) never waits for a task slot.
#pragma once

#include <atomic>
#include <condition_variable>
#include <expected>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <tbb/task_arena.h>

#include "search/search.h"

namespace jadoube {

class SearchPool {
public:
    SearchPool();
    ~SearchPool();

    // Waits for a running search first. A count the machine cannot hold (memory for
    // the workers, room for the threads) is refused and the old workers stay.
    std::expected<void, std::string> set_threads(int n);
    void clear(); // ucinewgame: hash and histories
    // Writes the hash table and the workers' histories where a resize or new workers
    // left them unwritten: at `isready`, and at the latest when a search starts.
    void prepare();
    TranspositionTable& tt() { return shared_.tt; }

    // Starts searching pos and returns at once; callbacks run on the search thread.
    void start(const Position& pos, const SearchLimits& limits, const SearchOptions& options, SearchCallbacks callbacks);
    void stop() {
        shared_.stop.store(true, std::memory_order_relaxed);
        shared_.ponder.store(false);
    }
    void ponderhit() {
        if (shared_.ponder.load()) clockFrom_.store(shared_.nodes_searched()); // `nodestime`: our clock runs from here
        shared_.ponder.store(false);
    }
    void wait(); // until the bestmove has been sent

    // `nodestime`: the engine's own clock, in nodes (0 before the game's first timed move).
    std::int64_t node_clock() const { return nodeClock_; }

    // All workers' nodes of the last (or current) search.
    std::uint64_t nodes_searched() const { return shared_.nodes_searched(); }

    // Each worker's share of the last search, in worker order (the main worker
    // first): how the threads divided a search (bench with several threads).
    struct WorkerTally {
        std::uint64_t nodes;
        int completedDepth; // the deepest iteration it completed
    };
    std::vector<WorkerTally> tally() const;
    // Whether every worker has searched a node in the current (or last) search; safe
    // to ask while it runs.
    bool every_worker_searched() const;

private:
    void run();
    void control_loop();
    const Worker& pick_best_worker() const;
    const RootMove& choose_weakened(const Worker& main);

    SearchShared shared_; // before workers_: each worker holds a reference to it
    std::vector<std::unique_ptr<Worker>> workers_;
    // The controller lives as long as the pool: starting a thread for each search cost
    // about 10 ms under wine (Windows builds tested on Linux), the whole budget of a
    // move at 1+0.01. `searching_` is set by start() and cleared when run() is done.
    std::mutex controlMutex_;
    std::condition_variable controlCv_;
    bool searching_ = false, quit_ = false;
    std::thread controller_;
    std::unique_ptr<tbb::task_arena> arena_;
    std::atomic<std::uint64_t> helpersDone_{0}; // helper tasks finished, ever; see HelperTask
    // `nodestime`: the engine's own clock, in nodes, from the GUI's clock at the game's
    // first timed move (0: not started; ucinewgame or a new rate starts it again), and
    // the increment the running search adds to it.
    std::int64_t nodeClock_ = 0, nodeClockInc_ = 0;
    int nodeClockRate_ = 0;
    // The search's node count from which our clock runs: 0, or for `go ponder` the count
    // at ponderhit (NotOurClock until then: a ponder search that is stopped was on the
    // opponent's time, and costs and earns nothing).
    static constexpr std::uint64_t NotOurClock = ~std::uint64_t(0);
    std::atomic<std::uint64_t> clockFrom_{0};
    SplitMix64 rng_{std::random_device{}()};    // the weakened choice; a new stream each run of the engine
};

} // namespace jadoube
