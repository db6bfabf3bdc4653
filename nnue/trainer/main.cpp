// jadoube_trainer: trains the NNUE on datagen files and exports a net the engine
// loads (EvalFile) or embeds (nnue/nets/default.nnue). See nnue/README.md.
#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "eval/hce.h"
#include "eval/net_file.h"
#include "trainer.h"

namespace {

using namespace jadoube;

void usage() {
    std::cerr << "usage: jadoube_trainer --data FILE [--data FILE ...] --output NET [options]\n"
                 "       jadoube_trainer --stats FILE [FILE ...]     count games and positions, fit K\n"
                 "  --hidden N         hidden size, multiple of 32 (default 128; the engine is built for one size)\n"
                 "  --king-buckets L   input sets by the side's king square: none (default), mirror, 4, 8, 16\n"
                 "                     (src/eval/net_file.h draws them; all but none mirror files e-h onto a-d)\n"
                 "  --output-buckets N output layers by the number of pieces, 1 (default) to 8\n"
                 "  --factoriser       with king buckets: a shared input set added to every bucket while\n"
                 "                     training and folded into each on export\n"
                 "  --epochs N         passes over the training positions (default 10)\n"
                 "  --batch N          positions per Adam step (default 16384)\n"
                 "  --lr X             learning rate (default 0.001)\n"
                 "  --lr-drop E[,E..]  multiply the rate by --lr-gamma after these epochs\n"
                 "  --lr-gamma X       (default 0.1)\n"
                 "  --cosine           cosine decay from lr to lr * gamma instead of drops\n"
                 "  --lambda X         weight of the game result in the target, 0..1 (default 0.2)\n"
                 "  --scale K          the loss's sigmoid(cp / K); the data's K is printed first (default 400)\n"
                 "  --val X            fraction of the games held out for the validation loss (default 0.02)\n"
                 "  --seed N           initial weights and shuffling (default 1)\n"
                 "  --threads N        (default: all cores)\n"
                 "  --chunk N          positions per gradient chunk, the unit the threads share a batch by\n"
                 "                     (default 1024; the net depends on it, not on --threads)\n"
                 "  --out-dir DIR      checkpoints and nets per --save-every epochs, and the final ones\n"
                 "  --save-every N     (default 0: only the final checkpoint)\n"
                 "  --resume CKPT      continue from a checkpoint (same data, seed and hidden size)\n"
                 "  --init NET         start from an exported net's weights (same shape and hidden size)\n"
                 "  --keep-noisy       train on positions in check / with a capture or promotion best move too\n"
                 "  --baseline         print the hand-crafted evaluation's loss on the validation positions first\n"
                 "  --compare NET      print this net's loss on the validation positions first, as the engine\n"
                 "                     evaluates them (repeatable; without --output, stop after the comparisons)\n"
                 "  --mirror           each epoch, see half the positions without castling rights mirrored a<->h\n"
                 "  --max-score CP     skip positions scored at or beyond +-CP (default 10000: mates)\n"
                 "  --output-gain G    multiply the exported net's output layer by G (default 1), or 'fit': the G\n"
                 "                     whose outputs come closest to the search scores on the held-out positions\n"
                 "                     (nets trained with --lambda above 0 learn larger scores than the search's)\n"
                 "Data files may be raw or .xz / .zst compressed.\n";
}

template<class T>
bool parse(std::string_view s, T& out) {
    if constexpr (std::is_floating_point_v<T>) {
        try {
            std::size_t n = 0;
            out = T(std::stod(std::string(s), &n));
            return n == s.size();
        } catch (...) { return false; }
    } else {
        auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
        return ec == std::errc() && p == s.data() + s.size();
    }
}

} // namespace

