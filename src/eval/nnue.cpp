#include "eval/nnue.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <fstream>
#include <iterator>
#include <mutex>

#if defined(__AVX2__)
#include <immintrin.h>
#endif

#include "eval/hce.h"
#include "util/little_endian.h"

// Generated at build time from nnue/nets/default.nnue (nnue/cmake/embed_net.cmake).
extern const std::uint8_t jadoube_embedded_net[];
extern const std::size_t jadoube_embedded_net_size;

namespace jadoube::nnue {

namespace {

// ---------------------------------------------------------------------------
// File format helpers
// ---------------------------------------------------------------------------

constexpr std::uint32_t ACTIVATION_SCRELU = 1;

std::uint64_t fnv1a(std::span<const std::uint8_t> bytes) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (std::uint8_t b : bytes) h = (h ^ b) * 0x100000001b3ULL;
    return h;
}

template<class T>
void put(std::vector<std::uint8_t>& out, T v) {
    using U = std::make_unsigned_t<T>;
    const U u = static_cast<U>(v);
    for (std::size_t i = 0; i < sizeof(T); ++i) out.push_back(std::uint8_t(u >> (8 * i)));
}


std::size_t file_bytes(std::size_t hidden) {
    return FILE_HEADER_BYTES + 2 * (std::size_t(INPUTS) * hidden + hidden + 2 * hidden) + 4 + 8;
}

// ---------------------------------------------------------------------------
// The current net
// ---------------------------------------------------------------------------

std::unique_ptr<Network> embedded_or_zero(std::string& source) {
    auto parsed = parse_network(embedded_network_bytes());
    if (parsed) {
        source = "embedded";
        return std::move(*parsed);
    }
    source = "none (the embedded net is unusable: " + parsed.error() + ")";
    auto zero = std::make_unique<Network>();
    std::memset(zero.get(), 0, sizeof(Network));
    return zero;
}

struct Current {
    Current() { net = embedded_or_zero(source); }
    std::unique_ptr<Network> net;
    std::string source;
    std::atomic<std::uint32_t> generation{1};
    std::atomic<bool> enabled{true};
    std::mutex mutex; // serialises changes (they happen while no search runs)
};

Current& current() {
    static Current c;
    return c;
}

} // namespace

// ---------------------------------------------------------------------------
// Net files
// ---------------------------------------------------------------------------

std::vector<std::uint8_t> serialize_network(int hidden, std::span<const std::int16_t> ftWeights,
                                            std::span<const std::int16_t> ftBiases,
                                            std::span<const std::int16_t> outWeights, std::int32_t outBias) {
    const std::size_t h = std::size_t(hidden);
    if (hidden <= 0 || ftWeights.size() != std::size_t(INPUTS) * h || ftBiases.size() != h || outWeights.size() != 2 * h)
        return {};
    std::vector<std::uint8_t> out;
    out.reserve(file_bytes(h));
    out.insert(out.end(), FILE_MAGIC, FILE_MAGIC + 4);
    put<std::uint32_t>(out, FILE_VERSION);
    put<std::uint32_t>(out, INPUTS);
    put<std::uint32_t>(out, std::uint32_t(hidden));
    put<std::uint32_t>(out, QA);
    put<std::uint32_t>(out, QB);
    put<std::uint32_t>(out, SCALE);
    put<std::uint32_t>(out, ACTIVATION_SCRELU);
    for (std::int16_t w : ftWeights) put(out, w);
    for (std::int16_t b : ftBiases) put(out, b);
    for (std::int16_t w : outWeights) put(out, w);
    put(out, outBias);
    put(out, fnv1a(out));
    return out;
}

