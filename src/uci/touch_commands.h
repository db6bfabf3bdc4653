// The touch-move commands of a UCI session (Article 4, src/laws/README.md):
// `touch`, `adjust`, `release`, `promote` and `obligation`, read into the engine's
// touch-move state. The events belong to the side to move in the engine's position
// and are forgotten with it; the engine keeps `go` to the permitted moves.
#pragma once

#include <expected>
#include <span>
#include <string>
#include <string_view>

#include "engine/engine.h"

namespace jadoube {

using TouchReply = std::expected<std::string, std::string>;

// `touch`, `adjust`, `release`, `promote` (is_board_event(command) holds).
TouchReply touch_event(Engine& engine, std::string_view command, std::span<const std::string_view> args);
// `obligation`: the permitted moves as an info line.
TouchReply touch_obligation(const Engine& engine, std::span<const std::string_view> args);

} // namespace jadoube
