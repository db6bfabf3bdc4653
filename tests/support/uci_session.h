// A UciSession whose output is captured in memory, read back per command
// (support/lines.h has the helpers that split it into lines).
#pragma once

#include <doctest/doctest.h>

#include <chrono>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>

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
    // What a running search prints, read until `enough` holds for all of it so far or a
    // bestmove comes, whichever is first. The wait is for the search's progress, not
    // for a time, so that a loaded machine cannot make it too short; a search that
    // makes none in two minutes fails the test.
    template<typename Enough>
    std::string take_until(Enough enough) {
        std::string seen;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(2);
        for (;;) {
            seen += take();
            if (enough(seen) || count_prefixed(seen, "bestmove ") > 0) return seen;
            REQUIRE_MESSAGE(std::chrono::steady_clock::now() < deadline, "the search made no progress:\n" << seen);
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
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

// After 1. e4: the position of MovedSession.
inline constexpr const char* AfterE4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

// A session that has left the start position, so "unchanged" means something.
struct MovedSession : Session {
    MovedSession() {
        send("position startpos moves e2e4");
        REQUIRE(fen() == AfterE4);
    }
};

// The move of the first `bestmove` line of out, without its ponder move; "" if none.
inline std::string bestmove_of(const std::string& out) {
    for (const std::string& l : split_lines(out))
        if (l.starts_with("bestmove "))
            return l.substr(9, l.find(' ', 9) == std::string::npos ? std::string::npos : l.find(' ', 9) - 9);
    return "";
}

} // namespace jadoube::test
