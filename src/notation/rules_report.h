// The `rules` command: the game state of the current position and its history
// (laws/rules) as one `info string` line.
#pragma once

#include <string>

#include "board/position.h"

namespace jadoube {

// "info string rules STATE article A result R repetitions N halfmove-clock K\n", where
// STATE is ongoing, checkmate, stalemate, insufficient-material, dead-position,
// fivefold, seventyfive, threefold-claimable or fifty-claimable (laws::state_text).
// STATE, A and R are the game's (laws::game_outcome): when an automatic ending came
// before the current position, they name it and the line ends "ended-at-ply P",
// its game ply. N and K are always the current position's.
std::string rules_report(const Position& pos);

} // namespace jadoube
