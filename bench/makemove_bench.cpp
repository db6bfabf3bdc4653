// Make/unmake: do_move + undo_move of every legal move of a position, so one
// iteration costs (legal moves) x (one make + one unmake).
#include <benchmark/benchmark.h>

#include "bench_positions.h"
#include "board/movegen.h"

using namespace jadoube;

namespace {

void BM_make_unmake(benchmark::State& state, bench::BenchPosition bp) {
    Position pos = bench::make_position(bp);
    const MoveList<LEGAL> moves(pos);
    for (auto _ : state) {
        for (Move m : moves) {
            pos.do_move(m);
            benchmark::DoNotOptimize(pos.key());
            pos.undo_move(m);
        }
        benchmark::ClobberMemory();
    }
    state.counters["moves"] = double(moves.size());
    // One item = one do_move/undo_move pair.
    state.SetItemsProcessed(std::int64_t(state.iterations() * moves.size()));
}

} // namespace

JADOUBE_BENCH_POSITIONS(BM_make_unmake);
