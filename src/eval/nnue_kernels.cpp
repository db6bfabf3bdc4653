#include "eval/nnue_kernels.h"

#include <memory>

namespace jadoube::nnue {

namespace {

constexpr const Kernels* Compiled[] = {
    &scalar::kernels,
#if defined(__x86_64__)
    &sse2::kernels,
    &avx2::kernels,
    &avx512::kernels,
#elif defined(__aarch64__)
    &neon::kernels,
#endif
};

// Scalar until the choice below is made at start-up, so that even an evaluation by
// another static initializer would find kernels; after it, one pointer read per call.
constinit const Kernels* Active = &scalar::kernels;
[[maybe_unused]] const bool Chosen = (Active = &best_kernels(cpu::available()), true);

// The active features of pos for one perspective; at most 32.
int active_features(const Network& net, const Position& pos, Color perspective, int* out) {
    const KingView view = king_view(net.shape, pos, perspective);
    int n = 0;
    for (Bitboard b = pos.pieces(); b;) {
        const Square s = pop_lsb(b);
        out[n++] = feature_index(view, perspective, pos.piece_on(s), s);
    }
    return n;
}

void refresh(const Kernels& k, const Network& net, const Position& pos, Accumulator& acc, Color perspective) {
    int features[32];
    const int n = active_features(net, pos, perspective, features);
    k.update(net.ftWeights.get(), net.ftBiases, acc.v[perspective], features, n, nullptr, 0);
}

} // namespace

std::span<const Kernels* const> compiled_kernels() { return Compiled; }

const Kernels& best_kernels(cpu::Features cpu) {
    const Kernels* best = Compiled[0];
    for (const Kernels* k : Compiled)
        if ((k->needs & cpu) == k->needs) best = k;
    return *best;
}

const Kernels& active_kernels() { return *Active; }

std::string kernels_description() {
    std::string all;
    for (const Kernels* k : Compiled) all += (all.empty() ? "" : " ") + std::string(k->name);
    return std::string(Active->name) + " (of " + all + ", chosen at start-up)";
}

void refresh(const Kernels& k, const Network& net, const Position& pos, Accumulator& acc) {
    for (Color p : {WHITE, BLACK}) refresh(k, net, pos, acc, p);
}

int output(const Kernels& k, const Network& net, const Accumulator& acc, Color stm, int bucket) {
    const std::int64_t sum = k.screlu_dot(acc.v[stm], acc.v[~stm], net.outWeights[bucket], net.outWeightSum[bucket]);
    return int((sum / QA + net.outBias[bucket]) * SCALE / (QA * net.qb));
}

void update(const Kernels& k, const Network& net, const std::int16_t* in, std::int16_t* out, const int* add, int addCount,
            const int* sub, int subCount) {
    k.update(net.ftWeights.get(), in, out, add, addCount, sub, subCount);
}

void refresh(const Network& net, const Position& pos, Accumulator& acc, Color perspective) {
    refresh(*Active, net, pos, acc, perspective);
}

void refresh(const Network& net, const Position& pos, Accumulator& acc) { refresh(*Active, net, pos, acc); }

int output(const Network& net, const Accumulator& acc, Color stm, int bucket) { return output(*Active, net, acc, stm, bucket); }

void update(const Network& net, const std::int16_t* in, std::int16_t* out, const int* add, int addCount, const int* sub,
            int subCount) {
    Active->update(net.ftWeights.get(), in, out, add, addCount, sub, subCount);
}

int output_bucket(const Network& net, const Position& pos) { return output_bucket(net.shape, popcount(pos.pieces())); }

int evaluate_from_scratch(const Network& net, const Position& pos) {
    auto acc = std::make_unique<Accumulator>();
    refresh(net, pos, *acc);
    return output(net, *acc, pos.side_to_move(), output_bucket(net, pos));
}

} // namespace jadoube::nnue
