// Static exchange evaluation: does the capture sequence on one square, each side
// recapturing with its least valuable attacker, gain at least `threshold`?
#pragma once

#include "board/position.h"

namespace jadoube {

bool see_ge(const Position& pos, Move m, int threshold);

} // namespace jadoube
