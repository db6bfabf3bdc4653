// Fixed-width integers as little-endian bytes: the byte order of every file the
// engine writes (NNUE nets, training data), whatever the host's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace jadoube::le {

template<class T>
void store(std::uint8_t* p, T v) {
    using U = std::make_unsigned_t<T>;
    const U u = static_cast<U>(v);
    for (std::size_t i = 0; i < sizeof(T); ++i) p[i] = std::uint8_t(u >> (8 * i));
}

template<class T>
T load(const std::uint8_t* p) {
    using U = std::make_unsigned_t<T>;
    U u = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i) u = U(u | (U(p[i]) << (8 * i)));
    return static_cast<T>(u);
}

} // namespace jadoube::le
