// The SIMD NNUE kernels, written once over a register type V: each file
// nnue_kernels_ISA.cpp (SSE2, AVX2, AVX-512, NEON) defines V in its instruction set
// and instantiates these templates, and the scalar kernels (nnue_kernels_scalar.cpp)
// are the reference they must equal. V gives:
//   Reg, Lanes (int16 lanes per register),
//   load, store (int16, aligned: weight rows, biases and accumulators start on 64 bytes),
//   add16, sub16, mullo16 (wrapping), clamp16, xor16 (int16 lanes),
//   madd16 (adjacent int16 products summed pairwise into int32 lanes), add32,
//   store32 (int32 lanes, unaligned), zero, splat16.
//
// Each file is compiled for its own instruction set (CMakeLists.txt), so it must not
// define anything the linker could share with the rest of the engine: a non-inlined
// copy of an inline function built with AVX-512 could be picked for the baseline code
// and fault on a CPU without it. Hence the files include only this header, the net's
// sizes and their intrinsics, instantiate these templates only over register types of
// their own anonymous namespace (which gives the instances internal linkage), and
// export nothing but their Kernels table.
#pragma once

#include <cstddef>
#include <cstdint>

#include "eval/net_sizes.h"
#include "eval/nnue_kernel_table.h"

namespace jadoube::nnue::simd {

// in + the rows `add` - the rows `sub`, one register of HIDDEN at a time: the running
// sum of each chunk stays in a register instead of being stored between features.
// With the counts known at compile time (a ply's delta) the inner loops unroll and
// the row addresses are computed once.
template<class V, int AddCount, int SubCount>
void update_fixed(const std::int16_t* weights, const std::int16_t* in, std::int16_t* out, const int* add, const int* sub) {
    static_assert(HIDDEN % V::Lanes == 0);
    const std::int16_t* plus[AddCount];
    const std::int16_t* minus[SubCount > 0 ? SubCount : 1];
    for (int k = 0; k < AddCount; ++k) plus[k] = weights + std::ptrdiff_t(add[k]) * HIDDEN;
    for (int k = 0; k < SubCount; ++k) minus[k] = weights + std::ptrdiff_t(sub[k]) * HIDDEN;
    for (int i = 0; i < HIDDEN; i += V::Lanes) {
        typename V::Reg v = V::load(in + i);
        for (int k = 0; k < AddCount; ++k) v = V::add16(v, V::load(plus[k] + i));
        for (int k = 0; k < SubCount; ++k) v = V::sub16(v, V::load(minus[k] + i));
        V::store(out + i, v);
    }
}

template<class V>
void update(const std::int16_t* weights, const std::int16_t* in, std::int16_t* out, const int* add, int addCount, const int* sub,
            int subCount) {
    // A quiet move, a capture (or promotion), a capturing promotion or castling.
    if (addCount == 1 && subCount == 1) return update_fixed<V, 1, 1>(weights, in, out, add, sub);
    if (addCount == 1 && subCount == 2) return update_fixed<V, 1, 2>(weights, in, out, add, sub);
    if (addCount == 2 && subCount == 2) return update_fixed<V, 2, 2>(weights, in, out, add, sub);
    // A refresh (up to 32 of each).
    for (int i = 0; i < HIDDEN; i += V::Lanes) {
        typename V::Reg v = V::load(in + i);
        for (int k = 0; k < addCount; ++k) v = V::add16(v, V::load(weights + std::ptrdiff_t(add[k]) * HIDDEN + i));
        for (int k = 0; k < subCount; ++k) v = V::sub16(v, V::load(weights + std::ptrdiff_t(sub[k]) * HIDDEN + i));
        V::store(out + i, v);
    }
}

template<class V>
std::int64_t screlu_dot(const std::int16_t* us, const std::int16_t* them, const std::int16_t* weights, std::int64_t weightSum) {
    // An int32 lane may take 2 * HIDDEN / 8 products (net_sizes.h), as many as each of
    // an AVX2 register's eight gets; a 128-bit register has four, so its sum is spread
    // over two registers.
    constexpr int Sums = V::Lanes >= 16 ? 1 : 16 / V::Lanes;
    static_assert(HIDDEN % (V::Lanes * Sums) == 0);
    const typename V::Reg zero = V::zero(), qa = V::splat16(QA), top = V::splat16(std::int16_t(0x8000));
    typename V::Reg sum[Sums];
    for (auto& s : sum) s = V::zero();
    const std::int16_t* halves[2] = {us, them};
    for (int h = 0; h < 2; ++h) {
        const std::int16_t* a = halves[h];
        const std::int16_t* w = weights + h * HIDDEN;
        for (int i = 0; i < HIDDEN; i += V::Lanes * Sums)
            for (int s = 0; s < Sums; ++s) {
                const int j = i + s * V::Lanes;
                // SCReLU: u = v * v is exact in 16 bits unsigned (v <= 255), and u - 32768
                // (the top bit flipped) fits int16, so madd adds the pairs (u - 32768) * w
                // exactly in int32 lanes; 32768 * sum(w) is added back below.
                const typename V::Reg v = V::clamp16(V::load(a + j), zero, qa);
                sum[s] = V::add32(sum[s], V::madd16(V::xor16(V::mullo16(v, v), top), V::load(w + j)));
            }
    }
    // Widened before the horizontal sum.
    std::int64_t total = 32768 * weightSum;
    for (const auto& s : sum) {
        std::int32_t lanes[V::Lanes / 2];
        V::store32(lanes, s);
        for (std::int32_t l : lanes) total += l;
    }
    return total;
}

// The table of a register type's kernels.
template<class V>
constexpr Kernels table(const char* name, cpu::Features needs) {
    return {name, needs, &update<V>, &screlu_dot<V>};
}

} // namespace jadoube::nnue::simd
