#include "uci/bench_text.h"

#include <iterator>

#include "search/search.h"
#include "uci/options.h"
#include "util/text.h"

namespace jadoube {

std::expected<BenchConfig, std::string> parse_bench_args(std::span<const std::string_view> args) {
    BenchConfig config;
    if (args.empty()) return config;
    const std::int64_t maxHash = Options::spec(OptionId::Hash).max; // the Hash option's range
    const auto d = args.size() <= 3 ? text::parse_int(args[0]) : std::nullopt;
    const auto t = args.size() >= 2 ? text::parse_int(args[1]) : std::optional<std::int64_t>(1);
    const auto h = args.size() == 3 ? text::parse_int(args[2]) : std::optional<std::int64_t>(BenchHashMiB);
    if (!d || *d < 1 || *d >= MAX_PLY || !t || *t < 1 || *t > MaxThreads || !h || *h < 1 || *h > maxHash)
        return std::unexpected("bench: expected [depth 1-" + std::to_string(MAX_PLY - 1) + " [threads 1-"
                               + std::to_string(MaxThreads) + " [hash MiB 1-" + std::to_string(maxHash) + "]]]");
    config.depth = int(*d), config.threads = int(*t), config.hashMiB = std::size_t(*h);
    return config;
}

std::string bench_position_line(std::size_t index, std::uint64_t nodes) {
    return "Position " + std::to_string(index + 1) + '/' + std::to_string(std::size(BenchPositions)) + ": "
           + std::to_string(nodes) + " nodes\n";
}

std::string bench_summary(const BenchResult& r) {
    std::string s = "===========================\nTotal time (ms) : " + std::to_string(r.ms)
                    + "\nNodes searched  : " + std::to_string(r.total) + "\nNodes/second    : " + std::to_string(r.nps) + '\n';
    if (r.threads > 1) {
        s += "Nodes by thread :";
        for (std::uint64_t n : r.byThread) s += ' ' + std::to_string(n);
        s += "\nMain completed  : " + std::to_string(r.mainCompleted) + " of " + std::to_string(r.nodes.size()) + " positions\n";
    }
    return s + std::to_string(r.total) + " nodes " + std::to_string(r.nps) + " nps\n";
}

} // namespace jadoube
