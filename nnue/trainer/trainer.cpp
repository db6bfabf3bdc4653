#include "trainer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <istream>
#include <memory>
#include <numbers>

#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include "eval/net_file.h"
#include "eval/nnue_kernels.h"
#include "util/random.h"

namespace jadoube::train {

namespace {

constexpr int MaxHidden = 1024;
constexpr float WeightClip = 1.98f;
constexpr double Beta1 = 0.9, Beta2 = 0.999, Epsilon = 1e-8;

using Rng = SplitMix64;

template<class T>
void shuffle(std::vector<T>& v, std::size_t begin, std::size_t end, Rng& rng) {
    for (std::size_t i = end; i > begin + 1; --i) std::swap(v[i - 1], v[begin + rng.next() % (i - begin)]);
}

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

// A FILE* (plain or a decompressor's pipe) as an istream buffer.
class FileBuf : public std::streambuf {
public:
    FileBuf(FILE* f, bool pipe) : f_(f), pipe_(pipe) {}
    ~FileBuf() override { close(); }
    int close() {
        if (!f_) return 0;
        const int rc = pipe_ ? pclose(f_) : std::fclose(f_);
        f_ = nullptr;
        return rc;
    }

protected:
    int_type underflow() override {
        if (!f_) return traits_type::eof();
        const std::size_t n = std::fread(buf_, 1, sizeof buf_, f_);
        if (n == 0) return traits_type::eof();
        setg(buf_, buf_, buf_ + n);
        return traits_type::to_int_type(buf_[0]);
    }

private:
    FILE* f_;
    bool pipe_;
    char buf_[1 << 16];
};

bool ends_with(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string shell_quote(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

// Calls f(square, piece) for each piece of a sample, in square order.
template<typename F>
void for_each_piece(const Sample& s, F&& f) {
    int n = 0;
    for (Bitboard occ = s.occ; occ; ++n) f(pop_lsb(occ), Piece((s.pieces[n / 2] >> (4 * (n & 1))) & 15));
}

// The active inputs of a sample for the side to move (us) and the other side, and
// its output bucket; mirrored a<->h first when mirror is set.
struct Features {
    int us[32], them[32];
    int n = 0, bucket = 0;
};

void features(const nnue::NetShape& shape, const Sample& s, Features& f, bool mirror = false) {
    const Color stm = Color(s.stm);
    const int files = mirror ? 7 : 0;
    Square king[COLOR_NB] = {SQ_A1, SQ_A1};
    for_each_piece(s, [&](Square sq, Piece pc) {
        if (type_of(pc) == KING) king[color_of(pc)] = Square(sq ^ files);
    });
    const nnue::KingView us = nnue::king_view(shape, stm, king[stm]), them = nnue::king_view(shape, ~stm, king[~stm]);
    f.n = 0;
    for_each_piece(s, [&](Square sq, Piece pc) {
        sq = Square(sq ^ files);
        f.us[f.n] = nnue::feature_index(us, stm, pc, sq);
        f.them[f.n++] = nnue::feature_index(them, ~stm, pc, sq);
    });
    f.bucket = nnue::output_bucket(shape, f.n);
}

// Offsets of the parameters in Model::params (trainer.h).
struct Layout {
    int h;
    bool factorised;
    std::size_t ftB, outW, outB, fact, size;
    Layout(int hidden, const nnue::NetShape& shape, bool factoriser) : h(hidden), factorised(factoriser) {
        ftB = std::size_t(shape.inputs()) * std::size_t(h);
        outW = ftB + std::size_t(h);
        outB = outW + std::size_t(shape.outputBuckets) * 2 * std::size_t(h);
        fact = outB + std::size_t(shape.outputBuckets);
        size = fact + (factoriser ? std::size_t(nnue::PIECE_SQUARE_INPUTS) * std::size_t(h) : 0);
    }
    // The factoriser's row for an input: the same piece and square in the shared set.
    std::size_t fact_row(int input) const { return fact + std::size_t(input % nnue::PIECE_SQUARE_INPUTS) * std::size_t(h); }
    // The weights are clipped to the range the engine's quantisation holds, the output
    // biases not: the parameters [0, outB) and [fact, size), two contiguous ranges.
};

// Forward pass; leaves the two accumulators (before the activation) in accUs/accThem.
float forward(const Layout& L, const float* P, const Features& f, float* accUs, float* accThem) {
    const int H = L.h;
    const int* us = f.us;
    const int* them = f.them;
    const int n = f.n;
    const float* bias = P + L.ftB;
    std::copy(bias, bias + H, accUs);
    std::copy(bias, bias + H, accThem);
    for (int k = 0; k < n; ++k) {
        const float* ru = P + std::size_t(us[k]) * std::size_t(H);
        const float* rt = P + std::size_t(them[k]) * std::size_t(H);
        for (int i = 0; i < H; ++i) accUs[i] += ru[i];
        for (int i = 0; i < H; ++i) accThem[i] += rt[i];
        if (L.factorised) {
            const float* fu = P + L.fact_row(us[k]);
            const float* ft = P + L.fact_row(them[k]);
            for (int i = 0; i < H; ++i) accUs[i] += fu[i];
            for (int i = 0; i < H; ++i) accThem[i] += ft[i];
        }
    }
    const float* ow = P + L.outW + std::size_t(f.bucket) * 2 * std::size_t(H);
    float out = P[L.outB + std::size_t(f.bucket)];
    for (int i = 0; i < H; ++i) {
        const float a = std::clamp(accUs[i], 0.0f, 1.0f), b = std::clamp(accThem[i], 0.0f, 1.0f);
        out += a * a * ow[i] + b * b * ow[H + i];
    }
    return out;
}

void backward(const Layout& L, const float* P, float* G, const Features& f, const float* accUs, const float* accThem, float g,
              float* dUs, float* dThem) {
    const int H = L.h;
    const int* us = f.us;
    const int* them = f.them;
    const int n = f.n;
    const std::size_t outOffset = std::size_t(f.bucket) * 2 * std::size_t(H);
    const float* ow = P + L.outW + outOffset;
    float* gow = G + L.outW + outOffset;
    G[L.outB + std::size_t(f.bucket)] += g;
    for (int i = 0; i < H; ++i) {
        const float a = std::clamp(accUs[i], 0.0f, 1.0f), b = std::clamp(accThem[i], 0.0f, 1.0f);
        gow[i] += g * a * a;
        gow[H + i] += g * b * b;
        dUs[i] = (accUs[i] > 0.0f && accUs[i] < 1.0f) ? 2.0f * g * ow[i] * a : 0.0f;
        dThem[i] = (accThem[i] > 0.0f && accThem[i] < 1.0f) ? 2.0f * g * ow[H + i] * b : 0.0f;
    }
    float* gb = G + L.ftB;
    for (int i = 0; i < H; ++i) gb[i] += dUs[i] + dThem[i];
    for (int k = 0; k < n; ++k) {
        float* ru = G + std::size_t(us[k]) * std::size_t(H);
        float* rt = G + std::size_t(them[k]) * std::size_t(H);
        for (int i = 0; i < H; ++i) ru[i] += dUs[i];
        for (int i = 0; i < H; ++i) rt[i] += dThem[i];
        if (L.factorised) {
            float* fu = G + L.fact_row(us[k]);
            float* ft = G + L.fact_row(them[k]);
            for (int i = 0; i < H; ++i) fu[i] += dUs[i];
            for (int i = 0; i < H; ++i) ft[i] += dThem[i];
        }
    }
}

double target(const Sample& s, double lambda, double scale) {
    return (1.0 - lambda) * sigmoid(double(s.score) / scale) + lambda * (s.result / 2.0);
}

// Chunks per batch: a function of the batch and chunk sizes only, never of the
// thread count (reproducibility).
constexpr int MaxChunks = 16;
int chunks_for(std::size_t n, int chunk) { return int(std::clamp<std::size_t>(n / std::size_t(chunk), 1, MaxChunks)); }

// --- Adam ---------------------------------------------------------------------

// Parameters a task of the update takes, and how many a pass of its inner loops does.
constexpr std::size_t AdamGrain = 4096;
constexpr std::size_t AdamBlock = 256;

struct AdamStep {
    double lr, bc1, bc2; // the rate, and the two moments' bias corrections at this step
    int chunks;          // gradient buffers filled by this batch
};

// One Adam step on parameters [lo, hi), all of them clipped or none. The gradient is
// the chunks' sum in chunk order; each buffer is zeroed as it is read, which is what
// the next batch needs. With no branch and no errno (-fno-math-errno) the compiler
// vectorises the loops. Each parameter gets the operations of the scalar loop this
// replaced, in the same order: two trainings exported byte-identical nets before and
// after (bench/log/2026-11-28-net7-candidate.md, "The trainer's Adam step vectorised").
template<bool Clip>
void adam_range(const AdamStep& st, std::vector<std::vector<float>>& grads, float* __restrict params, float* __restrict m,
                float* __restrict v, std::size_t lo, std::size_t hi) {
    alignas(64) float g[AdamBlock];
    for (std::size_t b = lo; b < hi; b += AdamBlock) {
        const std::size_t n = std::min(AdamBlock, hi - b);
        std::fill(g, g + n, 0.0f);
        for (int ch = 0; ch < st.chunks; ++ch) {
            float* __restrict gc = grads[std::size_t(ch)].data() + b;
            for (std::size_t j = 0; j < n; ++j) g[j] += gc[j], gc[j] = 0.0f;
        }
        float* __restrict pb = params + b;
        float* __restrict mb = m + b;
        float* __restrict vb = v + b;
        for (std::size_t j = 0; j < n; ++j) {
            mb[j] = float(Beta1 * mb[j] + (1 - Beta1) * g[j]);
            vb[j] = float(Beta2 * vb[j] + (1 - Beta2) * double(g[j]) * g[j]);
            float p = pb[j] - float(st.lr * (mb[j] / st.bc1) / (std::sqrt(vb[j] / st.bc2) + Epsilon));
            if constexpr (Clip) p = std::clamp(p, -WeightClip, WeightClip);
            pb[j] = p;
        }
    }
}

// --- Checkpoints: params and Adam state ---------------------------------------

constexpr char CheckpointMagic[4] = {'J', 'D', 'C', 'K'};

constexpr std::uint32_t CheckpointVersion = 2; // 2: the net's shape follows the step

// The shape as stored in a checkpoint: bucket counts, mirror flag, factoriser flag
// (a zero before there was one), bucket map.
std::vector<std::uint8_t> shape_bytes(const nnue::NetShape& s, bool factoriser) {
    // Sized once and filled: GCC 12 misreads an insert that grows a vector made from a
    // braced list (-Wstringop-overread, a false positive with LTO).
    std::vector<std::uint8_t> b(4 + s.kingBucket.size());
    b[0] = std::uint8_t(s.kingBuckets), b[1] = std::uint8_t(s.outputBuckets), b[2] = std::uint8_t(s.mirror);
    b[3] = std::uint8_t(factoriser);
    std::copy(s.kingBucket.begin(), s.kingBucket.end(), b.begin() + 4);
    return b;
}

bool write_checkpoint(const std::string& path, int hidden, const nnue::NetShape& shape, bool factoriser, int epoch,
                      std::uint64_t step, const std::vector<float>& p, const std::vector<float>& m, const std::vector<float>& v) {
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    const std::uint32_t header[4] = {CheckpointVersion, std::uint32_t(hidden), std::uint32_t(epoch), 0};
    f.write(CheckpointMagic, 4);
    f.write(reinterpret_cast<const char*>(header), sizeof header);
    f.write(reinterpret_cast<const char*>(&step), sizeof step);
    const auto sb = shape_bytes(shape, factoriser);
    f.write(reinterpret_cast<const char*>(sb.data()), std::streamsize(sb.size()));
    for (const auto* a : {&p, &m, &v})
        f.write(reinterpret_cast<const char*>(a->data()), std::streamsize(a->size() * sizeof(float)));
    return bool(f);
}

std::expected<std::pair<int, std::uint64_t>, std::string> read_checkpoint(const std::string& path, int hidden,
                                                                          const nnue::NetShape& shape, bool factoriser,
                                                                          std::vector<float>& p, std::vector<float>& m,
                                                                          std::vector<float>& v) {
    std::ifstream f(path, std::ios::binary);
    if (!f) return std::unexpected("cannot open checkpoint " + path);
    char magic[4];
    std::uint32_t header[4];
    std::uint64_t step = 0;
    f.read(magic, 4);
    f.read(reinterpret_cast<char*>(header), sizeof header);
    f.read(reinterpret_cast<char*>(&step), sizeof step);
    if (!f || std::memcmp(magic, CheckpointMagic, 4) != 0 || header[0] != CheckpointVersion)
        return std::unexpected(path + " is not a trainer checkpoint (version " + std::to_string(CheckpointVersion) + ")");
    if (int(header[1]) != hidden) return std::unexpected(path + " has hidden size " + std::to_string(header[1]));
    std::vector<std::uint8_t> sb(shape_bytes(shape, factoriser).size());
    f.read(reinterpret_cast<char*>(sb.data()), std::streamsize(sb.size()));
    if (!f || sb != shape_bytes(shape, factoriser))
        return std::unexpected(path + " has other king or output buckets, or another factoriser setting");
    for (auto* a : {&p, &m, &v}) f.read(reinterpret_cast<char*>(a->data()), std::streamsize(a->size() * sizeof(float)));
    if (!f) return std::unexpected(path + " is truncated");
    return std::pair{int(header[2]), step};
}

} // namespace

// --- Data ------------------------------------------------------------------------

Sample make_sample(const Position& pos, int scoreWhite, datagen::Outcome outcome, std::uint32_t game) {
    Sample s{};
    s.game = game;
    s.occ = pos.pieces();
    int i = 0;
    for (Bitboard b = pos.pieces(); b; ++i) {
        const Square sq = pop_lsb(b);
        s.pieces[i / 2] |= std::uint8_t(pos.piece_on(sq) << (4 * (i & 1)));
    }
    const bool white = pos.side_to_move() == WHITE;
    s.stm = std::uint8_t(pos.side_to_move());
    s.castling = pos.castling_rights() != NO_CASTLING;
    s.score = std::int16_t(std::clamp(white ? scoreWhite : -scoreWhite, -32767, 32767));
    const int w = int(outcome); // 0 black won, 1 draw, 2 white won
    s.result = std::uint8_t(white ? w : 2 - w);
    return s;
}

std::expected<LoadStats, std::string> load(const std::string& path, std::vector<Sample>& out, const LoadOptions& options) {
    FILE* f = nullptr;
    bool pipe = false;
    if (ends_with(path, ".xz") || ends_with(path, ".zst")) {
        if (!std::filesystem::exists(path)) return std::unexpected("no file " + path);
        const std::string cmd = std::string(ends_with(path, ".xz") ? "xz" : "zstd") + " -dc " + shell_quote(path);
        f = popen(cmd.c_str(), "r");
        pipe = true;
    } else f = std::fopen(path.c_str(), "rb");
    if (!f) return std::unexpected("cannot open " + path);
    FileBuf buf(f, pipe);
    std::istream in(&buf);
    LoadStats stats;
    // FNV-1a of the file name less any .xz / .zst: the same split on every machine, compressed or not.
    std::string name = std::filesystem::path(path).filename().string();
    for (const std::string ext : {".xz", ".zst"})
        if (ends_with(name, ext)) name.erase(name.size() - ext.size());
    std::uint64_t fileHash = 0xcbf29ce484222325ULL;
    for (char ch : name) fileHash = (fileHash ^ std::uint8_t(ch)) * 0x100000001b3ULL;
    auto read = datagen::read_games(in, [&](const datagen::RecordedPosition& r) {
        ++stats.positions;
        if (options.skipFiltered && r.filtered) return void(++stats.filtered);
        if (std::abs(r.scoreWhite) >= options.maxScore) return void(++stats.extreme);
        Rng mix{fileHash ^ (r.game * 0x9E3779B97F4A7C15ULL)};
        out.push_back(make_sample(r.pos, r.scoreWhite, r.outcome, std::uint32_t(mix.next())));
        ++stats.kept;
    });
    const int rc = buf.close();
    if (!read) return std::unexpected(path + ": " + read.error());
    if (pipe && rc != 0) return std::unexpected(path + ": the decompressor failed");
    stats.games = read->games;
    return stats;
}

// --- Model -----------------------------------------------------------------------

Model::Model(int hidden, const nnue::NetShape& shape, bool factoriser)
    : params(Layout(hidden, shape, factoriser).size, 0.0f), hidden_(hidden), shape_(shape), factoriser_(factoriser) {}

void Model::init(std::uint64_t seed) {
    const Layout L(hidden_, shape_, factoriser_);
    Rng rng{seed ^ 0x5eed5eed5eed5eedULL};
    // About 32 inputs are active: a spread of 1/sqrt(32) puts the accumulators
    // across the SCReLU range [0, 1].
    const double ft = 1.0 / std::sqrt(32.0), out = 1.0 / std::sqrt(2.0 * hidden_);
    for (std::size_t i = 0; i < L.ftB; ++i) params[i] = float((2 * rng.uniform() - 1) * ft);
    for (std::size_t i = L.ftB; i < L.outW; ++i) params[i] = 0.0f;
    for (std::size_t i = L.outW; i < L.outB; ++i) params[i] = float((2 * rng.uniform() - 1) * out);
    for (std::size_t i = L.outB; i < L.size; ++i) params[i] = 0.0f; // output biases, factoriser: the buckets start alone
}

std::expected<void, std::string> Model::load(const nnue::Network& net) {
    if (hidden_ != nnue::HIDDEN || !(net.shape == shape_))
        return std::unexpected("the net's shape or hidden size is not the one being trained");
    const Layout L(hidden_, shape_, factoriser_);
    const auto ftW = net.ft_weights();
    for (std::size_t i = 0; i < L.ftB; ++i) params[i] = float(ftW[i]) / nnue::QA;
    for (int i = 0; i < hidden_; ++i) params[L.ftB + std::size_t(i)] = float(net.ftBiases[i]) / nnue::QA;
    const auto outW = net.out_weights();
    for (std::size_t i = 0; i < outW.size(); ++i) params[L.outW + i] = float(outW[i]) / float(net.qb);
    const auto outB = net.out_biases();
    for (std::size_t i = 0; i < outB.size(); ++i) params[L.outB + i] = float(double(outB[i]) / (double(nnue::QA) * net.qb));
    for (std::size_t i = L.fact; i < L.size; ++i) params[i] = 0.0f;
    return {};
}

double Model::evaluate(const Sample& s) const {
    const Layout L(hidden_, shape_, factoriser_);
    Features f;
    float accUs[MaxHidden], accThem[MaxHidden];
    features(shape_, s, f);
    return double(forward(L, params.data(), f, accUs, accThem)) * nnue::SCALE;
}

double Model::evaluate(const Position& pos) const { return evaluate(make_sample(pos, 0, datagen::Outcome::Draw)); }

namespace {

// The engine's integers, before serialisation.
struct Quantised {
    std::vector<std::int16_t> ftW, ftB, outW;
    std::vector<std::int32_t> outB;
};

// Output-weight rounding. Output weights are stored in steps of 1/QB and are small
// (mean |w| 0.09 at H = 512, 0.12 at H = 256): at QB = 64, rounding each to its nearest
// step moved the output on held-out positions by 15.4 cp RMS at H = 512 (mean +12 cp:
// the rounding errors of 1024 weights add up to a fixed offset) and 7.7 cp at H = 256,
// against 1 cp for the feature transformer's rounding.
// So each output weight is rounded down or up by choice, per output bucket: from the
// nearest step, a weight moves to its other neighbour when that lowers the squared
// difference between the engine's output (its own integer activations) and the float
// net's over the calibration positions, around its mean, until a pass moves none; then
// the bias takes the mean difference. Weights only ever sit on one of their two
// neighbouring steps, so the net stays the one trained.
constexpr int MaxRoundingPasses = 8;
constexpr std::size_t MinCalibrationPerWeight = 2; // a bucket with fewer positions keeps nearest rounding

void fit_output_rounding(const Model& model, const Layout& L, std::span<const Sample> calibration, Quantised& q) {
    const int H = L.h;
    const std::size_t W = 2 * std::size_t(H);
    for (int bucket = 0; bucket < model.shape().outputBuckets; ++bucket) {
        // act[i * n + p]: the engine's activation v = clamp(acc, 0, QA) of neuron i (side
        // to move's first) at the bucket's position p; target[p]: the float net's output
        // less its bias.
        std::vector<const Sample*> mine;
        Features f;
        for (const Sample& s : calibration) {
            features(model.shape(), s, f);
            if (f.bucket == bucket) mine.push_back(&s);
        }
        const std::size_t n = mine.size();
        if (n < MinCalibrationPerWeight * W) continue;
        std::vector<std::uint8_t> act(W * n);
        std::vector<double> target(n);
        alignas(64) float accUs[MaxHidden], accThem[MaxHidden];
        std::vector<std::int32_t> accQ(W);
        const std::size_t outOffset = std::size_t(bucket) * W;
        for (std::size_t p = 0; p < n; ++p) {
            features(model.shape(), *mine[p], f);
            target[p] = double(forward(L, model.params.data(), f, accUs, accThem)) - model.params[L.outB + std::size_t(bucket)];
            for (int i = 0; i < H; ++i) accQ[std::size_t(i)] = accQ[std::size_t(H + i)] = q.ftB[std::size_t(i)];
            for (int k = 0; k < f.n; ++k)
                for (int i = 0; i < H; ++i) {
                    accQ[std::size_t(i)] += q.ftW[std::size_t(f.us[k]) * std::size_t(H) + std::size_t(i)];
                    accQ[std::size_t(H + i)] += q.ftW[std::size_t(f.them[k]) * std::size_t(H) + std::size_t(i)];
                }
            for (std::size_t i = 0; i < W; ++i) act[i * n + p] = std::uint8_t(std::clamp<std::int32_t>(accQ[i], 0, nnue::QA));
        }

        // a(i, p) = (v / QA)^2: the float weight of neuron i's output weight at p.
        constexpr double InvQA2 = 1.0 / (double(nnue::QA) * nnue::QA);
        std::int16_t* w = q.outW.data() + outOffset;
        std::vector<double> resid(n); // engine - float, without the bias
        for (std::size_t p = 0; p < n; ++p) resid[p] = -target[p];
        std::vector<double> meanA(W), sumA2(W);
        for (std::size_t i = 0; i < W; ++i) {
            const std::uint8_t* col = act.data() + i * n;
            double sa = 0, sa2 = 0;
            for (std::size_t p = 0; p < n; ++p) {
                const double a = double(col[p]) * col[p] * InvQA2;
                resid[p] += a * w[i] / nnue::QB, sa += a, sa2 += a * a;
            }
            meanA[i] = sa / double(n), sumA2[i] = sa2 - double(n) * meanA[i] * meanA[i];
        }
        double meanR = 0;
        for (double r : resid) meanR += r;
        meanR /= double(n);
        for (int pass = 0; pass < MaxRoundingPasses; ++pass) {
            int moved = 0;
            for (std::size_t i = 0; i < W; ++i) {
                const double exact = double(model.params[L.outW + outOffset + i]) * nnue::QB;
                const int other = double(w[i]) < exact ? w[i] + 1 : w[i] - 1; // the step on the other side
                if (std::abs(other) > nnue::MAX_OUTPUT_WEIGHT || std::abs(other - exact) >= 1.0) continue;
                const double d = double(other - w[i]) / nnue::QB;
                const std::uint8_t* col = act.data() + i * n;
                double cov = 0; // sum over p of (resid - meanR) * (a - meanA)
                for (std::size_t p = 0; p < n; ++p) cov += resid[p] * double(col[p]) * col[p] * InvQA2;
                cov -= double(n) * meanR * meanA[i];
                if (2 * d * cov + d * d * sumA2[i] >= 0) continue;
                for (std::size_t p = 0; p < n; ++p) resid[p] += d * double(col[p]) * col[p] * InvQA2;
                meanR += d * meanA[i];
                w[i] = std::int16_t(other);
                ++moved;
            }
            if (!moved) break;
        }
        const double bias = double(model.params[L.outB + std::size_t(bucket)]) - meanR;
        q.outB[std::size_t(bucket)] = std::int32_t(std::lround(bias * nnue::QA * nnue::QB));
    }
}

} // namespace

std::vector<Sample> calibration_sample(const std::vector<Sample>& data, const Config& c) {
    std::vector<Sample> out;
    std::size_t training = 0;
    for (const Sample& s : data) training += !held_out(s, c.valFraction);
    const std::size_t stride = std::max<std::size_t>(1, training / CalibrationPositions);
    std::size_t k = 0;
    for (const Sample& s : data)
        if (!held_out(s, c.valFraction) && k++ % stride == 0 && out.size() < CalibrationPositions) out.push_back(s);
    return out;
}

std::vector<std::uint8_t> Model::quantise(std::span<const Sample> calibration) const {
    const Layout L(hidden_, shape_, factoriser_);
    auto q = [](float x, double scale) { return std::int16_t(std::clamp<long>(std::lround(double(x) * scale), -32767, 32767)); };
    Quantised n{std::vector<std::int16_t>(L.ftB), std::vector<std::int16_t>(static_cast<std::size_t>(hidden_)),
                std::vector<std::int16_t>(L.outB - L.outW), std::vector<std::int32_t>(L.fact - L.outB)};
    // The factoriser folds into every bucket: the engine sees only the sums.
    for (std::size_t i = 0; i < L.ftB; ++i)
        n.ftW[i] = q(params[i] + (factoriser_ ? params[L.fact_row(int(i) / hidden_) + i % std::size_t(hidden_)] : 0.0f),
                     nnue::QA);
    for (int i = 0; i < hidden_; ++i) n.ftB[std::size_t(i)] = q(params[L.ftB + std::size_t(i)], nnue::QA);
    for (std::size_t i = 0; i < n.outW.size(); ++i) n.outW[i] = q(params[L.outW + i], nnue::QB);
    for (std::size_t i = 0; i < n.outB.size(); ++i)
        n.outB[i] = std::int32_t(std::lround(double(params[L.outB + i]) * nnue::QA * nnue::QB));
    if (!calibration.empty()) fit_output_rounding(*this, L, calibration, n);
    return nnue::serialize_network(shape_, hidden_, nnue::QB, n.ftW, n.ftB, n.outW, n.outB);
}

void Model::scale_output(double gain) {
    const Layout L(hidden_, shape_, factoriser_);
    for (std::size_t i = L.outW; i < L.fact; ++i) params[i] = float(double(params[i]) * gain);
}

double fit_output_gain(const Model& model, std::span<const Sample> data, double valFraction) {
    struct Ratio {
        double ratio, weight;
    };
    std::vector<Ratio> r;
    double total = 0;
    for (const Sample& s : data)
        if (held_out(s, valFraction))
            if (const double e = model.evaluate(s); e != 0) r.push_back({double(s.score) / e, std::abs(e)}), total += std::abs(e);
    if (r.empty()) return 1;
    std::ranges::sort(r, {}, &Ratio::ratio);
    double below = 0;
    for (const Ratio& x : r)
        if ((below += x.weight) >= total / 2) return x.ratio;
    return r.back().ratio;
}

// --- Training --------------------------------------------------------------------

bool held_out(const Sample& s, double valFraction) { return std::uint64_t(s.game) < std::uint64_t(valFraction * 4294967296.0); }

Position to_position(const Sample& s) {
    char board[64];
    std::fill(board, board + 64, '.');
    for_each_piece(s, [&](Square sq, Piece pc) {
        board[sq] = "?PNBRQK"[type_of(pc)];
        if (color_of(pc) == BLACK) board[sq] = char(board[sq] - 'A' + 'a');
    });
    std::string fen;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            const char ch = board[rank * 8 + file];
            if (ch == '.') {
                ++empty;
                continue;
            }
            if (empty) fen += char('0' + empty), empty = 0;
            fen += ch;
        }
        if (empty) fen += char('0' + empty);
        if (rank) fen += '/';
    }
    fen += s.stm == WHITE ? " w - - 0 1" : " b - - 0 1";
    Position pos;
    pos.set(fen, false).value();
    return pos;
}

Fit validation_fit(const std::vector<Sample>& data, const Config& c, const std::function<double(const Sample&)>& cp) {
    Fit fit;
    std::size_t n = 0;
    for (const Sample& s : data)
        if (held_out(s, c.valFraction)) {
            const double e = cp(s), d = sigmoid(e / c.scale) - target(s, c.lambda, c.scale);
            fit.loss += d * d, fit.cpError += std::abs(e - s.score), ++n;
        }
    if (n) fit.loss /= double(n), fit.cpError /= double(n);
    return fit;
}

Fit validation_fit(const std::vector<Sample>& data, const Config& c, const nnue::Network& net) {
    return validation_fit(data, c, [&net](const Sample& s) { return double(nnue::evaluate_from_scratch(net, to_position(s))); });
}

double fit_result_scale(const std::vector<Sample>& data) {
    auto error = [&](double k) {
        double e = 0;
        for (const Sample& s : data) {
            const double d = sigmoid(double(s.score) / k) - s.result / 2.0;
            e += d * d;
        }
        return e;
    };
    // Golden-section search on log K: the error has one minimum in K for any data
    // whose results rise with the score.
    const double phi = (std::sqrt(5.0) - 1) / 2;
    double lo = std::log(10.0), hi = std::log(5000.0);
    double a = hi - phi * (hi - lo), b = lo + phi * (hi - lo), ea = error(std::exp(a)), eb = error(std::exp(b));
    while (hi - lo > 1e-5) {
        if (ea < eb) hi = b, b = a, eb = ea, a = hi - phi * (hi - lo), ea = error(std::exp(a));
        else lo = a, a = b, ea = eb, b = lo + phi * (hi - lo), eb = error(std::exp(b));
    }
    return std::exp((lo + hi) / 2);
}

std::expected<Model, std::string> train(const Config& c, std::vector<Sample> data,
                                        const std::function<void(const EpochReport&)>& report) {
    using Err = std::unexpected<std::string>;
    if (c.hidden < 32 || c.hidden > MaxHidden || c.hidden % 32)
        return Err("hidden size must be a multiple of 32 from 32 to 1024");
    if (c.batch < 1 || c.epochs < 1 || c.chunk < 1) return Err("batch size, chunk size and epochs must be positive");
    if (!(c.scale > 0)) return Err("the loss scale must be positive");
    if (data.size() < 2) return Err("not enough positions to train on (" + std::to_string(data.size()) + ")");
    if (!nnue::valid_shape(c.shape)) return Err("king or output buckets beyond what the engine reads");
    if (c.factoriser && c.shape.kingBuckets < 2) return Err("the factoriser needs king buckets (4, 8 or 16)");
    std::unique_ptr<tbb::global_control> parallelism;
    if (c.threads > 0)
        parallelism = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism, c.threads);

