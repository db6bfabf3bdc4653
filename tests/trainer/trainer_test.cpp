// The NNUE trainer (nnue/trainer): reproducibility whatever the thread count, the
// exported net against the trainer's own evaluation, samples, the validation loss,
// the result scale K, the --mirror augmentation, king and output buckets, the
// factoriser and the comparison of exported nets.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "datagen/format.h"
#include "eval/nnue.h"
#include "eval/nnue_kernels.h"
#include "support/fens.h"
#include "support/files.h"
#include "support/position.h"
#include "trainer.h"

using namespace jadoube;
using test::CpwPerftFens;
using test::from_fen;
using test::test_data;

namespace {

// The committed datagen-tiny.vf as training samples.
std::vector<train::Sample> tiny_samples() {
    std::vector<train::Sample> data;
    const auto stats = train::load(test_data("datagen-tiny.vf").string(), data);
    REQUIRE_MESSAGE(stats.has_value(), (stats ? "" : stats.error()));
    return data;
}

// A short training run at the engine's hidden size.
train::Config short_run(int epochs, int batch, double lr, double valFraction) {
    train::Config c;
    c.hidden = nnue::HIDDEN;
    c.epochs = epochs;
    c.batch = batch;
    c.lr = lr;
    c.valFraction = valFraction;
    return c;
}

// The position with files a<->h swapped (no castling rights: they do not mirror).
std::string mirror_fen(const std::string& fen) {
    std::istringstream in(fen);
    std::string board, stm, castling, ep, rest, out;
    in >> board >> stm >> castling >> ep;
    std::getline(in, rest);
    std::istringstream ranks(board);
    for (std::string rank; std::getline(ranks, rank, '/');) {
        if (!out.empty()) out += '/';
        out.append(rank.rbegin(), rank.rend());
    }
    if (ep != "-") ep[0] = char('a' + 'h' - ep[0]);
    return out + " " + stm + " " + castling + " " + ep + rest;
}

} // namespace

