#include "search/tt.h"

#include <cstring>

#include "search/params.h"
#include "util/memory.h"

namespace jadoube {

namespace {

constexpr auto GenMask = TranspositionTable::GenerationMask;
constexpr int DepthOffset = 8;       // stored depth + this fits a byte: qsearch depths down to -8 stay positive
constexpr int HashfullSample = 1000; // entries hashfull() looks at

// data word: move 16 | score 16 | eval 16 | depth 8 | bound 2, pv 1, generation 5... laid out as below.
struct Packed {
    static std::uint64_t pack(Move m, int score, int eval, int depth, Bound b, bool pv, std::uint8_t gen) {
        return std::uint64_t(m.raw()) | std::uint64_t(std::uint16_t(std::int16_t(score))) << 16
               | std::uint64_t(std::uint16_t(std::int16_t(eval))) << 32 | std::uint64_t(std::uint8_t(depth + DepthOffset)) << 48
               | std::uint64_t(b) << 56 | std::uint64_t(pv) << 58 | std::uint64_t(gen & GenMask) << 59;
    }
    static Move move(std::uint64_t d) { return Move(std::uint16_t(d)); }
    static int score(std::uint64_t d) { return std::int16_t(std::uint16_t(d >> 16)); }
    static int eval(std::uint64_t d) { return std::int16_t(std::uint16_t(d >> 32)); }
    static int depth(std::uint64_t d) { return int((d >> 48) & 0xFF) - DepthOffset; }
    static Bound bound(std::uint64_t d) { return Bound((d >> 56) & 3); }
    static bool pv(std::uint64_t d) { return (d >> 58) & 1; }
    static std::uint8_t gen(std::uint64_t d) { return std::uint8_t((d >> 59) & GenMask); }
};

} // namespace

std::expected<void, std::string> TranspositionTable::resize(std::size_t sizeMiB) {
    const std::size_t count = sizeMiB * MiB / sizeof(Bucket);
    if (count == 0) return std::unexpected("Hash must be at least 1 MiB");
    // The old table is freed before the new one is touched (the memory is taken raw
    // and only clear() commits its pages), so it counts as available. Refusing here
    // is the only clean way out of a size the machine cannot give.
    // Not `new Bucket[count]`: constructing the atomics would write every page while the
    // old table still lives. All-zero bytes are clear()'s valid empty state.
    const auto raw = allocate_table(sizeMiB, bucketCount_ * sizeof(Bucket), "hash table");
    if (!raw) return std::unexpected(raw.error() + "; Hash stays " + std::to_string(sizeMiB_) + " MiB");
    buckets_.reset(static_cast<Bucket*>(*raw));
    bucketCount_ = count;
    sizeMiB_ = sizeMiB;
    cleared_ = false;
    return {};
}

void TranspositionTable::clear() {
    // Touching every page here also commits the memory before the search that uses it.
    std::memset(static_cast<void*>(buckets_.get()), 0, bucketCount_ * sizeof(Bucket));
    generation_ = 0;
    cleared_ = true;
}

bool TranspositionTable::probe(Key key, TTData& out) const {
    const Bucket& b = buckets_[index(key)];
    for (const Entry& e : b.entries) {
        const std::uint64_t data = e.data.load(std::memory_order_relaxed);
        if ((e.check.load(std::memory_order_relaxed) ^ data) != key || data == 0) continue;
        out = {Packed::move(data),  Packed::score(data), Packed::eval(data),
               Packed::depth(data), Packed::bound(data), Packed::pv(data)};
        return true;
    }
    return false;
}

void TranspositionTable::store(Key key, Move move, int score, int eval, int depth, Bound bound, bool pv) {
    Bucket& b = buckets_[index(key)];
    // Replace the same key, else an empty slot, else the entry worth least: shallow and old.
    Entry* victim = &b.entries[0];
    int worst = INT32_MAX;
    for (Entry& e : b.entries) {
        const std::uint64_t data = e.data.load(std::memory_order_relaxed);
        if (data == 0 || (e.check.load(std::memory_order_relaxed) ^ data) == key) {
            if (data && !move) move = Packed::move(data); // keep a known best move
            // Keep deeper exact information for the same key unless this one is exact or close.
            if (data && bound != BOUND_EXACT && depth + params::TtKeepDepthMargin < Packed::depth(data)
                && Packed::gen(data) == (generation_ & GenMask))
                return;
            victim = &e;
            break;
        }
        const int age = (generation_ - Packed::gen(data)) & GenMask;
        const int worth = Packed::depth(data) - params::TtAgeWeight * age;
        if (worth < worst) worst = worth, victim = &e;
    }
    const std::uint64_t data = Packed::pack(move, score, eval, depth, bound, pv, generation_);
    victim->data.store(data, std::memory_order_relaxed);
    victim->check.store(key ^ data, std::memory_order_relaxed);
}

int TranspositionTable::hashfull() const {
    int used = 0;
    const std::size_t sample = std::min<std::size_t>(HashfullSample / EntriesPerBucket, bucketCount_);
    for (std::size_t i = 0; i < sample; ++i)
        for (const Entry& e : buckets_[i].entries) {
            const std::uint64_t data = e.data.load(std::memory_order_relaxed);
            used += data && Packed::gen(data) == (generation_ & GenMask);
        }
    return int(used * 1000 / (sample * EntriesPerBucket)); // permille
}

} // namespace jadoube
