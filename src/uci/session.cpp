#include "uci/session.h"

#include <istream>

#include "eval/evaluate.h"
#include "eval/net_file.h"
#include "eval/nnue_kernels.h"
#include "laws/rules.h"
#include "laws/validate.h"
#include "notation/display.h"
#include "notation/eval_report.h"
#include "notation/move_text.h"
#include "notation/perft_report.h"
#include "notation/rules_report.h"
#include "notation/touch_text.h"
#include "search/params.h"
#include "uci/bench_text.h"
#include "uci/go_params.h"
#include "uci/info.h"
#include "uci/touch_commands.h"
#include "util/exit_code.h"
#include "util/line_reader.h"
#include "util/text.h"
#include "util/version.h"

namespace jadoube {

namespace {

using Err = std::unexpected<std::string>;

// One error must stay one line whatever text a lower layer hands back.
std::string one_line(std::string s) {
    for (char& c : s)
        if (c == '\n' || c == '\r') c = ' ';
    return s;
}

std::string error_line(const std::string& why) { return "info string error: " + one_line(why) + '\n'; }

std::expected<std::string, std::string> no_arguments(std::string_view command, std::span<const std::string_view> args,
                                                     std::string reply) {
    if (!args.empty()) return Err(std::string(command) + ": takes no arguments, got " + text::quoted(args[0]));
    return reply;
}

// The search parameters as spin options: none unless built with JADOUBE_TUNE.
std::string tunable_listing() {
    std::string s;
    for (const params::TunableParam& p : params::tunable_params())
        s += "option name " + std::string(p.name) + " type spin default " + std::to_string(p.defaultValue) + " min "
             + std::to_string(p.min) + " max " + std::to_string(p.max) + '\n';
    return s;
}

} // namespace

UciSession::UciSession(std::ostream& out) : out_(out) {
    // The engine starts in the standard start position, matching the default UCI_Chess960 = false.
    engine_.set_search(search_settings());
}

void UciEvents::info(const SearchReport& report, const Position& root) {
    out_.send(format_info(report, root, options_.check(OptionId::UciShowWDL)));
}

void UciEvents::currmove(int depth, Move move, int number, const Position& root) {
    out_.send("info depth " + std::to_string(depth) + " currmove " + to_uci(move, root) + " currmovenumber "
              + std::to_string(number) + '\n');
}

void UciEvents::bestmove(Move best, Move ponder, const Position& root) { out_.send(format_bestmove(best, ponder, root)); }

// The GUI, which may not apply the rule or may be playing on past it, gets the draw
// score and the rule before the (unsearched) move.
void UciEvents::game_over(const laws::GameOutcome& outcome, const Position& root) {
    static const std::vector<Move> noPv;
    const SearchReport draw{0, 0, 1, VALUE_DRAW, BOUND_EXACT, 0, 0, 0, &noPv, std::nullopt};
    const laws::StateText& rule = laws::state_text(outcome.state);
    std::string lines = format_info(draw, root, options_.check(OptionId::UciShowWDL))
                        + "info string game over: " + std::string(rule.name) + " (article " + std::string(rule.article) + ")";
    if (outcome.ply < root.game_ply()) lines += " at ply " + std::to_string(outcome.ply);
    out_.send(lines + ": " + std::string(rule.text) + "; the move below is not searched for a result\n");
}

void UciEvents::tablebase_root(const TablebaseRoot& root) {
    static constexpr const char* Class[5] = {"loss", "blessed loss", "draw", "cursed win", "win"};
    std::string note = "info string tablebase " + std::string(Class[root.wdl + 2]);
    if (root.dtz) note += " dtz " + std::to_string(*root.dtz);
    out_.send(note + ", moves keeping it: " + std::to_string(root.kept) + " of " + std::to_string(root.of) + '\n');
}

void UciEvents::draw_claimable(laws::GameState state, const Position&) {
    const laws::StateText& rule = laws::state_text(state);
    out_.send("info string draw claimable: " + std::string(rule.name) + " (article " + std::string(rule.article)
              + "): the player to move may claim a draw; scores below 0 are shown as the claim's 0\n");
}

void UciEvents::ignored(const std::string& why) { out_.send(error_line(why)); }

bool UciSession::handle_line(std::string_view line) {
    const auto fail = [this](const std::string& why) { out_.send(error_line(why)); };

    if (line.size() > MaxLineBytes) {
        out_.log_input("(a line of " + std::to_string(line.size()) + " bytes)");
        fail("line longer than " + std::to_string(MaxLineBytes) + " bytes refused");
        return true;
    }
    out_.log_input(line);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (const auto junk = text::find_junk(line)) {
        fail(*junk);
        return true;
    }
    const std::vector<std::string_view> tokens = text::split_tokens(line);
    if (tokens.empty()) return true;
    if (tokens[0] == "quit") return false;

    const Reply reply = dispatch(tokens[0], Args(tokens).subspan(1));
    if (!reply) fail(reply.error());
    else if (!reply->empty()) out_.send(*reply);
    return true;
}

UciSession::Reply UciSession::dispatch(std::string_view command, Args args) {
    if (command == "uci") return cmd_uci(args);
    if (command == "isready") {
        // The GUI waits here for the engine to be ready to search: the hash table and
        // the histories are written now (after start-up, a new Hash or new Threads),
        // not in the first move's time.
        if (args.empty()) engine_.prepare();
        return no_arguments(command, args, "readyok\n");
    }
    if (command == "ucinewgame") {
        if (!args.empty()) return no_arguments(command, args, "");
        engine_.new_game();
        return "";
    }
    if (command == "position") return cmd_position(args);
    if (command == "setoption") return cmd_setoption(args);
    if (command == "go") return cmd_go(args);
    if (command == "stop") {
        if (args.empty()) engine_.stop();
        return no_arguments(command, args, "");
    }
    if (command == "ponderhit") {
        if (args.empty()) engine_.ponderhit();
        return no_arguments(command, args, "");
    }
    if (command == "debug") return cmd_debug(args);
    if (command == "d")
        return no_arguments(command, args, display(engine_.position()) + touch_display(engine_.touch(), engine_.position()));
    if (is_board_event(command)) return touch_event(engine_, command, args);
    if (command == "obligation") return touch_obligation(engine_, args);
    if (command == "bench") return cmd_bench(args);
    if (command == "rules") return no_arguments(command, args, rules_report(engine_.position(), engine_.tablebases()));
    if (command == "compiler")
        return no_arguments(command, args, "info string " + version::describe(nnue::kernels_description()) + '\n');
    if (command == "eval") return no_arguments(command, args, eval_report(engine_.position(), engine_.eval()));
    if (command == "flip") return args.empty() ? cmd_flip() : no_arguments(command, args, "");
    if (command == "export_net") return cmd_export_net(args);
    return Err("unknown command " + text::quoted(command));
}

UciSession::Reply UciSession::cmd_uci(Args args) const {
    return no_arguments("uci", args,
                        "id name " + version::engine_name() + "\nid author the Jadoube developers\n" + options_.uci_listing()
                            + tunable_listing() + "uciok\n");
}

UciSession::Reply UciSession::cmd_position(Args args) {
    if (args.empty()) return Err("position: expected 'startpos' or 'fen'");
    std::size_t i = 1;
    std::string fen;
    if (args[0] == "startpos") fen = Position::StartFen;
    else if (args[0] == "fen") {
        while (i < args.size() && args[i] != "moves") ++i;
        fen = text::join(args.subspan(1, i - 1));
        if (fen.empty()) return Err("position fen: the FEN is missing");
    } else return Err("position: expected 'startpos' or 'fen', got " + text::quoted(args[0]));
    if (i < args.size() && args[i] != "moves")
        return Err("position: expected 'moves' after startpos, got " + text::quoted(args[i]));

    const auto set = engine_.set_position(fen, i < args.size() ? args.subspan(i + 1) : Args{});
    if (set) return "";
    const PositionRefusal& r = set.error();
    using Kind = PositionRefusal::Kind;
    if (r.kind == Kind::Unreachable) return Err(std::string(laws::IllegalPositionPrefix) + r.detail);
    if (r.kind == Kind::BadFen) return Err("position: bad FEN " + text::quoted(fen) + ": " + r.detail);
    std::string why = "position: move " + std::to_string(r.move) + " " + text::quoted(r.moveText);
    if (r.kind == Kind::PastMaxPly)
        return Err(why + ": the fullmove number would pass " + std::to_string(Position::MaxFullmoveNumber)
                   + ", the most a position holds; position unchanged");
    why += r.kind == Kind::IllegalMove ? " is not legal in " + r.before : " is not a UCI move";
    if (r.ended) {
        const laws::StateText& end = laws::state_text(*r.ended);
        why += ": the game ended there by " + std::string(end.name) + " (" + std::string(end.article) + ")";
    }
    return Err(why + "; position unchanged");
}

// export_net [FILE]: the net in use (EvalFile's, by default the embedded one) in
// its file format, for EvalFile or another build to read; without FILE, under
// network_file_name() in the working directory.
UciSession::Reply UciSession::cmd_export_net(Args args) const {
    const std::vector<std::uint8_t> bytes = nnue::serialize_network(*engine_.eval().net.net);
    const std::string path = args.empty() ? nnue::network_file_name(bytes) : text::join(args);
    const auto written = nnue::write_network_file(bytes, path);
    if (!written) return Err("export_net: " + written.error());
    return "info string export_net: the net (" + engine_.eval().net.source + ") written to " + path + ", "
           + std::to_string(*written) + " bytes\n";
}

// The colour mirror replaces the position; its history is dropped.
UciSession::Reply UciSession::cmd_flip() {
    if (auto flipped = engine_.flip(); !flipped)
        return Err("flip: the mirror " + flipped.error().first + " is refused: " + flipped.error().second);
    return "";
}

UciSession::Reply UciSession::cmd_setoption(Args args) {
    if (args.empty() || args[0] != "name") return Err("setoption: expected 'name'");
    std::size_t v = 1;
    while (v < args.size() && args[v] != "value") ++v;
    const std::string name = text::join(args.subspan(1, v - 1));
    if (name.empty()) return Err("setoption: the option name is missing");
    std::optional<std::string> value;
    if (v < args.size()) value = text::join(args.subspan(v + 1));

    if (const params::TunableParam* p = params::find_tunable(name)) { // JADOUBE_TUNE builds only
        const auto number = text::parse_int(value.value_or(""));
        if (!number || *number < p->min || *number > p->max)
            return Err("setoption: " + std::string(p->name) + " takes an integer from " + std::to_string(p->min) + " to "
                       + std::to_string(p->max) + ", got " + text::quoted(value.value_or("")));
        engine_.stop();
        params::set_tunable(*p, int(*number));
        return "";
    }
    const auto change = options_.parse(name, value);
    if (!change) return Err("setoption: " + change.error());
    engine_.stop();
    switch (change->id) {
    case OptionId::Hash:
        if (auto ok = engine_.set_hash(std::size_t(change->value)); !ok) return Err("setoption: Hash: " + ok.error());
        break;
    case OptionId::Threads:
        if (auto ok = engine_.set_threads(int(change->value)); !ok) return Err("setoption: Threads: " + ok.error());
        break;
    case OptionId::ClearHash: engine_.clear_hash(); break;
    case OptionId::UseNNUE: {
        EvalSettings e = engine_.eval();
        e.useNnue = change->value != 0;
        engine_.set_eval(std::move(e));
        break;
    }
    case OptionId::EvalFile: { // a net that does not load leaves the current one (and the option) as they were
        EvalSettings e = engine_.eval();
        if (change->text.empty() || change->text == EmbeddedNetName) e.net = nnue::embedded_network();
        else if (auto loaded = nnue::read_network_file(change->text); !loaded)
            return Err("setoption: EvalFile: " + loaded.error() + "; still using " + e.net.source);
        else e.net = std::move(*loaded);
        engine_.set_eval(std::move(e));
        break;
    }
    case OptionId::DebugLogFile:
        if (auto ok = out_.set_log(change->text); !ok) return Err("setoption: Debug Log File: " + ok.error());
        break;
    case OptionId::SyzygyPath: {
        std::string lines;
        for (const std::string& line : engine_.load_tablebases(change->text))
            lines += (line.starts_with("Syzygy: ") ? "info string " : "info string error: ") + line + '\n';
        out_.send(lines);
        break;
    }
    default: break;
    }

    // UCI_Chess960 changes how castling is written and which set-ups are
    // allowed, but the GUI expects the board it last sent to stay. So the
    // current game is replayed under the new mode. The switch itself is never
    // refused (a GUI sets the option and goes on): when the game cannot be
    // replayed (a 960 set-up has no standard reading), an info line says so and
    // the start position takes its place, until the GUI's next `position`.
    std::string note;
    if (change->id == OptionId::UciChess960) {
        const bool chess960 = change->value != 0;
        const std::string before = engine_.position().fen();
        if (const auto why = engine_.set_chess960(chess960))
            note = "info string UCI_Chess960 is now " + std::string(chess960 ? "true" : "false") + ": the position " + before
                   + " cannot be set up in " + (chess960 ? "Chess960" : "standard chess") + " (" + one_line(*why)
                   + "); the position is now the start position\n";
    }
    options_.apply(*change);
    engine_.set_search(search_settings());
    return note;
}

SearchSettings UciSession::search_settings() const {
    const strength::Limit strength = options_.check(OptionId::UciLimitStrength)
                                         ? strength::for_elo(int(options_.value(OptionId::UciElo)))
                                         : strength::for_skill(int(options_.value(OptionId::SkillLevel)));
    return {.multiPV = int(options_.value(OptionId::MultiPV)),
            .moveOverhead = int(options_.value(OptionId::MoveOverhead)),
            .slowMover = int(options_.value(OptionId::SlowMover)),
            .nodesTime = int(options_.value(OptionId::NodesTime)),
            .strength = strength,
            .tbProbeDepth = int(options_.value(OptionId::SyzygyProbeDepth)),
            .tbProbeLimit = int(options_.value(OptionId::SyzygyProbeLimit)),
            .tbFiftyMoveRule = options_.check(OptionId::Syzygy50MoveRule)};
}

UciSession::Reply UciSession::cmd_go(Args args) {
    const TimePoint received = std::chrono::steady_clock::now(); // the clock runs from here, not from the search start
    auto go = parse_go(args, engine_.position(), received);
    if (!go) return Err(go.error()); // perft only: a search is never refused
    engine_.stop(); // a go during a search: the old one answers first, so every go gets one bestmove
    for (const std::string& why : go->ignored) out_.send(error_line(why));
    if (go->perft) {
        const auto counts = engine_.perft(*go->perft, go->perftHashMiB); // every legal move: touch-move does not count
        if (!counts) {
            if (counts.error().kind == PerftRefusal::Kind::Table) return Err(counts.error().detail);
            const RefusedPosition& refused = *engine_.refused();
            return Err("go perft: the last position sent, " + refused.fen
                       + (refused.moves ? " with " + std::to_string(refused.moves) + " moves" : "")
                       + ", was refused, and perft never counts the position before it");
        }
        std::string note;
        if (counts->unreachable)
            note = "info string go perft: counting " + counts->root.fen()
                   + ", which position refused as unreachable (3.10.3: " + one_line(engine_.refused()->why.detail)
                   + "); perft counts Article 3's moves all the same, but go does not search it\n";
        return note + perft_report(counts->root, counts->splits);
    }
    if (go->nothingValid) {
        out_.send("info string go: no part of the command could be used; a depth " + std::to_string(Engine::PromptDepth)
                  + " search answers at once\n");
        engine_.go_promptly(std::move(go->limits));
    } else engine_.go(std::move(go->limits));
    return "";
}

// bench [depth [threads [hash]]]: run_bench() has an engine of its own, so the
// signature does not depend on Threads, Hash or anything searched before.
UciSession::Reply UciSession::cmd_bench(Args args) {
    auto config = parse_bench_args(args);
    if (!config) return Err(config.error());
    config->eval = engine_.eval(); // UseNNUE and EvalFile count; Hash, Threads and history do not
    engine_.stop();
    const auto result = run_bench(*config,
                                  [this](std::size_t i, std::uint64_t nodes) { out_.send(bench_position_line(i, nodes)); });
    if (!result) return Err(result.error());
    return bench_summary(*result);
}

UciSession::Reply UciSession::cmd_debug(Args args) {
    if (args.size() == 1 && args[0] == "on") debug_ = true;
    else if (args.size() == 1 && args[0] == "off") debug_ = false;
    else return Err("debug: expected 'on' or 'off'");
    return "";
}

int run_loop(std::istream& in, std::ostream& out) {
    UciSession session(out);
    std::string line;
    while (read_line(in, line, UciSession::MaxLineBytes))
        if (!session.handle_line(line)) break;
    return ExitOk;
}

} // namespace jadoube
