#include "board/perft.h"

#include "board/movegen.h"

namespace jadoube {

std::uint64_t perft(Position& pos, int depth) {
    if (depth <= 0) return 1;
    if (depth == 1) return count_legal(pos);
    Move moves[MOVE_BUFFER];
    const Move* end = generate<LEGAL>(pos, moves);
    std::uint64_t nodes = 0;
    for (const Move* m = moves; m != end; ++m) {
        pos.do_move(*m);
        nodes += depth == 2 ? count_legal(pos) : perft(pos, depth - 1);
        pos.undo_move(*m);
    }
    return nodes;
}

std::vector<PerftSplit> perft_divide(Position& pos, int depth) {
    std::vector<PerftSplit> split;
    for (Move m : MoveList<LEGAL>(pos)) {
        pos.do_move(m);
        split.push_back({m, perft(pos, depth - 1)});
        pos.undo_move(m);
    }
    return split;
}

} // namespace jadoube
