#include "uci/touch_commands.h"

#include <algorithm>
#include <vector>

#include "notation/touch_text.h"
#include "util/text.h"

namespace jadoube {

namespace {
using Err = std::unexpected<std::string>;
} // namespace

TouchCommands::Reply TouchCommands::event(std::string_view command, Args args) {
    const auto event = read_board_event(command, args);
    if (!event) return Err(render(event.error(), Lang::En));
    if (auto ok = touch_.apply(*event); !ok) return Err(std::string(command) + ": " + render(ok.error(), Lang::En));
    return "";
}

TouchCommands::Reply TouchCommands::obligation(Args args, const Position& pos) const {
    if (!args.empty()) return Err("obligation: takes no arguments, got " + text::quoted(args[0]));
    return obligation_line(touch_.obligation(), pos);
}

Move TouchCommands::restrict(SearchLimits& limits, const Position& pos, std::vector<std::string>& ignored) const {
    if (!touch_.any_obligation_event()) return Move::none();
    const Obligation ob = touch_.obligation();
    if (ob.moves.empty()) return Move::none(); // no legal move: the search answers as usual
    std::vector<Move> permitted;
    for (Move m : ob.moves)
        if (limits.searchmoves.empty() || std::ranges::find(limits.searchmoves, m) != limits.searchmoves.end())
            permitted.push_back(m);
    if (permitted.empty()) {
        ignored.push_back("go searchmoves: none of them is permitted by touch-move (article "
                          + std::string(article_number(ob.article)) + ": " + moves_text(ob.moves, pos)
                          + "); every permitted move is searched");
        permitted.assign(ob.moves.begin(), ob.moves.end());
    }
    limits.searchmoves = permitted;
    return permitted.size() == 1 ? permitted[0] : Move::none();
}

} // namespace jadoube
