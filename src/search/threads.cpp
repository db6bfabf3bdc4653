#include "search/threads.h"

#include <algorithm>
#include <exception>
#include <latch>
#include <map>
#include <new>

#include <tbb/global_control.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include "board/movegen.h"
#include "search/params.h"
#include "util/memory.h"

namespace jadoube {

namespace {

// A root move's score from this iteration, or from the last completed one when the
// search stopped before rescoring it (-VALUE_INFINITE if never scored).
int known_score(const RootMove& rm) { return rm.score != -VALUE_INFINITE ? rm.score : rm.prevScore; }
int best_score(const Worker& w) { return known_score(w.rootMoves[0]); }

// How many of `want` threads can be alive at once on top of this process's own
// (RLIMIT_NPROC, a cgroup's pids.max, threads-max, address space for the stacks).
std::size_t thread_room(std::size_t want) {
    std::latch release(1);
    std::vector<std::thread> probes;
    probes.reserve(want);
    try {
        while (probes.size() < want) probes.emplace_back([&release] { release.wait(); });
    } catch (const std::exception&) { // std::system_error, or bad_alloc for a thread's state
    }
    release.count_down();
    for (std::thread& t : probes) t.join();
    return probes.size();
}

// A helper's task. TBB hands it to one of its threads inside libtbb, which is not
// built with ThreadSanitizer, so the task's own fields are atomics: the worker's
// set-up reaches the helper, and its results the vote, along edges TSan can see
// (scripts/tsan) instead of through reads it would report.
class HelperTask {
public:
    HelperTask(Worker& w, std::atomic<std::uint64_t>& done) {
        worker_.store(&w, std::memory_order_release);
        done_.store(&done, std::memory_order_release);
    }
    HelperTask(const HelperTask& o)
        : HelperTask(*o.worker_.load(std::memory_order_acquire), *o.done_.load(std::memory_order_acquire)) {}
    void operator()() const {
        worker_.load(std::memory_order_acquire)->iterative_deepening();
        done_.load(std::memory_order_acquire)->fetch_add(1, std::memory_order_release);
    }

private:
    std::atomic<Worker*> worker_;
    std::atomic<std::atomic<std::uint64_t>*> done_;
};

} // namespace

SearchPool::SearchPool() {
    (void)set_threads(1);
    controller_ = std::thread([this] { control_loop(); });
}

SearchPool::~SearchPool() {
    stop();
    wait();
    {
        const std::lock_guard lock(controlMutex_);
        quit_ = true;
    }
    controlCv_.notify_all();
    controller_.join();
}

void SearchPool::control_loop() {
    std::unique_lock lock(controlMutex_);
    for (;;) {
        controlCv_.wait(lock, [this] { return searching_ || quit_; });
        if (!searching_) return; // quit_, with no search queued
        lock.unlock();
        run();
        lock.lock();
        searching_ = false;
        controlCv_.notify_all(); // wait()
    }
}

std::expected<void, std::string> SearchPool::set_threads(int n) {
    wait();
    const std::size_t old = workers_.size(), want = std::size_t(std::max(n, 1));
    const std::string keeping = "; Threads stays " + std::to_string(old);
    if (want > old) {
        // Each worker carries its histories and a ring of NNUE accumulators (each with a
        // cache line for its key and ply), about 4 MiB, all written at once by clear():
        // under overcommit a shortfall would be an OOM kill, not bad_alloc.
        const std::size_t perWorker = sizeof(Worker) + std::size_t(nnue::Evaluator::RingSize) * (sizeof(nnue::Accumulator) + 64);
        const std::size_t need = (want - old) * perWorker;
        if (const auto avail = available_memory(); avail && need > *avail)
            return std::unexpected(std::to_string(want) + " threads need " + std::to_string(need / MiB + 1)
                                   + " MiB more, but only " + std::to_string(*avail / MiB) + " MiB of memory is available"
                                   + keeping);
        // TBB starts its workers inside a search, where a failure to create one could
        // not be answered; so the room for them is tried out here, while it can be refused.
        if (const std::size_t room = thread_room(want - 1); room < want - 1)
            return std::unexpected(std::to_string(want) + " threads asked, but the system lets this process run only "
                                   + std::to_string(room + 1) + " search threads" + keeping);
    }
    // One arena for all searches until the next resize. An arena made per search was the
    // last one alive when it went, so TBB released its worker threads after every search
    // and started them again at the next: 1-3.4 ms a `go` on two threads here, 0.15 ms so.
    std::unique_ptr<tbb::task_arena> arena;
    try {
        shared_.nodeCounters.reserve(want);
        while (workers_.size() < want) workers_.push_back(std::make_unique<Worker>(int(workers_.size()), shared_));
        if (want > 1) {
            // Made under the search's own limit (run()): TBB warns on stderr when an arena
            // asks for more workers than the limit at the moment it joins the pool.
            const tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism, want);
            arena = std::make_unique<tbb::task_arena>(int(want));
            arena->initialize();
        }
    } catch (const std::bad_alloc&) {
        workers_.resize(old);
        return std::unexpected("cannot allocate the search state of " + std::to_string(want) + " threads" + keeping);
    }
    workers_.resize(want);
    arena_ = std::move(arena);
    shared_.nodeCounters.clear(); // cannot throw: reserved above when growing
    for (const auto& w : workers_) shared_.nodeCounters.push_back(&w->nodes);
    // The kept workers start afresh too, as if all had been created now.
    for (std::size_t i = 0; i < std::min(old, want); ++i) workers_[i]->clear();
    return {};
}

