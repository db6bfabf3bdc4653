// A reader for perft suites: EPD "FEN ;D1 n ;D2 n" lines, the format of the
// committed counts in tests/data/perft/ (test::test_data("perft/NAME"), made and
// cross-checked against Stockfish by scripts/check-perft-data), and python-chess
// ".perft" blocks (id / epd / perft D n), which only the published originals in
// the optional ../shared/perft use. Used by the perft, position and evaluation tests.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace jadoube::test {

struct PerftCase {
    std::string id;
    std::string fen;
    std::vector<std::pair<int, std::uint64_t>> counts; // (depth, leaf nodes)
};

inline std::vector<PerftCase> read_perft_suite(const std::filesystem::path& path) {
    std::vector<PerftCase> cases;
    std::ifstream in(path);
    std::string line;
    int lineNo = 0;
    while (std::getline(in, line)) {
        ++lineNo;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty() || line[0] == '#') continue;
        if (const auto semi = line.find(';'); semi != std::string::npos) {
            PerftCase c{"line" + std::to_string(lineNo), line.substr(0, semi), {}};
            std::istringstream rest(line.substr(semi));
            std::string tok;
            std::uint64_t n;
            while (rest >> tok >> n) c.counts.emplace_back(std::stoi(tok.substr(2)), n); // ";D5"
            cases.push_back(std::move(c));
            continue;
        }
        std::istringstream ss(line);
        std::string key;
        ss >> key;
        if (key == "id") {
            cases.push_back({});
            ss >> cases.back().id;
        } else if (key == "epd" && !cases.empty()) {
            std::getline(ss >> std::ws, cases.back().fen);
        } else if (key == "perft" && !cases.empty()) {
            int depth;
            std::uint64_t n;
            ss >> depth >> n;
            cases.back().counts.emplace_back(depth, n);
        }
    }
    return cases;
}

} // namespace jadoube::test
