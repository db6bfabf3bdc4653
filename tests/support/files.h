// Where tests find their data and put their scratch files, and reading files whole.
//   test_data     tests/data/ in the checkout: the committed data every test reads
//                 (perft counts in data/perft/, sample games)
//   source_path   tests/ in the checkout (JADOUBE_TESTS_DIR)
//   shared_path   only where CMake found ../shared beside the checkout
//                 (JADOUBE_SHARED_DIR): the published suites, read by the optional
//                 tests labelled `shared` and by nothing else
//   temp_path     a per-process file name in the system's temporary directory
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace jadoube::test {

// rel is relative to tests/, e.g. "data/datagen-tiny.vf" or "laws/logs/game.log".
inline std::filesystem::path source_path(const std::string& rel) { return std::filesystem::path(JADOUBE_TESTS_DIR) / rel; }

// The committed data files in tests/data/, e.g. "perft/fischer.epd".
inline std::filesystem::path test_data(const std::string& name) { return source_path("data/" + name); }

#ifdef JADOUBE_SHARED_DIR
// rel is relative to ../shared, e.g. "perft/random.perft". Optional: see above.
inline std::filesystem::path shared_path(const std::string& rel) { return std::filesystem::path(JADOUBE_SHARED_DIR) / rel; }
#endif

inline std::filesystem::path temp_path(const std::string& name) {
    return std::filesystem::temp_directory_path() / ("jadoube-test-" + std::to_string(::getpid()) + "-" + name);
}

inline std::vector<std::uint8_t> read_bytes(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline std::string read_text(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace jadoube::test
