// Move parity (3.10.3, 1.2) on random games in which no pawn ever moves, so that
// laws::moves_parity has something to say: knights, rooks, queens and kings move
// (and capture) at random from the standard initial array. Every position reached
// must be accepted, the parity moves_parity claims must be the number of moves the
// side really made, and where it fixes both sides the other side to move is refused.
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "board/movegen.h"
#include "laws/move_parity.h"
#include "laws/validate.h"
#include "support/position.h"

using namespace jadoube;

namespace {

struct Tally {
    long plies = 0;
    long bothFixed = 0; // positions where the men fix both sides' counts
    long oneFixed = 0;  // ... one side's only
};

// The FEN with the other side to move (and no en passant square: no pawn moves here).
std::string other_side_to_move(const std::string& fen) {
    std::string s = fen;
    const std::size_t at = s.find(' ') + 1;
    s[at] = s[at] == 'w' ? 'b' : 'w';
    return s;
}

// Returns false to end the game (a check failed).
bool check_ply(const Position& pos, const int moves[COLOR_NB], Tally& t) {
    ++t.plies;
    const std::string fen = pos.fen();
    if (const auto ok = laws::setup(fen, false); !ok) {
        FAIL_CHECK("reachable position refused: " << fen << ": " << ok.error().message);
        return false;
    }
    int fixed = 0;
    for (Color c : {WHITE, BLACK})
        if (const auto parity = laws::moves_parity(pos, c)) {
            ++fixed;
            if (*parity != moves[c] % 2) {
                FAIL_CHECK(fen << ": moves_parity says " << *parity << " for side " << int(c) << ", which made " << moves[c]
                               << " moves");
                return false;
            }
        }
    t.oneFixed += fixed == 1;
    if (fixed == 2) {
        ++t.bothFixed;
        // Any refusal will do: the flipped side may also be in check (3.9.2).
        const std::string flipped = other_side_to_move(fen);
        if (laws::setup(flipped, false)) {
            FAIL_CHECK("the men fix the side to move, yet " << flipped << " is accepted");
            return false;
        }
    }
    return true;
}

Tally piece_games(std::uint64_t seed, int games, int maxPlies) {
    std::mt19937_64 rng(seed);
    Tally t;
    for (int g = 0; g < games; ++g) {
        Position pos = test::from_fen(Position::StartFen);
        int moves[COLOR_NB] = {0, 0};
        if (!check_ply(pos, moves, t)) break;
        for (int ply = 0; ply < maxPlies; ++ply) {
            std::vector<Move> pieceMoves;
            for (const Move m : MoveList<LEGAL>(pos))
                if (type_of(pos.moved_piece(m)) != PAWN) pieceMoves.push_back(m);
            if (pieceMoves.empty()) break;
            ++moves[pos.side_to_move()];
            pos.do_move(pieceMoves[rng() % pieceMoves.size()]);
            if (!check_ply(pos, moves, t)) break;
        }
    }
    return t;
}

} // namespace

TEST_SUITE("laws") {

TEST_CASE("3.10.3 1.2 random games without pawn moves: accepted - parity right - other side to move refused") {
    const Tally t = piece_games(20261124, 400, 120);
    MESSAGE(t.plies << " plies: both counts fixed in " << t.bothFixed << ", one in " << t.oneFixed);
    CHECK(t.plies > 20000);
    CHECK(t.bothFixed > 3000);
    CHECK(t.oneFixed > 1000);
}

} // TEST_SUITE

TEST_SUITE("slow") {

TEST_CASE("3.10.3 1.2 many random games without pawn moves") {
    const Tally t = piece_games(1124, 20000, 200);
    MESSAGE(t.plies << " plies: both counts fixed in " << t.bothFixed << ", one in " << t.oneFixed);
}

} // TEST_SUITE
