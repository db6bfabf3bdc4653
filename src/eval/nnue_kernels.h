// The NNUE kernels: building, updating and reading the accumulator (the feature
// transformer's output). The scalar versions are always built; the default ones
// use AVX-512 when the build targets AVX512BW, else AVX2 when it targets that
// (__AVX2__; the AVX2 ones are then built too), and are the scalar ones otherwise.
// All give identical results (tests/eval check it).
#pragma once

#include <cstdint>

#include "board/position.h"
#include "eval/net_file.h"

namespace jadoube::nnue {

struct alignas(64) Accumulator {
    std::int16_t v[COLOR_NB][HIDDEN]; // indexed by perspective
};

// The accumulator of pos from scratch: both perspectives, or one.
void refresh(const Network& net, const Position& pos, Accumulator& acc);
void refresh(const Network& net, const Position& pos, Accumulator& acc, Color perspective);
// Centipawns for the side to move stm, through output layer `bucket`.
int output(const Network& net, const Accumulator& acc, Color stm, int bucket);
// The output layer for pos.
int output_bucket(const Network& net, const Position& pos);
// out = in + sum(columns of add) - sum(columns of sub), for one perspective.
void update(const Network& net, const std::int16_t* in, std::int16_t* out, const int* add, int addCount, const int* sub,
            int subCount);

namespace scalar {
void refresh(const Network& net, const Position& pos, Accumulator& acc);
int output(const Network& net, const Accumulator& acc, Color stm, int bucket);
void update(const Network& net, const std::int16_t* in, std::int16_t* out, const int* add, int addCount, const int* sub,
            int subCount);
} // namespace scalar

#if defined(__AVX2__)
namespace avx2 {
int output(const Network& net, const Accumulator& acc, Color stm, int bucket);
void update(const Network& net, const std::int16_t* in, std::int16_t* out, const int* add, int addCount, const int* sub,
            int subCount);
} // namespace avx2
#endif

// The instruction set of the default kernels.
constexpr const char* kernel_name() {
#if defined(__AVX512BW__)
    return "AVX-512";
#elif defined(__AVX2__)
    return "AVX2";
#else
    return "scalar";
#endif
}

// Refresh + output: slow, for tests and tools.
int evaluate_from_scratch(const Network& net, const Position& pos);

} // namespace jadoube::nnue
