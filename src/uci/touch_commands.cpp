#include "uci/touch_commands.h"

#include "notation/touch_text.h"
#include "util/text.h"

namespace jadoube {

TouchReply touch_event(Engine& engine, std::string_view command, std::span<const std::string_view> args) {
    const auto event = read_board_event(command, args);
    if (!event) return std::unexpected(render(event.error(), Lang::En));
    if (auto ok = engine.touch_event(*event); !ok)
        return std::unexpected(std::string(command) + ": " + render(ok.error(), Lang::En));
    return "";
}

TouchReply touch_obligation(const Engine& engine, std::span<const std::string_view> args) {
    if (!args.empty()) return std::unexpected("obligation: takes no arguments, got " + text::quoted(args[0]));
    return obligation_line(engine.touch().obligation(), engine.position());
}

} // namespace jadoube
