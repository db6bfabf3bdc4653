// Entry point: the command line (cli/commands.h), between TBB's start and finish when it may search.
#include <algorithm>
#include <string_view>
#include <vector>

#include <tbb/global_control.h>

#include "cli/commands.h"
#include "search/limits.h"
#include "util/line_endings.h"

int main(int argc, char* argv[]) {
    jadoube::write_bare_newlines();
    const std::vector<std::string_view> args(argv + std::min(argc, 1), argv + argc);
    // A command that never searches never starts TBB: its start-up (the scheduler
    // and its allocator library) was 1.2 of the 7.4 ms that `jadoube perft 1` took
    // (perf stat, bench/log/2026-12-01-perft-vs-ellxor.md).
    if (!jadoube::command_may_search(args)) return jadoube::run_command_line(args);
    // A search raises TBB's limit on parallelism to its thread count for as long as it
    // runs (search/threads.cpp), above the default where Threads exceeds the CPUs this
    // process may use. When the limit then fell back to a default of one CPU (taskset,
    // a one-CPU container), oneTBB 2021.8's finalize() below waited forever for the
    // worker that search had started: the engine hung at quit. Held here, under the
    // scheduler handle and past finalize(), this ceiling keeps the limit from falling
    // back. The limit in force is the lowest one held, so a search's own still rules
    // while it runs; between searches no arena asks for more workers than the default.
    tbb::global_control ceiling{tbb::global_control::max_allowed_parallelism, std::size_t(jadoube::MaxThreads)};
    // TBB's worker threads are not joined at exit by default: they would still be
    // running while static destructors run, and memcheck reports their stacks as
    // possibly lost. Joining them here makes every shutdown deterministic.
    tbb::task_scheduler_handle workers{tbb::attach{}};
    const int status = jadoube::run_command_line(args);
    tbb::finalize(workers, std::nothrow);
    return status;
}
