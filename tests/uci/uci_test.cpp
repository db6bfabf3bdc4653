// The UCI session driven line by line: the handshake and commands GUIs send,
// and for every class of bad input exactly one error line with the state kept.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <sstream>
#include <string>
#include <thread>

#include "notation/display.h"
#include "notation/move_text.h"
#include "support/lines.h"
#include "support/uci_session.h"
#include "uci/session.h"
#include "util/version.h"

using namespace jadoube;
using namespace jadoube::test;

namespace {

constexpr const char* ErrorPrefix = "info string error: ";
// Black's h7-h6 was the last move: without it Black, whose king and rooks keep their
// castling rights, could not have moved last (3.10.3).
constexpr const char* CastlingFen = "r3k2r/8/7p/8/8/8/8/R3K2R w KQkq - 0 1";

} // namespace

TEST_SUITE("uci") {

TEST_CASE("uci handshake lists id and every option and ends with uciok") {
    Session s;
    const auto lines = split_lines(s.send("uci"));
    REQUIRE(lines.size() >= 3);
    CHECK(lines[0] == "id name Jadoube " + std::string(version::number()));
    CHECK(lines[1] == "id author the Jadoube developers");
    CHECK(lines.back() == "uciok");
    const std::string text = s.send("uci");
    CHECK(has_line(text, "option name Hash type spin default 16 min 1 max 33554432"));
    CHECK(has_line(text, "option name Threads type spin default 1 min 1 max 1024"));
    CHECK(has_line(text, "option name UCI_Chess960 type check default false"));
    CHECK(has_line(text, "option name Clear Hash type button"));
    CHECK(has_line(text, "option name Move Overhead type spin default 10 min 0 max 5000"));
    CHECK(has_line(text, "option name Slow Mover type spin default 100 min 10 max 1000"));
    CHECK(has_line(text, "option name nodestime type spin default 0 min 0 max 10000"));
    CHECK(has_line(text, "option name MultiPV type spin default 1 min 1 max 256"));
    CHECK(has_line(text, "option name Ponder type check default false"));
    CHECK(has_line(text, "option name UCI_ShowWDL type check default false"));
    CHECK(has_line(text, "option name UseNNUE type check default true"));
    CHECK(has_line(text, "option name EvalFile type string default <embedded>"));
    CHECK(has_line(text, "option name Skill Level type spin default 20 min 0 max 20"));
    CHECK(has_line(text, "option name UCI_LimitStrength type check default false"));
    CHECK(has_line(text, "option name UCI_Elo type spin default 1350 min 1350 max 2850"));
    CHECK(has_line(text, "option name SyzygyPath type string default <empty>"));
    CHECK(has_line(text, "option name SyzygyProbeDepth type spin default 1 min 1 max 100"));
    CHECK(has_line(text, "option name SyzygyProbeLimit type spin default 7 min 0 max 7"));
    CHECK(has_line(text, "option name Syzygy50MoveRule type check default true"));
    CHECK(has_line(text, "option name Debug Log File type string default <empty>"));
    CHECK(count_prefixed(text, "option name ") == 20);
}

TEST_CASE("isready answers readyok and nothing else") {
    Session s;
    CHECK(s.send("isready") == "readyok\n");
}

TEST_CASE("empty and blank lines are ignored silently") {
    Session s;
    CHECK(s.send("") == "");
    CHECK(s.send("   \t  ") == "");
    CHECK(s.send("\r") == "");
}

TEST_CASE("tokens may be separated by any run of spaces and tabs and CRLF is accepted") {
    Session s;
    CHECK(s.send("  position\tstartpos \t moves   e2e4\r") == "");
    CHECK(s.fen() == AfterE4);
    CHECK(s.send("setoption  name\tMove   Overhead value\t 250") == "");
    CHECK(s.uci.options().value(OptionId::MoveOverhead) == 250);
}

TEST_CASE("position startpos moves e2e4 e7e5 gives the expected FEN") {
    Session s;
    CHECK(s.send("position startpos moves e2e4 e7e5") == "");
    CHECK(s.fen() == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    CHECK(s.d_fen() == s.fen());
}

TEST_CASE("position startpos moves with no moves is the start position") {
    MovedSession s;
    CHECK(s.send("position startpos moves") == "");
    CHECK(s.fen() == Position::StartFen);
}

TEST_CASE("position fen with four fields implies the counters 0 1") {
    Session s;
    CHECK(s.send("position fen 8/8/8/8/8/8/8/k6K w - -") == "");
    CHECK(s.fen() == "8/8/8/8/8/8/8/k6K w - - 0 1");
}

TEST_CASE("a move list of thousands of plies is accepted") {
    Session s;
    std::string line = "position startpos moves";
    for (int i = 0; i < 1000; ++i) line += " g1f3 g8f6 f3g1 f6g8";
    CHECK(s.send(line) == "");
    CHECK(s.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4000 2001");
    CHECK(s.uci.position().game_ply() == 4000);
}

TEST_CASE("standard castling is written as the king destination and read as e1g1 or e1h1") {
    Session s;
    s.send(std::string("position fen ") + CastlingFen);
    const std::string perft = s.send("go perft 1");
    CHECK(has_line(perft, "e1g1: 1"));
    CHECK(has_line(perft, "e1c1: 1"));
    CHECK_FALSE(has_line(perft, "e1h1: 1"));
    CHECK_FALSE(has_line(perft, "e1a1: 1"));

    CHECK(s.send(std::string("position fen ") + CastlingFen + " moves e1g1") == "");
    CHECK(s.fen() == "r3k2r/8/7p/8/8/8/8/R4RK1 b kq - 1 1");
    CHECK(s.send(std::string("position fen ") + CastlingFen + " moves e1h1 e8c8") == "");
    CHECK(s.fen() == "2kr3r/8/7p/8/8/8/8/R4RK1 w - - 2 2");
    CHECK(s.send(std::string("position fen ") + CastlingFen + " moves e1a1 e8h8") == "");
    CHECK(s.fen() == "r4rk1/8/7p/8/8/8/8/2KR3R w - - 2 2");
}

TEST_CASE("Chess960 castling is written and read only as king takes rook") {
    Session s;
    CHECK(s.send("setoption name UCI_Chess960 value true") == "");
    s.send(std::string("position fen ") + CastlingFen);
    const std::string perft = s.send("go perft 1");
    CHECK(has_line(perft, "e1h1: 1"));
    CHECK(has_line(perft, "e1a1: 1"));
    CHECK_FALSE(has_line(perft, "e1g1: 1"));
    CHECK_FALSE(has_line(perft, "e1c1: 1"));

    CHECK(s.send(std::string("position fen ") + CastlingFen + " moves e1h1") == "");
    CHECK(s.fen().starts_with("r3k2r/8/7p/8/8/8/8/R4RK1 b "));
    const std::string before = s.fen();
    CHECK(s.errors(std::string("position fen ") + CastlingFen + " moves e1g1") == 1);
    CHECK(s.fen() == before);
}

TEST_CASE("Chess960 start positions castle king-takes-rook from any king file") {
    Session s;
    s.send("setoption name UCI_Chess960 value true");
    CHECK(s.send("position fen rk4r1/8/7p/8/8/8/8/RK4R1 w GAga - 0 1 moves b1a1") == "");
    CHECK(s.fen().starts_with("rk4r1/8/7p/8/8/8/8/2KR2R1 b "));
}

TEST_CASE("switching UCI_Chess960 keeps the current position and its history") {
    Session s;
    s.send(std::string("position fen ") + CastlingFen + " moves a1b1 a8b8");
    const std::string before = s.fen();
    const std::size_t plies = s.uci.position().history().size();
    CHECK(s.send("setoption name UCI_Chess960 value true") == "");
    CHECK(s.uci.options().check(OptionId::UciChess960));
    CHECK(s.uci.position().is_chess960());
    const std::size_t boardAndSide = before.find(' ') + 2;
    CHECK(s.fen().substr(0, boardAndSide) == before.substr(0, boardAndSide));
    CHECK(s.uci.position().history().size() == plies);
    CHECK(s.send("setoption name UCI_Chess960 value false") == "");
    CHECK(s.fen() == before);
    CHECK_FALSE(s.uci.position().is_chess960());
}

TEST_CASE("UCI_Chess960 is never refused: a 960-only set-up turned standard says so and becomes the start position") {
    Session s;
    s.send("setoption name UCI_Chess960 value true");
    const std::string fen = "nrkbqrbn/pppppppp/8/8/8/8/PPPPPPPP/NRKBQRBN w BFbf - 0 1";
    REQUIRE(s.send("position fen " + fen + " moves e2e4") == "");
    const std::string out = s.send("setoption name UCI_Chess960 value false");
    REQUIRE(split_lines(out).size() == 1);
    CHECK(
        out.starts_with("info string UCI_Chess960 is now false: the position nrkbqrbn/pppppppp/8/8/4P3/8/PPPP1PPP/NRKBQRBN b "));
    CHECK(out.find("cannot be set up in standard chess") != std::string::npos);
    CHECK(out.ends_with("; the position is now the start position\n"));
    CHECK(count_prefixed(out, ErrorPrefix) == 0); // the option took effect: not an error
    CHECK_FALSE(s.uci.options().check(OptionId::UciChess960));
    CHECK_FALSE(s.uci.position().is_chess960());
    CHECK(s.fen() == Position::StartFen);
    CHECK(s.uci.position().history().size() == 1);
    // The session goes on in the new mode: castling is written e1g1 again.
    CHECK(s.send("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1") == "");
    CHECK(s.send("setoption name UCI_Chess960 value true") == ""); // a standard game replays as a 960 one
    CHECK(s.uci.position().is_chess960());
    CHECK(s.uci.position().history().size() == 8);
}

TEST_CASE("promotions need their letter and the letter picks the piece") {
    Session s;
    const std::string base = "position fen 8/P7/8/8/8/8/8/k6K w - - 0 1 moves ";
    CHECK(s.send(base + "a7a8q") == "");
    CHECK(s.fen() == "Q7/8/8/8/8/8/8/k6K b - - 0 1");
    CHECK(s.send(base + "a7a8n") == "");
    CHECK(s.fen() == "N7/8/8/8/8/8/8/k6K b - - 0 1");
    CHECK(s.send(base + "a7a8R") == ""); // upper case tolerated, as Stockfish does
    CHECK(s.fen() == "R7/8/8/8/8/8/8/k6K b - - 0 1");
    CHECK(s.errors(base + "a7a8") == 1);
    CHECK(s.errors(base + "a7a8k") == 1);
    CHECK(s.fen() == "R7/8/8/8/8/8/8/k6K b - - 0 1");
}

TEST_CASE("go perft 1 prints Stockfish's divide format") {
    Session s;
    const auto lines = split_lines(s.send("go perft 1"));
    REQUIRE(lines.size() == 23);
    for (int i = 0; i < 20; ++i) {
        CHECK(lines[i].size() == 7);
        CHECK(lines[i].ends_with(": 1"));
    }
    CHECK(lines[20] == "");
    CHECK(lines[21] == "Nodes searched: 20");
    CHECK(lines[22] == "");
}

TEST_CASE("go perft 3 on the start position counts 8902") {
    Session s;
    const auto lines = split_lines(s.send("go perft 3"));
    REQUIRE(lines.size() == 23);
    CHECK(lines[21] == "Nodes searched: 8902");
}

TEST_CASE("go perft N hash MB counts what go perft N counts - on one thread and on two") {
    Session s;
    s.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"); // kiwipete
    const std::string plain = s.send("go perft 4");
    CHECK(has_line(plain, "Nodes searched: 4085603"));
    CHECK(s.send("go perft 4 hash 1") == plain);
    CHECK(s.send("go hash 2 perft 4") == plain); // either order
    s.send("setoption name Threads value 2");
    CHECK(s.send("go perft 4 hash 1") == plain);
}

TEST_CASE("go answers one bestmove with a legal move or 0000 when there is none") {
    Session s;
    const std::string out = s.send_wait("go wtime 1000 btime 1000 winc 10 binc 10");
    REQUIRE(count_prefixed(out, "bestmove ") == 1);
    const std::string best = split_lines(out).back();
    CHECK(best.starts_with("bestmove "));
    CHECK(parse_uci_move(s.uci.position(), best.substr(9, 4)));
    s.send("position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"); // mated
    const auto mated = split_lines(s.send_wait("go depth 5"));
    REQUIRE(mated.size() == 2);
    CHECK(mated[0].starts_with("info depth 0 seldepth 0 multipv 1 score mate 0 nodes 0 "));
    CHECK(mated[1] == "bestmove 0000");
    s.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"); // stalemated
    CHECK(split_lines(s.send_wait("go movetime 100")).back() == "bestmove 0000");
    s.send("position startpos");
    const std::string restricted = split_lines(s.send_wait("go depth 3 searchmoves h2h3 a2a3")).back();
    CHECK((restricted.starts_with("bestmove h2h3") || restricted.starts_with("bestmove a2a3")));
}

namespace {

// The deepest iteration a search's output has completed so far: its `info depth N
// ... pv` lines, not the `info depth N currmove` lines of one under way (0: none yet).
int deepest(const std::string& output) {
    int depth = 0;
    for (const std::string& line : split_lines(output))
        if (line.starts_with("info depth ") && line.find(" pv ") != std::string::npos)
            depth = std::max(depth, std::stoi(line.substr(11)));
    return depth;
}

// The latest `time T` (ms since the go) of a search's info lines so far (-1: none yet).
std::int64_t latest_time(const std::string& output) {
    std::int64_t time = -1;
    for (const std::string& line : split_lines(output))
        if (const auto at = line.find(" time "); line.starts_with("info depth ") && at != std::string::npos)
            time = std::max<std::int64_t>(time, std::stoll(line.substr(at + 6)));
    return time;
}

} // namespace

TEST_CASE("go infinite and go ponder hold the bestmove until stop or ponderhit") {
    Session s;
    // go infinite ends by stop alone: not at a depth, not by ponderhit. Each wait below
    // is for the search to get past the point where a search that ended wrongly would
    // have answered (take_until returns early on a bestmove).
    s.uci.handle_line("go infinite");
    std::string seen = s.take_until([](const std::string& out) { return deepest(out) >= 6; });
    CHECK(count_prefixed(seen, "bestmove ") == 0);
    const int before = deepest(seen);
    s.uci.handle_line("ponderhit"); // no effect on an infinite search
    s.uci.handle_line("isready");
    seen = s.take_until([&](const std::string& out) { return deepest(out) > before; }); // an iteration after it
    CHECK(count_prefixed(seen, "readyok") == 1);
    CHECK(count_prefixed(seen, "bestmove ") == 0);
    s.uci.handle_line("stop"); // returns once the bestmove is out
    CHECK(count_prefixed(s.take(), "bestmove ") == 1);
    CHECK(s.send("stop") == "");

    // Pondering, the clock does not run: the search goes on past the whole 100 ms a
    // search on our clock would have had.
    s.uci.handle_line("go ponder wtime 100 btime 100");
    seen = s.take_until([](const std::string& out) { return latest_time(out) > 200; });
    CHECK(count_prefixed(seen, "bestmove ") == 0);
    s.uci.handle_line("ponderhit");
    s.uci.wait_search();
    CHECK(count_prefixed(s.take(), "bestmove ") == 1);
    CHECK(s.send("stop") == "");

    s.uci.handle_line("go infinite");
    CHECK(count_prefixed(s.send_wait("go depth 1"), "bestmove ") == 2); // the running one, then its own
    CHECK(s.send("stop") == "");
}

// A helper that completes a depth limit first ends the search (pick_best_worker),
// but not one that must wait for stop or ponderhit.
TEST_CASE("with several threads go infinite depth N and go ponder depth N still wait") {
    Session s;
    s.send("setoption name Threads value 2");
    for (const char* go : {"go infinite depth 4", "go ponder depth 4 wtime 1000 btime 1000"}) {
        CAPTURE(std::string(go));
        s.uci.handle_line(go);
        // Once depth 4 is done a search that ends there answers at once; 100 ms more
        // leaves it time to, however late the depth came.
        std::string seen = s.take_until([](const std::string& out) { return deepest(out) >= 4; });
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        seen += s.take();
        CHECK(deepest(seen) == 4);
        CHECK(count_prefixed(seen, "bestmove ") == 0);
        s.uci.handle_line(std::string(go).starts_with("go infinite") ? "stop" : "ponderhit");
        s.uci.wait_search();
        CHECK(count_prefixed(s.take(), "bestmove ") == 1);
    }
}

TEST_CASE("d prints the board then the Fen Key and Checkers lines") {
    Session s;
    s.send("position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    const std::string text = s.send("d");
    const auto lines = split_lines(text);
    CHECK(has_line(text, " | r | n | b |   | k | b | n | r | 8"));
    CHECK(has_line(text, " | R | N | B | Q | K | B | N | R | 1"));
    CHECK(has_line(text, "   a   b   c   d   e   f   g   h"));
    CHECK(has_line(text, "Fen: rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"));
    CHECK(has_line(text, "Key: " + key_hex(s.uci.position().key())));
    CHECK(has_line(text, "Checkers: h4"));
    s.send("position startpos");
    CHECK(has_line(s.send("d"), "Checkers:"));
}

TEST_CASE("key_hex writes 16 upper-case hex digits") {
    CHECK(key_hex(0) == "0000000000000000");
    CHECK(key_hex(0xABCDEF0123456789ULL) == "ABCDEF0123456789");
}

TEST_CASE("setoption names are case-insensitive and values are stored") {
    Session s;
    CHECK(s.send("setoption name hash value 256") == "");
    CHECK(s.uci.options().value(OptionId::Hash) == 256);
    CHECK(s.send("setoption name THREADS value 8") == "");
    CHECK(s.uci.options().value(OptionId::Threads) == 8);
    CHECK(s.send("setoption name Ponder value TRUE") == "");
    CHECK(s.uci.options().check(OptionId::Ponder));
    CHECK(s.send("setoption name clear hash") == "");
}

TEST_CASE("debug on and off") {
    Session s;
    CHECK(s.send("debug on") == "");
    CHECK(s.uci.debug());
    CHECK(s.send("debug off") == "");
    CHECK_FALSE(s.uci.debug());
}

TEST_CASE("quit ends the loop and run_loop reads CRLF lines up to it") {
    Session s;
    CHECK_FALSE(s.uci.handle_line("quit"));
    CHECK(s.uci.handle_line("isready"));

    std::istringstream in("uci\r\nisready\r\n\r\nquit\r\nisready\r\n");
    std::ostringstream out;
    CHECK(run_loop(in, out) == 0);
    const std::string text = out.str();
    CHECK(count_prefixed(text, "uciok") == 1);
    CHECK(count_prefixed(text, "readyok") == 1);
}

TEST_CASE("run_loop ends at end of input and runs a last line without newline") {
    std::istringstream in("position startpos moves e2e4\nd");
    std::ostringstream out;
    CHECK(run_loop(in, out) == 0);
    CHECK(has_line(out.str(), std::string("Fen: ") + AfterE4));
}

// ---------------------------------------------------------------------------
// Bad input: exactly one error line, and the previous state stays in force.
// ---------------------------------------------------------------------------

TEST_CASE("bad input: malformed FEN keeps the previous position") {
    MovedSession s;
    const char* bad[] = {
        "position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b", // too few fields
        "position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 extra", // too many
        "position fen rnbqkbnx/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", // bad piece letter
        "position fen rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", // rank too long
        "position fen rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", // bad digit
        "position fen rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", // seven ranks
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", // bad side
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkX - 0 1", // bad castling
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", // castling without rook
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", // bad ep square
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", // ep on wrong rank
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", // negative clock
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", // fullmove zero
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", // no white king
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1", // empty board
        "position fen", // FEN missing
        "position fen moves e2e4", // FEN missing before moves
        "position", // nothing
        "position startfen", // neither startpos nor fen
        "position startpos e2e4", // 'moves' missing
    };
    for (const char* line : bad) {
        CAPTURE(line);
        const std::string out = s.send(line);
        CHECK(count_prefixed(out, ErrorPrefix) == 1);
        CHECK(split_lines(out).size() == 1);
        CHECK(s.fen() == AfterE4);
        CHECK(s.d_fen() == AfterE4);
    }
}

TEST_CASE("bad input: illegal move in moves list keeps the previous position") {
    MovedSession s;
    const std::string out = s.send("position startpos moves d2d4 d7d5 e1e3 e7e5");
    CHECK(count_prefixed(out, ErrorPrefix) == 1);
    CHECK(split_lines(out).size() == 1);
    CHECK(out.find("move 3") != std::string::npos);
    CHECK(out.find("'e1e3'") != std::string::npos);
    CHECK(s.fen() == AfterE4);

    SUBCASE("a token that is not a move at all") {
        CHECK(s.errors("position startpos moves e2e4 e7e5 hello") == 1);
        CHECK(s.fen() == AfterE4);
    }
    SUBCASE("a move of the wrong side") {
        CHECK(s.errors("position startpos moves e7e5") == 1);
        CHECK(s.fen() == AfterE4);
    }
    SUBCASE("the null move") {
        CHECK(s.errors("position startpos moves 0000") == 1);
        CHECK(s.fen() == AfterE4);
    }
    SUBCASE("a move after checkmate") {
        CHECK(s.errors("position startpos moves f2f3 e7e5 g2g4 d8h4 a2a3") == 1);
        CHECK(s.fen() == AfterE4);
    }
}

TEST_CASE("bad input: unknown command") {
    MovedSession s;
    CHECK(s.errors("flop") == 1);
    CHECK(s.errors("isready now") == 1);
    CHECK(s.errors("POSITION startpos") == 1);
    CHECK(s.fen() == AfterE4);
}

TEST_CASE("bad input: over-long line is refused whole") {
    MovedSession s;
    std::string line = "position startpos moves e2e4 e7e5 ";
    line.resize(UciSession::MaxLineBytes + 1, ' ');
    const std::string out = s.send(line);
    CHECK(count_prefixed(out, ErrorPrefix) == 1);
    CHECK(split_lines(out).size() == 1);
    CHECK(s.fen() == AfterE4);

    SUBCASE("through run_loop too") {
        std::string input = "isready\n" + line + "\nisready\n";
        std::istringstream in(input);
        std::ostringstream out2;
        run_loop(in, out2);
        CHECK(count_prefixed(out2.str(), ErrorPrefix) == 1);
        CHECK(count_prefixed(out2.str(), "readyok") == 2);
    }
}

TEST_CASE("bad input: binary junk line") {
    MovedSession s;
    using namespace std::string_literals;
    const std::string junk[] = {
        "position startpos\x01"s,
        "\x00\x01\x02\xff\xfe"s,
        "isready\0"s,
        "position startpos moves e2e4\r e7e5"s,
        "setoption name Hash value \xc3"s,        // truncated UTF-8
        "setoption name Hash value \xc0\xaf"s,    // overlong UTF-8
        "\x1b[31misready"s,                       // escape sequence
    };
    for (const std::string& line : junk) {
        CAPTURE(line);
        const std::string out = s.send(line);
        CHECK(count_prefixed(out, ErrorPrefix) == 1);
        CHECK(split_lines(out).size() == 1);
        CHECK(s.fen() == AfterE4);
        CHECK(s.uci.options().value(OptionId::Hash) == 16);
    }
    // Valid UTF-8 is text, not junk: this is an unknown option, one error still.
    const std::string out = s.send("setoption name Größe value 1");
    CHECK(count_prefixed(out, ErrorPrefix) == 1);
    CHECK(out.find("Größe") != std::string::npos);
}

TEST_CASE("bad input: setoption with an unknown name") {
    Session s;
    CHECK(s.errors("setoption name Hashh value 64") == 1);
    CHECK(s.errors("setoption name value 64") == 1);
    CHECK(s.errors("setoption Hash value 64") == 1);
    CHECK(s.errors("setoption") == 1);
    CHECK(s.uci.options().value(OptionId::Hash) == 16);
}

TEST_CASE("bad input: setoption with a bad value keeps the old value") {
    Session s;
    s.send("setoption name Hash value 64");
    REQUIRE(s.uci.options().value(OptionId::Hash) == 64);
    const char* bad[] = {
        "setoption name Hash value big",
        "setoption name Hash value 12.5",
        "setoption name Hash value 12abc",
        "setoption name Hash value 0",
        "setoption name Hash value 33554433",
        "setoption name Hash value -5",
        "setoption name Hash value 99999999999999999999999",
        "setoption name Hash value",
        "setoption name Hash",
        "setoption name Hash value 1 2",
        "setoption name UCI_Chess960 value maybe",
        "setoption name UCI_Chess960 value 1",
        "setoption name UCI_Chess960",
        "setoption name Ponder value yes",
        "setoption name Clear Hash value true",
        "setoption name Move Overhead value 5001",
        "setoption name Slow Mover value 9",
        "setoption name Slow Mover value 1001",
        "setoption name nodestime value -1",
        "setoption name nodestime value 10001",
    };
    for (const char* line : bad) {
        CAPTURE(line);
        const std::string out = s.send(line);
        CHECK(count_prefixed(out, ErrorPrefix) == 1);
        CHECK(split_lines(out).size() == 1);
    }
    CHECK(s.uci.options().value(OptionId::Hash) == 64);
    CHECK_FALSE(s.uci.options().check(OptionId::UciChess960));
    CHECK_FALSE(s.uci.options().check(OptionId::Ponder));
    CHECK(s.uci.options().value(OptionId::MoveOverhead) == 10);
    CHECK(s.uci.options().value(OptionId::SlowMover) == 100);
    CHECK(s.uci.options().value(OptionId::NodesTime) == 0);
}

TEST_CASE("bad input: go perft with a bad depth or hash size") {
    MovedSession s;
    const char* bad[] = {"go perft",
                         "go perft 0",
                         "go perft -1",
                         "go perft 21",
                         "go perft abc",
                         "go perft 2.5",
                         "go perft 2 depth 3",
                         "go perft 99999999999999999999",
                         "go perft 2 hash",
                         "go perft 2 hash 0",
                         "go perft 2 hash -4",
                         "go perft 2 hash x",
                         "go perft 2 hash 1 hash 0",
                         "go perft 2 hash 4194305"};
    for (const char* line : bad) {
        CAPTURE(line);
        const std::string out = s.send(line);
        CHECK(count_prefixed(out, ErrorPrefix) == 1);
        CHECK(split_lines(out).size() == 1);
        CHECK(s.fen() == AfterE4);
    }
}

TEST_CASE("bad input: debug without on or off") {
    Session s;
    s.send("debug on");
    CHECK(s.errors("debug maybe") == 1);
    CHECK(s.errors("debug") == 1);
    CHECK(s.uci.debug());
}

} // TEST_SUITE
