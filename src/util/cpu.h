// The CPU's instruction set extensions: which ones this build's compiler flags let
// it use (its baseline), which ones the CPU running it has, and the check at
// start-up that the second covers the first. A binary started on a CPU without its
// baseline says so and exits (ExitCpu) before any code built for that baseline runs,
// where it would otherwise die on an illegal instruction.
//
// JADOUBE_CPU_DISABLE (environment, comma-separated names as listed below, e.g.
// "avx512bw,avx2") makes the engine treat those features as missing: to force the
// check in a test, or to run and measure a lower NNUE kernel path.
#pragma once

#include <cstdint>
#include <string>

namespace jadoube::cpu {

// Named as GCC's __builtin_cpu_supports names them. x86-64-v2 is SSE3 to POPCNT
// (plus CMPXCHG16B and LAHF, which the compiler does not emit for us), v3 adds AVX
// to F16C, v4 the first five AVX-512 ones; the rest are what -march=native may add
// and the compiler may use on its own (not GFNI, VAES or VPCLMULQDQ: only their
// intrinsics, which we do not call, use them, and Valgrind's CPU lacks them).
#define JADOUBE_CPU_FEATURES(X)                                                                                                  \
    X(Sse3, "sse3")                                                                                                              \
    X(Ssse3, "ssse3")                                                                                                            \
    X(Sse41, "sse4.1")                                                                                                           \
    X(Sse42, "sse4.2")                                                                                                           \
    X(Popcnt, "popcnt")                                                                                                          \
    X(Avx, "avx")                                                                                                                \
    X(Avx2, "avx2")                                                                                                              \
    X(Bmi, "bmi")                                                                                                                \
    X(Bmi2, "bmi2")                                                                                                              \
    X(Fma, "fma")                                                                                                                \
    X(Lzcnt, "lzcnt")                                                                                                            \
    X(Movbe, "movbe")                                                                                                            \
    X(F16c, "f16c")                                                                                                              \
    X(Avx512f, "avx512f")                                                                                                        \
    X(Avx512bw, "avx512bw")                                                                                                      \
    X(Avx512cd, "avx512cd")                                                                                                      \
    X(Avx512dq, "avx512dq")                                                                                                      \
    X(Avx512vl, "avx512vl")                                                                                                      \
    X(Avx512vnni, "avx512vnni")                                                                                                  \
    X(Avx512vbmi, "avx512vbmi")                                                                                                  \
    X(Avx512vbmi2, "avx512vbmi2")                                                                                                \
    X(Avx512bitalg, "avx512bitalg")                                                                                              \
    X(Avx512vpopcntdq, "avx512vpopcntdq")                                                                                        \
    X(Avx512ifma, "avx512ifma")                                                                                                  \
    X(Avx512bf16, "avx512bf16")

enum Feature : int {
#define JADOUBE_CPU_ENUM(id, name) id,
    JADOUBE_CPU_FEATURES(JADOUBE_CPU_ENUM)
#undef JADOUBE_CPU_ENUM
        FeatureCount
};

// A set of features, one bit each.
using Features = std::uint64_t;
static_assert(FeatureCount <= 64);
constexpr Features bit(Feature f) { return Features(1) << f; }

// What the compiler flags of this build (-march=..., -mbmi2 for PEXT) let every
// translation unit use: data fixed at compile time (cpu_baseline.cpp).
extern const Features Baseline;
// The build's target as CMake names it: "x86-64-v2", "-march=native", "aarch64".
extern const char* const BaselineName;

// The features of the CPU running this process, less those JADOUBE_CPU_DISABLE
// names; read once at start-up. Empty on a CPU other than x86-64.
Features available();
inline bool has(Features wanted) { return (available() & wanted) == wanted; }

// "AVX2 BMI2": the names of a set, upper case, for messages.
std::string names(Features set);

} // namespace jadoube::cpu