    const Layout L(c.hidden, c.shape, c.factoriser);
    const std::vector<Sample> calibration = calibration_sample(data, c);
    Model model(c.hidden, c.shape, c.factoriser);
    model.init(c.seed);
    std::vector<float> m(L.size, 0.0f), v(L.size, 0.0f);
    int firstEpoch = 1;
    std::uint64_t step = 0;
    if (!c.init.empty()) {
        if (!c.resume.empty()) return Err("--init and --resume exclude each other");
        const auto loaded = nnue::read_network_file(c.init);
        if (!loaded) return Err(loaded.error());
        if (auto r = model.load(*loaded->net); !r) return Err(c.init + ": " + r.error());
    }
    if (!c.resume.empty()) {
        auto r = read_checkpoint(c.resume, c.hidden, c.shape, c.factoriser, model.params, m, v);
        if (!r) return Err(r.error());
        firstEpoch = r->first + 1;
        step = r->second;
    }

    // Validation games to the tail, then shuffle the training part.
    const auto valBegin = std::stable_partition(data.begin(), data.end(),
                                                [&](const Sample& s) { return !held_out(s, c.valFraction); });
    std::size_t trainCount = std::size_t(valBegin - data.begin());
    if (trainCount == 0) return Err("every game fell in the validation set; lower the validation fraction");
    const std::size_t valCount = data.size() - trainCount;
    Rng rng{c.seed};
    shuffle(data, 0, trainCount, rng);

