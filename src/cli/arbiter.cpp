#include "cli/arbiter.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "laws/arbiter.h"
#include "laws/validate.h"
#include "notation/move_text.h"
#include "notation/touch_text.h"
#include "util/line_reader.h"
#include "util/text.h"

namespace jadoube {

namespace {

using Err = std::unexpected<ReadError>;
using Args = std::span<const std::string_view>;

constexpr std::size_t MaxLogLine = std::size_t(1) << 20;

// The reader: one line's tokens to a typed event. Moves are read in the
// arbiter's current position, since only it can tell e1g1 from a king step.
std::expected<LogEvent, ReadError> read_log_event(std::string_view command, Args args, const Arbiter& arbiter) {
    const std::string event(command);
    if (arbiter.over() && command != "startpos" && command != "fen") return Err(ReadError{Case::ErrGameOver, event, {}, {}, {}});
    const auto no_args = [&]() -> std::optional<ReadError> {
        if (args.empty()) return std::nullopt;
        return ReadError{Case::ErrNoArguments, event, text::quoted(args[0]), {}, {}};
    };
    if (command == "startpos") {
        if (auto e = no_args()) return Err(*e);
        return StartEvent{Position()};
    }
    if (command == "fen") {
        const std::string fen = text::join(args);
        // Standard chess first (castling written e1g1); Chess960 when only it can read the set-up.
        // Through the Laws layer: an arbiter must not rule on a position no game reaches (3.10.3).
        auto p = laws::setup(fen, false);
        if (!p) p = laws::setup(fen, true);
        if (!p) {
            const auto first = laws::setup(fen, false).error();
            const std::string why = first.kind == FenError::Kind::Unreachable ? "illegal position (3.10.3): " + first.message
                                                                              : first.message;
            return Err(ReadError{Case::ErrBadFen, event, text::quoted(fen), {}, why});
        }
        return StartEvent{std::move(*p)};
    }
    if (command == "claim") {
        if (auto e = no_args()) return Err(*e);
        return ClaimEvent{};
    }
    if (command == "flag") {
        // 6.9: the player to move's flag unless a colour is named (either clock may run out).
        if (args.size() > 1) return Err(ReadError{Case::ErrFlagArgs, event, {}, {}, {}});
        if (!arbiter.started()) return Err(ReadError{Case::ErrNoPosition, event, {}, {}, {}});
        if (args.empty()) return FlagEvent{arbiter.position().side_to_move()};
        if (args[0] == "white") return FlagEvent{WHITE};
        if (args[0] == "black") return FlagEvent{BLACK};
        return Err(ReadError{Case::ErrFlagArgs, event, {}, {}, {}});
    }
    if (command == "move") {
        if (args.size() != 1) return Err(ReadError{Case::ErrMoveArgs, event, {}, {}, {}});
        if (!arbiter.started()) return Err(ReadError{Case::ErrNoPosition, event, {}, {}, {}});
        if (!is_uci_move_syntax(args[0])) return Err(ReadError{Case::ErrBadMove, event, text::quoted(args[0]), {}, {}});
        const Move m = parse_uci_move(arbiter.position(), args[0]);
        if (!m) return Err(ReadError{Case::ErrIllegalMove, event, text::quoted(args[0]), arbiter.position().fen(), {}});
        return MoveEvent{m};
    }
    if (is_board_event(command)) {
        auto e = read_board_event(command, args);
        if (!e) return Err(e.error());
        return std::visit([](auto&& v) -> LogEvent { return std::move(v); }, std::move(*e));
    }
    return Err(ReadError{Case::ErrUnknownEvent, event, text::quoted(command), {}, {}});
}

std::string render(const LogError& e, std::string_view command, const Arbiter& arbiter, Lang lang) {
    switch (e.kind) {
    case LogErrorKind::NoPosition: return render(ReadError{Case::ErrNoPosition, std::string(command), {}, {}, {}}, lang);
    case LogErrorKind::IllegalMove:
        return render(ReadError{Case::ErrIllegalMove, std::string(command), {}, arbiter.position().fen(), {}}, lang);
    case LogErrorKind::GameOver: return render(ReadError{Case::ErrGameOver, std::string(command), {}, {}, {}}, lang);
    case LogErrorKind::Event: break;
    }
    return std::string(command) + ": " + render(e.event, lang);
}

} // namespace

int run_arbiter(std::istream& in, std::ostream& out, std::ostream& err, Lang lang) {
    Arbiter arbiter;
    std::string line;
    std::size_t number = 0;
    const auto malformed = [&](const std::string& why) {
        out.flush();
        err << fill(phrase(Case::ErrLine, lang), {{"line", std::to_string(number)}, {"text", why}}) << std::endl;
        return ExitFailure;
    };
    while (read_line(in, line, MaxLogLine)) {
        ++number;
        if (line.size() > MaxLogLine)
            return malformed(fill(phrase(Case::ErrLineTooLong, lang), {{"limit", std::to_string(MaxLogLine)}}));
        if (!line.empty() && line.back() == '\r') line.pop_back();
        // A stray control byte would reach the one-line error message raw.
        for (const unsigned char c : line)
            if (c < 0x20 && c != '\t')
                return malformed(
                    fill(phrase(Case::ErrControlByte, lang), {{"byte", "\\x" + text::hex(c, 2, text::HexCase::Upper)}}));
        if (const auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
        const std::vector<std::string_view> words = text::split_tokens(line);
        if (words.empty()) continue; // blank or comment: no event, no ruling

        const auto event = read_log_event(words[0], Args(words).subspan(1), arbiter);
        if (!event) return malformed(render(event.error(), lang));
        const auto ruling = arbiter.apply(*event);
        if (!ruling) return malformed(render(ruling.error(), words[0], arbiter, lang));
        out << render(*ruling, lang) << std::endl;
    }
    out.flush();
    return ExitOk;
}

int arbiter_main(std::span<const std::string_view> args) {
    Lang lang = Lang::En;
    std::string_view file;
    const auto set_lang = [&](std::string_view code) {
        if (code == "en") lang = Lang::En;
        else if (code == "ru") lang = Lang::Ru;
        else return false;
        return true;
    };
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string_view code;
        if (args[i] == "--lang" && i + 1 < args.size()) code = args[++i];
        else if (args[i].starts_with("--lang=")) code = args[i].substr(7);
        else if (file.empty() && (args[i] == "-" || !args[i].starts_with("-"))) {
            file = args[i];
            continue;
        } else {
            std::cerr << "usage: jadoube arbiter [--lang en|ru] [FILE]\n";
            return ExitUsage;
        }
        if (!set_lang(code)) {
            std::cerr << "error: --lang takes en or ru, got " << text::quoted(code) << '\n';
            return ExitUsage;
        }
    }
    if (file.empty() || file == "-") return run_arbiter(std::cin, std::cout, std::cerr, lang);
    std::ifstream in{std::string(file), std::ios::binary};
    if (!in) {
        std::cerr << "error: cannot open " << text::quoted(file) << '\n';
        return ExitUsage;
    }
    return run_arbiter(in, std::cout, std::cerr, lang);
}

} // namespace jadoube
