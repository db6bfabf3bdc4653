// NNUE inference: a (768 -> HIDDEN) x 2 perspectives -> 1 network with SCReLU,
// int16 weights, quantised with QA = 255 (feature transformer) and QB = 64 (output),
// scaled to centipawns by SCALE = 400. The net file format is described in
// nnue/README.md and in serialize_network() below.
//
// Features: 12 pieces x 64 squares per perspective. For perspective p a piece of
// colour c, type t on square s is input (c != p) * 384 + (t - 1) * 64 + (s ^ 56p):
// each side sees the board from its own first rank, its own pieces first.
//
// The accumulator (feature transformer output, one HIDDEN vector per perspective)
// is kept per ply by an Evaluator and brought up to date lazily, when an evaluation
// is asked for, from the Position's history (each StateInfo records its move and
// captured piece); nothing is done on make/unmake.
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

struct alignas(64) Accumulator {
    std::int16_t v[COLOR_NB][HIDDEN]; // indexed by perspective
};

constexpr int feature_index(Color perspective, Piece pc, Square s) {
    return (color_of(pc) != perspective) * 384 + (type_of(pc) - 1) * 64 + relative_square(perspective, s);
}

// --- Net files -------------------------------------------------------------

// A net in its file format (header, payload, trailing checksum). Sizes are checked;
// hidden may differ from HIDDEN (the trainer writes nets of any width).
std::vector<std::uint8_t> serialize_network(int hidden, std::span<const std::int16_t> ftWeights,
                                            std::span<const std::int16_t> ftBiases,
                                            std::span<const std::int16_t> outWeights, std::int32_t outBias);

// Parses a net file; refuses a wrong magic, version, size, checksum, a hidden size
// other than this build's HIDDEN, or output weights beyond MAX_OUTPUT_WEIGHT.
std::expected<std::unique_ptr<Network>, std::string> parse_network(std::span<const std::uint8_t> bytes);

// The net the evaluators use: the embedded default until load_network_file() or
// use_network() replaces it. Changing it is only allowed while no search runs.
const Network& network();
std::expected<void, std::string> load_network_file(const std::string& path);
void use_embedded_network();
void use_network(const Network& net);
// Where the current net came from ("embedded" or the path), for messages.
const std::string& network_source();
// Bumped whenever the current net changes, so Evaluators can drop stale accumulators.
std::uint32_t network_generation();

// The embedded default net's bytes (generated at build time from nnue/nets/default.nnue).
std::span<const std::uint8_t> embedded_network_bytes();

// Whether Evaluator::evaluate uses the net (UCI option UseNNUE; default true).
void set_enabled(bool on);
bool enabled();

// --- Kernels ---------------------------------------------------------------
// The scalar versions are always built; the default ones use AVX2 when the build
// targets it (__AVX2__) and are the scalar ones otherwise. They give identical results.

// The accumulator of pos from scratch.
void refresh(const Network& net, const Position& pos, Accumulator& acc);
// Centipawns for the side to move stm.
int output(const Network& net, const Accumulator& acc, Color stm);
// out = in + sum(columns of add) - sum(columns of sub), for one perspective.
void update(const Network& net, const std::int16_t* in, std::int16_t* out, const int* add, int addCount,
            const int* sub, int subCount);

namespace scalar {
void refresh(const Network& net, const Position& pos, Accumulator& acc);
int output(const Network& net, const Accumulator& acc, Color stm);
void update(const Network& net, const std::int16_t* in, std::int16_t* out, const int* add, int addCount,
            const int* sub, int subCount);
} // namespace scalar

// Whether the default kernels are the AVX2 ones.
constexpr bool simd_kernels() {
#if defined(__AVX2__)
    return true;
#else
    return false;
#endif
}

// Refresh + output with the current net: slow, for tests and tools.
int evaluate_from_scratch(const Position& pos);

// --- Per-thread evaluator --------------------------------------------------

// One per search thread. Holds a ring of accumulators indexed by history ply;
// accumulator() finds the latest one still valid for pos's history (same ply and
// Zobrist key), walks forward from it applying each ply's move, and refreshes
// from scratch when none is within MaxLazyPlies. Allocates only when constructed.
class Evaluator {
public:
    static constexpr int RingSize = 256;     // > the deepest search path
    static constexpr int MaxLazyPlies = 24; // beyond this a refresh is cheaper

    Evaluator();
    Evaluator(const Evaluator&) = delete;
    Evaluator& operator=(const Evaluator&) = delete;

    // Forgets every cached accumulator (new game, new net).
    void reset();

    // Centipawns from the side to move's point of view: NNUE when enabled(), the
    // hand-crafted evaluation otherwise.
    int evaluate(const Position& pos);
    int evaluate_nnue(const Position& pos);

    // pos's accumulator, brought up to date from the history.
    const Accumulator& accumulator(const Position& pos);

    // Counters since construction, for tests and tuning.
    struct Stats {
        std::uint64_t hits = 0, incremental = 0, refreshes = 0, pliesApplied = 0;
    };
    const Stats& stats() const { return stats_; }

private:
    struct Entry {
        Accumulator acc;
        Key key;
        std::uint64_t ply; // index into Position::history(); ~0 = empty
    };
    Entry& slot(std::uint64_t ply) { return ring_[ply % RingSize]; }
    bool valid(const Entry& e, std::uint64_t ply, Key key) const { return e.ply == ply && e.key == key; }

    std::unique_ptr<Entry[]> ring_;
    const Network* net_ = nullptr;
    std::uint32_t generation_ = 0;
    Stats stats_;
};

} // namespace jadoube::nnue
