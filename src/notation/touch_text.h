// Article 4 as text. Reads the event commands that UCI and the arbiter's game
// log share (`touch`, `adjust`, `release`, `promote`), and words obligations,
// rulings and errors through the one table in laws/rulings.
#pragma once

#include <expected>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "board/position.h"
#include "laws/arbiter.h"
#include "laws/rulings.h"
#include "laws/touchmove.h"

namespace jadoube {

// Text that could not be read as an event, typed so that it can be worded in any language.
struct ReadError {
    Case c;
    std::string event; // the command word
    std::string token; // the offending text, quoted
    std::string fen;   // ErrIllegalMove
    std::string why;   // ErrBadFen (the board's own explanation)
};

std::optional<Square> read_square(std::string_view text);

bool is_board_event(std::string_view command);
// `touch SQ [SQ ...]`, `adjust SQ [SQ ...]`, `release FROM TO`, `promote q|r|b|n`.
std::expected<BoardEvent, ReadError> read_board_event(std::string_view command, std::span<const std::string_view> args);

std::string render(const ReadError& e, Lang lang);
std::string render(const EventError& e, Lang lang);
std::string render(const Ruling& r, Lang lang);

// The moves in UCI notation for pos, separated by spaces.
std::string moves_text(const MoveSet& moves, const Position& pos);
// Why the set is what it is, one sentence (no moves).
std::string reason_text(const Obligation& ob, const Position& pos, Lang lang);
// `info string touchmove article A moves M1 M2 ...`, newline included.
std::string obligation_line(const Obligation& ob, const Position& pos);
// The lines `d` appends: the events and the obligation.
std::string touch_display(const TouchMove& t, const Position& pos);

} // namespace jadoube
