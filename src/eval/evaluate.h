// The one door the search uses to score a position. Behind it stand the NNUE
// (eval/nnue.h) and the hand-crafted evaluation (eval/hce.h); which one, and which
// net, is an EvalSettings owned by whoever runs searches (the UCI session, a
// datagen run, bench) and handed to the search with each `go`. There is no
// process-wide switch: two sessions in one process may evaluate differently.
#pragma once

#include <memory>
#include <string>

#include "board/position.h"
#include "eval/hce.h"
#include "eval/nnue.h"

namespace jadoube {

struct EvalSettings {
    bool useNnue = true; // UCI UseNNUE: false = the hand-crafted evaluation
    nnue::LoadedNetwork net = nnue::embedded_network(); // UCI EvalFile

    // "nnue, net SOURCE" or "hand-crafted", for messages and datagen's meta files.
    std::string describe() const { return useNnue ? "nnue, net " + net.source : "hand-crafted"; }
};

// A bare king: the net has never seen such a win converted (datagen adjudicates
// long before), while the hand-crafted eval drives the king to the edge, so the
// hand-crafted eval scores these positions whatever the settings.
inline bool bare_king(const Position& pos) { return more_than_one(pos.pieces(WHITE)) != more_than_one(pos.pieces(BLACK)); }

// One per search thread: the NNUE accumulators of that thread and the settings of
// the current search.
class Evaluator {
public:
    explicit Evaluator(const EvalSettings& settings = {}) : nnue_(settings.net.net), useNnue_(settings.useNnue) {}

    // Before each search. Cached accumulators survive when the net is the same.
    void use(const EvalSettings& settings) {
        useNnue_ = settings.useNnue;
        nnue_.set_network(settings.net.net);
    }
    // New game: nothing cached.
    void reset() { nnue_.reset(); }

    // Centipawns from the side to move's point of view, tempo included. Not
    // meaningful (but harmless) for a side in check.
    int evaluate(const Position& pos) { return useNnue_ && !bare_king(pos) ? nnue_.evaluate(pos) : hce::evaluate(pos); }

    const nnue::Evaluator& nnue() const { return nnue_; }

private:
    nnue::Evaluator nnue_;
    bool useNnue_;
};

} // namespace jadoube
