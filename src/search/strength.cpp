#include "search/strength.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace jadoube::strength {

Limit for_elo(int elo) {
    const double above = std::clamp(elo, MinElo, MaxElo) - MinElo;
    Limit l;
    l.nodes = std::uint64_t(std::llround(NodesAtMinElo * std::exp2(above / EloPerNodeDoubling)));
    l.temperature = TemperatureAtMinElo * std::exp2(-above / EloPerTemperatureHalving);
    l.candidates = l.temperature < MinChoiceTemperature ? 1 : CandidateLines;
    return l;
}

Limit for_skill(int skill) {
    if (skill >= MaxSkill) return {};
    return for_elo(MinElo + std::max(skill, 0) * (MaxElo - MinElo) / (MaxSkill - 1));
}

std::size_t choose(std::span<const int> scores, double temperature, SplitMix64& rng) {
    if (scores.size() <= 1 || temperature <= 0) return 0;
    std::vector<double> weight(scores.size());
    double total = 0;
    for (std::size_t i = 0; i < scores.size(); ++i)
        total += weight[i] = std::exp(-std::clamp(scores[0] - scores[i], 0, MaxScoreGap) / temperature);
    double x = rng.uniform() * total; // total >= 1: the best move weighs exp(0)
    for (std::size_t i = 0; i + 1 < scores.size(); ++i)
        if ((x -= weight[i]) < 0) return i;
    return scores.size() - 1;
}

} // namespace jadoube::strength
