// The build's baseline as data: compiled with the target's flags like the rest of
// the engine, so the compiler's own macros say what every translation unit may use.
// Constant-initialised: no code of this file runs, so the check in cpu.cpp (built
// without those flags) can read it before anything else.
#include "util/cpu.h"

#ifndef JADOUBE_BASELINE_NAME
#error "JADOUBE_BASELINE_NAME is defined by the build (CMakeLists.txt, the target CPU)"
#endif

namespace jadoube::cpu {

extern const char* const BaselineName = JADOUBE_BASELINE_NAME;

extern const Features Baseline = 0
#if defined(__SSE3__)
                                 | bit(Sse3)
#endif
#if defined(__SSSE3__)
                                 | bit(Ssse3)
#endif
#if defined(__SSE4_1__)
                                 | bit(Sse41)
#endif
#if defined(__SSE4_2__)
                                 | bit(Sse42)
#endif
#if defined(__POPCNT__)
                                 | bit(Popcnt)
#endif
#if defined(__AVX__)
                                 | bit(Avx)
#endif
#if defined(__AVX2__)
                                 | bit(Avx2)
#endif
#if defined(__BMI__)
                                 | bit(Bmi)
#endif
#if defined(__BMI2__)
                                 | bit(Bmi2)
#endif
#if defined(__FMA__)
                                 | bit(Fma)
#endif
#if defined(__LZCNT__)
                                 | bit(Lzcnt)
#endif
#if defined(__MOVBE__)
                                 | bit(Movbe)
#endif
#if defined(__F16C__)
                                 | bit(F16c)
#endif
#if defined(__AVX512F__)
                                 | bit(Avx512f)
#endif
#if defined(__AVX512BW__)
                                 | bit(Avx512bw)
#endif
#if defined(__AVX512CD__)
                                 | bit(Avx512cd)
#endif
#if defined(__AVX512DQ__)
                                 | bit(Avx512dq)
#endif
#if defined(__AVX512VL__)
                                 | bit(Avx512vl)
#endif
#if defined(__AVX512VNNI__)
                                 | bit(Avx512vnni)
#endif
#if defined(__AVX512VBMI__)
                                 | bit(Avx512vbmi)
#endif
#if defined(__AVX512VBMI2__)
                                 | bit(Avx512vbmi2)
#endif
#if defined(__AVX512BITALG__)
                                 | bit(Avx512bitalg)
#endif
#if defined(__AVX512VPOPCNTDQ__)
                                 | bit(Avx512vpopcntdq)
#endif
#if defined(__AVX512IFMA__)
                                 | bit(Avx512ifma)
#endif
#if defined(__AVX512BF16__)
                                 | bit(Avx512bf16)
#endif
    ;

} // namespace jadoube::cpu
