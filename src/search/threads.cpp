#include "search/threads.h"

#include <algorithm>
#include <map>

#include <tbb/global_control.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include "board/movegen.h"

namespace jadoube {

namespace {

// A worker stopped inside an iteration may not have rescored its first move yet.
int best_score(const Worker& w) {
    const RootMove& rm = w.rootMoves[0];
    return rm.score != -VALUE_INFINITE ? rm.score : rm.prevScore;
}

} // namespace


SearchPool::SearchPool() { set_threads(1); }

SearchPool::~SearchPool() {
    stop();
    wait();
}

void SearchPool::set_threads(int n) {
    wait();
    workers_.clear();
    for (int i = 0; i < n; ++i) workers_.push_back(std::make_unique<Worker>(i, *this));
}

void SearchPool::clear() {
    wait();
    tt_.clear();
    for (auto& w : workers_) w->clear();
}

void SearchPool::wait() {
    if (controller_.joinable()) controller_.join();
}

std::int64_t SearchPool::elapsed_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - limits_.start).count();
}

std::uint64_t SearchPool::nodes_searched() const {
    std::uint64_t n = 0;
    for (const auto& w : workers_) n += w->nodes.load(std::memory_order_relaxed);
    return n;
}

void SearchPool::start(const Position& pos, const SearchLimits& limits, const SearchOptions& options, SearchCallbacks callbacks) {
    wait();
    limits_ = limits;
    options_ = options;
    callbacks_ = std::move(callbacks);
    budget_ = plan_time(limits, pos.side_to_move(), options.moveOverhead, pos.game_ply());
    stop_ = false;
    ponder_ = limits.ponder;
    finished_ = false;

    std::vector<RootMove> rootMoves;
    for (Move m : MoveList<LEGAL>(pos))
        if (limits.searchmoves.empty() || std::find(limits.searchmoves.begin(), limits.searchmoves.end(), m) != limits.searchmoves.end())
            rootMoves.emplace_back(m);
    for (auto& w : workers_) {
        w->rootPos = pos;
        w->rootMoves = rootMoves;
        w->nodes = 0;
        w->completedDepth = 0;
    }
    tt_.new_search();
    controller_ = std::thread([this] { run(); });
}

void SearchPool::run() {
    Worker& main = *workers_[0];
    // `go infinite` and `go ponder` must not answer before `stop` / `ponderhit`.
    auto hold = [this] {
        while ((limits_.infinite || ponder_.load()) && !stop_.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    };
    if (main.rootMoves.empty()) {
        // Mated or stalemated (or searchmoves left nothing): nothing to search.
        const int score = main.rootPos.checkers() ? -VALUE_MATE : VALUE_DRAW;
        static const std::vector<Move> noPv;
        if (callbacks_.onIteration) callbacks_.onIteration({0, 0, 1, score, BOUND_EXACT, 0, elapsed_ms(), 0, &noPv});
    } else if (workers_.size() == 1) {
        main.iterative_deepening();
    } else {
        // TBB's pool is sized to the cores by default; Lazy SMP needs every worker at once.
        tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism, workers_.size());
        tbb::task_arena arena(int(workers_.size()));
        arena.execute([&] {
            tbb::task_group group;
            for (std::size_t i = 1; i < workers_.size(); ++i) group.run([w = workers_[i].get()] { w->iterative_deepening(); });
            main.iterative_deepening();
            hold();
            stop_ = true;
            group.wait();
        });
    }

    hold();
    stop_ = true;

    Move best = Move::none(), ponder = Move::none();
    if (!main.rootMoves.empty()) {
        const Worker& w = pick_best_worker();
        const RootMove& rm = w.rootMoves[0];
        best = rm.pv[0];
        if (rm.pv.size() > 1) ponder = rm.pv[1];
        // When the vote picks a helper's move, its line is the last word: GUIs and match
        // runners expect the bestmove to begin the last PV they were shown.
        if (&w != &main && callbacks_.onIteration)
            callbacks_.onIteration({w.completedDepth, rm.seldepth, 1, best_score(w), BOUND_EXACT, nodes_searched(), elapsed_ms(),
                                    tt_.hashfull(), &rm.pv});
    }
    if (callbacks_.onBestmove) callbacks_.onBestmove(best, ponder);
    finished_ = true;
}

// Lazy SMP vote: each worker backs its best move with weight growing with its depth
// and its score above the worst; a proven mate wins outright.
const Worker& SearchPool::pick_best_worker() const {
    const Worker* best = workers_[0].get();
    if (workers_.size() == 1 || options_.multiPV > 1) return *best;
    std::vector<const Worker*> voters;
    for (const auto& w : workers_)
        if (w->completedDepth > 0) voters.push_back(w.get());
    if (voters.empty()) return *best;
    int minScore = VALUE_INFINITE;
    for (const Worker* w : voters) minScore = std::min(minScore, best_score(*w));
    std::map<std::uint16_t, std::int64_t> votes;
    for (const Worker* w : voters)
        votes[w->rootMoves[0].pv[0].raw()] += std::int64_t(best_score(*w) - minScore + 14) * w->completedDepth;
    best = voters[0];
    for (const Worker* w : voters) {
        const int s = best_score(*w), bs = best_score(*best);
        if (is_mate_score(bs) ? s > bs
                              : (s >= VALUE_MATE_IN_MAX_PLY ||
                                 votes[w->rootMoves[0].pv[0].raw()] > votes[best->rootMoves[0].pv[0].raw()]))
            best = w;
    }
    return *best;
}

} // namespace jadoube
