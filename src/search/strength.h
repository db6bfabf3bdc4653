// Playing below full strength: UCI_LimitStrength with UCI_Elo, and Skill Level.
//
// Our method has two knobs, both log-linear in the target Elo:
//   - a node budget per move: a weaker player sees less of the tree, so it misses
//     tactics a few plies deep, the way weaker humans do;
//   - a soft-max choice among the best few root moves, searched as MultiPV lines:
//     it picks a move with probability exp((score - best) / T), so a weaker player
//     (higher T) often plays a slightly worse move and rarely a blunder, and a
//     proven mate, hundreds of centipawns above the rest, is never missed.
// The constants are fitted by matches against Stockfish 15.1 at the same UCI_Elo
// (its levels are calibrated by its authors on a CCRL 40/4 scale); the figures are
// in bench/log/2026-11-24-strength-limit.md.
#pragma once

#include <cstdint>
#include <span>

#include "util/random.h"

namespace jadoube::strength {

// UCI_Elo's range: Stockfish 15.1's, which GUIs already offer.
inline constexpr int MinElo = 1350;
inline constexpr int MaxElo = 2850;
// Skill Level 0..19 spread evenly over that range; 20 is full strength.
inline constexpr int MaxSkill = 20;

// The fit. Nodes and temperature at MinElo, and how many Elo points double the
// nodes or halve the temperature.
inline constexpr double NodesAtMinElo = 880;
inline constexpr double EloPerNodeDoubling = 123;
inline constexpr double TemperatureAtMinElo = 47; // centipawns
inline constexpr double EloPerTemperatureHalving = 231;
// MultiPV lines the choice is made from: enough for a plausible second choice,
// few enough that the node budget still sees each of them.
inline constexpr int CandidateLines = 4;
// Below this temperature (centipawns) the choice is the best line all but always,
// and the extra lines would only cost depth: one line is searched. The strongest
// levels are bound by the clock, not the budget, at the controls users play them.
inline constexpr double MinChoiceTemperature = 2;
// Score gaps beyond this many centipawns count as this many, so exp() stays finite;
// at any temperature the fit reaches, such a move is never chosen anyway.
inline constexpr int MaxScoreGap = 2000;

struct Limit {
    std::uint64_t nodes = 0; // node budget per move; 0: full strength
    int candidates = 1;
    double temperature = 0; // centipawns
    bool active() const { return nodes != 0; }
};

// elo is clamped to [MinElo, MaxElo].
Limit for_elo(int elo);
// skill 0..MaxSkill; MaxSkill (and above) is full strength.
Limit for_skill(int skill);

// The soft-max choice: scores (centipawns) of the candidate moves, best first; returns
// the index of the one to play.
std::size_t choose(std::span<const int> scores, double temperature, SplitMix64& rng);

} // namespace jadoube::strength
