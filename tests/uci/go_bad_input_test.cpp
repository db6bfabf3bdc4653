// `go` with bad parts: a GUI that sent `go` waits for a bestmove, so no `go` is
// ever left without one. Each bad part gets its own `info string error:` line and
// is left out; the search runs with the rest. (`go perft`, which answers with a
// count and never with a bestmove, is refused whole: uci_test.cpp.)
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "notation/move_text.h"
#include "support/lines.h"
#include "support/uci_session.h"

using namespace jadoube;
using namespace jadoube::test;

namespace {

constexpr const char* ErrorPrefix = "info string error: ";
// The output of `line` followed by `stop` (a go left with no limit searches until
// then): its error lines, then the search, then exactly one legal bestmove, last.
std::string go_then_stop(Session& s, std::string_view line) {
    s.out.str("");
    s.uci.handle_line(line);
    s.uci.handle_line("stop");
    const std::string out = s.take();
    const auto lines = split_lines(out);
    CHECK(count_prefixed(out, "bestmove ") == 1);
    REQUIRE_FALSE(lines.empty());
    CHECK(lines.back().starts_with("bestmove "));
    CHECK(parse_uci_move(s.uci.position(), bestmove_of(out)));
    return out;
}

} // namespace

TEST_SUITE("uci") {

TEST_CASE("bad go: each bad part gets one error line and the go still gets its one bestmove") {
    MovedSession s;
    const std::pair<const char*, std::string> cases[] = {
        {"go depth -1", "go depth: -1 is negative; ignored"},
        {"go movetime abc", "go movetime: 'abc' is not an integer; ignored"},
        {"go frobnicate 3", "go: unknown parameter 'frobnicate' (with '3') ignored"},
        {"go searchmoves", "go searchmoves: no moves given; every legal move is searched"},
        {"go searchmoves e2e4", "go searchmoves: 'e2e4' is not legal in " + std::string(AfterE4) + "; no move is left"},
        {"go searchmoves zz", "go searchmoves: 'zz' is not a UCI move; no move is left, so every legal move is searched"},
        {"go nodes 99999999999999999999", "go nodes: '99999999999999999999' is out of range (64 bits); ignored"},
        {"go nodes 18446744073709551616", "go nodes: '18446744073709551616' is out of range (64 bits); ignored"},
        {"go wtime", "go wtime: missing value; ignored"},
        {"go winc -5", "go winc: -5 is negative; ignored"},
        {"go fast", "go: unknown parameter 'fast' ignored"},
        {"go hash 16", "go hash: the size of a perft's hash table, only with perft; ignored"},
        {"go hash", "go hash: the size of a perft's hash table, only with perft; ignored"},
    };
    for (auto [line, error] : cases) {
        CAPTURE(line);
        const std::string out = go_then_stop(s, line);
        CHECK(count_prefixed(out, ErrorPrefix) == 1);
        CHECK(split_lines(out).front().starts_with(ErrorPrefix + std::string(error)));
        CHECK(s.fen() == AfterE4);
    }
}

TEST_CASE("bad go: the search runs with the rest of the command") {
    MovedSession s;
    // Each of these ends by its own depth limit, so the search answers without a stop.
    for (const char* line : {"go movetime abc depth 1", "go depth -1 depth 1", "go frobnicate 3 7 depth 1",
                             "go nodes 99999999999999999999 depth 1", "go wtime depth 1 btime"}) {
        CAPTURE(line);
        const std::string out = s.send_wait(line);
        CHECK(count_prefixed(out, "bestmove ") == 1);
        CHECK(count_prefixed(out, "info depth 1 ") >= 1);
        CHECK(count_prefixed(out, "info depth 2 ") == 0); // depth 1 was kept
    }
    // The legal searchmoves stay, the bad ones go.
    const std::string out = s.send_wait("go depth 2 searchmoves d7d5 e2e4 zz");
    CHECK(count_prefixed(out, ErrorPrefix) == 2);
    CHECK(bestmove_of(out) == "d7d5");
    // A negative clock is no error: a late GUI sends one, and it counts as zero.
    CHECK(count_prefixed(s.send_wait("go wtime -20 btime 100"), "bestmove ") == 1);
}

TEST_CASE("bad go: a go during a search answers the running one first - then its own errors and bestmove") {
    MovedSession s;
    s.uci.handle_line("go infinite");
    const std::string out = s.send_wait("go depth -1 depth 1");
    const auto lines = split_lines(out);
    CHECK(count_prefixed(out, "bestmove ") == 2);
    // The infinite search may still print its last info line as it stops; its
    // bestmove comes next, then this go's error line.
    const auto first = std::ranges::find_if(lines, [](const std::string& l) { return l.starts_with("bestmove "); });
    REQUIRE(first != lines.end());
    REQUIRE(first + 1 != lines.end());
    CHECK(*(first + 1) == std::string(ErrorPrefix) + "go depth: -1 is negative; ignored");
}

} // TEST_SUITE
