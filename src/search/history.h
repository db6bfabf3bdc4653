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
    std::int16_t butterfly[COLOR_NB][SQUARE_NB][SQUARE_NB];     // quiet moves by from/to
    std::int16_t capture[PIECE_NB][SQUARE_NB][PIECE_TYPE_NB];   // captures by piece, to, victim
    PieceToHistory continuation[2][PIECE_NB][SQUARE_NB];        // [was capture][prev piece][prev to][piece][to]
    Move counter[PIECE_NB][SQUARE_NB];                          // refutation of the previous move

    void clear() { std::memset(static_cast<void*>(this), 0, sizeof(*this)); }
};

} // namespace jadoube
