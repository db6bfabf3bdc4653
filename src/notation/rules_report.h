// The `rules` command: the game state of the current position and its history
// (laws/rules) as one `info string` line.
#pragma once

#include <string>

#include "board/position.h"
#include "syzygy/tablebases.h"

namespace jadoube {

// "info string rules STATE article A result R repetitions N halfmove-clock K\n", where
// STATE is ongoing, checkmate, stalemate, insufficient-material, dead-position,
// fivefold, seventyfive, threefold-claimable or fifty-claimable (laws::state_text).
// STATE, A and R are the game's (laws::game_outcome): when an automatic ending came
// before the current position, they name it and the line ends "ended-at-ply P",
// its game ply. N and K are always the current position's.
//
// With tables given and the game not ended by an automatic rule, a position the
// tables cover adds "tablebase T [dtz D]": T is the value for the side to move
// with a zero clock (win, cursed-win, draw, blessed-loss, loss; cursed and blessed
// are the ones the fifty-move rule turns into draws), D its DTZ where a DTZ table
// is there. A tablebase draw is a fact about best play, not a dead position: the
// state stays ongoing (or claimable) beside it.
//
// Last come "white-can-mate V black-can-mate V" for the current position, the
// question Article 6.9 asks when a flag falls: V is "no:PROOF" when PROOF
// (laws::proof_name: material, locked-structure, forced-lines, reachable-set) shows that the side
// can never mate whatever both play, else "yes" (no proof within the bounds of
// laws/dead.h: a side may still be unable to mate, unproved; on CHA's test vectors
// 1,276 of the 1,674 unwinnable sides are proved, tests/laws/flag_fall_test.cpp).
std::string rules_report(const Position& pos, const syzygy::Tablebases* tables = nullptr);

} // namespace jadoube
