// The NNUE kernels in AVX-512 (32 int16 lanes: half the instructions of AVX2 per
// accumulator, which matters most for the wider nets). Built with -mavx512f
// -mavx512bw on top of the target's flags (CMakeLists.txt) and run only where the
// CPU has both (nnue_kernels.cpp).
#if defined(__x86_64__)

#if !defined(__AVX512BW__)
#error "nnue_kernels_avx512.cpp is built with -mavx512f -mavx512bw (CMakeLists.txt)"
#endif

#include <immintrin.h>

#include "eval/nnue_simd.h"

namespace jadoube::nnue::avx512 {

namespace {

struct Avx512 {
    using Reg = __m512i;
    static constexpr int Lanes = 32;
    static Reg load(const std::int16_t* p) { return _mm512_load_si512(p); }
    static void store(std::int16_t* p, Reg v) { _mm512_store_si512(p, v); }
    static Reg add16(Reg a, Reg b) { return _mm512_add_epi16(a, b); }
    static Reg sub16(Reg a, Reg b) { return _mm512_sub_epi16(a, b); }
    static Reg zero() { return _mm512_setzero_si512(); }
    static Reg splat16(std::int16_t x) { return _mm512_set1_epi16(x); }
    static Reg clamp16(Reg v, Reg lo, Reg hi) { return _mm512_min_epi16(_mm512_max_epi16(v, lo), hi); }
    static Reg mullo16(Reg a, Reg b) { return _mm512_mullo_epi16(a, b); }
    static Reg madd16(Reg a, Reg b) { return _mm512_madd_epi16(a, b); }
    static Reg xor16(Reg a, Reg b) { return _mm512_xor_si512(a, b); }
    static Reg add32(Reg a, Reg b) { return _mm512_add_epi32(a, b); }
    static void store32(std::int32_t* p, Reg v) { _mm512_storeu_si512(p, v); }
};

} // namespace

// -mavx512f implies AVX2, which the compiler may use here too.
extern constinit const Kernels kernels = simd::table<Avx512>("AVX-512", cpu::bit(cpu::Avx) | cpu::bit(cpu::Avx2)
                                                                            | cpu::bit(cpu::Avx512f) | cpu::bit(cpu::Avx512bw));

} // namespace jadoube::nnue::avx512

#endif
