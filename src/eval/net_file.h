// The NNUE net: its shape, quantisation and file format, in one definition that
// the engine reads and the trainer (nnue/trainer) writes.
//
// A (768 x KB -> HIDDEN) x 2 perspectives -> 1 network with SCReLU, int16 weights,
// quantised with QA = 255 (feature transformer) and QB = 256 (output; 64 in older files), scaled to
// centipawns by SCALE = 400.
//
// Features: 12 pieces x 64 squares per perspective, in one of KB input sets (king
// buckets) chosen by where that perspective's own king stands. For perspective p a
// piece of colour c, type t on square s is input
//     bucket(k) * 768 + (c != p) * 384 + (t - 1) * 64 + (s ^ 56p ^ flip)
// where k is p's king square seen from p's side (k ^ 56p) and, in a mirrored net,
// flip = 7 when that king stands on files e-h: each side sees the board from its own
// first rank, its own pieces first, its king on the queen's half. The output layer
// has OB sets of weights (output buckets), chosen by the number of pieces on the board.
// Net #3 is the plain case: one bucket, no mirroring, one output.
//
// File: a header, the little-endian payload and an FNV-1a checksum of everything
// before it (nnue/README.md has the byte tables). Version 1 (32-byte header: magic
// "JDNN", version, inputs, hidden, QA, QB, scale, activation, as u32) is the plain
// case. Version 2 adds king buckets, output buckets, flags (bit 0: mirrored), a
// reserved zero and the 64-byte king bucket map (112 bytes in all); its output
// weights and biases are one set per output bucket.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <expected>
#include <memory>
#include <new>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "board/bitboard.h"
#include "board/position.h"
#include "eval/net_sizes.h"

namespace jadoube::nnue {

// Net file: header then little-endian payload.
constexpr char FILE_MAGIC[4] = {'J', 'D', 'N', 'N'};
constexpr std::uint32_t FILE_VERSION = 2;     // what serialize_network writes
constexpr std::uint32_t FILE_VERSION_PLAIN = 1; // still read: net #3 and earlier
constexpr std::size_t FILE_HEADER_BYTES_PLAIN = 32;
constexpr std::size_t FILE_HEADER_BYTES = 112;

// The input and output buckets of a net.
struct NetShape {
    int kingBuckets = 1;   // input sets
    int outputBuckets = 1; // output layers
    bool mirror = false;   // a king on files e-h sees the board mirrored a<->h
    std::array<std::uint8_t, SQUARE_NB> kingBucket{}; // by the perspective's own king square, seen from its side

    int inputs() const { return PIECE_SQUARE_INPUTS * kingBuckets; }
    bool operator==(const NetShape&) const = default;
};

// Named king bucket layouts (the trainer's --king-buckets). Each is given on the
// queen's half of the board seen from the perspective's side (files a-d, rank 1
// first); the king's half mirrors it.
struct KingLayout {
    std::string_view name;
    bool mirror;
    std::array<std::uint8_t, 32> half; // rank * 4 + file
};
// clang-format off
inline constexpr KingLayout KingLayouts[] = {
    {"none", false, {}},   // net #3: one input set, no mirroring
    {"mirror", true, {}},  // one input set, mirrored
    {"4", true, {0, 0, 1, 1,  2, 2, 2, 2,  3, 3, 3, 3,  3, 3, 3, 3,  3, 3, 3, 3,  3, 3, 3, 3,  3, 3, 3, 3,  3, 3, 3, 3}},
    {"8", true, {0, 1, 2, 3,  4, 4, 5, 5,  6, 6, 6, 6,  6, 6, 6, 6,  7, 7, 7, 7,  7, 7, 7, 7,  7, 7, 7, 7,  7, 7, 7, 7}},
    {"16", true, {0, 1, 2, 3,  4, 5, 6, 7,  8, 8, 9, 9,  10, 10, 11, 11,  12, 12, 13, 13,  12, 12, 13, 13,  14, 14, 15, 15,  14, 14, 15, 15}},
};
// clang-format on

// The shape of a layout with outputBuckets output layers.
constexpr NetShape make_shape(const KingLayout& layout, int outputBuckets) {
    NetShape s;
    s.mirror = layout.mirror;
    s.outputBuckets = outputBuckets;
    int most = 0;
    for (int sq = 0; sq < SQUARE_NB; ++sq) {
        const int file = sq & 7, rank = sq >> 3;
        const int b = layout.half[std::size_t(rank * 4 + (file < 4 ? file : 7 - file))];
        s.kingBucket[std::size_t(sq)] = std::uint8_t(b);
        most = b > most ? b : most;
    }
    s.kingBuckets = most + 1;
    return s;
}
inline constexpr NetShape PlainShape = make_shape(KingLayouts[0], 1);

// FNV-1a 64, the checksum that ends a net file (over every byte before it).
std::uint64_t fnv1a(std::span<const std::uint8_t> bytes);

// Whether a shape is one this build can hold (bucket counts in range, the map within them).
bool valid_shape(const NetShape& shape);

// How one perspective sees the board, fixed by its own king's square: the offset of
// its input set and the file flip.
struct KingView {
    int base = 0, flip = 0;
    bool operator==(const KingView&) const = default;
};
constexpr KingView king_view(const NetShape& shape, Color perspective, Square ownKing) {
    const Square k = relative_square(perspective, ownKing);
    return {shape.kingBucket[k] * PIECE_SQUARE_INPUTS, shape.mirror && file_of(k) >= FILE_E ? 7 : 0};
}
inline KingView king_view(const NetShape& shape, const Position& pos, Color perspective) {
    return king_view(shape, perspective, pos.king_square(perspective));
}

constexpr int feature_index(KingView view, Color perspective, Piece pc, Square s) {
    return view.base + (color_of(pc) != perspective) * 384 + (type_of(pc) - 1) * 64
           + (relative_square(perspective, s) ^ view.flip);
}

// The output layer for a board of `pieces` pieces: four pieces a bucket with eight.
constexpr int output_bucket(const NetShape& shape, int pieces) {
    const int per = (32 + shape.outputBuckets - 1) / shape.outputBuckets;
    const int b = (pieces > 2 ? pieces - 2 : 0) / per;
    return b < shape.outputBuckets ? b : shape.outputBuckets - 1;
}

// Feature-transformer weights: inputs x HIDDEN int16, 64-byte aligned, sized by the shape.
// (aligned operator new rather than std::aligned_alloc, which Windows' C library lacks).
constexpr std::size_t FtWeightsAlignment = 64;
struct AlignedFree {
    void operator()(std::int16_t* p) const { ::operator delete[](p, std::align_val_t{FtWeightsAlignment}); }
};

struct alignas(64) Network {
    explicit Network(const NetShape& s = PlainShape);
    Network(const Network&) = delete;
    Network& operator=(const Network&) = delete;

