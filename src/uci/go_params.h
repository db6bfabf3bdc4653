// `go`: its arguments parsed straight into the search's limits (or a perft depth).
#pragma once

#include <expected>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "board/position.h"
#include "search/limits.h"

namespace jadoube {

struct GoCommand {
    SearchLimits limits;
    std::optional<int> perft; // `go perft N`: no search, a move-generation count
    std::size_t perftHashMiB = 0; // `go perft N hash MB`: hashed perft with a table of MB MiB
    // The parts of the command that were left out, one reason each (an `info string
    // error:` line apiece): the search runs with the rest.
    std::vector<std::string> ignored;
    // The command had parts and every one was left out: it asked for no limit the
    // engine can use (Engine::go_promptly). A bare `go` has none and is infinite.
    bool nothingValid = false;
};

// Parses the tokens after `go` in pos; the clock runs from `received`. A search is
// never refused, since a GUI waits for its bestmove: an unknown word (and the
// values after it, up to the next keyword), a missing, non-integer, out-of-range or
// negative value, or an illegal searchmoves move is left out with its reason in
// `ignored`; searchmoves left with no move restricts nothing. A later repeat of a
// keyword overrides the earlier one. Values beyond what the search can use are
// capped (depth, mate, movestogo) and a negative clock (a GUI that is late) counts
// as zero. `perft N [hash MB]` is no search and answers no bestmove: a bad depth or
// hash size, or perft with other parameters, refuses the command (the error is
// returned); `hash` without perft is ignored.
std::expected<GoCommand, std::string> parse_go(std::span<const std::string_view> args, const Position& pos, TimePoint received);

} // namespace jadoube
