// The `d` command: the board as ASCII (rank 8 first), then Fen, Key and
// Checkers lines in Stockfish's layout, which scripts grep for.
#pragma once

#include <string>

#include "board/position.h"

namespace jadoube {

std::string display(const Position& pos);

// 16 upper-case hex digits, as Stockfish prints keys.
std::string key_hex(Key key);

} // namespace jadoube
