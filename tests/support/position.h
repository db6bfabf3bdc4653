// Positions for tests: a FEN that must parse, a random legal move, a repeated move list.
#pragma once

#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "board/movegen.h"
#include "board/position.h"

namespace jadoube::test {

// The position of a FEN that the test needs to parse (the test stops if it does not).
// Below the Laws layer: Position::set only, no 3.10.3 reachability check.
inline Position from_fen(std::string_view fen, bool chess960 = false) {
    Position pos;
    const auto ok = pos.set(fen, chess960);
    REQUIRE_MESSAGE(ok.has_value(), fen << ": " << (ok ? "" : ok.error()));
    return pos;
}

// A uniformly drawn move of a non-empty list, from any generator whose call
// operator returns an unsigned number (std::mt19937, std::mt19937_64, ...).
template<typename Generator>
Move random_move(const MoveList<LEGAL>& moves, Generator& rng) {
    return *(moves.begin() + rng() % moves.size());
}

// A move sequence (UCI text) times over, each copy preceded by a space, so that it
// can follow "position startpos moves" or another move list.
inline std::string repeat_moves(const std::string& moves, int times) {
    std::string s;
    for (int i = 0; i < times; ++i) s += ' ' + moves;
    return s;
}

} // namespace jadoube::test
