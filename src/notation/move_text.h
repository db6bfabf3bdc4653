// Moves and squares as UCI text. Castling is stored king-takes-own-rook; only
// the text differs: standard chess writes the king's destination (e1g1),
// Chess960 (UCI_Chess960) writes king-takes-rook (e1h1).
#pragma once

#include <string>
#include <string_view>

#include "board/position.h"

namespace jadoube {

std::string square_name(Square s);

// The move as the GUI expects it in pos (the position before the move).
// Move::none() and Move::null() are "0000".
std::string to_uci(Move m, const Position& pos);

// The legal move of pos that the text names, or Move::none() when there is none.
// Standard mode accepts castling as e1g1 or e1h1; Chess960 mode only as e1h1.
// A promotion needs its letter (q r b n; upper case is tolerated, as Stockfish does).
Move parse_uci_move(const Position& pos, std::string_view text);

// Whether the text has the shape of a UCI move (e2e4, e7e8q) regardless of the
// position, so that errors can tell "not a move" from "not legal here".
bool is_uci_move_syntax(std::string_view text);

} // namespace jadoube
