// The NNUE kernels in NEON (Advanced SIMD, 8 int16 lanes), part of every AArch64
// CPU. The same integer results as the x86 kernels: the adds wrap modulo 2^16, and
// madd16 sums adjacent products pairwise into int32 lanes as x86's pmaddwd does.
#if defined(__aarch64__)

#include <arm_neon.h>

#include "eval/nnue_simd.h"

namespace jadoube::nnue::neon {

namespace {

struct Neon {
    using Reg = int16x8_t;
    static constexpr int Lanes = 8;
    static Reg load(const std::int16_t* p) { return vld1q_s16(p); }
    static void store(std::int16_t* p, Reg v) { vst1q_s16(p, v); }
    static Reg add16(Reg a, Reg b) { return vaddq_s16(a, b); }
    static Reg sub16(Reg a, Reg b) { return vsubq_s16(a, b); }
    static Reg zero() { return vdupq_n_s16(0); }
    static Reg splat16(std::int16_t x) { return vdupq_n_s16(x); }
    static Reg clamp16(Reg v, Reg lo, Reg hi) { return vminq_s16(vmaxq_s16(v, lo), hi); }
    static Reg mullo16(Reg a, Reg b) { return vmulq_s16(a, b); }
    // Products of lanes 0-3 and 4-7 widened to int32, then adjacent pairs added:
    // {p0 + p1, p2 + p3, p4 + p5, p6 + p7}, as pmaddwd. The int32 lanes travel in
    // an int16x8_t (reinterpreted), so that Reg is one type.
    static Reg madd16(Reg a, Reg b) {
        const int32x4_t lo = vmull_s16(vget_low_s16(a), vget_low_s16(b));
        const int32x4_t hi = vmull_high_s16(a, b);
        return vreinterpretq_s16_s32(vpaddq_s32(lo, hi));
    }
    static Reg xor16(Reg a, Reg b) { return veorq_s16(a, b); }
    static Reg add32(Reg a, Reg b) {
        return vreinterpretq_s16_s32(vaddq_s32(vreinterpretq_s32_s16(a), vreinterpretq_s32_s16(b)));
    }
    static void store32(std::int32_t* p, Reg v) { vst1q_s32(p, vreinterpretq_s32_s16(v)); }
};

} // namespace

extern constinit const Kernels kernels = simd::table<Neon>("NEON", 0);

} // namespace jadoube::nnue::neon

#endif
