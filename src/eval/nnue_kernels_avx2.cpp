// The NNUE kernels in AVX2 (16 int16 lanes). Built with -mavx2 on top of the target's
// flags (CMakeLists.txt) and run only where the CPU has AVX2 (nnue_kernels.cpp).
#if defined(__x86_64__)

#if !defined(__AVX2__)
#error "nnue_kernels_avx2.cpp is built with -mavx2 (CMakeLists.txt)"
#endif

#include <immintrin.h>

#include "eval/nnue_simd.h"

namespace jadoube::nnue::avx2 {

namespace {

struct Avx2 {
    using Reg = __m256i;
    static constexpr int Lanes = 16;
    static Reg load(const std::int16_t* p) { return _mm256_load_si256(reinterpret_cast<const __m256i*>(p)); }
    static void store(std::int16_t* p, Reg v) { _mm256_store_si256(reinterpret_cast<__m256i*>(p), v); }
    static Reg add16(Reg a, Reg b) { return _mm256_add_epi16(a, b); }
    static Reg sub16(Reg a, Reg b) { return _mm256_sub_epi16(a, b); }
    static Reg zero() { return _mm256_setzero_si256(); }
    static Reg splat16(std::int16_t x) { return _mm256_set1_epi16(x); }
    static Reg clamp16(Reg v, Reg lo, Reg hi) { return _mm256_min_epi16(_mm256_max_epi16(v, lo), hi); }
    static Reg mullo16(Reg a, Reg b) { return _mm256_mullo_epi16(a, b); }
    static Reg madd16(Reg a, Reg b) { return _mm256_madd_epi16(a, b); }
    static Reg xor16(Reg a, Reg b) { return _mm256_xor_si256(a, b); }
    static Reg add32(Reg a, Reg b) { return _mm256_add_epi32(a, b); }
    static void store32(std::int32_t* p, Reg v) { _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v); }
};

} // namespace

extern constinit const Kernels kernels = simd::table<Avx2>("AVX2", cpu::bit(cpu::Avx) | cpu::bit(cpu::Avx2));

} // namespace jadoube::nnue::avx2

#endif
