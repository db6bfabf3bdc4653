// Article 3.10.3: "A position is illegal when it cannot have been reached by any
// series of legal moves." The checks below refuse a set-up position only on a proof
// that no game reaches it (from the standard array, or from any Chess960 array when
// the position is a Chess960 one): each is sound, none is complete.
//
// Where each rule lives:
//   board/position (Position::set_fen), because the board cannot hold such a board:
//     exactly one king a side; at most 16 men a side; no pawn on the first or last
//     rank; the side not to move not in check (kings side by side included); a
//     castling right needs its king on the first rank and its rook (standard chess:
//     king on e1/e8, rook in the corner).
//   here, one function per rule (validate.cpp), in this order:
//     pawns        at most 8 a side                                     (3.7)
//     material     pieces beyond the initial set are promotions, no more than the
//                  side's missing pawns; bishops counted by square colour; in
//                  standard chess a c1/f1 bishop walled in by unmoved pawns      (3.7.5)
//     captures     pawns off their files need captures: a pawn on its n-th rank made
//                  at most n-2, every pawn (and every promotion) has its own
//                  starting file, and the total needed is at most the opponent's
//                  missing men                                          (3.7.3, 3.1.1)
//     promotion    a promoted pawn stood on its 7th rank on a file where no enemy
//       paths      pawn stands unmoved (an enemy pawn on its second rank stood there
//                  all game): passing one on its own file costs captures, counted
//                  with the others against the opponent's missing men (3.7.1, 3.7.3)
//     castling     Chess960: a king with a right stands between its rooks' files
//                  (b-g), and both sides' rights agree on the king's and the rooks'
//                  starting files (the arrays are mirrored)                (3.8.2)
//     clocks       halfmove clock no larger than the plies the fullmove number
//                  leaves room for; above 150 is accepted, since the moves played
//                  after 9.6.2 ended the game are still legal moves    (9.3)
//     en passant   the target is on the 6th (3rd) rank, the pawn that advanced stands
//                  in front of it, the two squares it crossed are empty, and the
//                  halfmove clock is 0                                  (3.7.4)
//     checks       at most two checkers; two checkers include a line piece (a move
//                  gives at most one direct check, the rest are discovered) (3.9)
//     last move    some move of the side not to move, undone, leaves a position in
//                  which the side to move is not in check: un-moves of every piece,
//                  un-captures, un-promotions, un-castling, un-en-passant, limited
//                  by what the FEN says (a declared en passant square fixes the last
//                  move, a halfmove clock above 0 rules out pawn moves and captures,
//                  a castling right rules out moves of that king and rook). This
//                  covers impossible double checks, checks no move could give and
//                  sides with no possible last move.            (3.10.3, 3.9.2)
//     move parity  standard chess, every pawn of both sides unmoved: the men fix
//                  how many moves each side made, modulo 2 (knights change square
//                  colour with each move; rooks, queen and king walled in on the
//                  first rank; laws/move_parity.h), and White moves first, so they
//                  fix the side to move                           (3.10.3, 1.2, 3.6)
#pragma once

#include <expected>
#include <string>
#include <string_view>

#include "board/position.h"

namespace jadoube::laws {

// Refuses a set-up position (one just read by Position::set_fen, history() of size
// one) with the reason it cannot be reached. Later positions of a game are
// reachable by construction and need no check.
std::expected<void, std::string> validate(const Position& pos);

// Reads a FEN and validates it. The error's kind is Syntax for text that is not a
// FEN and Unreachable (3.10.3) otherwise, whether Position::set_fen or validate()
// found it.
std::expected<Position, FenError> setup(std::string_view fen, bool chess960);

// The text the UCI layer prints for an unreachable position, "illegal position (3.10.3): ".
inline constexpr std::string_view IllegalPositionPrefix = "illegal position (3.10.3): ";

} // namespace jadoube::laws
