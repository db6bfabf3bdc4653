// The touch-move commands of a UCI session (Article 4, src/laws/README.md):
// `touch`, `adjust`, `release`, `promote`, `obligation`, and how `go` keeps to
// the permitted moves. The events belong to the side to move in the session's
// position and are forgotten with it (reset()).
#pragma once

#include <expected>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "board/position.h"
#include "laws/touchmove.h"
#include "search/limits.h"

namespace jadoube {

class TouchCommands {
public:
    using Reply = std::expected<std::string, std::string>;
    using Args = std::span<const std::string_view>;

    void reset(const Position& pos) { touch_ = TouchMove(pos); }
    const TouchMove& state() const { return touch_; }

    // `touch`, `adjust`, `release`, `promote` (is_board_event(command) holds).
    Reply event(std::string_view command, Args args);
    // `obligation`: the permitted moves as an info line.
    Reply obligation(Args args, const Position& pos) const;

    // Narrows a search to the permitted moves, cut down to its searchmoves when both
    // are given. When none of the searchmoves is permitted, the searchmoves are left
    // out (their reason added to `ignored`) and every permitted move is searched: a
    // `go` is never left without its bestmove. With no event in force the limits
    // are left as they were. Returns the move to answer with at once when only one
    // is permitted (Move::none() otherwise).
    Move restrict(SearchLimits& limits, const Position& pos, std::vector<std::string>& ignored) const;

private:
    TouchMove touch_;
};

} // namespace jadoube
