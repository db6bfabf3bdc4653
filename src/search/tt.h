// Transposition table shared by all search threads. Lockless in the Hyatt/Mann
// style: each entry is two 64-bit words, the key stored xor the data, so a torn
// write from another thread fails the key check instead of returning mixed data.
// Relaxed atomics make that race defined behaviour at no cost on x86.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <expected>
#include <memory>
#include <string>

#include "board/types.h"
#include "util/memory.h"

namespace jadoube {

enum Bound : std::uint8_t { BOUND_NONE, BOUND_UPPER, BOUND_LOWER, BOUND_EXACT = BOUND_UPPER | BOUND_LOWER };

struct TTData {
    Move move;
    int score;
    int eval;
    int depth;
    Bound bound;
    bool pv;
};

class TranspositionTable {
public:
    static constexpr int EntriesPerBucket = 4; // 4 x 16 bytes = one cache line
    static constexpr std::uint8_t GenerationMask = 31; // the generation is 5 bits of an entry's data word

    TranspositionTable() { (void)resize(16); }

    // Reallocates to sizeMiB. A size beyond the memory the machine can give
    // (util/memory.h, counting this table as freed) or that fails to allocate is
    // refused and the old table stays. The new table is not written here: prepare()
    // clears it, at `isready` or at the start of the next search, so that a process
    // that never searches (`go perft`, `rules`) never touches its pages (zeroing the
    // default 16 MiB was a third of the start-up time).
    std::expected<void, std::string> resize(std::size_t sizeMiB);
    // Clears a table that resize() left unwritten; nothing otherwise.
    void prepare() {
        if (!cleared_) clear();
    }
    void clear();
    void new_search() { generation_ = std::uint8_t((generation_ + 1) & GenerationMask); }

    bool probe(Key key, TTData& out) const;
    // Starts loading key's bucket into the cache, so that a probe soon after finds
    // it there: the search calls it before making a move, whose work hides the
    // memory's latency (most of a probe's cost once the table outgrows the cache).
    void prefetch(Key key) const { __builtin_prefetch(&buckets_[index(key)]); }
    void store(Key key, Move move, int score, int eval, int depth, Bound bound, bool pv);
    // Permille of sampled entries written during the current search.
    int hashfull() const;

private:
    struct Entry {
        std::atomic<std::uint64_t> check; // key ^ data
        std::atomic<std::uint64_t> data;
    };
    struct alignas(64) Bucket {
        Entry entries[EntriesPerBucket];
    };

    // The high half of key * count maps keys uniformly onto buckets without a modulo.
    __extension__ using Wide = unsigned __int128;
    std::size_t index(Key key) const { return std::size_t(Wide(key) * bucketCount_ >> 64); }

    std::unique_ptr<Bucket[], HugeFree> buckets_; // util/memory.h: huge pages where the kernel gives them
    std::size_t bucketCount_ = 0;
    std::size_t sizeMiB_ = 0; // for the message when a new size is refused
    std::uint8_t generation_ = 0;
    bool cleared_ = false; // every entry empty since the last resize (prepare())
};

} // namespace jadoube