    const std::size_t batch = std::min<std::size_t>(std::size_t(c.batch), trainCount);
    const std::size_t batchesPerEpoch = (trainCount + batch - 1) / batch;
    const std::uint64_t totalSteps = std::uint64_t(batchesPerEpoch) * std::uint64_t(c.epochs);
    // Gradients only for training batches (at most `batch` samples); losses also for
    // the validation set, which may be larger and so split into more chunks.
    std::vector<std::vector<float>> grads(static_cast<std::size_t>(chunks_for(batch, c.chunk)), std::vector<float>(L.size));
    std::vector<double> chunkLoss(MaxChunks);

    // Loss (and, when learning, the gradient into grads[chunk]) of samples [begin, end).
    std::uint64_t mirrorSeed = 0; // per epoch; 0 (validation) mirrors nothing
    auto run_chunks = [&](std::size_t begin, std::size_t end, bool learn, double lambda) {
        const std::size_t n = end - begin;
        const int chunks = chunks_for(n, c.chunk);
        const float scale = 1.0f / float(n);
        const double toK = nnue::SCALE / c.scale; // the net's output is in units of nnue::SCALE cp
        tbb::parallel_for(tbb::blocked_range<int>(0, chunks, 1), [&](const tbb::blocked_range<int>& r) {
            alignas(64) float accUs[MaxHidden], accThem[MaxHidden], dUs[MaxHidden], dThem[MaxHidden];
            Features f;
            for (int ch = r.begin(); ch != r.end(); ++ch) {
                const std::size_t lo = begin + n * std::size_t(ch) / std::size_t(chunks);
                const std::size_t hi = begin + n * std::size_t(ch + 1) / std::size_t(chunks);
                // Zero on arrival: the previous batch's Adam step cleared what it read.
                float* G = learn ? grads[std::size_t(ch)].data() : nullptr;
                double loss = 0;
                for (std::size_t i = lo; i < hi; ++i) {
                    const Sample& s = data[i];
                    const bool mirror = mirrorSeed && !s.castling && (Rng{mirrorSeed ^ i}.next() >> 63);
                    features(c.shape, s, f, mirror);
                    const float out = forward(L, model.params.data(), f, accUs, accThem);
                    const double p = sigmoid(toK * out), t = target(s, lambda, c.scale);
                    loss += (p - t) * (p - t);
                    if (learn) {
                        const float g = float(2.0 * (p - t) * p * (1.0 - p) * toK) * scale;
                        backward(L, model.params.data(), G, f, accUs, accThem, g, dUs, dThem);
                    }
                }
                chunkLoss[std::size_t(ch)] = loss;
            }
        });
        double total = 0;
        for (int ch = 0; ch < chunks; ++ch) total += chunkLoss[std::size_t(ch)];
        return std::pair{total, chunks};
    };

