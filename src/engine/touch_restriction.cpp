#include "engine/touch_restriction.h"

#include <algorithm>

#include "notation/touch_text.h"

namespace jadoube {

Move restrict_to_permitted(const TouchMove& touch, SearchLimits& limits, const Position& pos, std::vector<std::string>& ignored) {
    if (!touch.any_obligation_event()) return Move::none();
    const Obligation ob = touch.obligation();
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
