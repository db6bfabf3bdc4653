// The touch-move commands of the UCI session (Article 4, shared/design/touch-move.md):
// `touch`, `adjust`, `release`, `promote`, `obligation`, and how `go` keeps to
// the permitted moves.
#include <algorithm>

#include "uci/go_params.h"
#include "uci/notation.h"
#include "uci/text.h"
#include "uci/touch_text.h"
#include "uci/uci.h"

namespace jadoube {

namespace {
using Err = std::unexpected<std::string>;
} // namespace

UciSession::Reply UciSession::cmd_touch_event(std::string_view command, Args args) {
    const auto event = read_board_event(command, args);
    if (!event) return Err(render(event.error(), Lang::En));
    if (auto ok = touch_.apply(*event); !ok) return Err(std::string(command) + ": " + render(ok.error(), Lang::En));
    return "";
}

UciSession::Reply UciSession::cmd_obligation(Args args) const {
    if (!args.empty()) return Err("obligation: takes no arguments, got " + text::quoted(args[0]));
    return obligation_line(touch_.obligation(), pos_);
}

// With touch-move events in force, `go` searches the permitted set only, cut
// down to `searchmoves` when both are given; an empty intersection is refused
// (no bestmove could be both). With no event in force `go` is left as it was.
std::expected<Move, std::string> UciSession::restrict_to_obligation(GoParams& params) const {
    if (params.perft || !touch_.any_obligation_event()) return Move::none();
    const Obligation ob = touch_.obligation();
    if (ob.moves.empty()) return Move::none(); // no legal move: the search answers as usual
    std::vector<Move> permitted;
    for (Move m : ob.moves)
        if (params.searchmoves.empty() || std::ranges::find(params.searchmoves, m) != params.searchmoves.end())
            permitted.push_back(m);
    if (permitted.empty())
        return Err("go searchmoves: none of them is permitted by touch-move (article "
                   + std::string(article_number(ob.article)) + ": " + moves_text(ob.moves, pos_) + ")");
    params.searchmoves = permitted;
    return permitted.size() == 1 ? permitted[0] : Move::none();
}

// One permitted move: no search. `go infinite` and `go ponder` still may not
// answer before `stop` (or `ponderhit`), so their bestmove waits for it.
UciSession::Reply UciSession::answer_forced(Move m, const GoParams& params) {
    std::string line = "bestmove " + to_uci(m, pos_) + '\n';
    if (!params.infinite && !params.ponder) return line;
    heldBestmove_ = std::move(line);
    heldInfinite_ = params.infinite;
    return "";
}

void UciSession::send_held_bestmove() {
    if (heldBestmove_.empty()) return;
    out_.send(heldBestmove_);
    heldBestmove_.clear();
    heldInfinite_ = false;
}

} // namespace jadoube
