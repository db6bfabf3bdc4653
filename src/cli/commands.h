// The command line: `jadoube` alone is the UCI engine on stdin/stdout; a first
// word names a one-shot tool (perft, bench, arbiter, datagen). This is the layer
// above uci/: it may call everything, and nothing calls it but main().
#pragma once

#include <span>
#include <string_view>

namespace jadoube {

// args: argv without the program name. Returns the process exit code (util/exit_code.h).
int run_command_line(std::span<const std::string_view> args);

// Whether the command line may search, and so start TBB's threads (search/threads.h).
// `perft` counts on plain threads and needs none of it.
bool command_may_search(std::span<const std::string_view> args);

} // namespace jadoube
