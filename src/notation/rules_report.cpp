#include "notation/rules_report.h"

#include "laws/rules.h"

namespace jadoube {

std::string rules_report(const Position& pos) {
    const laws::GameState state = laws::game_state(pos);
    const laws::StateText& r = laws::state_text(state);
    return "info string rules " + std::string(r.name) + " article " + std::string(r.article) + " result "
           + std::string(laws::result(state, pos.side_to_move())) + " repetitions " + std::to_string(laws::repetition_count(pos))
           + " halfmove-clock " + std::to_string(pos.rule50_count()) + '\n';
}

} // namespace jadoube
