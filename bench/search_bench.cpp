// What a search costs before it searches: one `go depth 1` from the start position,
// from start() to the bestmove, by thread count. At depth 1 the search itself is a
// few microseconds; the rest is the pool's set-up and tear-down of its threads, which
// a GUI pays at every short search (bullet games, analysis stepping through a game).
#include <benchmark/benchmark.h>

#include "bench_positions.h"
#include "search/threads.h"

using namespace jadoube;

namespace {

void BM_search_depth1(benchmark::State& state) {
    const Position pos = bench::make_position(bench::Startpos);
    SearchPool pool;
    if (const auto ok = pool.set_threads(int(state.range(0))); !ok) {
        state.SkipWithError(ok.error().c_str());
        return;
    }
    pool.prepare();
    SearchLimits limits;
    limits.depth = 1;
    std::uint64_t bestmoves = 0;
    SearchCallbacks callbacks;
    callbacks.onBestmove = [&](Move, Move) { ++bestmoves; };
    for (auto _ : state) {
        pool.start(pos, limits, SearchOptions{}, callbacks);
        pool.wait();
    }
    if (bestmoves != std::uint64_t(state.iterations())) state.SkipWithError("a search ended without its bestmove");
}

} // namespace

BENCHMARK(BM_search_depth1)->Arg(1)->Arg(2)->Arg(4)->Unit(benchmark::kMicrosecond)->UseRealTime();
