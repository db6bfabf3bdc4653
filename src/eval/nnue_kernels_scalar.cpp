// The reference NNUE kernels, in plain C++: every build has them, every SIMD table
// must give exactly their results (tests/eval/nnue_test.cpp), and a CPU with no
// SIMD path this build knows runs them.
#include <algorithm>
#include <cstddef>

#include "eval/net_sizes.h"
#include "eval/nnue_kernel_table.h"

namespace jadoube::nnue::scalar {

namespace {

void update(const std::int16_t* weights, const std::int16_t* in, std::int16_t* out, const int* add, int addCount, const int* sub,
            int subCount) {
    for (int i = 0; i < HIDDEN; ++i) {
        int v = in[i];
        for (int k = 0; k < addCount; ++k) v += weights[std::size_t(add[k]) * HIDDEN + std::size_t(i)];
        for (int k = 0; k < subCount; ++k) v -= weights[std::size_t(sub[k]) * HIDDEN + std::size_t(i)];
        out[i] = std::int16_t(v); // modular, as the SIMD adds are
    }
}

std::int64_t screlu_dot(const std::int16_t* us, const std::int16_t* them, const std::int16_t* weights, std::int64_t) {
    std::int64_t sum = 0;
    const std::int16_t* halves[2] = {us, them};
    for (int h = 0; h < 2; ++h) {
        const std::int16_t* w = weights + h * HIDDEN;
        for (int i = 0; i < HIDDEN; ++i) {
            const int v = std::clamp<int>(halves[h][i], 0, QA);
            sum += v * (v * w[i]);
        }
    }
    return sum;
}

} // namespace

extern constinit const Kernels kernels{"scalar", 0, &update, &screlu_dot};

} // namespace jadoube::nnue::scalar