std::expected<std::unique_ptr<Network>, std::string> parse_network(std::span<const std::uint8_t> bytes) {
    using Err = std::unexpected<std::string>;
    if (bytes.size() < FILE_HEADER_BYTES) return Err("not a Jadoube net: " + std::to_string(bytes.size()) + " bytes");
    const std::uint8_t* p = bytes.data();
    if (std::memcmp(p, FILE_MAGIC, 4) != 0) return Err("not a Jadoube net (bad magic)");
    const auto version = le::load<std::uint32_t>(p + 4), inputs = le::load<std::uint32_t>(p + 8), hidden = le::load<std::uint32_t>(p + 12),
               qa = le::load<std::uint32_t>(p + 16), qb = le::load<std::uint32_t>(p + 20), scale = le::load<std::uint32_t>(p + 24),
               activation = le::load<std::uint32_t>(p + 28);
    if (version != FILE_VERSION) return Err("net format version " + std::to_string(version) + ", expected " + std::to_string(FILE_VERSION));
    if (inputs != INPUTS || qa != QA || qb != QB || scale != SCALE || activation != ACTIVATION_SCRELU)
        return Err("net has inputs/QA/QB/scale/activation " + std::to_string(inputs) + "/" + std::to_string(qa) + "/" +
                   std::to_string(qb) + "/" + std::to_string(scale) + "/" + std::to_string(activation) + ", this build needs " +
                   std::to_string(INPUTS) + "/" + std::to_string(QA) + "/" + std::to_string(QB) + "/" + std::to_string(SCALE) + "/1");
    if (hidden != HIDDEN)
        return Err("net has hidden size " + std::to_string(hidden) + ", this build is for " + std::to_string(HIDDEN) +
                   " (CMake JADOUBE_NNUE_HIDDEN)");
    if (bytes.size() != file_bytes(HIDDEN))
        return Err("net file is " + std::to_string(bytes.size()) + " bytes, expected " + std::to_string(file_bytes(HIDDEN)));
    const std::size_t payloadEnd = bytes.size() - 8;
    if (fnv1a(bytes.first(payloadEnd)) != le::load<std::uint64_t>(p + payloadEnd)) return Err("net checksum mismatch (corrupt file)");

    auto net = std::make_unique<Network>();
    const std::uint8_t* q = p + FILE_HEADER_BYTES;
    for (auto& w : net->ftWeights) w = le::load<std::int16_t>(q), q += 2;
    for (auto& b : net->ftBiases) b = le::load<std::int16_t>(q), q += 2;
    for (auto& w : net->outWeights) {
        w = le::load<std::int16_t>(q), q += 2;
        if (w > MAX_OUTPUT_WEIGHT || w < -MAX_OUTPUT_WEIGHT)
            return Err("net output weight " + std::to_string(w) + " is beyond +-" + std::to_string(MAX_OUTPUT_WEIGHT));
    }
    net->outBias = le::load<std::int32_t>(q);
    return net;
}

std::span<const std::uint8_t> embedded_network_bytes() { return {jadoube_embedded_net, jadoube_embedded_net_size}; }

const Network& network() { return *current().net; }

const std::string& network_source() { return current().source; }

std::uint32_t network_generation() { return current().generation.load(std::memory_order_acquire); }

std::expected<void, std::string> load_network_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::unexpected("cannot open " + path);
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad()) return std::unexpected("cannot read " + path);
    auto net = parse_network(bytes);
    if (!net) return std::unexpected(path + ": " + net.error());
    Current& c = current();
    std::lock_guard lock(c.mutex);
    c.net = std::move(*net);
    c.source = path;
    c.generation.fetch_add(1, std::memory_order_acq_rel);
    return {};
}

void use_embedded_network() {
    Current& c = current();
    std::lock_guard lock(c.mutex);
    c.net = embedded_or_zero(c.source);
    c.generation.fetch_add(1, std::memory_order_acq_rel);
}

void use_network(const Network& net) {
    Current& c = current();
    std::lock_guard lock(c.mutex);
    auto copy = std::make_unique<Network>();
    std::memcpy(copy.get(), &net, sizeof(Network));
    c.net = std::move(copy);
    c.source = "in memory";
    c.generation.fetch_add(1, std::memory_order_acq_rel);
}

