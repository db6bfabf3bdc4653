// Built without the target's -march flags (CMakeLists.txt, jadoube_cpu_check), so
// that this file runs on any x86-64: its constructor runs before every other static
// initializer (priority 101; the others have none) and exits cleanly where the CPU
// lacks the baseline. Until the check has passed it calls only the C library:
// inline C++ library code might be shared with a translation unit built for the
// baseline.
#include "util/cpu.h"

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "util/exit_code.h"

namespace jadoube::cpu {

namespace {

constexpr const char* Names[] = {
#define JADOUBE_CPU_NAME(id, name) name,
    JADOUBE_CPU_FEATURES(JADOUBE_CPU_NAME)
#undef JADOUBE_CPU_NAME
};

Features detect() {
    Features f = 0;
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    // Needed before any constructor has run (GCC's manual, __builtin_cpu_init);
    // the library's checks include the OS's support for the AVX and AVX-512 registers.
    __builtin_cpu_init();
#define JADOUBE_CPU_DETECT(id, name)                                                                                             \
    if (__builtin_cpu_supports(name)) f |= bit(id);
    JADOUBE_CPU_FEATURES(JADOUBE_CPU_DETECT)
#undef JADOUBE_CPU_DETECT
#endif
    return f;
}

// The features JADOUBE_CPU_DISABLE names; an unknown name is ignored.
Features disabled() {
    const char* list = std::getenv("JADOUBE_CPU_DISABLE");
    Features f = 0;
    while (list && *list) {
        const std::size_t len = std::strcspn(list, ",");
        for (int i = 0; i < FeatureCount; ++i)
            if (std::strlen(Names[i]) == len && std::strncmp(Names[i], list, len) == 0) f |= bit(Feature(i));
        list += len + (list[len] == ',');
    }
    return f;
}

Features Available = 0;
bool Detected = false;

void print_names(Features set) {
    for (int i = 0; i < FeatureCount; ++i)
        if (set & bit(Feature(i))) {
            std::fputc(' ', stderr);
            for (const char* c = Names[i]; *c; ++c) std::fputc(std::toupper(static_cast<unsigned char>(*c)), stderr);
        }
}

// Before any other static initializer, and so before anything built for the
// baseline runs (the attack tables' set-up already counts bits with POPCNT).
__attribute__((constructor(101))) void check_baseline() {
    const Features missing = Baseline & ~available();
    if (!missing) return;
    std::fprintf(stderr, "jadoube: this binary is built for %s, and this CPU lacks", BaselineName);
    print_names(missing);
    std::fputs(
        ".\njadoube: the portable x86-64 build needs x86-64-v2 (SSE4.2 and POPCNT), a native build a CPU"
        " like the one that built it; build from source on this machine for any other (README.md, \"Building"
        " and testing\").\n",
        stderr);
    std::_Exit(ExitCpu);
}

} // namespace

Features available() {
    if (!Detected) {
        Available = detect() & ~disabled();
        Detected = true;
    }
    return Available;
}

std::string names(Features set) {
    std::string s;
    for (int i = 0; i < FeatureCount; ++i)
        if (set & bit(Feature(i))) {
            if (!s.empty()) s += ' ';
            for (const char* c = Names[i]; *c; ++c) s += char(std::toupper(static_cast<unsigned char>(*c)));
        }
    return s;
}

} // namespace jadoube::cpu