TEST_SUITE("nnue") {

TEST_CASE("trainer: same data - seed and chunk size give the same net whatever the thread count") {
    const auto data = tiny_samples();
    REQUIRE(data.size() == 2639);

    train::Config c = short_run(4, 2048, 0.005, 0.1); // two chunks a batch: thread-count independence is tested
    c.lambda = 0.2;
    c.seed = 5;
    c.threads = 1;
    std::vector<double> losses;
    const auto one = train::train(c, data, [&](const train::EpochReport& r) { losses.push_back(r.trainLoss); });
    REQUIRE(one.has_value());
    c.threads = 2;
    const auto two = train::train(c, data);
    REQUIRE(two.has_value());
    CHECK(one->params == two->params);
    REQUIRE(losses.size() == 4);
    CHECK(losses.back() < losses.front()); // it learns something

    // Smaller chunks, more of them a batch: another net (the floats are added in
    // another order), and again the same one on one thread or three.
    c.chunk = 256; // eight chunks a batch of 2048
    c.threads = 1;
    const auto eightOnOne = train::train(c, data);
    c.threads = 3;
    const auto eightOnThree = train::train(c, data);
    REQUIRE(eightOnOne.has_value());
    REQUIRE(eightOnThree.has_value());
    CHECK(eightOnOne->params == eightOnThree->params);
    CHECK(eightOnOne->params != one->params);
}

TEST_CASE("trainer: a short training exports the same net twice from the same data and seed") {
    // A determinism check, not a check of what was learnt: 2,600 positions teach a net
    // little. What is checked is that the run depends on nothing but its data and
    // seed, and that the engine evaluates the exported net as the trainer does.
    const auto data = tiny_samples();
    train::Config c = short_run(6, 256, 0.003, 0.05);
    c.lambda = 0.2;
    c.seed = 1;
    const auto model = train::train(c, data);
    const auto again = train::train(c, data);
    REQUIRE(model.has_value());
    REQUIRE(again.has_value());
    const std::vector<std::uint8_t> bytes = model->quantise();
    CHECK(again->quantise() == bytes);
    c.seed = 2;
    const auto otherSeed = train::train(c, data);
    REQUIRE(otherSeed.has_value());
    CHECK(otherSeed->quantise() != bytes); // the seed is used
    auto net = nnue::parse_network(bytes);
    REQUIRE_MESSAGE(net.has_value(), (net ? "" : net.error()));

    auto acc = std::make_unique<nnue::Accumulator>();
    for (const char* fen :
         {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
          "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
          "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "3qk3/8/8/8/8/8/8/4K3 w - - 0 1"}) {
        const Position pos = from_fen(fen);
        nnue::refresh(**net, pos, *acc);
        const int engine = nnue::output(**net, *acc, pos.side_to_move(), nnue::output_bucket(**net, pos));
        const double trainer = model->evaluate(pos);
        INFO(std::string(fen) << ": engine " << engine << ", trainer " << trainer);
        CHECK(trainer == again->evaluate(pos));
        CHECK(std::abs(engine - trainer) <= 20.0); // quantisation error (small output weights are a few steps of 1/QB)
    }
}

TEST_CASE("trainer: a sample's board comes back whole and the baseline loss uses the validation games") {
    for (const char* fen : CpwPerftFens) {
        const Position pos = from_fen(fen);
        const std::string board = pos.fen().substr(0, pos.fen().find(' ') + 2); // placement and side to move
        CHECK(train::to_position(train::make_sample(pos, 0, datagen::Outcome::Draw)).fen().starts_with(board));
    }
    const auto data = tiny_samples();
    train::Config c;
    c.hidden = nnue::HIDDEN;
    c.epochs = 2;
    // The second set-up holds out nine games in ten, far more positions than a batch
    // of 256: validation then runs in more chunks than a training batch. It also
    // trains with another loss scale, which both measurements must use.
    struct Setup {
        int batch;
        double valFraction, scale;
    };
    for (const auto& [batch, valFraction, scale] : {Setup{512, 0.2, 400}, Setup{256, 0.9, 150}}) {
        CAPTURE(batch);
        c.batch = batch;
        c.valFraction = valFraction;
        c.scale = scale;
        train::EpochReport reported;
        const auto model = train::train(c, data, [&](const train::EpochReport& r) { reported = r; });
        REQUIRE(model.has_value());
        // The net's own evaluation as the "baseline" gives back what train() reported.
        const auto self = train::validation_fit(data, c, [&](const train::Sample& s) { return model->evaluate(s); });
        CHECK(self.loss == doctest::Approx(reported.valLoss).epsilon(1e-6));
        CHECK(self.cpError == doctest::Approx(reported.valCpError).epsilon(1e-9));
        CHECK(self.cpError > 0);
    }
    // Everything held out: the loss of a constant 0 cp is that of sigmoid(0) = 0.5 against every target.
    c.valFraction = 0.9999999;
    c.scale = 250;
    double sum = 0, cp = 0;
    for (const train::Sample& s : data) {
        const double t = 0.8 / (1 + std::exp(-s.score / 250.0)) + 0.2 * s.result / 2.0;
        sum += (0.5 - t) * (0.5 - t), cp += std::abs(s.score);
    }
    const auto zero = train::validation_fit(data, c, [](const train::Sample&) { return 0.0; });
    CHECK(zero.loss == doctest::Approx(sum / double(data.size())).epsilon(1e-3));
    CHECK(zero.cpError == doctest::Approx(cp / double(data.size())).epsilon(1e-3));
}

TEST_CASE("trainer: output weights rounded against calibration positions fit the float net closer than nearest steps") {
    const auto data = tiny_samples();
    train::Config c = short_run(4, 256, 0.003, 0.05);
    c.seed = 5;
    const auto model = train::train(c, data);
    REQUIRE(model.has_value());
    const auto calibration = train::calibration_sample(data, c);
    REQUIRE(calibration.size() >= 4 * std::size_t(nnue::HIDDEN)); // enough to fit 2H weights
    for (const auto& s : calibration) CHECK_FALSE(train::held_out(s, c.valFraction));
    auto nearest = nnue::parse_network(model->quantise());
    auto fitted = nnue::parse_network(model->quantise(calibration));
    REQUIRE(nearest.has_value());
    REQUIRE(fitted.has_value());

    // Each output weight stays on one of its two neighbouring steps, and some moved.
    const auto w = (*fitted)->out_weights(), w0 = (*nearest)->out_weights();
    int moved = 0;
    for (std::size_t i = 0; i < w.size(); ++i) {
        const double exact = double(model->params[model->out_weights() + i]) * nnue::QB;
        CHECK(std::abs(w[i] - exact) < 1.0);
        moved += w[i] != w0[i];
    }
    CHECK(moved > 0);

    // The engine's output is closer to the trainer's (float) over the calibration
    // positions (here every training position), and over the held-out games' positions.
    struct Diff {
        double mean = 0, rms = 0;
    };
    auto diff = [&](const nnue::Network& net, bool heldOut) {
        Diff d;
        std::size_t n = 0;
        for (const auto& s : data) {
            if (train::held_out(s, c.valFraction) != heldOut) continue;
            const double e = nnue::evaluate_from_scratch(net, train::to_position(s)) - model->evaluate(s);
            d.mean += e, d.rms += e * e, ++n;
        }
        REQUIRE(n > 0);
        d.mean /= double(n), d.rms = std::sqrt(d.rms / double(n));
        return d;
    };
    const Diff nearIn = diff(**nearest, false), fitIn = diff(**fitted, false);
    MESSAGE("engine - float over the calibration positions: nearest "
            << nearIn.rms << " cp RMS (mean " << nearIn.mean << "), fitted " << fitIn.rms << " (mean " << fitIn.mean << ")");
    CHECK(fitIn.rms < nearIn.rms);
    // The bias takes the mean difference: what is left is the engine's truncation to
    // whole centipawns (towards zero, at most one).
    CHECK(std::abs(fitIn.mean) < 1.0);
    const Diff nearOut = diff(**nearest, true), fitOut = diff(**fitted, true);
    MESSAGE("... over the held-out positions: nearest " << nearOut.rms << " cp RMS, fitted " << fitOut.rms);
    CHECK(fitOut.rms < nearOut.rms);
}

TEST_CASE("trainer --compare: an exported net is measured on the held-out games as the engine evaluates it") {
    const auto data = tiny_samples();
    const train::Config c = short_run(3, 256, 0.003, 0.2);
    train::EpochReport reported;
    const auto model = train::train(c, data, [&](const train::EpochReport& r) { reported = r; });
    REQUIRE(model.has_value());
    auto net = nnue::parse_network(model->quantise());
    REQUIRE_MESSAGE(net.has_value(), (net ? "" : net.error()));
    // The same positions and loss as train()'s report, off only by quantisation.
    const auto fit = train::validation_fit(data, c, **net);
    CHECK(fit.cpError == doctest::Approx(reported.valCpError).epsilon(0.05));
    CHECK(fit.loss == doctest::Approx(reported.valLoss).epsilon(0.05));
    // And it tells nets apart: one epoch less fits the same games otherwise.
    train::Config shorter = c;
    shorter.epochs = 1;
    const auto early = train::train(shorter, data);
    REQUIRE(early.has_value());
    auto earlyNet = nnue::parse_network(early->quantise());
    REQUIRE(earlyNet.has_value());
    CHECK(train::validation_fit(data, c, **earlyNet).cpError != doctest::Approx(fit.cpError).epsilon(1e-3));
}

TEST_CASE("trainer --output-gain: the exported outputs scale by the gain and fit recovers the scale of the scores") {
    const auto data = tiny_samples();
    const train::Config c = short_run(2, 256, 0.003, 0.2);
    const auto model = train::train(c, data);
    REQUIRE(model.has_value());

    // Every output, bias included, is the gain times what it was.
    train::Model halved = *model;
    halved.scale_output(0.5);
    for (std::size_t i = 0; i < data.size(); i += 97)
        CHECK(halved.evaluate(data[i]) == doctest::Approx(0.5 * model->evaluate(data[i])).epsilon(1e-5));

    // Scores 0.8 of the net's outputs (rounded to whole centipawns, as data stores them)
    // are met at a gain of 0.8; scores equal to the outputs at 1.
    auto relabelled = [&](double scale) {
        std::vector<train::Sample> out = data;
        for (train::Sample& s : out) s.score = std::int16_t(std::lround(scale * model->evaluate(s)));
        return out;
    };
    CHECK(train::fit_output_gain(*model, relabelled(0.8), c.valFraction) == doctest::Approx(0.8).epsilon(0.01));
    CHECK(train::fit_output_gain(*model, relabelled(1.0), c.valFraction) == doctest::Approx(1.0).epsilon(0.01));
    // The fitted gain beats its neighbours on the held-out cp error (the validation fit).
    const auto scored = relabelled(0.8);
    const double g = train::fit_output_gain(*model, scored, c.valFraction);
    auto cpError = [&](double gain) {
        return train::validation_fit(scored, c, [&](const train::Sample& s) { return gain * model->evaluate(s); }).cpError;
    };
    CHECK(cpError(g) <= cpError(g * 1.05));
    CHECK(cpError(g) <= cpError(g * 0.95));
    // With no held-out position there is nothing to fit: the gain stays 1.
    CHECK(train::fit_output_gain(*model, scored, 0.0) == 1.0);
}

TEST_CASE("trainer: the result scale K is where sigmoid(score / K) meets the results") {
    // White scores 75% at +200 cp and 25% at -200: the least-squares K solves
    // sigmoid(200 / K) = 3/4, K = 200 / ln 3 = 182 cp.
    using enum datagen::Outcome;
    const Position start = from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    auto games = [&](std::initializer_list<datagen::Outcome> up, std::initializer_list<datagen::Outcome> down) {
        std::vector<train::Sample> data;
        for (const auto o : up) data.push_back(train::make_sample(start, 200, o));
        for (const auto o : down) data.push_back(train::make_sample(start, -200, o));
        return data;
    };
    const double k = 200 / std::log(3.0);
    CHECK(train::fit_result_scale(games({WhiteWin, WhiteWin, WhiteWin, BlackWin}, {BlackWin, BlackWin, BlackWin, WhiteWin}))
          == doctest::Approx(k).epsilon(1e-4));
    // A draw is half a point: two wins and two draws are 75% too.
    CHECK(train::fit_result_scale(games({WhiteWin, WhiteWin, Draw, Draw}, {BlackWin, BlackWin, Draw, Draw}))
          == doctest::Approx(k).epsilon(1e-4));
    // More decisive results at the same scores mean a smaller K: 7 in 8 is sigmoid(ln 7).
    CHECK(train::fit_result_scale(games({WhiteWin, WhiteWin, WhiteWin, WhiteWin, WhiteWin, WhiteWin, WhiteWin, BlackWin},
                                        {BlackWin, BlackWin, BlackWin, BlackWin, BlackWin, BlackWin, BlackWin, WhiteWin}))
          == doctest::Approx(200 / std::log(7.0)).epsilon(1e-4));
}

TEST_CASE("trainer --mirror: the net learns the a-h symmetry of positions without castling rights") {
    const auto data = tiny_samples();
    std::vector<std::string> fens;
    std::ifstream in(test_data("datagen-tiny.vf"), std::ios::binary);
    REQUIRE(datagen::read_games(in, [&](const datagen::RecordedPosition& r) {
        if (r.pos.castling_rights() == NO_CASTLING && fens.size() < 200) fens.push_back(r.pos.fen());
    }));
    REQUIRE(fens.size() == 200);
    CHECK(mirror_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - c3 0 1") == "8/5p2/4p3/r5PK/k1p3R1/8/1P1P4/8 b - f3 0 1");

    train::Config c = short_run(8, 256, 0.003, 0.05);
    auto asymmetry = [&](bool mirror) {
        c.mirror = mirror;
        const auto model = train::train(c, data);
        REQUIRE(model.has_value());
        double sum = 0;
        for (const std::string& fen : fens)
            sum += std::abs(model->evaluate(from_fen(fen)) - model->evaluate(from_fen(mirror_fen(fen))));
        return sum / double(fens.size());
    };
    const double plain = asymmetry(false), mirrored = asymmetry(true);
    MESSAGE("mean |eval - eval of the mirror|: " << plain << " cp without --mirror, " << mirrored << " cp with it");
    CHECK(mirrored < 0.7 * plain);
}

TEST_CASE("trainer --init: an exported net loads back as the weights it was quantised from") {
    const auto data = tiny_samples();
    const train::Config c = short_run(3, 256, 0.003, 0.2);
    const auto model = train::train(c, data);
    REQUIRE(model.has_value());
    const std::vector<std::uint8_t> bytes = model->quantise();
    auto net = nnue::parse_network(bytes);
    REQUIRE_MESSAGE(net.has_value(), (net ? "" : net.error()));

    // Dequantised, the model exports the same file and evaluates as the engine does.
    train::Model loaded(c.hidden, c.shape);
    REQUIRE(loaded.load(**net).has_value());
    CHECK(loaded.quantise() == bytes);
    auto acc = std::make_unique<nnue::Accumulator>();
    for (const char* fen : CpwPerftFens) {
        const Position pos = from_fen(fen);
        nnue::refresh(**net, pos, *acc);
        const int engine = nnue::output(**net, *acc, pos.side_to_move(), nnue::output_bucket(**net, pos));
        INFO(std::string(fen) << ": engine " << engine << ", loaded " << loaded.evaluate(pos));
        CHECK(std::abs(engine - loaded.evaluate(pos)) <= 1.0); // the engine's integer division only
    }

    // train() starts from the file: with a rate of 0 nothing moves, so it exports it again.
    const auto path = test::temp_path("init.nnue");
    REQUIRE(nnue::write_network_file(bytes, path.string()).has_value());
    train::Config still = c;
    still.init = path.string();
    still.lr = 0;
    const auto kept = train::train(still, data);
    REQUIRE_MESSAGE(kept.has_value(), (kept ? "" : kept.error()));
    CHECK(kept->quantise() == bytes);

    // Another shape is refused, and so is --resume beside it.
    train::Config buckets = still;
    buckets.shape = nnue::make_shape(*std::ranges::find(nnue::KingLayouts, std::string_view("8"), &nnue::KingLayout::name), 8);
    CHECK_FALSE(train::train(buckets, data).has_value());
    train::Config both = still;
    both.resume = path.string();
    CHECK_FALSE(train::train(both, data).has_value());
    std::filesystem::remove(path);
}

TEST_CASE("trainer --king-buckets --output-buckets: the exported net evaluates as the trainer does - mirror images alike") {
    const auto data = tiny_samples();
    const auto& layout = *std::ranges::find(nnue::KingLayouts, std::string_view("8"), &nnue::KingLayout::name);
    train::Config c = short_run(3, 256, 0.003, 0.05);
    c.shape = nnue::make_shape(layout, 8);
    c.seed = 3;
    const auto model = train::train(c, data);
    REQUIRE(model.has_value());
    CHECK(model->params.size() == model->out_bias() + 8);
    auto net = nnue::parse_network(model->quantise());
    REQUIRE_MESSAGE(net.has_value(), (net ? "" : net.error()));
    CHECK((*net)->shape == c.shape);

    auto acc = std::make_unique<nnue::Accumulator>();
    for (const char* fen : CpwPerftFens) {
        const Position pos = from_fen(fen);
        nnue::refresh(**net, pos, *acc);
        const int engine = nnue::output(**net, *acc, pos.side_to_move(), nnue::output_bucket(**net, pos));
        const double trainer = model->evaluate(pos);
        INFO(std::string(fen) << ": engine " << engine << ", trainer " << trainer);
        CHECK(std::abs(engine - trainer) <= 20.0); // quantisation error, as for the plain net
        // Without castling rights the mirror image has the same inputs, so the same value
        // (up to float rounding: the inputs are summed in another order).
        if (pos.castling_rights() == NO_CASTLING) CHECK(std::abs(model->evaluate(from_fen(mirror_fen(fen))) - trainer) < 0.01);
    }
}

TEST_CASE("trainer --factoriser: one shared input set learns for every king bucket and folds into each on export") {
    const auto data = tiny_samples();
    const auto& layout = *std::ranges::find(nnue::KingLayouts, std::string_view("4"), &nnue::KingLayout::name);
    train::Config c = short_run(3, 256, 0.003, 0.05);
    c.shape = nnue::make_shape(layout, 1);
    c.factoriser = true;
    const auto model = train::train(c, data);
    REQUIRE_MESSAGE(model.has_value(), (model ? "" : model.error()));
    const std::size_t H = nnue::HIDDEN, shared = model->factoriser_weights();
    REQUIRE(model->params.size() == shared + nnue::PIECE_SQUARE_INPUTS * H);
    CHECK(
        std::ranges::any_of(model->params.begin() + std::ptrdiff_t(shared), model->params.end(), [](float w) { return w != 0; }));

    // Every bucket's weight for a piece on a square is its own plus the shared one.
    auto net = nnue::parse_network(model->quantise());
    REQUIRE_MESSAGE(net.has_value(), (net ? "" : net.error()));
    const auto ft = (*net)->ft_weights();
    for (int bucket = 0; bucket < c.shape.kingBuckets; ++bucket)
        for (int input : {0, 389, nnue::PIECE_SQUARE_INPUTS - 1})
            for (std::size_t h : {std::size_t(0), H / 2, H - 1}) {
                const std::size_t row = std::size_t(bucket * nnue::PIECE_SQUARE_INPUTS + input) * H;
                const double sum = model->params[row + h] + model->params[shared + std::size_t(input) * H + h];
                CHECK(std::abs(ft[row + h] - sum * nnue::QA) <= 0.5 + 1e-3);
            }

    // So the engine evaluates the folded net as the trainer evaluates the factorised one.
    auto acc = std::make_unique<nnue::Accumulator>();
    for (const char* fen : CpwPerftFens) {
        const Position pos = from_fen(fen);
        nnue::refresh(**net, pos, *acc);
        const int engine = nnue::output(**net, *acc, pos.side_to_move(), nnue::output_bucket(**net, pos));
        INFO(std::string(fen) << ": engine " << engine << ", trainer " << model->evaluate(pos));
        CHECK(std::abs(engine - model->evaluate(pos)) <= 20.0);
    }

    // With one input set there is nothing to share.
    c.shape = nnue::PlainShape;
    CHECK_FALSE(train::train(c, data).has_value());
}

} // TEST_SUITE
