// A search kept to the moves touch-move permits (Article 4, src/laws/README.md).
#pragma once

#include <string>
#include <vector>

#include "board/position.h"
#include "laws/touchmove.h"
#include "search/limits.h"

namespace jadoube {

// Narrows a search to the permitted moves, cut down to its searchmoves when both
// are given. When none of the searchmoves is permitted, the searchmoves are left
// out (their reason added to `ignored`) and every permitted move is searched: a
// `go` is never left without its bestmove. With no event in force the limits
// are left as they were. Returns the move to answer with at once when only one
// is permitted (Move::none() otherwise).
Move restrict_to_permitted(const TouchMove& touch, SearchLimits& limits, const Position& pos, std::vector<std::string>& ignored);

} // namespace jadoube