    auto lr_at = [&](int epoch, std::uint64_t s) {
        if (c.cosine) {
            const double lo = c.lr * c.lrGamma, x = double(s) / double(std::max<std::uint64_t>(1, totalSteps));
            return lo + 0.5 * (c.lr - lo) * (1 + std::cos(std::numbers::pi * std::min(1.0, x)));
        }
        double lr = c.lr;
        for (int d : c.lrDrops)
            if (epoch > d) lr *= c.lrGamma;
        return lr;
    };

    auto save = [&](int epoch, bool last) -> std::expected<void, std::string> {
        if (c.outDir.empty()) return {};
        std::filesystem::create_directories(c.outDir);
        const std::string tag = last ? "final" : "e" + std::to_string(epoch);
        if (!write_checkpoint(c.outDir + "/checkpoint-" + tag + ".bin", c.hidden, c.shape, c.factoriser, epoch, step,
                              model.params, m, v))
            return Err("cannot write a checkpoint to " + c.outDir);
        if (const auto written = nnue::write_network_file(model.quantise(calibration), c.outDir + "/net-" + tag + ".nnue");
            !written)
            return Err(written.error());
        return {};
    };

    for (int epoch = firstEpoch; epoch <= c.epochs; ++epoch) {
        const auto t0 = std::chrono::steady_clock::now();
        Rng epochRng{c.seed ^ (0xA5A5A5A5ULL * std::uint64_t(epoch))};
        shuffle(data, 0, trainCount, epochRng);
        mirrorSeed = c.mirror ? epochRng.next() | 1 : 0;
        double trainLoss = 0, lr = 0;
        for (std::size_t b = 0; b < trainCount; b += batch) {
            const std::size_t e = std::min(trainCount, b + batch);
            const auto [loss, chunks] = run_chunks(b, e, true, c.lambda);
            trainLoss += loss;
            lr = lr_at(epoch, step);
            ++step;
            const double bc1 = 1 - std::pow(Beta1, double(step)), bc2 = 1 - std::pow(Beta2, double(step));
            const AdamStep st{lr, bc1, bc2, chunks};
            const auto adam = [&](const tbb::blocked_range<std::size_t>& r) {
                // The clipped parameters are [0, outB) and [fact, size) (Layout).
                const std::size_t biases = std::clamp(L.outB, r.begin(), r.end());
                const std::size_t fact = std::clamp(L.fact, r.begin(), r.end());
                adam_range<true>(st, grads, model.params.data(), m.data(), v.data(), r.begin(), biases);
                adam_range<false>(st, grads, model.params.data(), m.data(), v.data(), biases, fact);
                adam_range<true>(st, grads, model.params.data(), m.data(), v.data(), fact, r.end());
            };
            tbb::parallel_for(tbb::blocked_range<std::size_t>(0, L.size, AdamGrain), adam);
        }
        const double trainSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        mirrorSeed = 0;
        const double valLoss = valCount ? run_chunks(trainCount, data.size(), false, c.lambda).first / double(valCount) : 0;
        EpochReport rep;
        rep.epoch = epoch, rep.epochs = c.epochs, rep.lr = lr;
        rep.trainLoss = trainLoss / double(trainCount), rep.valLoss = valLoss;
        if (valCount) rep.valCpError = validation_fit(data, c, [&](const Sample& s) { return model.evaluate(s); }).cpError;
        rep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        rep.positionsPerSecond = double(trainCount) / std::max(1e-9, trainSeconds);
        rep.trainPositions = trainCount, rep.valPositions = valCount;
        if (report) report(rep);
        if (c.saveEvery > 0 && epoch % c.saveEvery == 0 && epoch < c.epochs)
            if (auto ok = save(epoch, false); !ok) return Err(ok.error());
    }
    if (auto ok = save(c.epochs, true); !ok) return Err(ok.error());
    return model;
}

} // namespace jadoube::train
