// Standard Algebraic Notation (SAN), as PGN books and game scores write moves.
#pragma once

#include <string_view>

#include "board/position.h"

namespace jadoube {

// The legal move of pos that a SAN token names (e4, exd5, Nbd7, R1e2, e8=Q,
// O-O, with or without +, #, !, ?), or Move::none() when there is none or the
// token is ambiguous.
Move parse_san(const Position& pos, std::string_view san);

} // namespace jadoube
