// The colour mirror of a position (UCI `flip`, the evaluation's symmetry tests):
// the board turned upside down, every piece changing colour, the other side to
// move, castling rights and the en passant square mirrored with them. Chess is
// colour-symmetric, so the mirror has the same legal moves (mirrored) and the
// same value for the side to move.
#pragma once

#include <string>

#include "board/position.h"

namespace jadoube {

// The mirror of pos as a FEN, castling in Shredder notation (file letters), which
// both standard chess and Chess960 read. The history is not carried over.
std::string flipped_fen(const Position& pos);

} // namespace jadoube
