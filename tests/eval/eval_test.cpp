// The hand-crafted evaluation: colour symmetry, material signs, drawish endings.
#include <doctest/doctest.h>

#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "board/flip.h"
#include "board/movegen.h"
#include "eval/hce.h"
#include "eval/values.h"
#include "support/files.h"
#include "support/perft_suites.h"
#include "support/position.h"

using namespace jadoube;
using test::from_fen;
using test::random_move;

namespace {

int eval_fen(const std::string& fen) { return hce::evaluate(from_fen(fen)); }

void check_symmetry(const Position& pos) {
    const std::string fen = pos.fen();
    const std::string mirrored = flipped_fen(pos);
    const Position m = from_fen(mirrored, pos.is_chess960());
    INFO(fen, "  <->  ", mirrored);
    CHECK(hce::evaluate(pos) == hce::evaluate(m));
    CHECK(hce::game_phase(pos) == hce::game_phase(m));
}

// Typed positions that exercise the less common terms: passed pawns, outposts,
// rooks on the seventh, attacks on a castled king, opposite bishops, bare kings.
const char* const ExtraFens[] = {
    "8/5k2/8/3P4/8/8/5K2/8 w - - 0 1",
    "8/1P3k2/8/8/8/8/p4K2/8 b - - 0 1",
    "r1bq1rk1/pp3ppp/2n1p3/3pP3/3P1N2/P1P2N2/5PPP/R2QKB1R w KQ - 0 1",
    "2r3k1/1R3ppp/8/8/8/8/5PPP/6K1 w - - 0 1",
    "r4rk1/pp3ppp/2n5/3N4/2P5/8/PP3PPP/R4RK1 b - - 0 1",
    "r1b2rk1/ppq2ppp/2n1p3/3pP2Q/3P4/2PB1N2/P4PPP/R4RK1 w - - 0 1",
    "6k1/5pp1/4b2p/8/8/2B4P/5PP1/6K1 w - - 0 1",
    "8/8/4k3/8/8/3QK3/8/8 b - - 0 1",
    "8/8/4k3/8/8/3BK3/8/8 w - - 0 1",
    "4k3/8/8/8/8/8/8/2BNK3 w - - 0 1",
    "4k3/8/4n3/8/8/8/8/3RK3 w - - 0 1",
    "rnbqkbnr/pp1p1ppp/8/2pPp3/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 3",
    "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1",
};

} // namespace

