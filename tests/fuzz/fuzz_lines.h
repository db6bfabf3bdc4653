// Splitting a fuzz input into lines, shared by the text-driven targets.
#pragma once

#include <string_view>
#include <vector>

namespace jadoube::fuzz {

inline std::vector<std::string_view> lines_of(std::string_view text) {
    std::vector<std::string_view> out;
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t nl = text.find('\n', i);
        const std::size_t end = nl == std::string_view::npos ? text.size() : nl;
        out.push_back(text.substr(i, end - i));
        i = end + 1;
    }
    return out;
}

} // namespace jadoube::fuzz
