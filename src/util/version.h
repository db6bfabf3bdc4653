// Who this build is: the release number (CMake's project version, in the UCI
// `id name`), the git commit it was built from, and the compiler, for
// `jadoube --version` and the UCI `compiler` command.
#pragma once

#include <string>
#include <string_view>

namespace jadoube::version {

std::string_view number(); // "0.1.0"
std::string_view git();    // short commit hash, "-dirty" with local changes, or "unknown"
std::string compiler();    // e.g. "g++ 12.2.0, target x86-64-v2, magic sliders"

// "Jadoube 0.1.0": the engine's name as GUIs show it.
std::string engine_name();
// "Jadoube 0.1.0 (git 1a2b3c4), g++ 12.2.0, ..., NNUE AVX2 (...)": `jadoube --version`,
// UCI `compiler`; the caller names the NNUE kernels in use (nnue::kernels_description()).
std::string describe(std::string_view nnueKernels);

} // namespace jadoube::version