TEST_SUITE("eval") {

TEST_CASE("eval: packed Score keeps both halves through arithmetic") {
    using hce::S;
    constexpr hce::Score a = S(-37, 1200), b = S(500, -800);
    static_assert(a.mg() == -37 && a.eg() == 1200);
    static_assert((a + b).mg() == 463 && (a + b).eg() == 400);
    static_assert((a - b).mg() == -537 && (a - b).eg() == 2000);
    static_assert((-a).mg() == 37 && (-a).eg() == -1200);
    static_assert((b * 3).mg() == 1500 && (b * 3).eg() == -2400);
    static_assert((b * -2).mg() == -1000 && (b * -2).eg() == 1600);
    static_assert(S(-1, -1).mg() == -1 && S(-1, -1).eg() == -1);
    CHECK(a.mg() == -37);
}

TEST_CASE("eval: search piece values") {
    static_assert(PieceValue[PAWN] == 100 && PieceValue[KNIGHT] == 320 && PieceValue[BISHOP] == 330);
    static_assert(PieceValue[ROOK] == 500 && PieceValue[QUEEN] == 950 && PieceValue[KING] == 0);
    static_assert(piece_value(B_QUEEN) == 950 && piece_value(NO_PIECE) == 0);
    CHECK(PieceValue[NO_PIECE_TYPE] == 0);
}

TEST_CASE("eval: a position and its colour mirror evaluate the same (perftsuite.epd)") {
    const auto cases = test::read_perft_suite(test::test_data("perft/perftsuite.epd"));
    REQUIRE(cases.size() >= 20);
    for (const auto& c : cases) check_symmetry(from_fen(c.fen));
}

TEST_CASE("eval: symmetry on typed positions and along random games") {
    for (const char* fen : ExtraFens) check_symmetry(from_fen(fen));

    // Random playouts reach positions no suite lists: promotions, bare kings, odd pawns.
    const auto cases = test::read_perft_suite(test::test_data("perft/perftsuite.epd"));
    std::mt19937 rng(20240611);
    int checked = 0;
    for (std::size_t i = 0; i < cases.size(); i += 6) {
        Position pos = from_fen(cases[i].fen);
        for (int ply = 0; ply < 120; ++ply) {
            const MoveList<LEGAL> moves(pos);
            if (moves.size() == 0) break;
            pos.do_move(random_move(moves, rng));
            if (ply % 3 == 0) {
                check_symmetry(pos);
                ++checked;
            }
        }
    }
    CHECK(checked > 100);
}

TEST_CASE("eval: the starting position is near zero") {
    const int v = eval_fen(std::string(Position::StartFen));
    MESSAGE("start position: ", v);
    CHECK(std::abs(v) <= 30);
    CHECK(v > 0); // the tempo belongs to the side to move
}

TEST_CASE("eval: a clear material advantage has the expected sign") {
    const std::string upQueen = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    CHECK(eval_fen(upQueen + " w KQkq - 0 1") > 700);
    CHECK(eval_fen(upQueen + " b KQkq - 0 1") < -700);

    const std::string downRook = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR";
    CHECK(eval_fen(downRook + " w Kkq - 0 1") < -300);
    CHECK(eval_fen(downRook + " b Kkq - 0 1") > 300);

    CHECK(eval_fen("4k3/pppppppp/8/8/8/8/PPPPPPP1/4K3 w - - 0 1") < 0); // a pawn down
}

TEST_CASE("eval: a lone minor piece cannot win") {
    for (const char* fen : {"8/8/4k3/8/8/3NK3/8/8 w - - 0 1", "8/8/4k3/8/8/3NK3/8/8 b - - 0 1", "8/8/4k3/8/8/3BK3/8/8 w - - 0 1",
                            "8/8/4k3/8/8/3BK3/8/8 b - - 0 1", "7k/8/8/8/8/8/8/KN6 w - - 0 1", "k7/8/8/8/3b4/8/8/7K w - - 0 1"}) {
        INFO(fen);
        CHECK(std::abs(eval_fen(fen)) < 50);
    }
}

TEST_CASE("eval: KQ v K is winning - KR v Kminor is scaled down") {
    CHECK(eval_fen("8/8/4k3/8/8/3QK3/8/8 w - - 0 1") > 800);
    CHECK(eval_fen("8/8/4k3/8/8/3QK3/8/8 b - - 0 1") < -800);
    CHECK(eval_fen("8/8/4k3/8/8/3RK3/8/8 w - - 0 1") > 400);

    const int rookVsKnight = eval_fen("4k3/8/4n3/8/8/8/8/3RK3 w - - 0 1");
    CHECK(rookVsKnight >= 0);
    CHECK(rookVsKnight < 100);
    CHECK(std::abs(eval_fen("4k3/8/8/8/8/8/8/2NNK3 w - - 0 1")) < 100);
}

TEST_CASE("eval: opposite-coloured bishops halve a pawn-up ending") {
    const int opposite = eval_fen("6k1/5pp1/4b3/8/8/2B4P/5PP1/6K1 w - - 0 1"); // Be6 light, Bc3 dark
    const int same = eval_fen("6k1/5pp1/4b3/8/8/3B3P/5PP1/6K1 w - - 0 1");     // Bd3 light too
    MESSAGE("pawn up, opposite bishops ", opposite, ", same-coloured ", same);
    CHECK(opposite > 0);
    CHECK(opposite * 2 <= same + 10);
}

TEST_CASE("eval: passed pawns gain with each rank") {
    const int on4 = eval_fen("8/5k2/8/8/3P4/8/5K2/8 w - - 0 1");
    const int on5 = eval_fen("8/5k2/8/3P4/8/8/5K2/8 w - - 0 1");
    const int on6 = eval_fen("8/5k2/3P4/8/8/8/5K2/8 w - - 0 1");
    CHECK(on4 < on5);
    CHECK(on5 < on6);
}

TEST_CASE("eval: the trace is the evaluation taken apart - step by step") {
    for (const char* fen : ExtraFens) {
        CAPTURE(fen);
        const Position pos = from_fen(fen);
        const hce::Trace t = hce::trace(pos);
        CHECK(t.result == hce::evaluate(pos));
        CHECK(t.phase == hce::game_phase(pos));
        hce::Score sum;
        for (int i = 0; i < hce::TERM_NB; ++i) sum += t.terms[i][WHITE] - t.terms[i][BLACK];
        CHECK(t.blended == (sum.mg() * t.phase + sum.eg() * (hce::PHASE_MAX - t.phase)) / hce::PHASE_MAX);
        CHECK(t.tempo == (pos.side_to_move() == WHITE ? 1 : -1) * std::abs(t.tempo));
        const int white = (t.blended + t.tempo) * t.scale / hce::SCALE_NORMAL;
        CHECK(t.result == (pos.side_to_move() == WHITE ? white : -white));
    }
}

} // TEST_SUITE("eval")
