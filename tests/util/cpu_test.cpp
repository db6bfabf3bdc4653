// The CPU check at start-up (util/cpu.h): a binary on a CPU without its baseline
// says so and exits with ExitCpu instead of dying on an illegal instruction (issue
// 62), forced here by JADOUBE_CPU_DISABLE, which also picks lower NNUE kernels.
#include <doctest/doctest.h>

#include <cctype>
#include <cstdlib>
#include <string>

#include "eval/nnue_kernels.h"
#include "support/run_binary.h"
#include "util/cpu.h"
#include "util/exit_code.h"

using namespace jadoube;
using test::run_binary;

namespace {

// JADOUBE_CPU_DISABLE for the processes started while it lives.
struct DisabledFeatures {
    explicit DisabledFeatures(const std::string& names) { setenv("JADOUBE_CPU_DISABLE", names.c_str(), 1); }
    ~DisabledFeatures() { unsetenv("JADOUBE_CPU_DISABLE"); }
};

cpu::Feature first(cpu::Features set) {
    for (int f = 0; f < cpu::FeatureCount; ++f)
        if (set & cpu::bit(cpu::Feature(f))) return cpu::Feature(f);
    return cpu::FeatureCount;
}

// A feature's name as JADOUBE_CPU_DISABLE spells it: "popcnt" for POPCNT.
std::string lower(std::string s) {
    for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

} // namespace

TEST_SUITE("cli") {

TEST_CASE("a CPU without the build's baseline gets a message naming what it lacks and exit 3 - not SIGILL") {
    if (!cpu::Baseline) {
        MESSAGE("this build's baseline (" << cpu::BaselineName << ") needs no feature the check knows: nothing to force");
        return;
    }
    // POPCNT where the baseline has it (x86-64-v2 and up): the first instruction
    // the engine would run, in the attack tables' set-up before main.
    const cpu::Feature missing = cpu::Baseline & cpu::bit(cpu::Popcnt) ? cpu::Popcnt : first(cpu::Baseline);
    const std::string name = cpu::names(cpu::bit(missing));
    const DisabledFeatures disabled("avx512bw," + lower(name)); // a list, as the variable takes
    for (const char* args : {"--version", "bench"}) {
        INFO("jadoube " << args << " without " << name);
        const auto r = run_binary({args}, "");
        CHECK(r.exitCode == ExitCpu);
        CHECK(r.out.empty());
        CHECK(r.err.starts_with("jadoube: this binary is built for " + std::string(cpu::BaselineName) + ", and this CPU lacks"));
        CHECK(r.err.find(" " + name) != std::string::npos);
    }
}

TEST_CASE("JADOUBE_CPU_DISABLE=avx512bw makes the engine run the best kernels without AVX-512") {
#if !defined(__x86_64__)
    MESSAGE("no x86-64 features to disable on this CPU");
    return;
#endif
    const cpu::Features gone = cpu::bit(cpu::Avx512bw);
    const DisabledFeatures disabled("avx512bw");
    const auto r = run_binary({"--version"}, "");
    if (cpu::Baseline & gone) { // a native build for an AVX-512 CPU cannot do without it
        CHECK(r.exitCode == ExitCpu);
        return;
    }
    CHECK(r.exitCode == ExitOk);
    const std::string expected = std::string("NNUE ") + nnue::best_kernels(cpu::available() & ~gone).name + " (of ";
    CHECK(r.out.find(expected) != std::string::npos);
}

} // TEST_SUITE
