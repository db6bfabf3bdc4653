#include "notation/eval_report.h"

#include <cstdio>

#include "eval/hce.h"
#include "eval/nnue.h"

namespace jadoube {

namespace {

constexpr int TermWidth = 15;
// "----------------+-------------+-------------+-------------"
const std::string Rule = std::string(TermWidth + 1, '-') + "+" + std::string(13, '-') + "+" + std::string(13, '-') + "+"
                         + std::string(13, '-') + "\n";

std::string row(std::string_view name, hce::Score white, hce::Score black) {
    const hce::Score total = white - black;
    char line[128];
    std::snprintf(line, sizeof line, "%*.*s | %5d %5d | %5d %5d | %5d %5d\n", TermWidth, int(name.size()), name.data(),
                  white.mg(), white.eg(), black.mg(), black.eg(), total.mg(), total.eg());
    return line;
}

// "+35 cp (White)": centipawns with their sign, as UCI scores are given.
std::string white_cp(int sideToMoveValue, Color sideToMove) {
    const int v = sideToMove == WHITE ? sideToMoveValue : -sideToMoveValue;
    return (v > 0 ? "+" : "") + std::to_string(v) + " cp (White)";
}

} // namespace

std::string eval_report(const Position& pos, const EvalSettings& settings) {
    const hce::Trace t = hce::trace(pos);
    const Color us = pos.side_to_move();

    std::string out;
    char line[160];
    std::snprintf(line, sizeof line, "%*s | %11s | %11s | %11s\n%*s | %5s %5s | %5s %5s | %5s %5s\n", TermWidth, "Term", "White",
                  "Black", "Total", TermWidth, "", "MG", "EG", "MG", "EG", "MG", "EG");
    out += line;
    out += Rule;
    hce::Score white, black;
    for (int i = 0; i < hce::TERM_NB; ++i) {
        out += row(hce::TermNames[i], t.terms[i][WHITE], t.terms[i][BLACK]);
        white += t.terms[i][WHITE];
        black += t.terms[i][BLACK];
    }
    out += Rule;
    out += row("Total", white, black);
    std::snprintf(line, sizeof line, "Phase %d/%d: tapered %+d, tempo %+d, scale %d/%d\n\n", t.phase, hce::PHASE_MAX, t.blended,
                  t.tempo, t.scale, hce::SCALE_NORMAL);
    out += line;

    nnue::Evaluator net(settings.net.net);
    Evaluator search(settings);
    const std::string which = !settings.useNnue ? "hand-crafted (UseNNUE false)"
                              : bare_king(pos)  ? "hand-crafted (a bare king)"
                                                : "nnue";
    out += "Hand-crafted evaluation  " + white_cp(t.result, us) + '\n';
    out += "NNUE evaluation          " + white_cp(net.evaluate(pos), us) + ", net " + settings.net.source + '\n';
    out += "Final evaluation         "
           + (pos.checkers() ? std::string("none (in check)") : white_cp(search.evaluate(pos), us) + ", " + which) + '\n';
    return out;
}

} // namespace jadoube
