// The `eval` command: the static evaluation of a position taken apart, in the
// spirit of Stockfish's `eval` trace. Every figure is from White's point of view
// (positive: White is better), so a position and its `flip` read the same with
// the signs changed.
#pragma once

#include <string>

#include "board/position.h"
#include "eval/evaluate.h"

namespace jadoube {

// The hand-crafted terms (White, Black, their difference; midgame and endgame)
// and the steps to its result, then three lines, in centipawns:
//   Hand-crafted evaluation  +N cp (White)
//   NNUE evaluation          +N cp (White), net SOURCE
//   Final evaluation         +N cp (White), WHICH
// the last being what the search uses under settings (UseNNUE, EvalFile, a bare
// king), or "none (in check)" where the search never evaluates statically.
std::string eval_report(const Position& pos, const EvalSettings& settings);

} // namespace jadoube
