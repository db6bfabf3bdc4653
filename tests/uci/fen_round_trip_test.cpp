// Whatever `d` prints as `Fen:` is accepted back by `position fen` and gives the same
// FEN: at every ply of random games, standard and Chess960, played on past every
// automatic ending (fivefold, seventy-five moves, dead positions) to where no legal
// move is left or the ply limit. So clocks above 150 and move numbers past any
// bound of the old 16-bit counters are on the way.
#include <doctest/doctest.h>

#include <random>
#include <string>

#include "board/movegen.h"
#include "notation/move_text.h"
#include "support/position.h"
#include "support/uci_session.h"

using namespace jadoube;
using namespace jadoube::test;

namespace {

struct Tally {
    long plies = 0;
    int maxClock = 0;
};

// One game: each ply played by `position fen PREVIOUS moves M`, then `d`'s FEN set up
// again and printed again. Returns false at the first failure.
bool play_game(Session& s, const std::string& start, int maxPlies, std::mt19937_64& rng, Tally& t) {
    REQUIRE(s.send("position fen " + start) == "");
    std::string fen = s.d_fen();
    for (int ply = 0; ply < maxPlies; ++ply) {
        const MoveList<LEGAL> moves(s.uci.position());
        if (moves.size() == 0) break; // mate or stalemate: no move can follow
        const std::string move = to_uci(random_move(moves, rng), s.uci.position());
        const std::string played = s.send("position fen " + fen + " moves " + move);
        if (!played.empty()) {
            FAIL_CHECK(fen << " moves " << move << ": " << played);
            return false;
        }
        fen = s.d_fen();
        const std::string again = s.send("position fen " + fen);
        if (!again.empty() || s.d_fen() != fen) {
            FAIL_CHECK("d printed " << fen << ", position fen answered '" << again << "' and d then " << s.d_fen());
            return false;
        }
        ++t.plies;
        t.maxClock = std::max(t.maxClock, s.uci.position().rule50_count());
    }
    return true;
}

Tally random_games(std::uint64_t seed, int games, int maxPlies, bool chess960) {
    Session s;
    if (chess960) REQUIRE(s.send("setoption name UCI_Chess960 value true") == "");
    std::mt19937_64 rng(seed);
    Tally t;
    for (int g = 0; g < games; ++g) {
        const std::string start = chess960 ? chess960_start_fen(int(rng() % 960)) : std::string(Position::StartFen);
        if (!play_game(s, start, maxPlies, rng, t)) break;
    }
    MESSAGE((chess960 ? "chess960: " : "standard: ") << t.plies << " plies, highest halfmove clock " << t.maxClock);
    return t;
}

} // namespace

TEST_SUITE("uci") {

TEST_CASE("3.10.3 9.6.2 d's FEN goes back through position fen at every ply of random games (standard)") {
    const Tally t = random_games(2125, 30, 700, false);
    CHECK(t.plies > 10000);
    CHECK(t.maxClock > 150); // played on past the seventy-five-move rule
}

TEST_CASE("3.10.3 9.6.2 d's FEN goes back through position fen at every ply of random games (Chess960)") {
    const Tally t = random_games(960, 30, 700, true);
    CHECK(t.plies > 10000);
    CHECK(t.maxClock > 150);
}

TEST_CASE("9.6.2 a FEN with a clock of 200 and a fullmove number of a billion minus one is read and written back") {
    Session s;
    for (const char* fen : {"4k3/8/8/8/8/8/8/R3K3 w - - 200 120", "4k3/8/8/8/8/8/8/R3K3 b - - 200 999999999",
                            "4k3/8/8/8/8/8/8/R3K3 w - - 1999999996 999999999"}) {
        CAPTURE(fen);
        CHECK(s.send(std::string("position fen ") + fen) == "");
        CHECK(s.d_fen() == fen);
    }
    // Past the largest fullmove number the board holds: refused, never wrapped.
    CHECK(s.errors("position fen 4k3/8/8/8/8/8/8/R3K3 w - - 0 1000000000") == 1);
    const std::string last = "position fen 4k3/8/8/8/8/8/8/R3K3 b - - 0 999999999 moves e8d8";
    const std::string out = s.send(last);
    CHECK(out.starts_with("info string error: position: move 1 'e8d8': the fullmove number would pass 999999999"));
    CHECK(s.d_fen() == "4k3/8/8/8/8/8/8/R3K3 w - - 1999999996 999999999");
}

TEST_CASE("9.6.1 a game of 70 - 000 plies without a capture or pawn move keeps its clock and its repetitions") {
    // 16 bits wrapped at 65,536: the clock read 0 again and the repetitions were lost.
    Session s;
    const std::string cycle = "g1f3 g8f6 f3g1 f6g8";
    REQUIRE(s.send("position startpos moves" + repeat_moves(cycle, 17'500)) == "");
    CHECK(s.uci.position().rule50_count() == 70'000);
    CHECK(s.d_fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 70000 35001");
    CHECK(s.send("rules").starts_with("info string rules fivefold article 9.6.1 result 1/2-1/2 "));
    CHECK(s.send("rules").find(" halfmove-clock 70000 ended-at-ply 16 ") != std::string::npos);
}

} // TEST_SUITE

TEST_SUITE("slow") {

TEST_CASE("3.10.3 9.6.2 d's FEN goes back through position fen in many random games") {
    random_games(77, 400, 1000, false);
    random_games(78, 400, 1000, true);
}

} // TEST_SUITE
