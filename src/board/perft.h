// perft: the number of leaf nodes of the legal move tree, the move generator's
// correctness check. Bulk-counted at the last ply, no hash table.
#pragma once

#include <cstdint>
#include <vector>

#include "board/position.h"

namespace jadoube {

std::uint64_t perft(Position& pos, int depth);

struct PerftSplit {
    Move move;
    std::uint64_t nodes;
};

// One entry per legal root move, in generation order (Stockfish's `go perft` shape).
std::vector<PerftSplit> perft_divide(Position& pos, int depth);

} // namespace jadoube
