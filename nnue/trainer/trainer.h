// The NNUE trainer: float32 (768 x KB -> H) x 2 -> OB SCReLU network (king buckets
// and output buckets as src/eval/net_file.h defines them), trained with Adam on the
// datagen format (src/datagen/format.h), exported to the engine's net format with
// QA = 255, QB = 256, scale 400.
//
// Loss: mean over the batch of (sigmoid(eval / K) - target)^2, where eval is the
// net's output in centipawns, K the loss's scale (Config::scale) and
//   target = (1 - lambda) * sigmoid(score / K) + lambda * wdl,
// score and wdl (0, 0.5, 1) from the side to move's point of view. Blending the
// two terms only makes sense when sigmoid(score / K) is what the score is worth in
// games: fit_result_scale measures that K on the data.
//
// Reproducible: a batch is always cut into the same chunks (a function of the
// batch and chunk sizes only), each chunk's gradient is summed on its own and the
// chunks are added in order, so the result does not depend on the thread count.
#pragma once

#include <cstdint>
#include <expected>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "board/position.h"
#include "datagen/format.h"
#include "eval/net_file.h"

namespace jadoube::train {

// One training position, 32 bytes: the board (occupancy + 4-bit pieces in
// square order, as Piece values), the score and result from the side to move's view.
struct Sample {
    std::uint64_t occ;
    std::uint8_t pieces[16];
    std::int16_t score;
    std::uint8_t result;       // 0 loss, 1 draw, 2 win for the side to move
    std::uint8_t stm : 1;      // Color
    std::uint8_t castling : 1; // someone may still castle: mirroring files would change the position's value
    std::uint32_t game;  // a hash of the file and game it came from: validation holds out whole games
};
static_assert(sizeof(Sample) == 32);

Sample make_sample(const Position& pos, int scoreWhite, datagen::Outcome outcome, std::uint32_t game = 0);

struct LoadOptions {
    bool skipFiltered = true; // in check, noisy best move
    int maxScore = 10000;     // skip |score| at or beyond this (mate scores)
};

struct LoadStats {
    std::uint64_t games = 0, positions = 0, kept = 0, filtered = 0, extreme = 0;
};

// Appends the usable positions of a data file to out. FILE.xz and FILE.zst are
// read through `xz -dc` / `zstd -dc`. Samples' game hashes mix the file's name
// with the game's index.
std::expected<LoadStats, std::string> load(const std::string& path, std::vector<Sample>& out, const LoadOptions& options = {});

struct Config {
    int hidden = 128;
    nnue::NetShape shape = nnue::PlainShape; // king buckets, mirroring, output buckets
    int epochs = 10;
    int batch = 16384;
    double lr = 1e-3;
    std::vector<int> lrDrops; // multiply the rate by lrGamma after each of these epochs
    double lrGamma = 0.1;
    bool cosine = false;      // cosine decay from lr to lr * lrGamma over all steps (instead of drops)
    double lambda = 0.2;      // weight of the game result in the target
    double scale = 400;       // K of the loss, centipawns (the export scale stays nnue::SCALE)
    double valFraction = 0.02; // of the games, held out whole for the validation loss
    std::uint64_t seed = 1;
    int threads = 0;          // 0: all cores
    // Positions per gradient chunk: the threads share a batch chunk by chunk (batch /
    // chunk of them, at least 1 and at most 16). The result depends on it (the order
    // in which floats are added), never on the thread count; 1024, the size every net
    // so far was trained with, leaves a batch of 1024 to one thread.
    int chunk = 1024;
    std::string outDir;       // checkpoints and per-epoch nets (empty: none)
    int saveEvery = 0;        // epochs between checkpoints (0: only the last)
    std::string resume;       // checkpoint to continue from
    // An exported net to start from instead of random weights (its shape and hidden
    // size must be the config's): fine-tuning a shipped net on newer data or another
    // target. The file keeps no Adam moments, so they start at zero as in a new run.
    std::string init;
    // Augmentation: in each epoch, a pseudo-random half of the training positions
    // without castling rights are seen mirrored a<->h. The rules are symmetric under
    // that mirror, so the labels stay true; a data-starved net sees twice the boards.
    bool mirror = false;
    // Factoriser (king buckets only): one more 768-input set, shared by every king
    // bucket, whose weights are added to the bucket's own while training and folded
    // into each bucket on export. What holds wherever the king stands is learnt once
    // from all positions; a bucket's own weights learn only where it differs, so
    // buckets that see few positions do not over-fit them.
    bool factoriser = false;
};

class Model {
public:
    explicit Model(int hidden, const nnue::NetShape& shape = nnue::PlainShape, bool factoriser = false);
    int hidden() const { return hidden_; }
    const nnue::NetShape& shape() const { return shape_; }
    bool factorised() const { return factoriser_; }
    void init(std::uint64_t seed);
    // The float weights of an exported net (the quantised integers divided by their
    // scales), so that this model evaluates as the engine evaluates that net; a
    // factoriser starts at zero. Refuses another shape or hidden size.
    std::expected<void, std::string> load(const nnue::Network& net);

