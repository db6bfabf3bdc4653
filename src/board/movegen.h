// Legal move generation: every move produced is legal, found with check and pin
// masks rather than by making it and testing. One generator serves the move list,
// the staged picker and perft's bulk count (through the sink it writes to).
#pragma once

#include <algorithm>
#include <cstdint>

#include "board/position.h"

namespace jadoube {

// Stages for a move picker. TACTICAL = captures, en passant and all promotions;
// QUIETS = everything else (castling included); together they are LEGAL.
// EVASIONS = LEGAL, for a side in check (asserted).
enum GenType { TACTICAL, QUIETS, EVASIONS, LEGAL };

// Buffer size for one position's moves. The FEN reader allows at most 16 men a
// side, which bounds the count at 15 queens x 27 + 8 king + 2 castling = 415.
constexpr int MOVE_BUFFER = 512;

template<GenType T>
Move* generate(const Position& pos, Move* list);

// Number of legal moves, counted with popcounts instead of being listed.
std::uint64_t count_legal(const Position& pos);

// The same generator on plain perft's copy-made board (board/perft_board.h).
template<class MenT>
class PerftBoardOf;
Move* generate_legal(const PerftBoardOf<Placement>& board, Move* list);
std::uint64_t count_legal(const PerftBoardOf<Placement>& board);
std::uint64_t count_legal(const PerftBoardOf<Men>& leaf);

// Whether m is one of the legal moves here, for a move that comes from elsewhere (a
// transposition-table entry may hold another position's move, or any 16 bits). The
// generator itself decides, run for the piece on m's from-square only.
bool is_legal(const Position& pos, Move m);

template<GenType T = LEGAL>
struct MoveList {
    explicit MoveList(const Position& pos) : last(generate<T>(pos, moves)) {}
    const Move* begin() const { return moves; }
    const Move* end() const { return last; }
    std::size_t size() const { return std::size_t(last - moves); }
    bool contains(Move m) const { return std::find(begin(), end(), m) != end(); }

private:
    Move moves[MOVE_BUFFER];
    Move* last;
};

} // namespace jadoube
