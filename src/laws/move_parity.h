// How many moves a side has made, counted modulo 2 from the men on the board alone
// (3.10.3 with 1.2: White moves first and the players alternate, so with White to
// move both sides have made equally many moves, with Black to move White one more).
//
// The count is fixed only when every man that can have moved changes a known
// square property with each move. That is the case, in standard chess, for a side
// whose eight pawns all stand unmoved on their second rank:
//   - no pawn moved and none promoted, so the side's men are its original ones;
//   - its bishops never moved (each diagonal step from the first rank lands on the
//     full second rank), so a bishop on the board stood on its square all game;
//   - its rooks, queen and king never left the first rank, and never passed a
//     bishop on the board: each lived in one run of first-rank squares between
//     such bishops;
//   - each knight move changes the knight's square colour (3.6). b1 and g1 (b8,
//     g8) have different colours, so with both knights on the board the knights'
//     moves have the parity of the colours of their squares and home squares,
//     whichever knight is which;
//   - a king steps one file at a time (no castling, see below), so its moves have
//     the parity of its distance from e1 (e8);
//   - a rook or queen in a run of at most two squares moved between those two
//     squares only, so it made an odd number of moves exactly when it is off its
//     home square. In a run of three squares or more it can make a cycle of odd
//     length (a1-c1, c1-b1, b1-a1) and fixes nothing;
//   - castling moves king and rook with one move; it needs king and rook in one
//     run, and a king whose run holds a rook's home square fixes nothing.
// A side that misses a knight, rook or queen fixes nothing: the missing man's moves
// before it was taken are unknown. Chess960 positions are not judged: the start
// arrays put the men elsewhere (and castling there can swap an adjacent king and
// rook in one move), so nothing is claimed for them.
#pragma once

#include <optional>

#include "board/position.h"

namespace jadoube::laws {

// The number of moves c has made since the standard initial array, modulo 2, when
// the men on the board fix it (see above); nullopt when they do not, and always in
// Chess960. Sound: for a position reached by legal moves the answer, when there is
// one, is the parity of c's moves in every game that reaches it.
std::optional<int> moves_parity(const Position& pos, Color c);

} // namespace jadoube::laws
