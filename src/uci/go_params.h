// `go`: its arguments parsed straight into the search's limits (or a perft depth).
#pragma once

#include <expected>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "board/position.h"
#include "search/limits.h"

namespace jadoube {

struct GoCommand {
    SearchLimits limits;
    std::optional<int> perft; // `go perft N`: no search, a move-generation count
};

// Parses the tokens after `go` in pos; the clock runs from `received`. Unknown
// words, missing or non-integer values, negative counts and illegal searchmoves are
// errors; a later repeat of a keyword overrides the earlier one; `perft N` must
// stand alone. Values beyond what the search can use are capped (depth, mate,
// movestogo) and a negative clock (a GUI that is late) counts as zero.
std::expected<GoCommand, std::string> parse_go(std::span<const std::string_view> args, const Position& pos, TimePoint received);

} // namespace jadoube
