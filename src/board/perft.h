// perft: the number of leaf nodes of the legal move tree, the move generator's
// correctness check. Bulk-counted at the last ply; with a PerftTable (hashed
// perft) each sub-tree of PerftTable::MinDepth plies or more is counted once.
#pragma once

#include <cstdint>
#include <vector>

#include "board/perft_table.h"
#include "board/position.h"

namespace jadoube {

std::uint64_t perft(Position& pos, int depth);
std::uint64_t perft(Position& pos, int depth, PerftTable& table);

struct PerftSplit {
    Move move;
    std::uint64_t nodes;
};

// One entry per legal root move, in generation order (Stockfish's `go perft` shape).
// With threads > 1 the tree is cut two plies below the root into one task per
// (root move, reply) pair, taken in turn by that many plain threads: a few hundred
// tasks of similar size keep every core busy, and each sub-tree is counted by the
// same serial perft, so the counts do not depend on the thread count. With a table
// the sub-trees are counted by the hashed perft, every thread sharing the table.
std::vector<PerftSplit> perft_divide(const Position& pos, int depth, int threads = 1, PerftTable* table = nullptr);

} // namespace jadoube
