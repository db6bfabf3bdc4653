// splitmix64: a tiny seedable generator whose streams depend only on the seed, so
// data generation and training reproduce byte for byte whatever the thread count.
#pragma once

#include <cstdint>

namespace jadoube {

struct SplitMix64 {
    std::uint64_t s;
    std::uint64_t next() {
        std::uint64_t z = (s += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    std::uint64_t below(std::uint64_t n) { return next() % n; }
    double uniform() { return double(next() >> 11) * 0x1.0p-53; } // [0, 1)
};

} // namespace jadoube
