#include "util/version.h"

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
    std::string features;
#if defined(__AVX2__)
    features += " AVX2";
#endif
#if defined(__AVX512F__)
    features += " AVX-512";
#endif
#if defined(__BMI2__)
    features += " BMI2";
#endif
#if defined(JADOUBE_PEXT)
    features += " (PEXT sliders)";
#endif
    s += features.empty() ? ", generic x86-64" : "," + features;
#if !defined(NDEBUG)
    s += ", debug build";
#endif
    return s;
}

std::string engine_name() { return "Jadoube " + std::string(number()); }

std::string describe() { return engine_name() + " (git " + std::string(git()) + "), " + compiler(); }

} // namespace jadoube::version