void set_enabled(bool on) { current().enabled.store(on, std::memory_order_relaxed); }
bool enabled() { return current().enabled.load(std::memory_order_relaxed); }

// ---------------------------------------------------------------------------
// Kernels
// ---------------------------------------------------------------------------

namespace {

// The active features of pos for one perspective; at most 32.
int active_features(const Position& pos, Color perspective, int* out) {
    int n = 0;
    for (Bitboard b = pos.pieces(); b;) {
        const Square s = pop_lsb(b);
        out[n++] = feature_index(perspective, pos.piece_on(s), s);
    }
    return n;
}

template<class Update>
void refresh_with(const Network& net, const Position& pos, Accumulator& acc, Update update) {
    int features[32];
    for (Color p : {WHITE, BLACK}) {
        const int n = active_features(pos, p, features);
        update(net, net.ftBiases, acc.v[p], features, n, nullptr, 0);
    }
}

} // namespace

namespace scalar {

void update(const Network& net, const std::int16_t* in, std::int16_t* out, const int* add, int addCount,
            const int* sub, int subCount) {
    for (int i = 0; i < HIDDEN; ++i) {
        int v = in[i];
        for (int k = 0; k < addCount; ++k) v += net.ftWeights[add[k] * HIDDEN + i];
        for (int k = 0; k < subCount; ++k) v -= net.ftWeights[sub[k] * HIDDEN + i];
        out[i] = std::int16_t(v); // modular, as the SIMD adds are
    }
}

void refresh(const Network& net, const Position& pos, Accumulator& acc) { refresh_with(net, pos, acc, update); }

int output(const Network& net, const Accumulator& acc, Color stm) {
    std::int64_t sum = 0;
    const std::int16_t* halves[2] = {acc.v[stm], acc.v[~stm]};
    for (int h = 0; h < 2; ++h) {
        const std::int16_t* w = net.outWeights + h * HIDDEN;
        for (int i = 0; i < HIDDEN; ++i) {
            const int v = std::clamp<int>(halves[h][i], 0, QA);
            sum += v * (v * w[i]);
        }
    }
    return int((sum / QA + net.outBias) * SCALE / (QA * QB));
}

} // namespace scalar

#if defined(__AVX2__)

namespace avx2 {

constexpr int Lanes = 16; // int16 per ymm
static_assert(HIDDEN % Lanes == 0);

void update(const Network& net, const std::int16_t* in, std::int16_t* out, const int* add, int addCount,
            const int* sub, int subCount) {
    // HIDDEN / 16 registers per perspective; one pass over each chunk keeps the
    // running sum in a register instead of storing between features.
    for (int i = 0; i < HIDDEN; i += Lanes) {
        __m256i v = _mm256_load_si256(reinterpret_cast<const __m256i*>(in + i));
        for (int k = 0; k < addCount; ++k)
            v = _mm256_add_epi16(v, _mm256_load_si256(reinterpret_cast<const __m256i*>(net.ftWeights + add[k] * HIDDEN + i)));
        for (int k = 0; k < subCount; ++k)
            v = _mm256_sub_epi16(v, _mm256_load_si256(reinterpret_cast<const __m256i*>(net.ftWeights + sub[k] * HIDDEN + i)));
        _mm256_store_si256(reinterpret_cast<__m256i*>(out + i), v);
    }
}

int output(const Network& net, const Accumulator& acc, Color stm) {
    const __m256i zero = _mm256_setzero_si256(), qa = _mm256_set1_epi16(QA);
    __m256i sum = _mm256_setzero_si256();
    const std::int16_t* halves[2] = {acc.v[stm], acc.v[~stm]};
    for (int h = 0; h < 2; ++h) {
        const std::int16_t* a = halves[h];
        const std::int16_t* w = net.outWeights + h * HIDDEN;
        for (int i = 0; i < HIDDEN; i += Lanes) {
            // SCReLU as v * (v * w): v <= 255 and |w| <= 127, so v * w fits int16
            // and madd adds the pairs v * (v * w) exactly in int32 lanes.
            const __m256i v = _mm256_min_epi16(_mm256_max_epi16(_mm256_load_si256(reinterpret_cast<const __m256i*>(a + i)), zero), qa);
            const __m256i vw = _mm256_mullo_epi16(v, _mm256_load_si256(reinterpret_cast<const __m256i*>(w + i)));
            sum = _mm256_add_epi32(sum, _mm256_madd_epi16(v, vw));
        }
    }
    // Each lane holds at most 2 * HIDDEN / 8 products of <= 255 * 255 * 127: no
    // overflow for HIDDEN <= 512. Widen before the horizontal sum.
    alignas(32) std::int32_t lanes[8];
    _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), sum);
    std::int64_t total = 0;
    for (std::int32_t l : lanes) total += l;
    return int((total / QA + net.outBias) * SCALE / (QA * QB));
}

} // namespace avx2

