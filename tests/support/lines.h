// Reading captured text output back by lines.
#pragma once

#include <optional>
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

// The last line starting with prefix; "" if none.
inline std::string last_prefixed(const std::string& text, std::string_view prefix) {
    std::string last;
    for (const std::string& line : split_lines(text))
        if (line.starts_with(prefix)) last = line;
    return last;
}

// The integer after the word key in a line of words ("... nodes 123 ..."); none if absent.
inline std::optional<long long> field_after(const std::string& line, std::string_view key) {
    std::istringstream in(line);
    for (std::string word; in >> word;)
        if (word == key) {
            long long v;
            if (in >> v) return v;
            return std::nullopt;
        }
    return std::nullopt;
}

} // namespace jadoube::test
