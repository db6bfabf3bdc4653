// The net's sizes and quantisation: the numbers the NNUE kernels compute with,
// apart from the file format (net_file.h) so that the kernel files, each built for
// one instruction set, include nothing else (nnue_simd.h says why).
#pragma once

// CMake reads the hidden size from the embedded net's header (CMakeLists.txt).
#ifndef JADOUBE_NNUE_HIDDEN
#error "JADOUBE_NNUE_HIDDEN is defined by the build from the embedded net"
#endif

namespace jadoube::nnue {

constexpr int PIECE_SQUARE_INPUTS = 768; // one input set: 12 pieces x 64 squares
constexpr int HIDDEN = JADOUBE_NNUE_HIDDEN;
constexpr int QA = 255;
constexpr int QB = 256; // what the trainer writes
// Files written before QB = 256 (net #5 and older) store output weights in steps of
// 1/64; the engine keeps each net's own scale (Network::qb), so their values stay bit
// for bit what they were.
constexpr int QB_LEGACY = 64;
constexpr int SCALE = 400;
// |output weight| bound: 1.98 * qb rounded, as the trainer clips weights to +-1.98
// (507 at QB, 127 at QB_LEGACY). The SIMD output's int32 lanes hold at most
// 2 * HIDDEN / 8 products of 32768 * MAX_OUTPUT_WEIGHT each (nnue_simd.h): below
// 2^31 for HIDDEN <= 512.
constexpr int max_output_weight(int qb) { return (198 * qb + 50) / 100; }
constexpr int MAX_OUTPUT_WEIGHT = max_output_weight(QB);
constexpr int MAX_KING_BUCKETS = 32;  // 32 squares of a mirrored half board; 25 MiB of weights at H = 512
constexpr int MAX_OUTPUT_BUCKETS = 8; // one per four pieces on the board

static_assert(HIDDEN % 32 == 0, "HIDDEN must be a multiple of 32 (the 32 lanes of an AVX-512 register)");
static_assert(HIDDEN <= 512, "the int32 lanes of the SIMD output may overflow beyond 512");

} // namespace jadoube::nnue