void SearchPool::clear() {
    wait();
    nodeClock_ = 0;
    shared_.tt.clear();
    for (auto& w : workers_) w->clear();
}

void SearchPool::prepare() {
    // No wait(): `isready` during a search must answer at once. A running search was
    // prepared by start(), and nothing it uses is unprepared until set_threads or a
    // resize, which stop it first; so this writes nothing while one runs.
    shared_.tt.prepare();
    for (auto& w : workers_) w->prepare();
}

void SearchPool::wait() {
    std::unique_lock lock(controlMutex_);
    controlCv_.wait(lock, [this] { return !searching_; });
}

void SearchPool::start(const Position& pos, const SearchLimits& limits, const SearchOptions& options, SearchCallbacks callbacks) {
    wait();
    shared_.limits = limits;
    shared_.options = options;
    if (const strength::Limit& weak = options.strength; weak.active()) {
        // A weakened search: the candidate lines the choice is made from, and a node
        // budget (Worker::check_time) that still lets the first iteration score them.
        shared_.options.multiPV = std::max(options.multiPV, weak.candidates);
    }
    shared_.callbacks = std::move(callbacks);
    // `nodestime` N (as in Stockfish): a clock's millisecond is worth N nodes, so that a
    // game under a clock plays the same moves however loaded the machine. The engine
    // keeps its own clock in nodes, started from the GUI's at its first timed move and
    // then charged with the nodes each search spends and credited with the increment:
    // the GUI's clock, in real time, no longer says what is left.
    const Color us = pos.side_to_move();
    SearchLimits planned = limits;
    shared_.budgetInNodes = options.nodesTime > 0 && limits.use_time_management() && limits.movetime < 0 && !limits.infinite;
    if (shared_.budgetInNodes) {
        if (nodeClock_ <= 0 || nodeClockRate_ != options.nodesTime)
            nodeClock_ = std::max<std::int64_t>(0, limits.time[us]) * options.nodesTime;
        nodeClockRate_ = options.nodesTime;
        nodeClockInc_ = std::max<std::int64_t>(0, limits.inc[us]) * options.nodesTime;
        planned.time[us] = nodeClock_;
        planned.inc[us] = nodeClockInc_;
    }
    // No connection lag to keep back from a clock of nodes.
    shared_.budget = plan_time(planned, us, shared_.budgetInNodes ? 0 : options.moveOverhead, pos.game_ply(), options.slowMover);
    shared_.stop = false;
    clockFrom_ = limits.ponder ? NotOurClock : 0;
    shared_.ponder = limits.ponder;
    shared_.tbHits = 0;

    std::vector<RootMove> rootMoves;
    for (Move m : MoveList<LEGAL>(pos))
        if (limits.searchmoves.empty()
            || std::find(limits.searchmoves.begin(), limits.searchmoves.end(), m) != limits.searchmoves.end())
            rootMoves.emplace_back(m);
    for (auto& w : workers_) {
        w->rootPos = pos;
        w->rootMoves = rootMoves;
        w->nodes = 0;
        w->completedDepth = 0;
    }
    prepare(); // the first search after start-up or a resize without `isready` pays here
    shared_.tt.new_search();
    {
        const std::lock_guard lock(controlMutex_);
        searching_ = true;
    }
    controlCv_.notify_all();
}

