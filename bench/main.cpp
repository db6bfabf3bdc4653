// jadoube_bench links benchmark::benchmark (not benchmark_main), so main is ours.
#include <benchmark/benchmark.h>

BENCHMARK_MAIN();
