// Positions of one material (e.g. "KRvKP") for the Syzygy tests and fuzz target:
// its men as FEN letters, a board of them as a FEN, a random placement. Plain
// data and no doctest, so that tests/fuzz can include it too.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace jadoube::test {

// FEN letters by square, a1 first; 0 for an empty square.
using Placement = std::array<char, 64>;

// The men of a material as FEN letters: "KRvKP" is K, R, k, p.
inline std::vector<char> men_of(std::string_view material) {
    std::vector<char> men;
    bool black = false;
    for (char c : material) {
        if (c == 'v') black = true;
        else men.push_back(black ? char(c | 0x20) : c);
    }
    return men;
}

// A pawn may not stand on the first or last rank.
inline bool may_stand(char man, int sq) { return (man | 0x20) != 'p' || (sq >= 8 && sq < 56); }

// The FEN of a board with `stm` ('w' or 'b') to move, no castling, no en passant.
inline std::string placement_fen(const Placement& board, char stm) {
    std::string f;
    for (int r = 7; r >= 0; --r) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            const char c = board[std::size_t(8 * r + file)];
            if (!c) ++empty;
            else {
                if (empty) f += char('0' + empty), empty = 0;
                f += c;
            }
        }
        if (empty) f += char('0' + empty);
        if (r) f += '/';
    }
    return f + ' ' + stm + " - - 0 1";
}

// `men` on random empty squares where they may stand; rng() gives 64-bit values.
// The placement may still be illegal (kings adjacent, a side in check).
template<typename Rng>
Placement random_placement(const std::vector<char>& men, Rng&& rng) {
    Placement board{};
    for (char man : men) {
        int sq;
        do sq = int(rng() % 64);
        while (board[std::size_t(sq)] || !may_stand(man, sq));
        board[std::size_t(sq)] = man;
    }
    return board;
}

} // namespace jadoube::test
