// The NNUE kernels in SSE2 (8 int16 lanes), part of every x86-64 CPU: the path of a
// CPU without AVX2. Built with the target's own flags (x86-64-v2 or native).
#if defined(__x86_64__)

#include <emmintrin.h>

#include "eval/nnue_simd.h"

namespace jadoube::nnue::sse2 {

namespace {

struct Sse2 {
    using Reg = __m128i;
    static constexpr int Lanes = 8;
    static Reg load(const std::int16_t* p) { return _mm_load_si128(reinterpret_cast<const __m128i*>(p)); }
    static void store(std::int16_t* p, Reg v) { _mm_store_si128(reinterpret_cast<__m128i*>(p), v); }
    static Reg add16(Reg a, Reg b) { return _mm_add_epi16(a, b); }
    static Reg sub16(Reg a, Reg b) { return _mm_sub_epi16(a, b); }
    static Reg zero() { return _mm_setzero_si128(); }
    static Reg splat16(std::int16_t x) { return _mm_set1_epi16(x); }
    static Reg clamp16(Reg v, Reg lo, Reg hi) { return _mm_min_epi16(_mm_max_epi16(v, lo), hi); }
    static Reg mullo16(Reg a, Reg b) { return _mm_mullo_epi16(a, b); }
    static Reg madd16(Reg a, Reg b) { return _mm_madd_epi16(a, b); }
    static Reg xor16(Reg a, Reg b) { return _mm_xor_si128(a, b); }
    static Reg add32(Reg a, Reg b) { return _mm_add_epi32(a, b); }
    static void store32(std::int32_t* p, Reg v) { _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v); }
};

} // namespace

extern constinit const Kernels kernels = simd::table<Sse2>("SSE2", 0);

} // namespace jadoube::nnue::sse2

#endif
