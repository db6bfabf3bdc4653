#include "notation/rules_report.h"

#include "laws/dead.h"
#include "laws/rules.h"

namespace jadoube {

std::string rules_report(const Position& pos, const syzygy::Tablebases* tables) {
    const laws::GameOutcome outcome = laws::game_outcome(pos);
    const laws::StateText& r = laws::state_text(outcome.state);
    std::string s = "info string rules " + std::string(r.name) + " article " + std::string(r.article) + " result "
                    + std::string(laws::result(outcome.state, pos.side_to_move())) + " repetitions "
                    + std::to_string(laws::repetition_count(pos)) + " halfmove-clock " + std::to_string(pos.rule50_count());
    if (outcome.ply < pos.game_ply()) s += " ended-at-ply " + std::to_string(outcome.ply);
    if (tables && laws::ending(outcome.state) != laws::Ending::Automatic) {
        Position probed = pos.without_history(); // the probes play and take back captures
        if (const std::optional<int> wdl = tables->probe_wdl(probed)) {
            static constexpr const char* Value[5] = {"loss", "blessed-loss", "draw", "cursed-win", "win"};
            s += " tablebase " + std::string(Value[*wdl + 2]);
            if (const std::optional<int> dtz = tables->probe_dtz(probed)) s += " dtz " + std::to_string(*dtz);
        }
    }
    // Article 6.9: whether each side could still mate, should the other's flag fall.
    for (const Color c : {WHITE, BLACK}) {
        const laws::MateProof proof = laws::unwinnable_proof(pos, c);
        s += c == WHITE ? " white-can-mate " : " black-can-mate ";
        s += proof == laws::MateProof::None ? std::string("yes") : std::string("no:") + laws::proof_name(proof);
    }
    return s + '\n';
}

} // namespace jadoube
