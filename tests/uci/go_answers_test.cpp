// Issue 65, "no command that silently answers another question", at the UCI:
// - a `go` whose every part was bad gets its error lines and then a bestmove within
//   a second, without `stop` (a search until stop would leave the GUI waiting);
//   a bare `go` stays infinite, as in Stockfish;
// - `go perft` after a refused `position` never prints the previous position's count;
// - error messages in standard chess write castling KQkq;
// - a draw the player to move can claim (9.2) is said, and scored as the claim.
#include <doctest/doctest.h>

#include <chrono>
#include <string>
#include <thread>

#include "notation/move_text.h"
#include "support/lines.h"
#include "support/uci_session.h"

using namespace jadoube;
using namespace jadoube::test;

namespace {

using Clock = std::chrono::steady_clock;

// What the session prints for `line` until its bestmove or until `within` passes.
std::string until_bestmove(Session& s, std::string_view line, Clock::duration within) {
    s.out.str("");
    const auto deadline = Clock::now() + within;
    s.uci.handle_line(line);
    std::string out;
    while (count_prefixed(out, "bestmove ") == 0 && Clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
        out += s.take();
    }
    return out;
}

} // namespace

TEST_SUITE("uci") {

TEST_CASE("issue 65: a go with no usable part answers within a second - without stop - after its error lines") {
    MovedSession s;
    for (const char* line : {"go depth -1", "go movetime abc", "go frobnicate 3", "go nodes 99999999999999999999",
                             "go searchmoves e2e4", "go searchmoves", "go wtime"}) {
        CAPTURE(line);
        const std::string out = until_bestmove(s, line, std::chrono::seconds(1));
        const auto lines = split_lines(out);
        REQUIRE(count_prefixed(out, "bestmove ") == 1);
        CHECK(lines.front().starts_with("info string error: "));
        CHECK(lines.back().starts_with("bestmove "));
        CHECK(parse_uci_move(s.uci.position(), bestmove_of(out)));
        CHECK(count_prefixed(s.send("stop"), "bestmove ") == 0); // nothing runs: no second bestmove
    }
}

TEST_CASE("issue 65: a bare go - and a go whose bad parts sit beside a good one - still search until their limit") {
    MovedSession s;
    // Bare: infinite until stop, as in Stockfish; its one bestmove comes at stop.
    s.out.str("");
    s.uci.handle_line("go");
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    CHECK(count_prefixed(s.take(), "bestmove ") == 0);
    s.uci.handle_line("stop");
    CHECK(count_prefixed(s.take(), "bestmove ") == 1);
    // `infinite` is a usable part: the bad one beside it is left out and the search waits for stop.
    s.uci.handle_line("go infinite depth -1");
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    CHECK(count_prefixed(s.take(), "bestmove ") == 0);
    s.uci.handle_line("stop");
    CHECK(count_prefixed(s.take(), "bestmove ") == 1);
}

TEST_CASE("issue 65: go perft after a refused position counts the position sent or refuses - never the one before") {
    Session s;
    s.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"); // Kiwipete: 48
    // The initial array with Black to move is unreachable (3.10.3): refused, and perft
    // counts its 20 moves with a note that go does not search it.
    CHECK(s.errors("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1") == 1);
    const std::string counted = s.send("go perft 1");
    CHECK(has_line(counted, "Nodes searched: 20"));
    CHECK(
        counted.starts_with("info string go perft: counting rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1, "
                            "which position refused as unreachable (3.10.3: "));
    // A FEN that does not parse: nothing to count, and the error names it.
    CHECK(s.errors("position fen rnbqkbnr/8/8 w - - 0 1") == 1);
    const std::string refused = s.send("go perft 1");
    CHECK(refused.find("Nodes searched") == std::string::npos);
    CHECK(refused == "info string error: go perft: the last position sent, rnbqkbnr/8/8 w - - 0 1, was refused, "
                     "and perft never counts the position before it\n");
    // An accepted position ends the refusal.
    s.send("position startpos");
    CHECK(has_line(s.send("go perft 1"), "Nodes searched: 20"));
}

TEST_CASE("issue 65: in standard chess flip's refusal writes the mirror's castling KQkq") {
    Session s;
    const std::string out = s.send("flip");
    CHECK(
        out.starts_with("info string error: flip: the mirror rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 is "
                        "refused: "));
    CHECK(out.find("HAha") == std::string::npos);
}

TEST_CASE("9.2 a claimable threefold at the root is said in an info string and every score is the claim's 0") {
    Session s;
    s.send("position fen 4k3/8/8/8/8/8/8/3QK3 b - - 0 1 moves e8f8 e1e2 f8e8 e2e1 e8f8 e1e2 f8e8 e2e1");
    const std::string out = until_bestmove(s, "go depth 5", std::chrono::seconds(30));
    REQUIRE(count_prefixed(out, "bestmove ") == 1);
    CHECK(count_prefixed(out, "info string draw claimable: threefold-claimable (article 9.2): ") == 1);
    CHECK(count_prefixed(out, "info depth ") >= 5);
    for (const std::string& line : split_lines(out))
        if (line.starts_with("info depth ") && line.find(" currmove ") == std::string::npos)
            CHECK_MESSAGE(line.find(" score cp 0 ") != std::string::npos, line);
}

} // TEST_SUITE
