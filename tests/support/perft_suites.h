// Readers for the published perft suites in ../shared/perft (read in place, never
// copied into the repository): EPD "FEN ;D1 n ;D2 n" lines and python-chess
// ".perft" blocks (id / epd / perft D n). Used by the perft, position and
// evaluation tests; test::shared_path("perft/NAME") names a suite.
#pragma once

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "support/files.h" // shared_path, for the suites' file names

namespace jadoube::test {

struct PerftCase {
    std::string id;
    std::string fen;
    std::vector<std::pair<int, std::uint64_t>> counts; // (depth, leaf nodes)
};

inline std::vector<PerftCase> read_perft_suite(const std::string& path) {
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
