#include "notation/rules_report.h"

#include "laws/rules.h"

namespace jadoube {

std::string rules_report(const Position& pos) {
    const laws::GameOutcome outcome = laws::game_outcome(pos);
    const laws::StateText& r = laws::state_text(outcome.state);
    std::string s = "info string rules " + std::string(r.name) + " article " + std::string(r.article) + " result "
                    + std::string(laws::result(outcome.state, pos.side_to_move())) + " repetitions "
                    + std::to_string(laws::repetition_count(pos)) + " halfmove-clock " + std::to_string(pos.rule50_count());
    if (outcome.ply < pos.game_ply()) s += " ended-at-ply " + std::to_string(outcome.ply);
    return s + '\n';
}

} // namespace jadoube
