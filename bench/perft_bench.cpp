// perft as a whole-board-core benchmark: items processed = leaf nodes, so the
// report's items_per_second is nodes/s (bulk-counted at the last ply).
#include <benchmark/benchmark.h>

#include "bench_positions.h"
#include "board/perft.h"

using namespace jadoube;

namespace {

void BM_perft(benchmark::State& state, bench::BenchPosition bp) {
    Position pos = bench::make_position(bp);
    const int depth = int(state.range(0));
    std::uint64_t nodes = 0;
    for (auto _ : state) {
        nodes = perft(pos, depth);
        benchmark::DoNotOptimize(nodes);
    }
    state.counters["nodes"] = double(nodes);
    state.SetItemsProcessed(std::int64_t(state.iterations() * nodes));
}

} // namespace

BENCHMARK_CAPTURE(BM_perft, startpos, bench::Startpos)->Arg(4)->Arg(5)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_perft, kiwipete, bench::Kiwipete)->Arg(4)->Unit(benchmark::kMillisecond);
