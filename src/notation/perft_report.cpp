#include "notation/perft_report.h"

#include "notation/move_text.h"

namespace jadoube {

std::string perft_report(const Position& pos, std::span<const PerftSplit> splits) {
    std::string s;
    std::uint64_t total = 0;
    for (const PerftSplit& split : splits) {
        s += to_uci(split.move, pos) + ": " + std::to_string(split.nodes) + '\n';
        total += split.nodes;
    }
    s += "\nNodes searched: " + std::to_string(total) + "\n\n";
    return s;
}

} // namespace jadoube