void update(const Network& net, const std::int16_t* in, std::int16_t* out, const int* add, int addCount,
            const int* sub, int subCount) {
    avx2::update(net, in, out, add, addCount, sub, subCount);
}
int output(const Network& net, const Accumulator& acc, Color stm) { return avx2::output(net, acc, stm); }

#else

void update(const Network& net, const std::int16_t* in, std::int16_t* out, const int* add, int addCount,
            const int* sub, int subCount) {
    scalar::update(net, in, out, add, addCount, sub, subCount);
}
int output(const Network& net, const Accumulator& acc, Color stm) { return scalar::output(net, acc, stm); }

#endif

void refresh(const Network& net, const Position& pos, Accumulator& acc) {
    refresh_with(net, pos, acc, static_cast<void (*)(const Network&, const std::int16_t*, std::int16_t*, const int*, int,
                                                     const int*, int)>(update));
}

int evaluate_from_scratch(const Position& pos) {
    auto acc = std::make_unique<Accumulator>();
    refresh(network(), pos, *acc);
    return output(network(), *acc, pos.side_to_move());
}

// ---------------------------------------------------------------------------
// Evaluator
// ---------------------------------------------------------------------------

namespace {

// What one ply changed on the board: at most two pieces gone, two appeared.
struct Delta {
    Piece addPc[2], subPc[2];
    Square addSq[2], subSq[2];
    int nAdd = 0, nSub = 0;
    void add(Piece pc, Square s) { addPc[nAdd] = pc, addSq[nAdd++] = s; }
    void sub(Piece pc, Square s) { subPc[nSub] = pc, subSq[nSub++] = s; }
};

constexpr std::uint64_t EmptyPly = ~std::uint64_t(0);
constexpr int EvalLimit = 20000; // well inside the search's non-mate range

} // namespace

Evaluator::Evaluator() : ring_(std::make_unique<Entry[]>(RingSize)) { reset(); }

void Evaluator::reset() {
    for (int i = 0; i < RingSize; ++i) ring_[i].ply = EmptyPly, ring_[i].key = 0;
    net_ = &network();
    generation_ = network_generation();
}

int Evaluator::evaluate(const Position& pos) {
    // A bare king: the net has never seen such a win converted (datagen adjudicates
    // long before), while the hand-crafted eval drives the king to the edge.
    const bool bareKing = more_than_one(pos.pieces(WHITE)) != more_than_one(pos.pieces(BLACK));
    return enabled() && !bareKing ? evaluate_nnue(pos) : hce::evaluate(pos);
}

int Evaluator::evaluate_nnue(const Position& pos) {
    const Accumulator& acc = accumulator(pos);
    return std::clamp(output(*net_, acc, pos.side_to_move()), -EvalLimit, EvalLimit);
}

