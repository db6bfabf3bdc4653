// NNUE in the engine: the lazily updated accumulator against a full refresh, the
// scalar kernels against the SIMD ones, the net file format, the Evaluator's choice
// between NNUE and the hand-crafted evaluation, and the UCI options for nets.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "board/movegen.h"
#include "eval/evaluate.h"
#include "eval/hce.h"
#include "eval/nnue.h"
#include "support/fens.h"
#include "support/files.h"
#include "support/position.h"
#include "support/uci_session.h"
#include "util/cpu.h"
#include "util/random.h"

using namespace jadoube;
using test::CpwPerftFens;
using test::from_fen;
using test::Kiwipete;
using test::temp_path;

namespace {

using Rng = Xorshift64Star;

// A net with random weights, large enough that accumulators cross both ends of
// the SCReLU range but stay inside int16.
std::unique_ptr<nnue::Network> random_network(std::uint64_t seed, const nnue::NetShape& shape = nnue::PlainShape) {
    Rng rng{seed};
    auto net = std::make_unique<nnue::Network>(shape);
    for (auto& w : net->ft_weights()) w = std::int16_t(rng.range(-90, 90));
    for (auto& b : net->ftBiases) b = std::int16_t(rng.range(-100, 200));
    for (auto& w : net->out_weights()) w = std::int16_t(rng.range(-nnue::MAX_OUTPUT_WEIGHT, nnue::MAX_OUTPUT_WEIGHT));
    for (auto& b : net->out_biases()) b = rng.range(-100000, 100000);
    net->sum_output_weights();
    return net;
}

const nnue::KingLayout& layout(std::string_view name) {
    return *std::ranges::find(nnue::KingLayouts, name, &nnue::KingLayout::name);
}

// The shapes the accumulator tests run on: net #3's, and bucketed ones.
std::vector<std::pair<std::string, nnue::NetShape>> test_shapes() {
    return {{"plain", nnue::PlainShape},
            {"mirror, 8 outputs", nnue::make_shape(layout("mirror"), 8)},
            {"16 king buckets, 8 outputs", nnue::make_shape(layout("16"), 8)}};
}

bool same(const nnue::Accumulator& a, const nnue::Accumulator& b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// Checks the evaluator's accumulator for pos against a refresh (both kernels) and
// the output kernels against each other.
void check_position(nnue::Evaluator& ev, const Position& pos, const char* what) {
    const nnue::Network& net = ev.network();
    auto fresh = std::make_unique<nnue::Accumulator>();
    auto freshScalar = std::make_unique<nnue::Accumulator>();
    nnue::refresh(net, pos, *fresh);
    nnue::refresh(nnue::scalar::kernels, net, pos, *freshScalar);
    const nnue::Accumulator& acc = ev.accumulator(pos);
    INFO(what << " at " << pos.fen());
    REQUIRE(same(*fresh, *freshScalar));
    REQUIRE(same(acc, *fresh));
    const int bucket = nnue::output_bucket(net, pos);
    const int simd = nnue::output(net, acc, pos.side_to_move(), bucket);
    REQUIRE(simd == nnue::output(nnue::scalar::kernels, net, acc, pos.side_to_move(), bucket));
    REQUIRE(ev.evaluate(pos) == std::clamp(simd, -20000, 20000));
}

// Random play from fen. At every ply the accumulator is checked, sometimes after a
// few plies with no evaluation (lazy chains of several plies, and longer than
// Evaluator::MaxLazyPlies), with search-like excursions (do, evaluate, undo) and
// null moves on the way.
void random_game(nnue::Evaluator& ev, const std::string& fen, bool chess960, std::uint64_t seed, int plies) {
    Position pos = from_fen(fen, chess960);
    Rng rng{seed};
    int skip = 0;
    for (int ply = 0; ply < plies; ++ply) {
        const MoveList<LEGAL> moves(pos);
        if (moves.size() == 0) break;
        if (skip > 0) --skip;
        else {
            check_position(ev, pos, "game");
            if (rng.range(0, 9) == 0) skip = rng.range(1, 6);
            if (rng.range(0, 49) == 0) skip = nnue::Evaluator::MaxLazyPlies + rng.range(1, 5);
        }
        // Excursion: a few moves deep, evaluating on the way back up.
        const int depth = rng.range(0, 3);
        std::vector<std::pair<Move, bool>> line; // (move, null)
        for (int d = 0; d < depth; ++d) {
            const MoveList<LEGAL> here(pos);
            if (here.size() == 0) break;
            if (!pos.checkers() && rng.range(0, 5) == 0) {
                pos.do_null_move();
                line.emplace_back(Move::null(), true);
            } else {
                const Move m = *(here.begin() + rng.range(0, int(here.size()) - 1));
                pos.do_move(m);
                line.emplace_back(m, false);
            }
            if (rng.range(0, 1)) check_position(ev, pos, "excursion");
        }
        while (!line.empty()) {
            const auto [m, null] = line.back();
            line.pop_back();
            null ? pos.undo_null_move() : pos.undo_move(m);
            if (rng.range(0, 2) == 0) check_position(ev, pos, "excursion undo");
        }
        pos.do_move(*(moves.begin() + rng.range(0, int(moves.size()) - 1)));
    }
}

} // namespace

TEST_SUITE("nnue") {

TEST_CASE("the incrementally updated accumulator equals a full refresh at every ply of random games") {
    // Chess960 castling: king and rook on each other's destination squares, and so on.
    const char* chess960[] = {
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
        "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
    };
    // King buckets and mirroring: a king move that changes input set refreshes that half.
    for (const auto& [name, shape] : test_shapes()) {
        INFO("net shape: " << name);
        nnue::Evaluator ev(random_network(0x1234, shape));
        std::uint64_t seed = 1;
        for (const char* fen : CpwPerftFens)
            for (int game = 0; game < 6; ++game) random_game(ev, fen, false, seed++, 120);
        for (const char* fen : chess960)
            for (int game = 0; game < 4; ++game) random_game(ev, fen, true, seed++, 120);
        // Every move of the root positions once, castling (king and rook swapping
        // squares in b1q1rrkb), en passant and promotions included.
        auto every_move = [&](const char* fen, bool frc) {
            Position pos = from_fen(fen, frc);
            check_position(ev, pos, "root");
            for (Move m : MoveList<LEGAL>(pos)) {
                pos.do_move(m);
                check_position(ev, pos, "root move");
                pos.undo_move(m);
            }
        };
        for (const char* fen : CpwPerftFens) every_move(fen, false);
        for (const char* fen : chess960) every_move(fen, true);
        CHECK(ev.stats().incremental > 0);
        CHECK(ev.stats().refreshes > 0);
        CHECK(ev.stats().hits > 0);
        MESSAGE("evaluator, " << name << ": " << ev.stats().hits << " hits, " << ev.stats().incremental << " incremental ("
                              << ev.stats().pliesApplied << " plies), " << ev.stats().refreshes << " half refreshes");
    }
}

TEST_CASE("king buckets: each side sees the board from its own king's input set - mirrored when its king is on files e-h") {
    const nnue::NetShape shape = nnue::make_shape(layout("16"), 8);
    CHECK(shape.kingBuckets == 16);
    CHECK(shape.mirror);
    // A king on g1 sees what a king on b1 sees, with files mirrored; Black's g8 is its g1.
    const nnue::KingView g1 = nnue::king_view(shape, WHITE, SQ_G1), b1 = nnue::king_view(shape, WHITE, SQ_B1);
    CHECK(g1.base == b1.base);
    CHECK(g1.flip == 7);
    CHECK(b1.flip == 0);
    CHECK(nnue::king_view(shape, BLACK, SQ_G8) == g1);
    CHECK(nnue::feature_index(g1, WHITE, W_PAWN, SQ_H2) == nnue::feature_index(b1, WHITE, W_PAWN, SQ_A2));
    CHECK(nnue::feature_index(g1, WHITE, B_KNIGHT, SQ_F6)
          == nnue::feature_index(nnue::king_view(shape, BLACK, SQ_G8), BLACK, W_KNIGHT, SQ_F3));
    // Every input set is some square's, and the plain shape is net #3's indexing.
    std::vector<bool> used(std::size_t(shape.kingBuckets));
    for (Square s = SQ_A1; s <= SQ_H8; ++s)
        used[std::size_t(nnue::king_view(shape, WHITE, s).base / nnue::PIECE_SQUARE_INPUTS)] = true;
    CHECK(std::ranges::all_of(used, [](bool u) { return u; }));
    CHECK(nnue::feature_index(nnue::king_view(nnue::PlainShape, BLACK, SQ_H8), BLACK, W_QUEEN, SQ_D1)
          == 384 + 4 * 64 + (SQ_D1 ^ 56));
}

TEST_CASE("output buckets: four pieces a bucket - from two kings to thirty-two pieces") {
    const nnue::NetShape eight = nnue::make_shape(layout("none"), 8);
    CHECK(nnue::output_bucket(eight, 2) == 0);
    CHECK(nnue::output_bucket(eight, 5) == 0);
    CHECK(nnue::output_bucket(eight, 6) == 1);
    CHECK(nnue::output_bucket(eight, 29) == 6);
    CHECK(nnue::output_bucket(eight, 30) == 7);
    CHECK(nnue::output_bucket(eight, 32) == 7);
    for (int pieces = 2; pieces <= 32; ++pieces) CHECK(nnue::output_bucket(nnue::PlainShape, pieces) == 0);
}

namespace {

// The SIMD kernels this build has and this CPU runs: each is compared with scalar.
std::vector<const nnue::Kernels*> simd_kernels() {
    std::vector<const nnue::Kernels*> runnable;
    for (const nnue::Kernels* k : nnue::compiled_kernels())
        if (k != &nnue::scalar::kernels && cpu::has(k->needs)) runnable.push_back(k);
    return runnable;
}

} // namespace

TEST_CASE("every SIMD output kernel agrees with scalar on random accumulators and extreme weights") {
    for (const nnue::Kernels* k : simd_kernels()) {
        INFO(k->name << " kernels");
        const auto same_output = [&](const nnue::Network& net, const nnue::Accumulator& acc, Color stm, int bucket) {
            return nnue::output(*k, net, acc, stm, bucket) == nnue::output(nnue::scalar::kernels, net, acc, stm, bucket);
        };
        auto net = random_network(0x777);
        Rng rng{99};
        auto acc = std::make_unique<nnue::Accumulator>();
        for (int round = 0; round < 2000; ++round) {
            for (auto& half : acc->v)
                for (auto& x : half) x = std::int16_t(round % 3 == 0 ? rng.range(-32768, 32767) : rng.range(-300, 400));
            if (round == 1000) { // every weight at the bound from here on
                for (auto& w : net->out_weights()) w = nnue::MAX_OUTPUT_WEIGHT;
                net->sum_output_weights();
            }
            for (Color c : {WHITE, BLACK}) REQUIRE(same_output(*net, *acc, c, 0));
        }
        // The int32 lanes' extremes: every activation at the top, then every one at zero
        // (the kernels' offset -32768 times the largest weight) with the weights at +bound and -bound.
        for (auto& half : acc->v) std::fill(std::begin(half), std::end(half), std::int16_t(nnue::QA));
        CHECK(same_output(*net, *acc, WHITE, 0));
        for (auto& half : acc->v) std::fill(std::begin(half), std::end(half), std::int16_t(0));
        for (int sign : {1, -1}) {
            for (auto& w : net->out_weights()) w = std::int16_t(sign * nnue::MAX_OUTPUT_WEIGHT);
            net->sum_output_weights();
            CHECK(same_output(*net, *acc, WHITE, 0));
        }
        // Every output bucket of a bucketed net.
        const auto bucketed = random_network(0x778, nnue::make_shape(layout("8"), 8));
        for (int bucket = 0; bucket < 8; ++bucket)
            for (Color c : {WHITE, BLACK}) CHECK(same_output(*bucketed, *acc, c, bucket));
    }
}

TEST_CASE("every SIMD update kernel agrees with scalar on a move's deltas and on refreshes - wrapping as int16") {
    auto net = random_network(0x779);
    auto in = std::make_unique<nnue::Accumulator>(), want = std::make_unique<nnue::Accumulator>(),
         got = std::make_unique<nnue::Accumulator>();
    // A quiet move, a capture, castling, and a refresh-sized list (the kernels' four paths).
    const std::pair<int, int> counts[] = {{1, 1}, {1, 2}, {2, 2}, {30, 0}, {5, 3}};
    for (const nnue::Kernels* k : simd_kernels()) {
        INFO(k->name << " kernels");
        Rng rng{7};
        for (int round = 0; round < 200; ++round)
            for (const auto& [adds, subs] : counts) {
                for (auto& x : in->v[WHITE]) x = std::int16_t(rng.range(-32768, 32767)); // wraps alike in every kernel
                int add[32], sub[32];
                for (int i = 0; i < adds; ++i) add[i] = int(rng.range(0, nnue::PIECE_SQUARE_INPUTS - 1));
                for (int i = 0; i < subs; ++i) sub[i] = int(rng.range(0, nnue::PIECE_SQUARE_INPUTS - 1));
                nnue::update(nnue::scalar::kernels, *net, in->v[WHITE], want->v[WHITE], add, adds, sub, subs);
                nnue::update(*k, *net, in->v[WHITE], got->v[WHITE], add, adds, sub, subs);
                REQUIRE(std::memcmp(want->v[WHITE], got->v[WHITE], sizeof want->v[WHITE]) == 0);
                std::memcpy(got->v[WHITE], in->v[WHITE], sizeof got->v[WHITE]); // and in place, as the evaluator calls it
                nnue::update(*k, *net, got->v[WHITE], got->v[WHITE], add, adds, sub, subs);
                REQUIRE(std::memcmp(want->v[WHITE], got->v[WHITE], sizeof want->v[WHITE]) == 0);
            }
    }
}

TEST_CASE("the engine runs the best kernels the CPU has: AVX-512 - else AVX2 - else SSE2 on x86-64 and NEON on AArch64") {
    const auto name = [](cpu::Features f) { return std::string(nnue::best_kernels(f).name); };
#if defined(__x86_64__)
    const cpu::Features avx2 = cpu::bit(cpu::Avx) | cpu::bit(cpu::Avx2),
                        avx512 = cpu::bit(cpu::Avx512f) | cpu::bit(cpu::Avx512bw);
    CHECK(name(avx2 | avx512) == "AVX-512");
    CHECK(name(avx2 | cpu::bit(cpu::Avx512f)) == "AVX2"); // AVX-512 without BW has no 16-bit lanes
    CHECK(name(avx2) == "AVX2");
    CHECK(name(avx512) == "SSE2"); // as JADOUBE_CPU_DISABLE=avx2 leaves it
    CHECK(name(0) == "SSE2"); // part of x86-64 itself
    CHECK(simd_kernels().size() >= 1);
#elif defined(__aarch64__)
    CHECK(name(0) == "NEON");
    CHECK(simd_kernels().size() == 1);
#endif
    CHECK(&nnue::active_kernels() == &nnue::best_kernels(cpu::available()));
    MESSAGE("kernels in use: " << nnue::kernels_description());
}

TEST_CASE("a net file at the older output scale (QB = 64) is read at its own scale and evaluates as that scale says") {
    // The same output layer twice: at QB = 64, and at QB = 256 with every weight and the
    // bias times 4. Both files give the same centipawns, up to the last one's rounding.
    auto fine = random_network(0x780);
    std::vector<std::int16_t> w64(fine->out_weights().size());
    for (std::size_t i = 0; i < w64.size(); ++i)
        w64[i] = std::int16_t(fine->out_weights()[i] % (nnue::max_output_weight(nnue::QB_LEGACY) + 1));
    for (std::size_t i = 0; i < w64.size(); ++i) fine->out_weights()[i] = std::int16_t(4 * w64[i]);
    const std::int32_t b64[1] = {fine->outBias[0]};
    fine->outBias[0] *= 4;
    fine->sum_output_weights();
    const auto coarse = nnue::parse_network(nnue::serialize_network(nnue::PlainShape, nnue::HIDDEN, nnue::QB_LEGACY,
                                                                    fine->ft_weights(), std::span(fine->ftBiases), w64, b64));
    REQUIRE_MESSAGE(coarse.has_value(), (coarse ? "" : coarse.error()));
    CHECK((*coarse)->qb == nnue::QB_LEGACY);
    CHECK(**nnue::parse_network(nnue::serialize_network(**coarse)) == **coarse); // keeps its scale
    for (const char* fen : CpwPerftFens) {
        const Position pos = from_fen(fen);
        const int a = nnue::evaluate_from_scratch(**coarse, pos), b = nnue::evaluate_from_scratch(*fine, pos);
        INFO(std::string(fen) << ": QB = 64 " << a << ", QB = 256 " << b);
        CHECK(std::abs(a - b) <= 1);
    }
    // Each scale has its own weight bound: 127 at QB = 64 (507 at QB = 256).
    w64[0] = std::int16_t(nnue::max_output_weight(nnue::QB_LEGACY) + 1);
    const auto beyond = nnue::parse_network(nnue::serialize_network(nnue::PlainShape, nnue::HIDDEN, nnue::QB_LEGACY,
                                                                    fine->ft_weights(), std::span(fine->ftBiases), w64, b64));
    REQUIRE(!beyond.has_value());
    CHECK(beyond.error().find("beyond +-127") != std::string::npos);
}

TEST_CASE("a net survives serialisation and damaged files are refused") {
    for (const auto& [name, shape] : test_shapes()) {
        INFO("net shape: " << name);
        const auto n = random_network(41, shape);
        auto back = nnue::parse_network(nnue::serialize_network(*n));
        REQUIRE_MESSAGE(back.has_value(), (back ? "" : back.error()));
        CHECK(**back == *n);
    }
    const auto net = random_network(42);
    const auto bytes = nnue::serialize_network(*net);
    REQUIRE(!bytes.empty());
    auto parsed = nnue::parse_network(bytes);
    REQUIRE_MESSAGE(parsed.has_value(), (parsed ? "" : parsed.error()));
    CHECK(**parsed == *net);

    auto damaged = bytes;
    damaged[1000] ^= 1;
    CHECK(!nnue::parse_network(damaged).has_value()); // checksum
    CHECK(!nnue::parse_network(std::span(bytes).first(bytes.size() - 1)).has_value());
    auto badMagic = bytes;
    badMagic[0] = 'X';
    CHECK(!nnue::parse_network(badMagic).has_value());
    std::vector<std::int16_t> wide(std::size_t(nnue::PIECE_SQUARE_INPUTS) * (nnue::HIDDEN + 32)), wb(nnue::HIDDEN + 32),
        wo(2 * (nnue::HIDDEN + 32));
    const std::int32_t wob[1] = {0};
    const auto other = nnue::parse_network(
        nnue::serialize_network(nnue::PlainShape, nnue::HIDDEN + 32, nnue::QB, wide, wb, wo, wob));
    REQUIRE(!other.has_value());
    CHECK(other.error().find("hidden size") != std::string::npos);
    // A king bucket map naming a bucket the net does not have (checksum made good).
    auto badMap = nnue::serialize_network(*random_network(43, nnue::make_shape(layout("4"), 1)));
    badMap[48 + SQ_E4] = 4;
    const std::uint64_t h = nnue::fnv1a(std::span(badMap).first(badMap.size() - 8));
    for (int i = 0; i < 8; ++i) badMap[badMap.size() - 8 + std::size_t(i)] = std::uint8_t(h >> (8 * i));
    const auto refused = nnue::parse_network(badMap);
    REQUIRE(!refused.has_value());
    CHECK(refused.error().find("king bucket map") != std::string::npos);

    // The embedded net parses (the build embeds nnue/nets/default.nnue), version 1 or 2.
    CHECK(nnue::parse_network(nnue::embedded_network_bytes()).has_value());
    CHECK(nnue::embedded_network().source == "embedded");
}

TEST_CASE("the Evaluator uses the hand-crafted evaluation unless NNUE is enabled - and against a bare king") {
    EvalSettings settings;
    settings.useNnue = false;
    Evaluator ev(settings);
    const Position pos = from_fen(Kiwipete);
    CHECK(ev.evaluate(pos) == hce::evaluate(pos));
    settings.useNnue = true;
    ev.use(settings);
    const nnue::Network& embedded = *nnue::embedded_network().net;
    CHECK(ev.evaluate(pos) == std::clamp(nnue::evaluate_from_scratch(embedded, pos), -20000, 20000));
    for (const char* bare :
         {"4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "3qk3/8/8/8/8/8/8/4K3 w - - 0 1", "8/8/8/3k4/8/8/8/K6R b - - 0 1"}) {
        const Position p = from_fen(bare);
        CHECK(ev.evaluate(p) == hce::evaluate(p));
    }
    // Another net in the same evaluator: nothing cached from the first one is used.
    settings.net = {random_network(11), "random"};
    ev.use(settings);
    CHECK(ev.evaluate(pos) == std::clamp(nnue::evaluate_from_scratch(*settings.net.net, pos), -20000, 20000));
}

TEST_CASE("UCI options EvalFile and UseNNUE: a net that does not load keeps the old one") {
    test::Session s;
    const std::string listing = s.send("uci");
    CHECK(listing.find("option name UseNNUE type check default true\n") != std::string::npos);
    CHECK(listing.find("option name EvalFile type string default <embedded>\n") != std::string::npos);

    CHECK(s.errors("setoption name EvalFile value /nonexistent/dir/x.nnue") == 1);
    CHECK(s.uci.eval().net.source == "embedded");
    const auto path = temp_path("bad.nnue");
    std::ofstream(path) << "not a net";
    CHECK(s.errors("setoption name EvalFile value " + path.string()) == 1);
    CHECK(s.uci.eval().net.source == "embedded");
    CHECK(s.uci.options().text(OptionId::EvalFile) == "<embedded>");

    const auto net = random_network(3, nnue::make_shape(layout("8"), 8)); // any shape loads into this build
    const auto bytes = nnue::serialize_network(*net);
    std::ofstream(path, std::ios::binary | std::ios::trunc)
        .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    CHECK(s.errors("setoption name EvalFile value " + path.string()) == 0);
    CHECK(s.uci.eval().net.source == path.string());
    CHECK(*s.uci.eval().net.net == *net);
    CHECK(s.errors("setoption name EvalFile value <empty>") == 0);
    CHECK(s.uci.eval().net.source == "embedded");
    std::filesystem::remove(path);

    CHECK(s.errors("setoption name UseNNUE value true") == 0);
    CHECK(s.uci.eval().useNnue);
    CHECK(s.errors("setoption name UseNNUE value false") == 0);
    CHECK(!s.uci.eval().useNnue);
    // The choice belongs to the session: another session still has the defaults.
    test::Session other;
    CHECK(other.uci.eval().useNnue);
}

} // TEST_SUITE
