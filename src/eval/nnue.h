// The incremental NNUE evaluator: one per search thread. The accumulator is kept
// per ply and brought up to date lazily, when an evaluation is asked for, from the
// Position's history (each StateInfo records its move and captured piece); nothing
// is done on make/unmake. The net's format is in eval/net_file.h, the SIMD kernels
// in eval/nnue_kernels.h; the search reaches all of it through eval/evaluate.h.
#pragma once

#include <cstdint>
#include <memory>

#include "board/position.h"
#include "eval/net_file.h"
#include "eval/nnue_kernels.h"

namespace jadoube::nnue {

// Holds a ring of accumulators indexed by history ply; accumulator() finds the
// latest one still valid for pos's history (same ply and Zobrist key), walks
// forward from it applying each ply's move, and refreshes from scratch when none is
// within MaxLazyPlies. Allocates only when constructed.
class Evaluator {
public:
    static constexpr int RingSize = 256;    // > the deepest search path
    static constexpr int MaxLazyPlies = 24; // beyond this a refresh is cheaper

    explicit Evaluator(std::shared_ptr<const Network> net = embedded_network().net);
    Evaluator(const Evaluator&) = delete;
    Evaluator& operator=(const Evaluator&) = delete;

    // Forgets every cached accumulator (new game).
    void reset();
    // The net to evaluate with; the cache survives when it is the one in use.
    void set_network(std::shared_ptr<const Network> net);
    const Network& network() const { return *net_; }

    // Centipawns from the side to move's point of view, clamped inside the search's
    // non-mate range.
    int evaluate(const Position& pos);

    // pos's accumulator, brought up to date from the history.
    const Accumulator& accumulator(const Position& pos);

    // Counters since construction, for tests and tuning.
    struct Stats {
        std::uint64_t hits = 0, incremental = 0, refreshes = 0, pliesApplied = 0;
    };
    const Stats& stats() const { return stats_; }

private:
    struct Entry {
        Accumulator acc;
        Key key;
        std::uint64_t ply; // index into Position::history(); ~0 = empty
    };
    Entry& slot(std::uint64_t ply) { return ring_[ply % RingSize]; }
    bool valid(const Entry& e, std::uint64_t ply, Key key) const { return e.ply == ply && e.key == key; }

    std::unique_ptr<Entry[]> ring_;
    std::shared_ptr<const Network> net_; // shared, so it outlives any swap while cached
    Stats stats_;
};

} // namespace jadoube::nnue
