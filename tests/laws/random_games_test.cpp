// Random legal games (moves from the engine's own movegen, seeded): every position
// reached is reachable by construction, so the 3.10.3 validator must accept it; and
// at every ply the game-state report, the rule functions and the search's fast draw
// test must agree.
#include <doctest/doctest.h>

#include <limits>
#include <random>
#include <string>

#include "board/movegen.h"
#include "laws/rules.h"
#include "laws/validate.h"
#include "notation/rules_report.h"
#include "support/position.h"

using namespace jadoube;
using laws::GameState;

namespace {

struct Tally {
    long plies = 0;
    long states[9] = {};
    long declaredEp = 0;
};

// What the state must be, from the rule functions and the precedence game_state documents.
GameState expected_state(const Position& pos, int reps) {
    if (laws::is_checkmate(pos)) return GameState::Checkmate;
    if (laws::is_stalemate(pos)) return GameState::Stalemate;
    if (laws::insufficient_material(pos)) return GameState::InsufficientMaterial;
    if (laws::dead_position(pos)) return GameState::DeadPosition;
    if (reps >= 5) return GameState::Fivefold;
    if (laws::seventy_five(pos)) return GameState::SeventyFive;
    if (reps >= 3) return GameState::ThreefoldClaimable;
    if (laws::fifty_claimable(pos)) return GameState::FiftyClaimable;
    return GameState::Ongoing;
}

// The `rules` report names the state with its article, result and counters. It
// replays the game from its start to find the first automatic ending, so a check at
// every ply costs the square of the game's length.
bool check_report(const Position& pos, GameState state, int reps) {
    const laws::StateText& text = laws::state_text(state);
    const std::string report = "info string rules " + std::string(text.name) + " article " + std::string(text.article)
                               + " result " + std::string(laws::result(state, pos.side_to_move())) + " repetitions "
                               + std::to_string(reps) + " halfmove-clock " + std::to_string(pos.rule50_count())
                               + " white-can-mate "; // 6.9's verdicts follow, checked in flag_fall_test.cpp
    if (!rules_report(pos).starts_with(report)) {
        FAIL_CHECK(pos.fen() << ": report " << rules_report(pos) << " expected " << report);
        return false;
    }
    return true;
}

// Returns false to end the game (it is over, or a check failed).
bool check_ply(const Position& pos, Move last, Tally& t, bool reportEveryPly) {
    const bool c960 = pos.is_chess960();
    ++t.plies;
    // 3.10.3: the position was reached, so it is legal.
    const std::string fen = pos.fen();
    if (const auto ok = laws::setup(fen, c960); !ok) {
        FAIL_CHECK("reachable position refused: " << fen << ": " << ok.error().message);
        return false;
    }
    // Some writers name the en passant square after every two-square advance.
    if (last.is_ok() && type_of(pos.piece_on(last.to_sq())) == PAWN && (int(last.from_sq()) ^ int(last.to_sq())) == 16
        && pos.ep_square() == SQ_NONE) {
        std::string withEp = fen;
        const std::size_t f3 = [&] {
            std::size_t p = 0;
            for (int i = 0; i < 3; ++i) p = withEp.find(' ', p) + 1;
            return p;
        }();
        const Square ep = Square((int(last.from_sq()) + int(last.to_sq())) / 2);
        withEp.replace(f3, 1, std::string{char('a' + file_of(ep)), char('1' + rank_of(ep))});
        ++t.declaredEp;
        if (const auto ok = laws::setup(withEp, c960); !ok) {
            FAIL_CHECK("reachable position with declared en passant refused: " << withEp << ": " << ok.error().message);
            return false;
        }
    }

    // The report agrees with the rule functions.
    const int reps = laws::repetition_count(pos);
    const GameState state = laws::game_state(pos);
    const GameState want = expected_state(pos, reps);
    ++t.states[int(state)];
    if (state != want) {
        FAIL_CHECK(fen << ": game_state " << laws::state_text(state).name << ", rules say " << laws::state_text(want).name);
        return false;
    }
    if (reportEveryPly && !check_report(pos, state, reps)) return false;

    // The search's fast draw test is these rules. With the root at the current position
    // every earlier occurrence lies before it, so a repetition needs three occurrences
    // (9.2.1); with the root before the game's first position, every earlier occurrence
    // is inside the tree and two suffice.
    const bool mate = state == GameState::Checkmate;
    const bool otherDraw = (pos.rule50_count() >= 100 && !mate) || laws::statically_dead(pos);
    for (const auto& [pliesFromRoot, repsNeeded] : {std::pair{0, 3}, std::pair{std::numeric_limits<int>::max(), 2}}) {
        const bool searchDraw = otherDraw || reps >= repsNeeded;
        if (laws::draw_in_search(pos, pliesFromRoot) != searchDraw) {
            FAIL_CHECK(fen << ": draw_in_search at " << pliesFromRoot << " plies from the root says "
                           << laws::draw_in_search(pos, pliesFromRoot) << ", rules say " << searchDraw);
            return false;
        }
    }
    const bool over = state != GameState::Ongoing && state != GameState::ThreefoldClaimable && state != GameState::FiftyClaimable;
    return !over;
}

// Checks every ply of each game; the report at every ply of the first reportGames
// games and at the last ply of the others.
Tally random_games(std::uint64_t seed, int games, int maxPlies, bool chess960, int reportGames) {
    std::mt19937_64 rng(seed);
    Tally t;
    for (int g = 0; g < games; ++g) {
        const bool reportEveryPly = g < reportGames;
        const std::string start = chess960 ? chess960_start_fen(int(rng() % 960)) : std::string(Position::StartFen);
        Position pos;
        REQUIRE(pos.set(start, chess960));
        bool ok = check_ply(pos, Move::none(), t, reportEveryPly);
        for (int ply = 0; ok && ply < maxPlies; ++ply) {
            const MoveList<LEGAL> moves(pos);
            REQUIRE(moves.size() > 0); // check_ply ended mated and stalemated games
            const Move m = test::random_move(moves, rng);
            pos.do_move(m);
            ok = check_ply(pos, m, t, reportEveryPly);
        }
        if (!reportEveryPly && !check_report(pos, laws::game_state(pos), laws::repetition_count(pos))) break;
    }
    return t;
}

void report(const char* what, const Tally& t) {
    std::string s;
    for (int i = 0; i < 9; ++i)
        if (t.states[i]) s += ' ' + std::string(laws::state_text(GameState(i)).name) + '=' + std::to_string(t.states[i]);
    MESSAGE(std::string(what) << ": " << t.plies << " plies (" << t.declaredEp << " with a declared en passant square):" << s);
}

} // namespace

TEST_SUITE("laws") {

TEST_CASE("3.10.3 and 9.2 random games: every position is accepted and the report agrees with the rules") {
    const Tally standard = random_games(20240601, 800, 300, false, 100);
    report("standard", standard);
    CHECK(standard.plies > 100000);
    CHECK(standard.states[int(GameState::Checkmate)] > 0);
    CHECK(standard.states[int(GameState::InsufficientMaterial)] > 0);
    CHECK(standard.states[int(GameState::ThreefoldClaimable)] + standard.states[int(GameState::Fivefold)] > 0);
    const Tally fischer = random_games(960, 200, 300, true, 25);
    report("chess960", fischer);
    CHECK(fischer.plies > 20000);
}

} // TEST_SUITE

TEST_SUITE("slow") {

TEST_CASE("3.10.3 and 9.2 many random games") {
    report("standard", random_games(7, 10000, 400, false, 0));
    report("chess960", random_games(8, 3000, 400, true, 0));
}

} // TEST_SUITE
