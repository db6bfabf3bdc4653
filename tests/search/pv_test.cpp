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
// a move after checkmate or stalemate. Returns the position the last line ends in.
Position check_pvs(const std::string& fen, const std::string& output) {
    int lines = 0;
    Position pos;
    for (const std::string& line : split_lines(output)) {
        const auto at = line.find(" pv ");
        if (!line.starts_with("info ") || at == std::string::npos) continue;
        ++lines;
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
    return pos;
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
    struct Case {
        const char* fen;
        int mateIn; // moves to the mate the side to move gives; 0: none
    };
    for (const Case& c : {Case{"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1},                               // back-rank Rd8#
                          Case{"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 1}, // Qxf7#
                          Case{"8/8/8/8/8/5K2/5Q2/7k w - - 0 1", 1},                                    // Qg2#
                          Case{"2k5/8/1K6/8/8/8/8/3R4 w - - 0 1", 2},                                   // 1. Rd2 Kb8 2. Rd8#
                          Case{"7k/8/6KP/8/8/8/8/8 w - - 0 1", 0}}) {                                   // h7 stalemates
        Session s;
        s.send(std::string("position fen ") + c.fen);
        CAPTURE(std::string(c.fen));
        const std::string output = s.send_wait("go depth 12");
        Position end = check_pvs(c.fen, output);
        if (c.mateIn == 0) continue;
        // The last line announces the mate and its PV plays it out: 2N - 1 plies, the
        // last of which leaves the other side in check with no legal move (5.1.1).
        const std::string last = last_pv_line(split_lines(output));
        INFO(last);
        CHECK(last.find(" score mate " + std::to_string(c.mateIn) + " ") != std::string::npos);
        std::istringstream pv(last.substr(last.find(" pv ") + 4));
        int plies = 0;
        for (std::string move; pv >> move;) ++plies;
        CHECK(plies == 2 * c.mateIn - 1);
        CHECK(end.checkers());
        CHECK(MoveList<LEGAL>(end).size() == 0);
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
