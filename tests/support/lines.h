// Reading captured text output back by lines.
#pragma once

#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace jadoube::test {

inline std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// How many lines start with prefix.
inline int count_prefixed(const std::string& text, std::string_view prefix) {
    int n = 0;
    for (const std::string& line : split_lines(text))
        if (line.starts_with(prefix)) ++n;
    return n;
}

// Whether one line is exactly line.
inline bool has_line(const std::string& text, std::string_view line) {
    for (const std::string& l : split_lines(text))
        if (l == line) return true;
    return false;
}

} // namespace jadoube::test
