// The one door the search uses to score a position. Today it opens onto the
// hand-crafted evaluation (eval/hce); the NNUE replaces what stands behind it
// without the search noticing.
#pragma once

#include "board/position.h"

namespace jadoube {

// Static evaluation in centipawns from the side to move's point of view, tempo
// included. Not meaningful (but harmless) for a side in check.
int evaluate(const Position& pos);

} // namespace jadoube
