// The arguments of `go`, checked and typed, ready for the search (and perft).
#pragma once

#include <cstdint>
#include <expected>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "board/position.h"

namespace jadoube {

struct GoParams {
    std::optional<std::int64_t> time[COLOR_NB]; // wtime / btime, ms; may be negative (late GUI)
    std::optional<std::int64_t> inc[COLOR_NB];  // winc / binc, ms
    std::optional<std::int64_t> movestogo;
    std::optional<std::int64_t> depth;
    std::optional<std::int64_t> nodes;
    std::optional<std::int64_t> mate;     // in moves
    std::optional<std::int64_t> movetime; // ms
    bool infinite = false;
    bool ponder = false;
    std::vector<Move> searchmoves; // legal moves of the root; empty = all
    std::optional<int> perft;      // `go perft N`: no search, a move-generation count
};

// Parses the tokens after `go` in pos. Unknown words, missing or non-integer
// values, negative counts and illegal searchmoves are errors; a later repeat of
// a keyword overrides the earlier one. `perft N` must stand alone.
std::expected<GoParams, std::string> parse_go(std::span<const std::string_view> args, const Position& pos);

} // namespace jadoube
