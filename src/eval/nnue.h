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

// Holds a ring of accumulators indexed by history ply; accumulator() finds, for each
// perspective, the latest one still valid for pos's history (same ply and Zobrist
// key, that half computed), walks forward from it applying each ply's move, and
// refreshes that half when none is within MaxLazyPlies or when the perspective's
// king changed its input set (king bucket or mirror side) on the way. A refresh
// starts from the refresh cache (a "finny table"): per perspective and king view,
// the last accumulator computed there and its board, so that only the pieces that
// differ are added or taken away. Allocates only when constructed or given a net.
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
        std::uint64_t hits = 0, incremental = 0, pliesApplied = 0;
        std::uint64_t refreshes = 0; // halves, through the refresh cache
    };
    const Stats& stats() const { return stats_; }

private:
    struct Entry {
        Accumulator acc;
        Key key;
        std::uint64_t ply; // index into Position::history(); ~0 = empty
        bool computed[COLOR_NB];
    };
    Entry& slot(std::uint64_t ply) { return ring_[ply % RingSize]; }
    bool valid(const Entry& e, std::uint64_t ply, Key key, Color p) const {
        return e.ply == ply && e.key == key && e.computed[p];
    }
    // The entry of ply for key, claimed (and emptied) if it holds another position.
    Entry& claim(std::uint64_t ply, Key key);
    // Brings the halves marked incremental from their base ply up to pos (plies first+1..
    // of the history, first = the lowest base): the moves' deltas, read backwards.
    void apply_plies(const Position& pos, std::uint64_t first, const std::uint64_t* base, const bool* incremental,
                     const KingView* view);

    // One refresh cache entry: an accumulator half and the board it was computed for.
    struct alignas(64) CachedHalf {
        std::int16_t v[HIDDEN];
        Bitboard pieces[COLOR_NB][PIECE_TYPE_NB];
    };
    CachedHalf& cached(Color p, KingView view) {
        return cache_[(std::size_t(p) * std::size_t(net_->shape.kingBuckets) + std::size_t(view.base / PIECE_SQUARE_INPUTS)) * 2
                      + (view.flip ? 1 : 0)];
    }
    void reset_cache();
    // pos's half for perspective p into acc, through the refresh cache.
    void refresh_half(const Position& pos, Color p, Accumulator& acc);

    std::unique_ptr<Entry[]> ring_;
    std::unique_ptr<CachedHalf[]> cache_; // [perspective][king bucket][flip]
    std::size_t cacheSize_ = 0;
    std::shared_ptr<const Network> net_; // shared, so it outlives any swap while cached
    Stats stats_;
};

} // namespace jadoube::nnue
