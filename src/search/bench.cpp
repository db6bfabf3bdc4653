#include "search/bench.h"

#include <algorithm>
#include <chrono>
#include <iterator>

#include "search/threads.h"

namespace jadoube {

std::expected<std::uint64_t, std::string> run_bench(const BenchConfig& config,
                                                    const std::function<void(const std::string& lines)>& print) {
    using Err = std::unexpected<std::string>;
    if (config.depth < 1 || config.depth >= MAX_PLY || config.threads < 1 || config.threads > MaxThreads)
        return Err("bench: expected [depth 1-" + std::to_string(MAX_PLY - 1) + " [threads 1-" + std::to_string(MaxThreads)
                   + "]]");
    SearchPool pool; // its own table: nothing searched before counts
    if (auto ok = pool.set_threads(config.threads); !ok) return Err("bench: " + ok.error());
    if (auto ok = pool.tt().resize(config.hashMiB); !ok) return Err("bench: hash: " + ok.error());

    const auto count = std::size(BenchPositions);
    std::uint64_t total = 0;
    // Several threads: each one's nodes, and the positions where the main thread had
    // completed the depth when the search ended (in the others a helper got there first).
    std::vector<std::uint64_t> byThread(std::size_t(config.threads), 0);
    int mainCompleted = 0;
    const auto t0 = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < count; ++i) {
        Position p;
        if (auto ok = p.set(BenchPositions[i], false); !ok)
            return Err("bench: position " + std::to_string(i + 1) + ": " + ok.error());
        SearchLimits limits;
        limits.depth = config.depth;
        SearchOptions options;
        options.eval = config.eval;
        pool.start(p, limits, options, {});
        pool.wait();
        const std::uint64_t nodes = pool.nodes_searched();
        total += nodes;
        const auto tally = pool.tally();
        for (std::size_t t = 0; t < tally.size(); ++t) byThread[t] += tally[t].nodes;
        mainCompleted += tally[0].completedDepth >= config.depth;
        print("Position " + std::to_string(i + 1) + '/' + std::to_string(count) + ": " + std::to_string(nodes) + " nodes\n");
    }
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
    print("===========================\nTotal time (ms) : " + std::to_string(ms) + "\nNodes searched  : " + std::to_string(total)
          + "\nNodes/second    : " + std::to_string(total * 1000 / std::uint64_t(std::max<std::int64_t>(ms, 1))) + '\n');
    if (config.threads > 1) {
        std::string line = "Nodes by thread :";
        for (std::uint64_t n : byThread) line += ' ' + std::to_string(n);
        print(line + "\nMain completed  : " + std::to_string(mainCompleted) + " of " + std::to_string(count) + " positions\n");
    }
    return total;
}

} // namespace jadoube
