// UCI lines end in "\n" on every platform.
#pragma once

namespace jadoube {

// On Windows the C runtime opens standard output in text mode, which writes each "\n"
// as "\r\n". GUIs on Windows accept either, but a tool on another system driving the
// Windows build (fastchess or cutechess-cli on Linux through wine) reads
// "bestmove e2e4\r" and refuses the move. Binary mode writes "\n" as it is. Input
// needs nothing: the UCI session drops a "\r" before "\n" on every platform.
// Elsewhere this does nothing.
void write_bare_newlines();

} // namespace jadoube
