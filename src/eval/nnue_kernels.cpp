#include "eval/nnue_kernels.h"

#include <algorithm>
#include <memory>

#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace jadoube::nnue {

namespace {

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

using UpdateFn = void (*)(const Network&, const std::int16_t*, std::int16_t*, const int*, int, const int*, int);

void refresh_with(const Network& net, const Position& pos, Accumulator& acc, Color perspective, UpdateFn update) {
    int features[32];
    const int n = active_features(net, pos, perspective, features);
    update(net, net.ftBiases, acc.v[perspective], features, n, nullptr, 0);
}

} // namespace

namespace scalar {

void update(const Network& net, const std::int16_t* in, std::int16_t* out, const int* add, int addCount, const int* sub,
            int subCount) {
    for (int i = 0; i < HIDDEN; ++i) {
        int v = in[i];
        for (int k = 0; k < addCount; ++k) v += net.ftWeights[std::size_t(add[k]) * HIDDEN + std::size_t(i)];
        for (int k = 0; k < subCount; ++k) v -= net.ftWeights[std::size_t(sub[k]) * HIDDEN + std::size_t(i)];
        out[i] = std::int16_t(v); // modular, as the SIMD adds are
    }
}

void refresh(const Network& net, const Position& pos, Accumulator& acc) {
    for (Color p : {WHITE, BLACK}) refresh_with(net, pos, acc, p, update);
}

int output(const Network& net, const Accumulator& acc, Color stm, int bucket) {
    std::int64_t sum = 0;
    const std::int16_t* halves[2] = {acc.v[stm], acc.v[~stm]};
    for (int h = 0; h < 2; ++h) {
        const std::int16_t* w = net.outWeights[bucket] + h * HIDDEN;
        for (int i = 0; i < HIDDEN; ++i) {
            const int v = std::clamp<int>(halves[h][i], 0, QA);
            sum += v * (v * w[i]);
        }
    }
    return int((sum / QA + net.outBias[bucket]) * SCALE / (QA * net.qb));
}

} // namespace scalar

#if defined(__AVX2__)

