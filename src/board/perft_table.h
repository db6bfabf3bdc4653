// The hash table of hashed perft (`go perft N hash MB`, `jadoube perft --hash MB`):
// sub-tree counts kept under their position and depth, so that a sub-tree reached
// again by another move order is counted once. Deep perft meets the same positions
// many times (1. e4 e5 2. Nf3 and 1. Nf3 e5 2. e4 are one position), which is what
// makes it pay.
//
// Exact by construction, not by luck: a count is returned only for the same depth
// and a position that agrees in two independent 64-bit keys, the Zobrist key the
// board keeps and a second one hashed from the bitboards here. Two different
// positions must collide in both (about one chance in 2^128 a probe) to share a count.
//
// The table is shared by perft's threads without locks. An entry is four 64-bit
// words, the two keys stored xor the count and depth (Hyatt and Mann's method, as
// the search's hash table does): a reader that sees words of two different writes
// fails the key checks instead of returning a count that is not the position's.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <expected>
#include <memory>
#include <optional>
#include <string>

#include "board/position.h"
#include "util/memory.h"

namespace jadoube {

class PerftTable {
public:
    // Depth-1 counts are the bulk count itself, and a depth-1 or depth-0 sub-tree is
    // cheaper to count than to look up.
    static constexpr int MinDepth = 2;

    struct Probe {
        Key key;   // the board's Zobrist key
        Key check; // the second key (verifier)
        int depth;
    };

    // A table of sizeMiB MiB, cleared; an error when the machine cannot give it.
    static std::expected<PerftTable, std::string> create(std::size_t sizeMiB);

    static Probe probe_for(const Position& pos, int depth) { return {pos.key(), verifier(pos), depth}; }

    std::optional<std::uint64_t> find(const Probe& p) const {
        for (const Entry& e : buckets_[index(p.key)].entries) {
            const std::uint64_t nodes = e.nodes.load(std::memory_order_relaxed);
            const std::uint64_t depth = e.depth.load(std::memory_order_relaxed);
            if (depth == std::uint64_t(p.depth) && (e.key.load(std::memory_order_relaxed) ^ nodes) == p.key
                && (e.check.load(std::memory_order_relaxed) ^ nodes ^ depth) == p.check)
                return nodes;
        }
        return std::nullopt;
    }

    // Slot 0 keeps the deepest sub-tree its bucket has seen (the most work saved),
    // slot 1 the latest of the others.
    void store(const Probe& p, std::uint64_t nodes) {
        Bucket& b = buckets_[index(p.key)];
        Entry& e = std::uint64_t(p.depth) >= b.entries[0].depth.load(std::memory_order_relaxed) ? b.entries[0] : b.entries[1];
        const std::uint64_t depth = std::uint64_t(p.depth);
        e.key.store(p.key ^ nodes, std::memory_order_relaxed);
        e.check.store(p.check ^ nodes ^ depth, std::memory_order_relaxed);
        e.nodes.store(nodes, std::memory_order_relaxed);
        e.depth.store(depth, std::memory_order_relaxed);
    }

    // The second key: the placement (colour and type bitboards), the side to move,
    // the castling rights with their rooks' squares and the en passant square mixed by
    // SplitMix64's finaliser, a function that shares nothing with the Zobrist keys.
    static Key verifier(const Position& pos);

private:
    struct Entry {
        std::atomic<std::uint64_t> key;   // Zobrist key ^ nodes
        std::atomic<std::uint64_t> check; // verifier ^ nodes ^ depth
        std::atomic<std::uint64_t> nodes;
        std::atomic<std::uint64_t> depth; // 0: empty (no sub-tree below MinDepth is stored)
    };
    struct alignas(64) Bucket {
        Entry entries[2]; // 2 x 32 bytes = one cache line
    };

    // The high half of key * count maps keys uniformly onto buckets without a modulo.
    __extension__ using Wide = unsigned __int128;
    std::size_t index(Key key) const { return std::size_t(Wide(key) * bucketCount_ >> 64); }

    std::unique_ptr<Bucket[], HugeFree> buckets_;
    std::size_t bucketCount_ = 0;
};

} // namespace jadoube