const Accumulator& Evaluator::accumulator(const Position& pos) {
    if (generation_ != network_generation()) reset();
    const std::vector<StateInfo>& h = pos.history();
    const std::uint64_t t = h.size() - 1;

    Entry& top = slot(t);
    if (valid(top, t, h[t].key)) {
        ++stats_.hits;
        return top.acc;
    }

    // The latest ply before t whose accumulator is still cached.
    std::uint64_t base = t;
    bool found = false;
    for (int steps = 0; base > 0 && steps < MaxLazyPlies; ++steps) {
        --base;
        if (valid(slot(base), base, h[base].key)) {
            found = true;
            break;
        }
    }
    if (!found) {
        ++stats_.refreshes;
        refresh(*net_, pos, top.acc);
        top.key = h[t].key;
        top.ply = t;
        return top.acc;
    }

    // Backward: what each ply base+1..t changed. The moved piece is read off the
    // board after the move; for all but the last ply that is a copy of the board
    // with the later plies taken back.
    const int count = int(t - base);
    Delta deltas[MaxLazyPlies];
    Piece board[SQUARE_NB];
    const bool copy = count > 1;
    if (copy)
        for (Square s = SQ_A1; s <= SQ_H8; ++s) board[s] = pos.piece_on(s);
    auto at = [&](Square s) { return copy ? board[s] : pos.piece_on(s); };
    auto set = [&](Square s, Piece pc) {
        if (copy) board[s] = pc;
    };

    for (std::uint64_t j = t; j > base; --j) {
        Delta& d = deltas[j - base - 1];
        d = Delta{};
        const Move m = h[j].move;
        if (!m.is_ok()) continue; // null move: nothing moved
        const Color mover = Color((pos.side_to_move() ^ ((t - j) & 1)) ^ 1);
        const Square from = m.from_sq(), to = m.to_sq();
        const Piece captured = h[j].captured;
        switch (m.kind()) {
        case CASTLING: {
            const bool kingSide = to > from;
            const Square kto = Position::castling_king_to(mover, kingSide), rto = Position::castling_rook_to(mover, kingSide);
            const Piece king = make_piece(mover, KING), rook = make_piece(mover, ROOK);
            d.sub(king, from), d.sub(rook, to), d.add(king, kto), d.add(rook, rto);
            set(kto, NO_PIECE), set(rto, NO_PIECE), set(from, king), set(to, rook);
            break;
        }
        case PROMOTION: {
            const Piece pawn = make_piece(mover, PAWN);
            d.sub(pawn, from), d.add(at(to), to);
            if (captured != NO_PIECE) d.sub(captured, to);
            set(from, pawn), set(to, captured);
            break;
        }
        case EN_PASSANT: {
            const Piece pawn = at(to);
            const Square capsq = to - pawn_push(mover);
            d.sub(pawn, from), d.add(pawn, to), d.sub(captured, capsq);
            set(from, pawn), set(to, NO_PIECE), set(capsq, captured);
            break;
        }
        default: {
            const Piece pc = at(to);
            d.sub(pc, from), d.add(pc, to);
            if (captured != NO_PIECE) d.sub(captured, to);
            set(from, pc), set(to, captured);
            break;
        }
        }
    }

    // Forward: apply them.
    for (std::uint64_t j = base + 1; j <= t; ++j) {
        const Delta& d = deltas[j - base - 1];
        const Entry& prev = slot(j - 1);
        Entry& cur = slot(j);
        for (Color p : {WHITE, BLACK}) {
            int add[2], sub[2];
            for (int k = 0; k < d.nAdd; ++k) add[k] = feature_index(p, d.addPc[k], d.addSq[k]);
            for (int k = 0; k < d.nSub; ++k) sub[k] = feature_index(p, d.subPc[k], d.subSq[k]);
            update(*net_, prev.acc.v[p], cur.acc.v[p], add, d.nAdd, sub, d.nSub);
        }
        cur.key = h[j].key;
        cur.ply = j;
    }
    ++stats_.incremental;
    stats_.pliesApplied += std::uint64_t(count);
    return top.acc;
}

} // namespace jadoube::nnue