int main(int argc, char* argv[]) {
    const std::vector<std::string_view> args(argv + 1, argv + argc);
    train::Config c;
    train::LoadOptions lo;
    std::vector<std::string> data, compare;
    std::string output;
    bool stats = false, baseline = false, fitGain = false;
    double gain = 1;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view k = args[i];
        auto value = [&]() -> std::string_view {
            if (i + 1 >= args.size()) {
                std::cerr << "error: " << k << " needs a value\n";
                std::exit(2);
            }
            return args[++i];
        };
        auto number = [&](auto& out) {
            const std::string_view v = value();
            if (!parse(v, out)) {
                std::cerr << "error: " << k << ": bad number '" << v << "'\n";
                std::exit(2);
            }
        };
        if (k == "--help" || k == "-h") return usage(), 0;
        else if (k == "--stats") stats = true;
        else if (k == "--data") data.emplace_back(value());
        else if (k == "--output") output = value();
        else if (k == "--hidden") number(c.hidden);
        else if (k == "--king-buckets") {
            const std::string_view name = value();
            const auto* layout = std::ranges::find(nnue::KingLayouts, name, &nnue::KingLayout::name);
            if (layout == std::end(nnue::KingLayouts)) {
                std::cerr << "error: --king-buckets: no layout '" << name << "' (none, mirror, 4, 8, 16)\n";
                return 2;
            }
            c.shape = nnue::make_shape(*layout, c.shape.outputBuckets);
        } else if (k == "--output-buckets") {
            number(c.shape.outputBuckets);
            if (c.shape.outputBuckets < 1 || c.shape.outputBuckets > nnue::MAX_OUTPUT_BUCKETS) {
                std::cerr << "error: --output-buckets must be 1 to " << nnue::MAX_OUTPUT_BUCKETS << '\n';
                return 2;
            }
        } else if (k == "--epochs") number(c.epochs);
        else if (k == "--batch") number(c.batch);
        else if (k == "--lr") number(c.lr);
        else if (k == "--lr-gamma") number(c.lrGamma);
        else if (k == "--cosine") c.cosine = true;
        else if (k == "--mirror") c.mirror = true;
        else if (k == "--factoriser") c.factoriser = true;
        else if (k == "--baseline") baseline = true;
        else if (k == "--compare") compare.emplace_back(value());
        else if (k == "--lambda") number(c.lambda);
        else if (k == "--scale") number(c.scale);
        else if (k == "--val") number(c.valFraction);
        else if (k == "--seed") number(c.seed);
        else if (k == "--threads") number(c.threads);
        else if (k == "--chunk") number(c.chunk);
        else if (k == "--out-dir") c.outDir = value();
        else if (k == "--save-every") number(c.saveEvery);
        else if (k == "--resume") c.resume = value();
        else if (k == "--init") c.init = value();
        else if (k == "--keep-noisy") lo.skipFiltered = false;
        else if (k == "--max-score") number(lo.maxScore);
        else if (k == "--output-gain") {
            const std::string_view v = value();
            if (v == "fit") fitGain = true;
            else if (!parse(v, gain) || !(gain > 0)) {
                std::cerr << "error: --output-gain: '" << v << "' is neither a positive number nor 'fit'\n";
                return 2;
            }
        } else if (k == "--lr-drop") {
            std::string_view v = value();
            while (!v.empty()) {
                const auto comma = v.find(',');
                int e = 0;
                if (!parse(v.substr(0, comma), e)) {
                    std::cerr << "error: --lr-drop: bad epoch list\n";
                    return 2;
                }
                c.lrDrops.push_back(e);
                v = comma == std::string_view::npos ? std::string_view{} : v.substr(comma + 1);
            }
        } else if (stats && !k.starts_with("--")) data.emplace_back(k);
        else {
            std::cerr << "error: unknown argument '" << k << "'\n";
            usage();
            return 2;
        }
    }
    if (data.empty() || (!stats && output.empty() && compare.empty())) {
        usage();
        return 2;
    }
    if (c.lambda < 0 || c.lambda > 1 || c.valFraction < 0 || c.valFraction >= 1 || !(c.scale > 0)) {
        std::cerr << "error: --lambda must be in 0..1, --val in 0..1 (exclusive) and --scale positive\n";
        return 2;
    }

    const auto t0 = std::chrono::steady_clock::now();
    std::vector<train::Sample> samples;
    train::LoadStats total;
    for (const std::string& path : data) {
        auto s = train::load(path, samples, lo);
        if (!s) {
            std::cerr << "error: " << s.error() << '\n';
            return 1;
        }
        std::cerr << path << ": " << s->games << " games, " << s->positions << " positions, " << s->kept << " kept ("
                  << s->filtered << " in check or noisy, " << s->extreme << " beyond +-" << lo.maxScore << ")\n";
        total.games += s->games, total.positions += s->positions, total.kept += s->kept;
        total.filtered += s->filtered, total.extreme += s->extreme;
    }
    const double loadSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::cerr << "total: " << total.games << " games, " << total.positions << " positions, " << total.kept << " kept; loaded in "
              << loadSeconds << " s\n";
    std::printf("game results fit sigmoid(score / K) best at K = %.1f cp (training with --scale %.1f)\n",
                train::fit_result_scale(samples), c.scale);
    if (stats) return 0;

    if (baseline) {
        const auto fit = train::validation_fit(samples, c, [](const train::Sample& s) {
            return double(hce::evaluate(train::to_position(s)));
        });
        std::printf("hand-crafted evaluation: val-loss %.6f, val-cp-error %.1f\n", fit.loss, fit.cpError);
    }
    for (const std::string& path : compare) {
        const auto loaded = nnue::read_network_file(path);
        if (!loaded) {
            std::cerr << "error: " << loaded.error() << '\n';
            return 1;
        }
        const auto fit = train::validation_fit(samples, c, *loaded->net);
        std::printf("%s: val-loss %.6f, val-cp-error %.1f\n", path.c_str(), fit.loss, fit.cpError);
        std::fflush(stdout);
    }
    if (output.empty()) return 0;
    std::printf("epoch  lr         train-loss  val-loss    val-cp-error  pos/s     seconds\n");
    const auto calibration = train::calibration_sample(samples, c);
    std::vector<train::Sample> heldOut;
    if (fitGain)
        std::ranges::copy_if(samples, std::back_inserter(heldOut),
                             [&](const train::Sample& s) { return train::held_out(s, c.valFraction); });
    auto model = train::train(c, std::move(samples), [](const train::EpochReport& r) {
        std::printf("%5d  %.3e  %.6f    %.6f    %6.1f      %8.0f  %.1f\n", r.epoch, r.lr, r.trainLoss, r.valLoss, r.valCpError,
                    r.positionsPerSecond, r.seconds);
        std::fflush(stdout);
    });
    if (!model) {
        std::cerr << "error: " << model.error() << '\n';
        return 1;
    }
    if (fitGain) {
        gain = train::fit_output_gain(*model, heldOut, c.valFraction);
        const auto before = train::validation_fit(heldOut, c, [&](const train::Sample& s) { return model->evaluate(s); });
        const auto after = train::validation_fit(heldOut, c, [&](const train::Sample& s) { return gain * model->evaluate(s); });
        std::printf("output gain %.4f fitted: val-cp-error %.1f -> %.1f\n", gain, before.cpError, after.cpError);
    }
    if (gain != 1) model->scale_output(gain);
    const auto net = model->quantise(calibration);
    if (const auto written = nnue::write_network_file(net, output); !written) {
        std::cerr << "error: " << written.error() << '\n';
        return 1;
    }
    std::cerr << "wrote " << output << " (" << net.size() << " bytes, hidden " << c.hidden << ", " << c.shape.kingBuckets
              << " king buckets" << (c.factoriser ? " (factorised)" : "") << (c.shape.mirror ? ", mirrored" : "") << ", "
              << c.shape.outputBuckets << " output buckets)\n";
    return 0;
}
