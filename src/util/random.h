// The engine's pseudo-random generators, in one place. Both are tiny, seedable and
// give the same stream on every machine and compiler, so that everything built from
// them reproduces exactly:
//   Xorshift64Star  compile-time Zobrist keys and the magic-number search (constexpr)
//   SplitMix64      data generation and training: any seed, even 0, gives a good
//                   stream, so per-game and per-thread streams can be derived from a
//                   seed and an index, whatever the thread count
#pragma once

#include <cstdint>

namespace jadoube {

// xorshift64* (Vigna): the state must not be zero.
struct Xorshift64Star {
    std::uint64_t s;
    constexpr std::uint64_t next() {
        s ^= s >> 12, s ^= s << 25, s ^= s >> 27;
        return s * 2685821657736338717ULL;
    }
    // About 8 of 64 bits set: magic candidates with few bits are found much sooner.
    constexpr std::uint64_t sparse() { return next() & next() & next(); }
    // An integer in [lo, hi]; the modulo bias is negligible for the small ranges tests use.
    constexpr int range(int lo, int hi) { return lo + int(next() % std::uint64_t(hi - lo + 1)); }
};

struct SplitMix64 {
    std::uint64_t s;
    constexpr std::uint64_t next() {
        std::uint64_t z = (s += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    constexpr std::uint64_t below(std::uint64_t n) { return next() % n; }
    constexpr double uniform() { return double(next() >> 11) * 0x1.0p-53; } // [0, 1)
};

} // namespace jadoube
