// The process exit status of every command, the UCI loop included, defined once so
// that scripts and tests can tell a failed run from a wrong command line.
#pragma once

namespace jadoube {

enum ExitCode : int {
    ExitOk = 0,
    ExitFailure = 1, // the command ran and failed: a malformed arbiter log line, a datagen error
    ExitUsage = 2,   // the command line itself is wrong: unknown word, bad number, missing file
    ExitCpu = 3,     // the CPU lacks instructions this build needs (util/cpu.h): nothing ran
};

} // namespace jadoube
