// Move-ordering statistics learnt during the search, one set per thread.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "board/types.h"
#include "search/params.h"

namespace jadoube {

// Gravity update: moves towards +-HistoryMax and decays the further it is from 0,
// so old knowledge fades without a periodic reset.
inline void history_update(std::int16_t& entry, int bonus) {
    using params::HistoryMax;
    const int clamped = bonus > HistoryMax ? HistoryMax : bonus < -HistoryMax ? -HistoryMax : bonus;
    entry = std::int16_t(entry + clamped - entry * std::abs(clamped) / HistoryMax);
}

using PieceToHistory = std::int16_t[PIECE_NB][SQUARE_NB];

struct Histories {
    // Quiet moves by side, from/to, and whether the opponent attacks the square the move
    // leaves and the one it enters: the same move that saves a piece from a threat, or
    // walks one into it, earns a different record from its quiet twin.
    std::int16_t butterfly[COLOR_NB][2][2][SQUARE_NB][SQUARE_NB];
    std::int16_t capture[PIECE_NB][SQUARE_NB][PIECE_TYPE_NB];   // captures by piece, to, victim
    PieceToHistory continuation[2][PIECE_NB][SQUARE_NB];        // [was capture][prev piece][prev to][piece][to]
    Move counter[PIECE_NB][SQUARE_NB];                          // refutation of the previous move

    // threats: the squares the opponent of `us` attacks (Position::attacks_by).
    std::int16_t& quiet(Color us, Bitboard threats, Move m) {
        return butterfly[us][(threats >> m.from_sq()) & 1][(threats >> m.to_sq()) & 1][m.from_sq()][m.to_sq()];
    }
    int quiet(Color us, Bitboard threats, Move m) const { return const_cast<Histories*>(this)->quiet(us, threats, m); }

    void clear() { std::memset(static_cast<void*>(this), 0, sizeof(*this)); }
};

} // namespace jadoube
