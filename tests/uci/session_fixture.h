// A UciSession whose output is captured, with helpers to read it back by lines.
#pragma once

#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "uci/session.h"

namespace jadoube::test {

inline std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

inline int count_prefixed(const std::string& text, std::string_view prefix) {
    int n = 0;
    for (const std::string& line : split_lines(text))
        if (line.starts_with(prefix)) ++n;
    return n;
}

struct Session {
    std::ostringstream out;
    UciSession uci{out};

    // Output of this one line only.
    std::string send(std::string_view line) {
        out.str("");
        uci.handle_line(line);
        return out.str();
    }
    // Output of a line that starts a search, once the search has answered.
    std::string send_wait(std::string_view line) {
        out.str("");
        uci.handle_line(line);
        uci.wait_search();
        return out.str();
    }
    // What a running search has printed so far, read and cleared under the output lock.
    std::string take() {
        std::string text;
        uci.output().inspect([&] { text = out.str(); out.str(""); });
        return text;
    }
    int errors(std::string_view line) { return count_prefixed(send(line), "info string error: "); }
    std::string fen() { return uci.position().fen(); }
    // The FEN as the `d` command reports it.
    std::string d_fen() {
        for (const std::string& l : split_lines(send("d")))
            if (l.starts_with("Fen: ")) return l.substr(5);
        return "";
    }
};

} // namespace jadoube::test
