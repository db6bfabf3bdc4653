// Opening books as text: EPD (one position a line) and PGN (the position at the
// end of each game's main line), read into typed openings for datagen.
#pragma once

#include <expected>
#include <string>
#include <string_view>
#include <vector>

#include "board/position.h"
#include "datagen/datagen.h"

namespace jadoube {

// Reads an .epd or .pgn book (by extension; other names are tried as EPD).
// Standard chess is tried first, Chess960 when the set-up needs it. An
// unreadable line or game is an error naming it.
std::expected<std::vector<datagen::Opening>, std::string> load_book(const std::string& path);

} // namespace jadoube
