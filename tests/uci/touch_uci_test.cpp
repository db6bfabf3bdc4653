// Touch-move over UCI: `touch`, `adjust`, `release`, `promote`, `obligation`,
// `d`, and `go` kept to the permitted moves. In-process through the session,
// and on the real binary over a pipe.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "notation/move_text.h"
#include "support/engine_process.h"
#include "support/lines.h"
#include "support/uci_session.h"

using namespace jadoube;
using jadoube::test::bestmove_of;
using jadoube::test::count_prefixed;
using jadoube::test::EngineProcess;
using jadoube::test::Session;
using jadoube::test::split_lines;
using namespace std::chrono_literals;

namespace {

// Positions reached by moves, so that they pass any reachability check of `position`.
constexpr const char* Castle = "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 f8c5"; // White may castle king side
constexpr const char* CastleQ = "position startpos moves d2d4 d7d5 b1c3 b8c6 c1f4 c8f5 d1d2 d8d7"; // queen side
constexpr const char* CastleInCheck = "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 d2d3 c5f2";
constexpr const char* Pawns = "position fen 4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1";
const std::string StartMoves =
    "a2a3 a2a4 b1a3 b1c3 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e2e3 e2e4 f2f3 f2f4 g1f3 g1h3 g2g3 g2g4 h2h3 h2h4";

// The permitted moves as the `obligation` line lists them.
std::vector<std::string> permitted(Session& s) {
    const std::string line = s.send("obligation");
    const auto at = line.find(" moves");
    std::vector<std::string> moves;
    std::string rest = line.substr(at + 6);
    std::size_t i = 0;
    while (i < rest.size()) {
        while (i < rest.size() && (rest[i] == ' ' || rest[i] == '\n')) ++i;
        const std::size_t j = rest.find_first_of(" \n", i);
        if (i < rest.size()) moves.push_back(rest.substr(i, j - i));
        i = j == std::string::npos ? rest.size() : j;
    }
    return moves;
}

bool contains(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

} // namespace

TEST_SUITE("touchmove") {

TEST_CASE("uci obligation prints exactly one line in the contract's format") {
    Session s;
    CHECK(s.send("obligation") == "info string touchmove article none moves " + StartMoves + "\n");
    s.send("touch g1");
    CHECK(s.send("obligation") == "info string touchmove article 4.3.1 moves g1f3 g1h3\n");
    s.send(Castle);
    s.send("touch e1 h1");
    CHECK(s.send("obligation") == "info string touchmove article 4.4.1 moves e1g1\n");
    s.send(Pawns);
    s.send("touch d5");
    CHECK(s.send("obligation") == "info string touchmove article 4.3.2 moves e4d5\n");
}

TEST_CASE("uci every article of the contract comes out of obligation") {
    struct Row {
        const char* position;
        const char* events;
        const char* line;
    };
    const Row rows[] = {
        {"position startpos", "adjust d1", "none"},
        {"position startpos", "touch g1", "4.3.1 moves g1f3 g1h3"},
        {Pawns, "touch d5", "4.3.2 moves e4d5"},
        {Pawns, "touch e1 d5", "4.3.3 moves e1d1 e1d2 e1e2 e1f1 e1f2"},
        {CastleQ, "touch e1 a1", "4.4.1 moves e1c1"},
        {Castle, "touch h1 e1", "4.4.2 moves h1f1 h1g1"},
        {CastleInCheck, "touch e1 h1", "4.4.3 moves e1d2 e1e2 e1f1 e1f2"},
        {"position fen 4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "promote n", "4.4.4 moves b7b8n"},
        {"position startpos", "touch d1", "4.5"},
        {"position startpos", "release g1 f3", "4.7 moves g1f3"},
        {Castle, "release e1 g1", "4.7.2 moves e1g1"},
    };
    for (const Row& r : rows) {
        CAPTURE(r.events);
        Session s;
        s.send(r.position);
        CHECK(s.send(r.events).empty());
        const std::string line = s.send("obligation");
        CHECK(line.starts_with(std::string("info string touchmove article ") + r.line));
        CHECK(count_prefixed(line, "info string") == 1);
    }
}

TEST_CASE("uci touch-move events are forgotten at position and ucinewgame") {
    Session s;
    s.send("touch g1");
    s.send("position startpos");
    CHECK(s.send("obligation") == "info string touchmove article none moves " + StartMoves + "\n");
    s.send("touch b1");
    s.send("ucinewgame");
    CHECK(s.send("obligation") == "info string touchmove article none moves " + StartMoves + "\n");
    s.send("touch b1");
    s.send("position startpos moves e2e4");
    CHECK(s.send("obligation").starts_with("info string touchmove article none moves "));
}

TEST_CASE("uci a position that fails keeps the events") {
    Session s;
    s.send("touch g1");
    CHECK(s.errors("position fen junk") == 1);
    CHECK(s.send("obligation") == "info string touchmove article 4.3.1 moves g1f3 g1h3\n");
}

TEST_CASE("uci touch-move errors give one error line and change nothing") {
    Session s;
    s.send("touch g1");
    const std::string before = s.send("obligation");
    CHECK(s.send("touch e4") == "info string error: touch: no piece on e4; nothing changed\n");
    CHECK(s.send("touch b1 e5") == "info string error: touch: no piece on e5; nothing changed\n");
    CHECK(s.send("touch") == "info string error: touch: expected one or more squares\n");
    CHECK(s.send("touch i9") == "info string error: touch: 'i9' is not a square\n");
    CHECK(s.send("adjust e4") == "info string error: adjust: no piece on e4; nothing changed\n");
    CHECK(s.send("release e4 e5") == "info string error: release: no piece on e4; nothing changed\n");
    CHECK(s.send("release e2") == "info string error: release: expected two squares, FROM and TO\n");
    CHECK(s.send("promote q") == "info string error: promote: no pawn can promote; nothing changed\n");
    CHECK(s.send("promote k") == "info string error: promote: expected one of q r b n\n");
    CHECK(s.send("obligation x") == "info string error: obligation: takes no arguments, got 'x'\n");
    CHECK(s.send("obligation") == before);
}

TEST_CASE("uci release to an unreachable square: the error line and the touch counts") {
    Session s;
    CHECK(s.send("release g1 g4")
          == "info string error: release: no legal move takes the knight on g1 to g4; the knight counts as touched\n");
    CHECK(s.send("obligation") == "info string touchmove article 4.3.1 moves g1f3 g1h3\n");
}

TEST_CASE("uci events are refused when the side to move has no legal move") {
    Session s;
    s.send("position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    CHECK(s.errors("touch e1") == 1);
    CHECK(s.send("obligation") == "info string touchmove article none moves\n");
}

TEST_CASE("uci d shows the touches and the obligation") {
    Session s;
    s.send("adjust d1");
    s.send("touch g1");
    const auto lines = split_lines(s.send("d"));
    CHECK(std::find(lines.begin(), lines.end(), "Touched: g1") != lines.end());
    CHECK(std::find(lines.begin(), lines.end(), "Adjusted: d1") != lines.end());
    CHECK(std::find(lines.begin(), lines.end(), "Obligation: 4.3.1 g1f3 g1h3") != lines.end());
    CHECK(std::find(lines.begin(), lines.end(), "Reason: the knight on g1 was touched and can move") != lines.end());
    s.send("position fen 4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    s.send("release b7 b8");
    s.send("promote q");
    const auto after = split_lines(s.send("d"));
    CHECK(std::find(after.begin(), after.end(), "Released: b7 b8") != after.end());
    CHECK(std::find(after.begin(), after.end(), "Promotion: q") != after.end());
    CHECK(std::find(after.begin(), after.end(), "Obligation: 4.7 b7b8q") != after.end());
}

TEST_CASE("uci Chess960 obligation writes castling king takes rook") {
    Session s;
    s.send("setoption name UCI_Chess960 value true");
    s.send("position fen 4k3/8/8/8/8/8/8/1R3K1R w HB - 0 1");
    s.send("touch f1 h1");
    CHECK(s.send("obligation") == "info string touchmove article 4.4.1 moves f1h1\n");
    CHECK(s.send_wait("go depth 3") == "bestmove f1h1\n");
    s.send("position fen 4k3/8/8/8/8/8/8/1R3K1R w HB - 0 1");
    s.send("release f1 g1");
    CHECK(s.send("obligation") == "info string touchmove article 4.7 moves f1g1 f1h1\n");
}

TEST_CASE("uci switching UCI_Chess960 forgets the events") {
    Session s;
    s.send(Castle);
    s.send("touch e1 h1");
    s.send("setoption name UCI_Chess960 value true");
    CHECK(s.send("obligation").starts_with("info string touchmove article none moves "));
}

// ---------------------------------------------------------------------------
// go
// ---------------------------------------------------------------------------

TEST_CASE("uci go with one permitted move answers at once without searching") {
    Session s;
    s.send(Castle);
    s.send("touch e1 h1");
    CHECK(s.send_wait("go depth 20") == "bestmove e1g1\n");
    CHECK(s.send_wait("go wtime 100000 btime 100000") == "bestmove e1g1\n");
    s.send(Pawns);
    s.send("touch d5");
    CHECK(s.send_wait("go movetime 10000") == "bestmove e4d5\n");
}

TEST_CASE("uci go after touches returns a permitted move") {
    struct Row {
        const char* position;
        const char* events;
    };
    const Row rows[] = {
        {"position startpos", "touch g1"},
        {"position startpos", "touch d1"},
        {"position startpos", "touch b1 g1"},
        {Pawns, "touch e1 d5"},
        {Castle, "touch h1 e1"},
        {Castle, "touch e1"},
        {CastleInCheck, "release e1 g1"},
        {CastleInCheck, "touch e1 h1"},
        {CastleQ, "touch e1"},
        {CastleQ, "touch a1 e1"},
        {"position fen 4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "touch b7"},
        {"position fen r3k3/1P6/8/8/8/8/8/R3K3 w - - 0 1", "touch a8"},
        {"position fen 4k3/8/8/2PpP3/8/8/8/3QK3 w - d6 0 1", "touch d5"},
        {"position fen 4k3/8/8/8/8/8/2N5/r3K3 w - - 0 1", "touch e1"},
        {"position startpos moves e2e4", "touch b8 g8"},
        {"position startpos", "release g1 g5"},
    };
    for (const Row& r : rows) {
        CAPTURE(r.events);
        Session s;
        s.send(r.position);
        s.send(r.events);
        const auto moves = permitted(s);
        const std::string out = s.send_wait("go depth 4");
        CHECK(count_prefixed(out, "bestmove ") == 1);
        CHECK(contains(moves, bestmove_of(out)));
    }
}

TEST_CASE("uci go searchmoves is intersected with the permitted set") {
    Session s;
    s.send("touch g1");
    CHECK(bestmove_of(s.send_wait("go depth 3 searchmoves g1h3 b1c3")) == "g1h3");
    const std::string both = bestmove_of(s.send_wait("go depth 3 searchmoves g1h3 g1f3 e2e4"));
    CHECK((both == "g1h3" || both == "g1f3"));
}

TEST_CASE("uci go searchmoves with nothing permitted: the error - then a permitted bestmove") {
    Session s;
    s.send("touch g1");
    const std::string out = s.send_wait("go depth 3 searchmoves e2e4 d2d4");
    CHECK(split_lines(out).front()
          == "info string error: go searchmoves: none of them is permitted by touch-move (article 4.3.1: g1f3 g1h3); every "
             "permitted move is searched");
    CHECK(count_prefixed(out, "bestmove ") == 1);
    const std::string best = bestmove_of(out);
    CHECK((best == "g1f3" || best == "g1h3"));
}

TEST_CASE("uci go with no events is untouched by touch-move") {
    Session s;
    s.send("adjust g1"); // adjustments oblige nothing
    const std::string out = s.send_wait("go depth 2");
    CHECK(count_prefixed(out, "info depth ") >= 1);
    CHECK(count_prefixed(out, "bestmove ") == 1);
}

TEST_CASE("uci go infinite with one permitted move holds the bestmove until stop") {
    Session s;
    s.send(Castle);
    s.send("touch e1 h1");
    CHECK(s.send("go infinite").empty());
    CHECK(s.send("isready") == "readyok\n");
    CHECK(s.send("ponderhit").empty()); // no effect on infinite
    CHECK(s.send("stop") == "bestmove e1g1\n");
    CHECK(s.send("stop").empty());
}

TEST_CASE("uci go ponder with one permitted move answers at ponderhit") {
    Session s;
    s.send(Castle);
    s.send("touch e1 h1");
    CHECK(s.send("go ponder wtime 1000 btime 1000").empty());
    CHECK(s.send("ponderhit") == "bestmove e1g1\n");
    CHECK(s.send("stop").empty());
}

TEST_CASE("uci a held bestmove is sent before a new go or position") {
    Session s;
    s.send(Castle);
    s.send("touch e1 h1");
    s.send("go infinite");
    CHECK(s.send("position startpos") == "bestmove e1g1\n");
    s.send(Castle);
    s.send("touch e1 h1");
    s.send("go infinite");
    CHECK(s.send_wait("go depth 1") == "bestmove e1g1\nbestmove e1g1\n");
}

TEST_CASE("uci go perft ignores touch-move") {
    Session s;
    s.send("touch g1");
    CHECK(s.send("go perft 1").find("Nodes searched: 20\n") != std::string::npos);
}

// ---------------------------------------------------------------------------
// The binary over a pipe
// ---------------------------------------------------------------------------

TEST_CASE("uci binary: touch commands obligation and an immediate bestmove") {
    EngineProcess e;
    e.send("uci");
    REQUIRE(e.wait_for("uciok", 5s));
    e.send(Castle);
    e.send("touch e1 h1");
    e.send("obligation");
    CHECK(e.read_line(5s) == std::optional<std::string>("info string touchmove article 4.4.1 moves e1g1"));
    e.send("go wtime 60000 btime 60000");
    CHECK(e.read_line(5s) == std::optional<std::string>("bestmove e1g1"));
    e.send("touch e3");
    CHECK(e.read_line(5s) == std::optional<std::string>("info string error: touch: no piece on e3; nothing changed"));
    e.send("position startpos");
    e.send("release g1 f3");
    e.send("obligation");
    CHECK(e.read_line(5s) == std::optional<std::string>("info string touchmove article 4.7 moves g1f3"));
    e.send("position startpos");
    e.send("touch g1");
    e.send("go depth 5");
    const auto best = e.wait_for("bestmove", 10s);
    REQUIRE(best);
    CHECK((best->starts_with("bestmove g1f3") || best->starts_with("bestmove g1h3")));
    e.send("quit");
    CHECK(e.wait_exit(5s) == 0);
}

TEST_CASE("uci binary: go infinite with one permitted move answers only at stop") {
    EngineProcess e;
    e.send("position fen 4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    e.send("touch d5");
    e.send("go infinite");
    CHECK_FALSE(e.wait_for("bestmove", 300ms));
    e.send("stop");
    CHECK(e.read_line(5s) == std::optional<std::string>("bestmove e4d5"));
    e.send("quit");
    CHECK(e.wait_exit(5s) == 0);
}

} // TEST_SUITE
