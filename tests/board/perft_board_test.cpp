// Plain perft's copy-made boards (board/perft_board.h) against Position: after
// every move of whole trees, standard and Chess960, the copy holds what
// Position::do_move leaves (placement, or the bitboards alone for the leaf board;
// side to move, checkers, pins, en passant square, castling rights), and the
// generator lists and counts the same moves on them.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <sstream>
#include <string>
#include <type_traits>

#include "board/movegen.h"
#include "board/perft.h"
#include "board/perft_board.h"
#include "support/position.h"

using namespace jadoube;
using test::from_fen;

namespace {

struct Tree {
    const char* fen;
    bool chess960;
    int depth;
};

// The start position, kiwipete (castling, en passant, promotions), CPW positions 3
// (en passant along the rank), 4 (promotions, castling rights lost) and 5 (checks),
// and two Chess960 set-ups (king and rook on each other's targets, castling rights
// lost by rook moves).
constexpr Tree Trees[] = {
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false, 4},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false, 3},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false, 5},
    {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", false, 4},
    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true, 3},
    {"1rk2r2/8/8/8/8/8/8/1RK2R2 w BFbf - 0 1", true, 4},
};

// What differs between a copy (a PerftBoard or a PerftLeaf) and the position, or empty.
template<class Board>
std::string difference(const Board& b, const Position& pos) {
    std::ostringstream why;
    if constexpr (std::is_same_v<Board, PerftBoard>) {
        if (!b.same_placement(pos)) why << " placement or side to move;";
    } else if (!b.same_men(pos)) why << " bitboards or side to move;";
    if (b.checkers() != pos.checkers()) why << " checkers;";
    if (b.pinned() != pos.pinned()) why << " pinned;";
    if (b.ep_square() != pos.ep_square()) why << " en passant square;";
    if (b.castling_rights() != pos.castling_rights()) why << " castling rights;";
    const MoveList<LEGAL> listed(pos);
    if constexpr (std::is_same_v<Board, PerftBoard>) {
        Move moves[MOVE_BUFFER];
        const Move* end = generate_legal(b, moves);
        if (std::size_t(end - moves) != listed.size() || !std::equal(listed.begin(), listed.end(), moves)) why << " moves;";
    }
    if (count_legal(b) != listed.size()) why << " move count;";
    return why.str();
}

// Walks the tree below pos and b, which must agree, the leaf board made after
// every move too; returns the nodes compared and stops at the first difference
// (in *failure).
std::uint64_t compare_tree(Position& pos, const PerftBoard& b, int depth, std::string& failure) {
    if (depth == 0 || !failure.empty()) return 0;
    std::uint64_t nodes = 0;
    for (Move m : MoveList<LEGAL>(pos)) {
        const PerftBoard child = b.after(m);
        const PerftLeaf leaf = b.leaf_after(m);
        pos.do_move(m);
        ++nodes;
        std::string why = difference(child, pos);
        if (const std::string leafWhy = difference(leaf, pos); !leafWhy.empty()) why += " leaf:" + leafWhy;
        if (!why.empty() && failure.empty()) failure = "after " + std::to_string(m.raw()) + " in " + pos.fen() + ":" + why;
        nodes += compare_tree(pos, child, depth - 1, failure);
        pos.undo_move(m);
    }
    return nodes;
}

} // namespace

TEST_SUITE("board") {

TEST_CASE("3.1-3.9 the copy-made perft board and leaf equal Position::do_move after every move of six trees") {
    for (const Tree& t : Trees) {
        CAPTURE(t.fen);
        Position pos = from_fen(t.fen, t.chess960);
        const PerftBoard root(pos);
        CHECK(difference(root, pos).empty());
        std::string failure;
        const std::uint64_t nodes = compare_tree(pos, root, t.depth, failure);
        CHECK_MESSAGE(failure.empty(), failure);
        CHECK(nodes > 1000);
        CHECK(pos.fen() == from_fen(t.fen, t.chess960).fen()); // the walk left the position as it was
    }
}

TEST_CASE("3.1-3.9 perft on the copy-made board counts what make/unmake on Position counts") {
    // perft() walks the copy; the hashed perft walks Position: with a table too
    // small to hit often, both must give the published counts.
    for (const Tree& t : Trees) {
        CAPTURE(t.fen);
        Position pos = from_fen(t.fen, t.chess960);
        auto table = PerftTable::create(1);
        REQUIRE(table.has_value());
        CHECK(perft(pos, t.depth) == perft(pos, t.depth, *table));
    }
}

} // TEST_SUITE("board")
