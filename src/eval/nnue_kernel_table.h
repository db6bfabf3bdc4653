// One instruction set's NNUE kernels, as a table of function pointers: the engine
// holds one table per set built into it (nnue_kernels_*.cpp) and calls the best
// one the CPU runs (nnue_kernels.h). The kernels work on the net's raw arrays, not
// on Network or Position, so that the files built for one instruction set need
// nothing but the net's sizes (nnue_simd.h says why).
#pragma once

#include <cstdint>

#include "util/cpu.h"

namespace jadoube::nnue {

struct Kernels {
    const char* name;   // "AVX-512", "AVX2", "SSE2", "NEON", "scalar"
    cpu::Features needs; // what the CPU must have to run them
    // out = in + the weight rows `add` - the rows `sub` (HIDDEN int16 each, weights
    // row-major), every sum modulo 2^16 as the SIMD adds wrap. out may be in.
    void (*update)(const std::int16_t* weights, const std::int16_t* in, std::int16_t* out, const int* add, int addCount,
                   const int* sub, int subCount);
    // The output layer before its bias and scale: the sum over both halves of
    // clamp(a, 0, QA)^2 * w, with us's HIDDEN activations against the first HIDDEN
    // weights and them's against the rest; weightSum is the sum of the 2 * HIDDEN
    // weights (Network::outWeightSum), which the SIMD kernels need.
    std::int64_t (*screlu_dot)(const std::int16_t* us, const std::int16_t* them, const std::int16_t* weights,
                               std::int64_t weightSum);
};

// Every table that this build may contain; each is defined only on its architecture.
namespace scalar {
extern const Kernels kernels;
}
namespace sse2 {
extern const Kernels kernels;
}
namespace avx2 {
extern const Kernels kernels;
}
namespace avx512 {
extern const Kernels kernels;
}
namespace neon {
extern const Kernels kernels;
}

} // namespace jadoube::nnue
