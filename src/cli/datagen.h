// `jadoube datagen ...`: the command line of self-play data generation
// (datagen/datagen.h does the work). Progress goes to stderr; the data file and
// a FILE.meta text file (command line, settings, counts) are written.
#pragma once

#include <span>
#include <string_view>

namespace jadoube {

// args: the words after `datagen`. Returns the process exit code.
int datagen_command(std::span<const std::string_view> args);

} // namespace jadoube
