// The `rules` command: the game state of the current position and its history
// (laws/rules) as one `info string` line.
#pragma once

#include <string>

#include "board/position.h"

namespace jadoube {

// "info string rules STATE article A result R repetitions N halfmove-clock K\n", where
// STATE is ongoing, checkmate, stalemate, insufficient-material, dead-position,
// fivefold, seventyfive, threefold-claimable or fifty-claimable (laws::state_text).
std::string rules_report(const Position& pos);

} // namespace jadoube