    std::span<std::int16_t> ft_weights() { return {ftWeights.get(), std::size_t(shape.inputs()) * HIDDEN}; }
    std::span<const std::int16_t> ft_weights() const { return {ftWeights.get(), std::size_t(shape.inputs()) * HIDDEN}; }
    std::span<std::int16_t> out_weights() { return {&outWeights[0][0], std::size_t(shape.outputBuckets) * 2 * HIDDEN}; }
    std::span<const std::int16_t> out_weights() const {
        return {&outWeights[0][0], std::size_t(shape.outputBuckets) * 2 * HIDDEN};
    }
    std::span<std::int32_t> out_biases() { return {outBias, std::size_t(shape.outputBuckets)}; }
    std::span<const std::int32_t> out_biases() const { return {outBias, std::size_t(shape.outputBuckets)}; }
    // Whether two nets have the same shape and weights.
    bool operator==(const Network& o) const;

    NetShape shape;
    std::unique_ptr<std::int16_t[], AlignedFree> ftWeights; // row f = the HIDDEN weights of input f
    alignas(64) std::int16_t ftBiases[HIDDEN];
    alignas(64) std::int16_t outWeights[MAX_OUTPUT_BUCKETS][2 * HIDDEN]; // per output bucket, side to move's half first
    std::int32_t outBias[MAX_OUTPUT_BUCKETS];                            // in units of QA * qb
    int qb = QB; // the output weights' scale: QB, or QB_LEGACY for an older file
    // Per output bucket, the sum of its 2 * HIDDEN weights (the SIMD output's offset,
    // nnue_kernels.cpp); set by sum_output_weights() after the weights change.
    std::int64_t outWeightSum[MAX_OUTPUT_BUCKETS] = {};
    void sum_output_weights();
};

// A net in its file format (version 2: header, payload, trailing checksum). Sizes are
// checked (empty on a mismatch); hidden may differ from HIDDEN (the trainer writes
// nets of any width).
std::vector<std::uint8_t> serialize_network(const NetShape& shape, int hidden, int qb, std::span<const std::int16_t> ftWeights,
                                            std::span<const std::int16_t> ftBiases, std::span<const std::int16_t> outWeights,
                                            std::span<const std::int32_t> outBiases);
std::vector<std::uint8_t> serialize_network(const Network& net);

// Parses a net file (version 1 or 2); refuses a wrong magic, version, shape, size,
// checksum, a hidden size other than this build's HIDDEN, or output weights beyond
// MAX_OUTPUT_WEIGHT.
std::expected<std::unique_ptr<Network>, std::string> parse_network(std::span<const std::uint8_t> bytes);

// A net and where it came from ("embedded", a path), for messages.
struct LoadedNetwork {
    std::shared_ptr<const Network> net;
    std::string source;
};

// The net file at path, or why it cannot be used (the message names the path).
std::expected<LoadedNetwork, std::string> read_network_file(const std::string& path);

// Writes a net file's bytes (serialize_network's) to path, replacing a file there;
// the bytes written, or why not.
std::expected<std::size_t, std::string> write_network_file(std::span<const std::uint8_t> fileBytes, const std::string& path);

// A file name that tells nets apart, made from a net file's bytes: "jadoube-", the
// first 12 hex digits of the file's trailing checksum, ".nnue".
std::string network_file_name(std::span<const std::uint8_t> fileBytes);

// The embedded default net (generated at build time from nnue/nets/default.nnue),
// parsed once; should it be unusable, an all-zero net whose source says why.
const LoadedNetwork& embedded_network();
std::span<const std::uint8_t> embedded_network_bytes();

} // namespace jadoube::nnue
