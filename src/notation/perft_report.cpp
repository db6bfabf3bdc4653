#include "notation/perft_report.h"

#include "board/perft.h"
#include "notation/move_text.h"

namespace jadoube {

std::string perft_report(const Position& pos, int depth, int threads) {
    std::string s;
    std::uint64_t total = 0;
    for (const PerftSplit& split : perft_divide(pos, depth, threads)) {
        s += to_uci(split.move, pos) + ": " + std::to_string(split.nodes) + '\n';
        total += split.nodes;
    }
    s += "\nNodes searched: " + std::to_string(total) + "\n\n";
    return s;
}

} // namespace jadoube