void SearchPool::run() {
    Worker& main = *workers_[0];
    // `go infinite` and `go ponder` must not answer before `stop` / `ponderhit`.
    auto hold = [this] {
        while ((shared_.limits.infinite || shared_.ponder.load()) && !shared_.stop.load())
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
    };
    if (main.rootMoves.empty()) {
        // Mated or stalemated (or searchmoves left nothing): nothing to search.
        const int score = main.rootPos.checkers() ? -VALUE_MATE : VALUE_DRAW;
        static const std::vector<Move> noPv;
        if (shared_.callbacks.onIteration)
            shared_.callbacks.onIteration(
                {0, 0, 1, score, BOUND_EXACT, 0, shared_.elapsed_ms(), 0, &noPv, shared_.tbhits_report()});
    } else if (workers_.size() == 1) {
        main.iterative_deepening();
    } else {
        // TBB's pool is sized to the cores by default; Lazy SMP needs every worker at once.
        tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism, workers_.size());
        arena_->execute([&] {
            tbb::task_group group;
            for (std::size_t i = 1; i < workers_.size(); ++i) group.run(HelperTask(*workers_[i], helpersDone_));
            main.iterative_deepening();
            hold();
            shared_.stop = true;
            group.wait();
            (void)helpersDone_.load(std::memory_order_acquire); // the helpers' results, for the vote
        });
    }

    hold();
    shared_.stop = true;
    if (const std::uint64_t from = clockFrom_.load(); shared_.budgetInNodes && from != NotOurClock)
        // At least 1 left: 0 would start the clock again from the GUI's.
        nodeClock_ = std::max<std::int64_t>(1, nodeClock_ + nodeClockInc_ - std::int64_t(nodes_searched() - from));

    Move best = Move::none(), ponder = Move::none();
    if (!main.rootMoves.empty()) {
        const Worker& w = pick_best_worker();
        const RootMove& rm = w.rootMoves[0];
        // When the vote picks a helper's move, its line is the last word: GUIs and match
        // runners expect the bestmove to begin the last PV they were shown.
        const RootMove* played = &rm;
        if (shared_.options.strength.active()) played = &choose_weakened(main);
        best = played->pv[0];
        ponder = played->pv.size() > 1 ? played->pv[1] : Move::none();
        // When the vote or the weakened choice picks another line, that line is the last
        // word: GUIs and match runners expect the bestmove to begin the last PV shown.
        if ((&w != &main || played != &rm) && shared_.callbacks.onIteration)
            shared_.callbacks.onIteration({w.completedDepth, played->seldepth, 1, known_score(*played), BOUND_EXACT,
                                           nodes_searched(), shared_.elapsed_ms(), shared_.tt.hashfull(), &played->pv,
                                           shared_.tbhits_report()});
    }
    if (shared_.callbacks.onBestmove) shared_.callbacks.onBestmove(best, ponder);
}

// Below full strength: the soft-max choice among the main worker's best lines that
// the search scored (strength.h).
const RootMove& SearchPool::choose_weakened(const Worker& main) {
    const int lines = std::min<int>(shared_.options.strength.candidates, int(main.rootMoves.size()));
    std::vector<int> scores;
    std::vector<const RootMove*> moves;
    for (int i = 0; i < lines; ++i)
        if (const int s = known_score(main.rootMoves[i]); s != -VALUE_INFINITE)
            scores.push_back(s), moves.push_back(&main.rootMoves[i]);
    if (moves.empty()) return main.rootMoves[0];
    return *moves[strength::choose(scores, shared_.options.strength.temperature, rng_)];
}

std::vector<SearchPool::WorkerTally> SearchPool::tally() const {
    std::vector<WorkerTally> t;
    t.reserve(workers_.size());
    for (const auto& w : workers_) t.push_back({w->nodes.load(std::memory_order_relaxed), w->completedDepth});
    return t;
}

bool SearchPool::every_worker_searched() const {
    return std::ranges::all_of(workers_, [](const auto& w) { return w->nodes.load(std::memory_order_relaxed) > 0; });
}

// Lazy SMP vote: each worker backs its best move with weight growing with its depth
// and its score above the worst; a proven mate wins outright.
const Worker& SearchPool::pick_best_worker() const {
    const Worker* best = workers_[0].get();
    if (workers_.size() == 1 || shared_.options.multiPV > 1) return *best;
    // Under a depth limit the answer is a search of that depth: when some thread
    // completed it, only those threads vote.
    const int limit = shared_.limits.depth > 0 ? std::min(shared_.limits.depth, MAX_PLY - 1) : 0;
    int deepest = 0;
    for (const auto& w : workers_) deepest = std::max(deepest, w->completedDepth);
    const int minDepth = limit > 0 && deepest >= limit ? limit : 1;
    std::vector<const Worker*> voters;
    for (const auto& w : workers_)
        if (w->completedDepth >= minDepth) voters.push_back(w.get());
    if (voters.empty()) return *best;
    int minScore = VALUE_INFINITE;
    for (const Worker* w : voters) minScore = std::min(minScore, best_score(*w));
    std::map<std::uint16_t, std::int64_t> votes;
    for (const Worker* w : voters)
        votes[w->rootMoves[0].pv[0].raw()] += std::int64_t(best_score(*w) - minScore + params::VoteScoreOffset)
                                              * w->completedDepth;
    best = voters[0];
    for (const Worker* w : voters) {
        const int s = best_score(*w), bs = best_score(*best);
        if (is_mate_score(bs)
                ? s > bs
                : (s >= VALUE_MATE_IN_MAX_PLY || votes[w->rootMoves[0].pv[0].raw()] > votes[best->rootMoves[0].pv[0].raw()]))
            best = w;
    }
    return *best;
}

} // namespace jadoube
