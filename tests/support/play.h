// A game played in a test: the position after UCI moves from a FEN the Laws accept.
#pragma once

#include <doctest/doctest.h>

#include <sstream>
#include <string>

#include "laws/validate.h"
#include "notation/move_text.h"

namespace jadoube::test {

// The position after the moves (UCI text, space separated) from a validated FEN; the
// test stops at a FEN the Laws refuse or a move that is not legal.
inline Position play(const std::string& fen, const std::string& moves = "", bool chess960 = false) {
    auto start = laws::setup(fen, chess960);
    REQUIRE_MESSAGE(start.has_value(), fen << ": " << (start ? "" : start.error().message));
    Position pos = std::move(*start);
    std::istringstream in(moves);
    for (std::string m; in >> m;) {
        const Move mv = parse_uci_move(pos, m);
        REQUIRE_MESSAGE(mv, m << " is not legal in " << pos.fen());
        pos.do_move(mv);
    }
    return pos;
}

} // namespace jadoube::test
