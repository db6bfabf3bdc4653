#include "engine/bench.h"

#include <algorithm>
#include <chrono>
#include <iterator>

#include "engine/engine.h"
#include "search/search.h"

namespace jadoube {

std::expected<BenchResult, std::string> run_bench(const BenchConfig& config,
                                                  const std::function<void(std::size_t index, std::uint64_t nodes)>& onPosition) {
    using Err = std::unexpected<std::string>;
    if (config.depth < 1 || config.depth >= MAX_PLY || config.threads < 1 || config.threads > MaxThreads)
        return Err("bench: expected [depth 1-" + std::to_string(MAX_PLY - 1) + " [threads 1-" + std::to_string(MaxThreads)
                   + "]]");
    Engine engine; // its own threads and table: nothing searched before counts
    if (auto ok = engine.set_threads(config.threads); !ok) return Err("bench: " + ok.error());
    if (auto ok = engine.set_hash(config.hashMiB); !ok) return Err("bench: hash: " + ok.error());
    engine.set_eval(config.eval);

    BenchResult result;
    result.threads = config.threads;
    result.byThread.assign(std::size_t(config.threads), 0);
    SearchLimits limits;
    limits.depth = config.depth;
    const auto t0 = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < std::size(BenchPositions); ++i) {
        Position p;
        if (auto ok = p.set(BenchPositions[i], false); !ok)
            return Err("bench: position " + std::to_string(i + 1) + ": " + ok.error());
        engine.set_position(p);
        const std::uint64_t nodes = engine.think(limits).nodes;
        result.nodes.push_back(nodes);
        result.total += nodes;
        const auto tally = engine.tally();
        for (std::size_t t = 0; t < tally.size(); ++t) result.byThread[t] += tally[t].nodes;
        result.mainCompleted += tally[0].completedDepth >= config.depth;
        if (onPosition) onPosition(i, nodes);
    }
    result.ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
    result.nps = result.total * 1000 / std::uint64_t(std::max<std::int64_t>(result.ms, 1));
    return result;
}

} // namespace jadoube
