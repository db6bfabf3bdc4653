// A UciSession whose output is captured in memory, read back per command
// (support/lines.h has the helpers that split it into lines).
#pragma once

#include <sstream>
#include <string>
#include <string_view>

#include "support/lines.h"
#include "uci/session.h"

namespace jadoube::test {

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
        uci.output().inspect([&] {
            text = out.str();
            out.str("");
        });
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
