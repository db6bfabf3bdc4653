// Plain piece values for the search's exchange arithmetic (SEE, MVV-LVA, delta
// pruning). Deliberately separate from the evaluation's tuned, tapered values: these
// stay fixed when the evaluation (HCE or NNUE) changes behind evaluate().
#pragma once

#include "board/types.h"

namespace jadoube {

// Indexed by PieceType: none, pawn, knight, bishop, rook, queen, king.
inline constexpr int PieceValue[PIECE_TYPE_NB] = {0, 100, 320, 330, 500, 950, 0};

constexpr int piece_value(Piece pc) { return PieceValue[type_of(pc)]; }

} // namespace jadoube
