// The NNUE kernels: building, updating and reading the accumulator (the feature
// transformer's output). Every instruction set the target can have is built in, one
// table each (nnue_kernel_table.h): scalar everywhere; SSE2, AVX2 and AVX-512 on
// x86-64; NEON on AArch64. The best one the CPU runs is chosen once at start-up,
// and the calls below go through it. All give identical results (tests/eval check it).
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "board/position.h"
#include "eval/net_file.h"
#include "eval/nnue_kernel_table.h"

namespace jadoube::nnue {

struct alignas(64) Accumulator {
    std::int16_t v[COLOR_NB][HIDDEN]; // indexed by perspective
};

// The tables built into this binary, scalar first, each better than the one before.
std::span<const Kernels* const> compiled_kernels();
// The best of them whose needs the features `cpu` cover.
const Kernels& best_kernels(cpu::Features cpu);
// The kernels in use: best_kernels(cpu::available()), chosen at start-up.
const Kernels& active_kernels();
// "AVX2 (of scalar SSE2 AVX2 AVX-512, chosen at start-up)", for `compiler` and --version.
std::string kernels_description();

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

// The same through given kernels (the tests compare each table with scalar::kernels).
void refresh(const Kernels& k, const Network& net, const Position& pos, Accumulator& acc);
int output(const Kernels& k, const Network& net, const Accumulator& acc, Color stm, int bucket);
void update(const Kernels& k, const Network& net, const std::int16_t* in, std::int16_t* out, const int* add, int addCount,
            const int* sub, int subCount);

// Refresh + output: slow, for tests and tools.
int evaluate_from_scratch(const Network& net, const Position& pos);

} // namespace jadoube::nnue
