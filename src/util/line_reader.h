// Reads one input line without letting a line of unbounded length take
// unbounded memory (std::getline would buffer all of it first).
#pragma once

#include <cstddef>
#include <istream>
#include <string>

namespace jadoube {

// Reads up to the next '\n' (not stored) or end of input. Keeps at most
// cap + 1 bytes of the line and discards the rest, so an over-long line still
// arrives as longer than cap and can be refused whole. Returns false only when
// the input ended before any byte of a new line.
bool read_line(std::istream& in, std::string& line, std::size_t cap);

} // namespace jadoube
