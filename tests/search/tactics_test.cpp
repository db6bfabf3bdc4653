// Tactics: positions from a published test suite, each with one winning move,
// searched to a fixed depth on one thread. A search that still plays legal chess but
// sees less (a broken extension, pruning or move ordering) misses some of them.
//
// The positions and their answers are Fred Reinfeld's "Win at Chess" (1958) as the
// suite is published in EPD, "WAC.001" to "WAC.300"; FEN and `bm` are quoted as
// published (EPD has no move counters). Only positions with a single `bm` are used.
// Each depth is two plies past the first depth from which our search plays the answer
// and keeps playing it up to depth 16 (19 for the deepest), so a small change of node
// counts does not flip it; a search cut to depth 1 fails all 26. The depths depend
// on the embedded net and are measured again when it changes (`ucinewgame`, `position`,
// `go depth D` for D = 1 to 16, each from an empty table as below): last for net #9.
#include <doctest/doctest.h>

#include <span>
#include <string>

#include "notation/move_text.h"
#include "notation/san.h"
#include "search/threads.h"

using namespace jadoube;

namespace {

struct Tactic {
    const char* id;  // the suite's id
    const char* epd; // the position: the EPD's four fields
    const char* bm;  // the suite's best move, in SAN
    int depth;       // two plies past the first depth that plays it (above)
};

// The answer comes by depth 10.
constexpr Tactic Quick[] = {
    {"WAC.003", "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - -", "Rg3", 4},
    {"WAC.006", "7k/p7/1R5K/6r1/6p1/6P1/8/8 w - -", "Rb7", 9},
    {"WAC.007", "rnbqkb1r/pppp1ppp/8/4P3/6n1/7P/PPPNPPP1/R1BQKBNR b KQkq -", "Ne3", 11},
    {"WAC.009", "3q1rk1/p4pp1/2pb3p/3p4/6Pr/1PNQ4/P1PB1PP1/4RRK1 b - -", "Bh2+", 8},
    {"WAC.011", "r1b1kb1r/3q1ppp/pBp1pn2/8/Np3P2/5B2/PPP3PP/R2Q1RK1 w kq -", "Bxc6", 12},
    {"WAC.012", "4k1r1/2p3r1/1pR1p3/3pP2p/3P2qP/P4N2/1PQ4P/5R1K b - -", "Qxf3+", 5},
    {"WAC.013", "5rk1/pp4p1/2n1p2p/2Npq3/2p5/6P1/P3P1BP/R4Q1K w - -", "Qxf8+", 10},
    {"WAC.015", "1R6/1brk2p1/4p2p/p1P1Pp2/P7/6P1/1P4P1/2R3K1 w - -", "Rxb7", 8},
    {"WAC.017", "1k5r/pppbn1pp/4q1r1/1P3p2/2NPp3/1QP5/P4PPP/R1B1R1K1 w - -", "Ne5", 5},
    {"WAC.018", "R7/P4k2/8/8/8/8/r7/6K1 w - -", "Rh8", 8},
    {"WAC.019", "r1b2rk1/ppbn1ppp/4p3/1QP4q/3P4/N4N2/5PPP/R1B2RK1 w - -", "c6", 7},
    {"WAC.026", "3r2k1/1p1b1pp1/pq5p/8/3NR3/2PQ3P/PP3PP1/6K1 b - -", "Bf5", 8},
    {"WAC.028", "1r1r2k1/4pp1p/2p1b1p1/p3R3/RqBP4/4P3/1PQ2PPP/6K1 b - -", "Qe1+", 7},
    {"WAC.029", "r2q2k1/pp1rbppp/4pn2/2P5/1P3B2/6P1/P3QPBP/1R3RK1 w - -", "c6", 10},
    {"WAC.030", "1r3r2/4q1kp/b1pp2p1/5p2/pPn1N3/6P1/P3PPBP/2QRR1K1 w - -", "Nxd6", 12},
    {"WAC.032", "6k1/p4p1p/1p3np1/2q5/4p3/4P1N1/PP3PPP/3Q2K1 w - -", "Qd8+", 10},
    {"WAC.035", "r3r2k/2R3pp/pp1q1p2/8/3P3R/7P/PP3PP1/3Q2K1 w - -", "Rxh7+", 9},
    {"WAC.039", "r1br2k1/pp2bppp/2nppn2/8/2P1PB2/2N2P2/PqN1B1PP/R2Q1R1K w - -", "Na4", 5},
    {"WAC.045", "7k/2p1b1pp/8/1p2P3/1P3r2/2P3Q1/1P5P/R4qBK b - -", "Qxa1", 5},
    {"WAC.050", "k4r2/1R4pb/1pQp1n1p/3P4/5p1P/3P2P1/r1q1R2K/8 w - -", "Rxb6+", 5},
    {"WAC.056", "r1bqk2r/pppp1ppp/5n2/2b1n3/4P3/1BP3Q1/PP3PPP/RNB1K1NR b KQkq -", "Bxf2+", 8},
    {"WAC.062", "6r1/3Pn1qk/p1p1P1rp/2Q2p2/2P5/1P4P1/P3R2P/5RK1 b - -", "Rxg3+", 10},
};

// The answer comes only at depth 12 to 17.
constexpr Tactic Deep[] = {
    {"WAC.001", "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - -", "Qg6", 19},
    {"WAC.014", "r2rb1k1/pp1q1p1p/2n1p1p1/2bp4/5P2/PP1BPR1Q/1BPN2PP/R5K1 w - -", "Qxh7+", 14},
    {"WAC.020", "r2qkb1r/1ppb1ppp/p7/4p3/P1Q1P3/2P5/5PPP/R1B2KNR b kq -", "Bb5", 14},
    {"WAC.051", "r1bq1r2/pp4k1/4p2p/3pPp1Q/3N1R1P/2PB4/6P1/6K1 w - -", "Rg4+", 15},
};

// Each position searched from an empty table and empty histories, as after
// ucinewgame, so that the result depends on nothing searched before it.
void check_solved(std::span<const Tactic> suite) {
    SearchPool pool;
    for (const Tactic& t : suite) {
        const std::string fen = std::string(t.epd) + " 0 1";
        CAPTURE(std::string(t.id));
        CAPTURE(fen);
        Position pos;
        REQUIRE(pos.set(fen, false));
        const Move answer = parse_san(pos, t.bm);
        REQUIRE_MESSAGE(bool(answer), std::string(t.bm) << " is not a legal move here");
        pool.clear();
        SearchLimits limits;
        limits.depth = t.depth;
        Move played = Move::none();
        SearchCallbacks callbacks;
        callbacks.onBestmove = [&](Move best, Move) { played = best; };
        pool.start(pos, limits, SearchOptions{}, callbacks);
        pool.wait();
        CHECK_MESSAGE(played == answer, std::string(t.id) << " at depth " << t.depth << ": played " << to_uci(played, pos)
                                                          << ", the suite's answer is " << std::string(t.bm));
    }
}

} // namespace

TEST_SUITE("search") {

TEST_CASE("tactics: Win at Chess positions are solved at a fixed depth on one thread") { check_solved(Quick); }

} // TEST_SUITE

TEST_SUITE("slow") {

TEST_CASE("tactics: Win at Chess positions that need depth 14 to 19 are solved on one thread") { check_solved(Deep); }

} // TEST_SUITE
