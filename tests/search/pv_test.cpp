// What a GUI (and fastchess) checks in every info line: the PV is a legal line and
// does not run past the end of the game.
#include <doctest/doctest.h>

#include <sstream>

#include "board/movegen.h"
#include "laws/rules.h"
#include "notation/move_text.h"
#include "support/lines.h"
#include "support/uci_session.h"

using namespace jadoube;
using namespace jadoube::test;

namespace {

// Replays every `info ... pv` line of the output from fen; fails on an illegal move or
// a move after checkmate or stalemate.
void check_pvs(const std::string& fen, const std::string& output) {
    int lines = 0;
    for (const std::string& line : split_lines(output)) {
        const auto at = line.find(" pv ");
        if (!line.starts_with("info ") || at == std::string::npos) continue;
        ++lines;
        Position pos;
        REQUIRE(pos.set(fen, false));
        std::istringstream moves(line.substr(at + 4));
        for (std::string text; moves >> text;) {
            INFO(line);
            REQUIRE_MESSAGE(MoveList<LEGAL>(pos).size() > 0, "the PV continues after the game ended: " << text);
            const Move m = parse_uci_move(pos, text);
            REQUIRE_MESSAGE(bool(m), "illegal PV move " << text);
            pos.do_move(m);
        }
    }
    CHECK(lines > 0);
}

// The last `info ... pv` line of a search's output ("" if none).
std::string last_pv_line(const std::vector<std::string>& lines) {
    std::string last;
    for (const auto& l : lines)
        if (l.starts_with("info ") && l.find(" pv ") != std::string::npos) last = l;
    return last;
}

// The first move of an info line's PV.
std::string pv_head(const std::string& info) {
    const std::string pv = info.substr(info.find(" pv ") + 4);
    return pv.substr(0, pv.find(' '));
}

} // namespace

TEST_SUITE("search") {

TEST_CASE("PV lines are legal and end at checkmate") {
    for (const char* fen : {"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",          // back-rank mate in 1
                            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", // Qxf7#
                            "8/8/8/8/8/5K2/5Q2/7k w - - 0 1",                  // KQ v K, mates soon
                            "7k/8/6KP/8/8/8/8/8 w - - 0 1",                    // stalemate traps
                            "2k5/8/1K6/8/8/8/8/3R4 w - - 0 1"}) {
        Session s;
        s.send(std::string("position fen ") + fen);
        CAPTURE(std::string(fen));
        check_pvs(fen, s.send_wait("go depth 12"));
    }
}

} // TEST_SUITE

TEST_SUITE("search") {

TEST_CASE("with several threads the bestmove begins the last PV shown") {
    Session s;
    s.send("setoption name Threads value 4");
    for (const char* fen :
         {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"}) {
        CAPTURE(std::string(fen));
        s.send(std::string("position fen ") + fen);
        const auto lines = split_lines(s.send_wait("go depth 11"));
        const std::string last = last_pv_line(lines);
        REQUIRE(!last.empty());
        REQUIRE(lines.back().starts_with("bestmove "));
        CHECK(pv_head(last) == bestmove_of(lines.back()));
    }
}

// A depth limit is met by the first thread to complete that depth; the answer must
// still be a search of the depth asked, shown last, with the bestmove beginning it.
TEST_CASE("with several threads go depth N answers with a line of depth N") {
    for (const char* threads : {"2", "3"}) {
        Session s;
        s.send(std::string("setoption name Threads value ") + threads);
        for (const char* fen :
             {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"}) {
            CAPTURE(std::string(threads));
            CAPTURE(std::string(fen));
            s.send(std::string("position fen ") + fen);
            const auto lines = split_lines(s.send_wait("go depth 10"));
            const std::string last = last_pv_line(lines);
            INFO(last);
            REQUIRE(last.starts_with("info depth 10 "));
            REQUIRE(lines.back().starts_with("bestmove "));
            CHECK(pv_head(last) == bestmove_of(lines.back()));
        }
    }
}

} // TEST_SUITE
