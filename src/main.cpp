// Entry point: the command line (cli/commands.h) between TBB's start and finish.
#include <algorithm>
#include <string_view>
#include <vector>

#include <tbb/global_control.h>

#include "cli/commands.h"

int main(int argc, char* argv[]) {
    // TBB's worker threads are not joined at exit by default: they would still be
    // running while static destructors run, and memcheck reports their stacks as
    // possibly lost. Joining them here makes every shutdown deterministic.
    tbb::task_scheduler_handle workers{tbb::attach{}};
    const std::vector<std::string_view> args(argv + std::min(argc, 1), argv + argc);
    const int status = jadoube::run_command_line(args);
    tbb::finalize(workers, std::nothrow);
    return status;
}