    // The net's output in centipawns (float arithmetic, no quantisation).
    double evaluate(const Position& pos) const;
    double evaluate(const Sample& s) const;

    // The quantised net in the engine's file format. With calibration positions the
    // output weights are rounded to fit the float net over them (trainer.cpp), else
    // each to its nearest step.
    std::vector<std::uint8_t> quantise(std::span<const Sample> calibration = {}) const;

    // Multiplies the output layer (weights and biases of every bucket) by gain, so the
    // net's every output is gain times what it was.
    void scale_output(double gain);

    // Layout of params: ftW[inputs * H] (row per input), ftB[H], outW[OB][2H] (side to
    // move first), outB[OB], and with the factoriser its rows, factW[768 * H].
    std::size_t ft_weights() const { return 0; }
    std::size_t ft_biases() const { return std::size_t(shape_.inputs()) * std::size_t(hidden_); }
    std::size_t out_weights() const { return ft_biases() + std::size_t(hidden_); }
    std::size_t out_bias() const { return out_weights() + std::size_t(shape_.outputBuckets) * 2 * std::size_t(hidden_); }
    std::size_t factoriser_weights() const { return out_bias() + std::size_t(shape_.outputBuckets); }
    std::vector<float> params;

private:
    int hidden_;
    nnue::NetShape shape_;
    bool factoriser_;
};

struct EpochReport {
    int epoch = 0, epochs = 0;
    double lr = 0, trainLoss = 0, valLoss = 0, valCpError = 0;
    double positionsPerSecond = 0, seconds = 0;
    std::uint64_t trainPositions = 0, valPositions = 0;
};

// Whether a sample's game is held out for validation (a fraction valFraction of the games).
bool held_out(const Sample& s, double valFraction);

// The board of a sample: pieces and side to move (no castling rights, en passant or clocks).
Position to_position(const Sample& s);

// How an evaluation (centipawns for the side to move) fits the held-out positions: the
// loss as train() reports it, and the mean absolute difference from the recorded search
// scores in centipawns, which does not depend on lambda. With the hand-crafted
// evaluation, the baseline a net has to beat.
struct Fit {
    double loss = 0, cpError = 0;
};
Fit validation_fit(const std::vector<Sample>& data, const Config& c, const std::function<double(const Sample&)>& cp);
// The same for an exported net, evaluated as the engine evaluates it (quantised): nets
// trained on other data or settings, compared on these held-out games. A game's side of
// the split depends only on its file's name and its index there, so the same games
// stay held out as files are added.
Fit validation_fit(const std::vector<Sample>& data, const Config& c, const nnue::Network& net);

// The K for which sigmoid(score / K) predicts the game results best (least squares
// against wdl = 0, 0.5, 1), searched from 10 to 5000 cp. Self-play at a few thousand
// nodes converts small edges often, so K comes out well below the export scale.
double fit_result_scale(const std::vector<Sample>& data);

// The output gain g for which g x the model's output comes closest to the recorded search
// scores on the held-out positions of data (least mean absolute centipawns, the
// validation cp error). The search's margins are centipawns of those scores; a net
// trained with the game result in its target (lambda > 0) learns larger outputs, since
// results are more extreme than sigmoid(score / K) at the export's K of 400 (the data's
// own K is near 160). The mean of |g e - s| is convex in g and least at the median of
// s / e weighted by |e|, so the fit is exact. Returns 1 when no held-out output is
// non-zero.
double fit_output_gain(const Model& model, std::span<const Sample> data, double valFraction);

// The positions the export rounds the output weights against: up to
// CalibrationPositions training (not held-out) positions, evenly spaced through data.
// train() takes them from the data it is given, so a net exported after train() with
// calibration_sample of the same data is the one train() saved.
inline constexpr std::size_t CalibrationPositions = 32768;
std::vector<Sample> calibration_sample(const std::vector<Sample>& data, const Config& c);

// Trains on data (shuffled here; the games whose hash falls in valFraction are held
// out for validation, so that no game is on both sides).
// report is called after every epoch. Writes checkpoints when outDir is set.
std::expected<Model, std::string> train(const Config& config, std::vector<Sample> data,
                                        const std::function<void(const EpochReport&)>& report = {});

} // namespace jadoube::train
