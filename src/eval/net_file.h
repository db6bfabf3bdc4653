// The NNUE net: its shape, quantisation and file format, in one definition that
// the engine reads and the trainer (nnue/trainer) writes.
//
// A (768 -> HIDDEN) x 2 perspectives -> 1 network with SCReLU, int16 weights,
// quantised with QA = 255 (feature transformer) and QB = 64 (output), scaled to
// centipawns by SCALE = 400. The file is a 32-byte header (magic "JDNN", version,
// inputs, hidden, QA, QB, scale, activation: little-endian u32), the int16 weights
// and biases, the int32 output bias, and an FNV-1a checksum of everything before it
// (nnue/README.md has the byte table).
//
// Features: 12 pieces x 64 squares per perspective. For perspective p a piece of
// colour c, type t on square s is input (c != p) * 384 + (t - 1) * 64 + (s ^ 56p):
// each side sees the board from its own first rank, its own pieces first.
#pragma once

#include <cstddef>
#include <cstdint>
#include <expected>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "board/position.h"

// CMake reads the hidden size from the embedded net's header (CMakeLists.txt).
#ifndef JADOUBE_NNUE_HIDDEN
#error "JADOUBE_NNUE_HIDDEN is defined by the build from the embedded net"
#endif

namespace jadoube::nnue {

constexpr int INPUTS = 768;
constexpr int HIDDEN = JADOUBE_NNUE_HIDDEN;
constexpr int QA = 255;
constexpr int QB = 64;
constexpr int SCALE = 400;
// |output weight| bound: v * w must fit int16 for v <= QA (the SIMD output uses
// that), i.e. 1.98 * QB rounded, as the trainer clips weights to +-1.98.
constexpr int MAX_OUTPUT_WEIGHT = 127;

static_assert(HIDDEN % 32 == 0, "HIDDEN must be a multiple of 32 (AVX2 registers, both perspectives)");
static_assert(HIDDEN <= 512, "the int32 lanes of the SIMD output may overflow beyond 512");

// Net file: header then little-endian payload.
constexpr char FILE_MAGIC[4] = {'J', 'D', 'N', 'N'};
constexpr std::uint32_t FILE_VERSION = 1;
constexpr std::size_t FILE_HEADER_BYTES = 32;

struct alignas(64) Network {
    std::int16_t ftWeights[INPUTS * HIDDEN]; // row f = the HIDDEN weights of input f
    std::int16_t ftBiases[HIDDEN];
    std::int16_t outWeights[2 * HIDDEN]; // side to move's half first
    std::int32_t outBias;                // in units of QA * QB
};

constexpr int feature_index(Color perspective, Piece pc, Square s) {
    return (color_of(pc) != perspective) * 384 + (type_of(pc) - 1) * 64 + relative_square(perspective, s);
}

// A net in its file format (header, payload, trailing checksum). Sizes are checked;
// hidden may differ from HIDDEN (the trainer writes nets of any width).
std::vector<std::uint8_t> serialize_network(int hidden, std::span<const std::int16_t> ftWeights,
                                            std::span<const std::int16_t> ftBiases, std::span<const std::int16_t> outWeights,
                                            std::int32_t outBias);

// Parses a net file; refuses a wrong magic, version, size, checksum, a hidden size
// other than this build's HIDDEN, or output weights beyond MAX_OUTPUT_WEIGHT.
std::expected<std::unique_ptr<Network>, std::string> parse_network(std::span<const std::uint8_t> bytes);

// A net and where it came from ("embedded", a path), for messages.
struct LoadedNetwork {
    std::shared_ptr<const Network> net;
    std::string source;
};

// The net file at path, or why it cannot be used (the message names the path).
std::expected<LoadedNetwork, std::string> read_network_file(const std::string& path);

// The embedded default net (generated at build time from nnue/nets/default.nnue),
// parsed once; should it be unusable, an all-zero net whose source says why.
const LoadedNetwork& embedded_network();
std::span<const std::uint8_t> embedded_network_bytes();

} // namespace jadoube::nnue
