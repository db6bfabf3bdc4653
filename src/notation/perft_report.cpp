#include "notation/perft_report.h"

#include <optional>
#include <utility>

#include "board/perft.h"
#include "notation/move_text.h"

namespace jadoube {

std::expected<std::string, std::string> perft_report(const Position& pos, int depth, int threads, std::size_t hashMiB) {
    std::optional<PerftTable> table;
    if (hashMiB > 0) {
        auto made = PerftTable::create(hashMiB);
        if (!made) return std::unexpected(made.error());
        table = std::move(*made);
    }
    std::string s;
    std::uint64_t total = 0;
    for (const PerftSplit& split : perft_divide(pos, depth, threads, table ? &*table : nullptr)) {
        s += to_uci(split.move, pos) + ": " + std::to_string(split.nodes) + '\n';
        total += split.nodes;
    }
    s += "\nNodes searched: " + std::to_string(total) + "\n\n";
    return s;
}

} // namespace jadoube
