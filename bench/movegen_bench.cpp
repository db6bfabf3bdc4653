// Move generation: the full legal list, the two picker stages, and the
// popcount-only count that perft uses at its last ply.
#include <benchmark/benchmark.h>

#include "bench_positions.h"
#include "board/movegen.h"

using namespace jadoube;

namespace {

template<GenType T>
void generate_bench(benchmark::State& state, const bench::BenchPosition& bp) {
    const Position pos = bench::make_position(bp);
    Move moves[MOVE_BUFFER];
    std::size_t n = 0;
    for (auto _ : state) {
        const Move* end = generate<T>(pos, moves);
        n = std::size_t(end - moves);
        benchmark::DoNotOptimize(n);
        benchmark::ClobberMemory();
    }
    state.counters["moves"] = double(n);
    if (n) state.SetItemsProcessed(std::int64_t(state.iterations() * n)); // items = moves generated
}

void BM_generate_legal(benchmark::State& state, bench::BenchPosition bp) { generate_bench<LEGAL>(state, bp); }
void BM_generate_tactical(benchmark::State& state, bench::BenchPosition bp) { generate_bench<TACTICAL>(state, bp); }
void BM_generate_quiets(benchmark::State& state, bench::BenchPosition bp) { generate_bench<QUIETS>(state, bp); }

void BM_count_legal(benchmark::State& state, bench::BenchPosition bp) {
    const Position pos = bench::make_position(bp);
    std::uint64_t n = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(&pos);
        n = count_legal(pos);
        benchmark::DoNotOptimize(n);
    }
    state.counters["moves"] = double(n);
    state.SetItemsProcessed(std::int64_t(state.iterations() * n));
}

} // namespace

JADOUBE_BENCH_POSITIONS(BM_generate_legal);
JADOUBE_BENCH_POSITIONS(BM_generate_tactical);
JADOUBE_BENCH_POSITIONS(BM_generate_quiets);
JADOUBE_BENCH_POSITIONS(BM_count_legal);
