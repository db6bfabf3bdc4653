#include "util/version.h"

#include "util/cpu.h"

#ifndef JADOUBE_VERSION
#error "JADOUBE_VERSION is defined by the build (CMake's project version)"
#endif

// Generated on every build by scripts/git-version.cmake.
extern const char jadoube_git_version[];

namespace jadoube::version {

std::string_view number() { return JADOUBE_VERSION; }

std::string_view git() { return jadoube_git_version; }

std::string compiler() {
    std::string s;
#if defined(__clang__)
    s = "clang++ " __clang_version__;
#elif defined(__GNUC__)
    s = "g++ " __VERSION__;
#else
    s = "an unknown compiler";
#endif
    s += ", target " + std::string(cpu::BaselineName);
#if defined(JADOUBE_PEXT)
    s += ", PEXT sliders";
#else
    s += ", magic sliders";
#endif
#if !defined(NDEBUG)
    s += ", debug build";
#endif
    return s;
}

std::string engine_name() { return "Jadoube " + std::string(number()); }

std::string describe(std::string_view nnueKernels) {
    return engine_name() + " (git " + std::string(git()) + "), " + compiler() + ", NNUE " + std::string(nnueKernels);
}

} // namespace jadoube::version