namespace {

// The SIMD kernels are written once over a register type: Avx2 (16 int16 lanes) and,
// when the build targets AVX512BW, Avx512 (32 lanes: half the instructions per
// accumulator, which matters most for the wider nets). Loads and stores are aligned:
// the weights' rows, the biases and the accumulators all start on 64 bytes.
struct Avx2 {
    using Reg = __m256i;
    static constexpr int Lanes = 16;
    static Reg load(const std::int16_t* p) { return _mm256_load_si256(reinterpret_cast<const __m256i*>(p)); }
    static void store(std::int16_t* p, Reg v) { _mm256_store_si256(reinterpret_cast<__m256i*>(p), v); }
    static Reg add16(Reg a, Reg b) { return _mm256_add_epi16(a, b); }
    static Reg sub16(Reg a, Reg b) { return _mm256_sub_epi16(a, b); }
    static Reg zero() { return _mm256_setzero_si256(); }
    static Reg splat16(std::int16_t x) { return _mm256_set1_epi16(x); }
    static Reg clamp16(Reg v, Reg lo, Reg hi) { return _mm256_min_epi16(_mm256_max_epi16(v, lo), hi); }
    static Reg mullo16(Reg a, Reg b) { return _mm256_mullo_epi16(a, b); }
    static Reg madd16(Reg a, Reg b) { return _mm256_madd_epi16(a, b); }
    static Reg xor16(Reg a, Reg b) { return _mm256_xor_si256(a, b); }
    static Reg add32(Reg a, Reg b) { return _mm256_add_epi32(a, b); }
    static void store32(std::int32_t* p, Reg v) { _mm256_store_si256(reinterpret_cast<__m256i*>(p), v); }
};

#if defined(__AVX512BW__)
struct Avx512 {
    using Reg = __m512i;
    static constexpr int Lanes = 32;
    static Reg load(const std::int16_t* p) { return _mm512_load_si512(p); }
    static void store(std::int16_t* p, Reg v) { _mm512_store_si512(p, v); }
    static Reg add16(Reg a, Reg b) { return _mm512_add_epi16(a, b); }
    static Reg sub16(Reg a, Reg b) { return _mm512_sub_epi16(a, b); }
    static Reg zero() { return _mm512_setzero_si512(); }
    static Reg splat16(std::int16_t x) { return _mm512_set1_epi16(x); }
    static Reg clamp16(Reg v, Reg lo, Reg hi) { return _mm512_min_epi16(_mm512_max_epi16(v, lo), hi); }
    static Reg mullo16(Reg a, Reg b) { return _mm512_mullo_epi16(a, b); }
    static Reg madd16(Reg a, Reg b) { return _mm512_madd_epi16(a, b); }
    static Reg xor16(Reg a, Reg b) { return _mm512_xor_si512(a, b); }
    static Reg add32(Reg a, Reg b) { return _mm512_add_epi32(a, b); }
    static void store32(std::int32_t* p, Reg v) { _mm512_store_si512(p, v); }
};
#endif

// in + the columns `add` - the columns `sub`, one register of HIDDEN at a time: the
// running sum of each chunk stays in a register instead of being stored between
// features. With the counts known at compile time (a ply's delta) the inner loops
// unroll and the column addresses are computed once.
template<class V, int AddCount, int SubCount>
void update_fixed(const std::int16_t* weights, const std::int16_t* in, std::int16_t* out, const int* add, const int* sub) {
    static_assert(HIDDEN % V::Lanes == 0);
    const std::int16_t* plus[AddCount];
    const std::int16_t* minus[SubCount > 0 ? SubCount : 1];
    for (int k = 0; k < AddCount; ++k) plus[k] = weights + std::ptrdiff_t(add[k]) * HIDDEN;
    for (int k = 0; k < SubCount; ++k) minus[k] = weights + std::ptrdiff_t(sub[k]) * HIDDEN;
    for (int i = 0; i < HIDDEN; i += V::Lanes) {
        typename V::Reg v = V::load(in + i);
        for (int k = 0; k < AddCount; ++k) v = V::add16(v, V::load(plus[k] + i));
        for (int k = 0; k < SubCount; ++k) v = V::sub16(v, V::load(minus[k] + i));
        V::store(out + i, v);
    }
}

template<class V>
void update_with(const Network& net, const std::int16_t* in, std::int16_t* out, const int* add, int addCount, const int* sub,
                 int subCount) {
    const std::int16_t* w = net.ftWeights.get();
    // A quiet move, a capture (or promotion), a capturing promotion or castling.
    if (addCount == 1 && subCount == 1) return update_fixed<V, 1, 1>(w, in, out, add, sub);
    if (addCount == 1 && subCount == 2) return update_fixed<V, 1, 2>(w, in, out, add, sub);
    if (addCount == 2 && subCount == 2) return update_fixed<V, 2, 2>(w, in, out, add, sub);
    // A refresh (up to 32 of each).
    for (int i = 0; i < HIDDEN; i += V::Lanes) {
        typename V::Reg v = V::load(in + i);
        for (int k = 0; k < addCount; ++k) v = V::add16(v, V::load(w + std::ptrdiff_t(add[k]) * HIDDEN + i));
        for (int k = 0; k < subCount; ++k) v = V::sub16(v, V::load(w + std::ptrdiff_t(sub[k]) * HIDDEN + i));
        V::store(out + i, v);
    }
}

template<class V>
int output_with(const Network& net, const Accumulator& acc, Color stm, int bucket) {
    const typename V::Reg zero = V::zero(), qa = V::splat16(QA), top = V::splat16(std::int16_t(0x8000));
    typename V::Reg sum = V::zero();
    const std::int16_t* halves[2] = {acc.v[stm], acc.v[~stm]};
    for (int h = 0; h < 2; ++h) {
        const std::int16_t* a = halves[h];
        const std::int16_t* w = net.outWeights[bucket] + h * HIDDEN;
        for (int i = 0; i < HIDDEN; i += V::Lanes) {
            // SCReLU: u = v * v is exact in 16 bits unsigned (v <= 255), and u - 32768
            // (the top bit flipped) fits int16, so madd adds the pairs (u - 32768) * w
            // exactly in int32 lanes; 32768 * sum(w) is added back below.
            const typename V::Reg v = V::clamp16(V::load(a + i), zero, qa);
            sum = V::add32(sum, V::madd16(V::xor16(V::mullo16(v, v), top), V::load(w + i)));
        }
    }
    // Each int32 lane holds at most 2 * HIDDEN / (Lanes / 2) products of at most
    // 32768 * MAX_OUTPUT_WEIGHT: no overflow for HIDDEN <= 512 (net_file.h). Widen
    // before the horizontal sum.
    alignas(64) std::int32_t lanes[V::Lanes / 2];
    V::store32(lanes, sum);
    std::int64_t total = 32768 * net.outWeightSum[bucket];
    for (std::int32_t l : lanes) total += l;
    return int((total / QA + net.outBias[bucket]) * SCALE / (QA * net.qb));
}

#if defined(__AVX512BW__)
using Widest = Avx512;
#else
using Widest = Avx2;
#endif

} // namespace

namespace avx2 {
void update(const Network& net, const std::int16_t* in, std::int16_t* out, const int* add, int addCount, const int* sub,
            int subCount) {
    update_with<Avx2>(net, in, out, add, addCount, sub, subCount);
}
int output(const Network& net, const Accumulator& acc, Color stm, int bucket) { return output_with<Avx2>(net, acc, stm, bucket); }
} // namespace avx2

void update(const Network& net, const std::int16_t* in, std::int16_t* out, const int* add, int addCount, const int* sub,
            int subCount) {
    update_with<Widest>(net, in, out, add, addCount, sub, subCount);
}
int output(const Network& net, const Accumulator& acc, Color stm, int bucket) {
    return output_with<Widest>(net, acc, stm, bucket);
}

#else

void update(const Network& net, const std::int16_t* in, std::int16_t* out, const int* add, int addCount, const int* sub,
            int subCount) {
    scalar::update(net, in, out, add, addCount, sub, subCount);
}
int output(const Network& net, const Accumulator& acc, Color stm, int bucket) { return scalar::output(net, acc, stm, bucket); }

#endif

void refresh(const Network& net, const Position& pos, Accumulator& acc, Color perspective) {
    refresh_with(net, pos, acc, perspective, static_cast<UpdateFn>(update));
}

void refresh(const Network& net, const Position& pos, Accumulator& acc) {
    for (Color p : {WHITE, BLACK}) refresh(net, pos, acc, p);
}

int output_bucket(const Network& net, const Position& pos) { return output_bucket(net.shape, popcount(pos.pieces())); }

int evaluate_from_scratch(const Network& net, const Position& pos) {
    auto acc = std::make_unique<Accumulator>();
    refresh(net, pos, *acc);
    return output(net, *acc, pos.side_to_move(), output_bucket(net, pos));
}

} // namespace jadoube::nnue
