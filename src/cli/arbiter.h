// `jadoube arbiter [--lang en|ru] [FILE]`: the game-log reader of the arbiter
// mode. One event a line (`startpos`, `fen FEN`, `touch`, `adjust`, `release`,
// `promote`, `move UCI`, `claim`; `#` starts a comment), one ruling printed for
// each event line. The first line that does not fit (unreadable, or not
// possible on the board) ends the run with its number on the error stream.
#pragma once

#include <iosfwd>
#include <span>
#include <string_view>

#include "laws/rulings.h"
#include "util/exit_code.h"

namespace jadoube {

// Reads the log to its end: ExitOk, or ExitFailure at the first malformed line.
int run_arbiter(std::istream& in, std::ostream& out, std::ostream& err, Lang lang);

// The command line after `arbiter`: [--lang en|ru] [FILE], standard input without FILE.
int arbiter_main(std::span<const std::string_view> args);

} // namespace jadoube
