#include "uci/session.h"

#include <istream>

#include "board/flip.h"
#include "board/movegen.h"
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
#include "uci/go_params.h"
#include "uci/info.h"
#include "util/exit_code.h"
#include "util/line_reader.h"
#include "util/text.h"
#include "util/version.h"

namespace jadoube {

namespace {

using Err = std::unexpected<std::string>;

// A search for a move where the result is already settled (a game over by a rule
// that needs no claim): a few thousand nodes, a sensible move without a wait.
constexpr int EndedRootDepth = 4;

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

UciSession::UciSession(std::ostream& out) : out_(out), startFen_(Position::StartFen) {
    // Position() is the standard start, matching the default UCI_Chess960 = false.
}

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
        if (args.empty()) pool_.prepare();
        return no_arguments(command, args, "readyok\n");
    }
    if (command == "ucinewgame") {
        if (!args.empty()) return no_arguments(command, args, "");
        stop_search();
        pool_.clear();
        touch_.reset(pos_);
        return "";
    }
    if (command == "position") return cmd_position(args);
    if (command == "setoption") return cmd_setoption(args);
    if (command == "go") return cmd_go(args);
    if (command == "stop") return args.empty() ? cmd_stop() : no_arguments(command, args, "");
    if (command == "ponderhit") return args.empty() ? cmd_ponderhit() : no_arguments(command, args, "");
    if (command == "debug") return cmd_debug(args);
    if (command == "d") return no_arguments(command, args, display(pos_) + touch_display(touch_.state(), pos_));
    if (is_board_event(command)) return touch_.event(command, args);
    if (command == "obligation") return touch_.obligation(args, pos_);
    if (command == "bench") return cmd_bench(args);
    if (command == "rules") return no_arguments(command, args, rules_report(pos_, tables_.max_men() ? &tables_ : nullptr));
    if (command == "compiler")
        return no_arguments(command, args, "info string " + version::describe(nnue::kernels_description()) + '\n');
    if (command == "eval") return no_arguments(command, args, eval_report(pos_, eval_));
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

    stop_search();
    auto parsed = laws::setup(fen, options_.check(OptionId::UciChess960)); // 3.10.3
    if (!parsed) {
        if (parsed.error().kind == FenError::Kind::Unreachable)
            return Err(std::string(laws::IllegalPositionPrefix) + parsed.error().message);
        return Err("position: bad FEN " + text::quoted(fen) + ": " + parsed.error().message);
    }
    Position next = std::move(*parsed);
    std::string startFen = next.fen(CastlingNotation::XFen);

    const Args moveTexts = i < args.size() ? args.subspan(i + 1) : Args{};
    std::vector<Move> moves;
    moves.reserve(moveTexts.size());
    for (std::size_t k = 0; k < moveTexts.size(); ++k) {
        const std::string_view t = moveTexts[k];
        const std::string which = "position: move " + std::to_string(k + 1) + " " + text::quoted(t);
        // Moves after an automatic ending (5.2.2, 9.6.1, 9.6.2) are legal and kept:
        // refusing them would leave the engine on another board than the GUI's.
        // Only where no legal move exists (5.1.1, 5.2.1) is there nothing to play.
        const Move m = parse_uci_move(next, t);
        if (!m) {
            std::string why = is_uci_move_syntax(t) ? " is not legal in " + next.fen() : " is not a UCI move";
            if (count_legal(next) == 0) {
                const laws::StateText& end = laws::state_text(laws::game_state(next));
                why += ": the game ended there by " + std::string(end.name) + " (" + std::string(end.article) + ")";
            }
            return Err(which + why + "; position unchanged");
        }
        if (next.game_ply() >= Position::MaxGamePly)
            return Err(which + ": the fullmove number would pass " + std::to_string(Position::MaxFullmoveNumber)
                       + ", the most a position holds; position unchanged");
        next.do_move(m);
        moves.push_back(m);
    }
    pos_ = std::move(next);
    startFen_ = std::move(startFen);
    moves_ = std::move(moves);
    touch_.reset(pos_);
    return "";
}

// export_net [FILE]: the net in use (EvalFile's, by default the embedded one) in
// its file format, for EvalFile or another build to read; without FILE, under
// network_file_name() in the working directory.
UciSession::Reply UciSession::cmd_export_net(Args args) const {
    const std::vector<std::uint8_t> bytes = nnue::serialize_network(*eval_.net.net);
    const std::string path = args.empty() ? nnue::network_file_name(bytes) : text::join(args);
    const auto written = nnue::write_network_file(bytes, path);
    if (!written) return Err("export_net: " + written.error());
    return "info string export_net: the net (" + eval_.net.source + ") written to " + path + ", " + std::to_string(*written)
           + " bytes\n";
}

UciSession::Reply UciSession::cmd_flip() {
    stop_search();
    const std::string fen = flipped_fen(pos_);
    auto flipped = laws::setup(fen, options_.check(OptionId::UciChess960));
    // The mirror of a reachable position is not always reachable: the Laws are
    // colour-blind but for who moves first (1.2), and where the men fix how many
    // moves each side made (the start position's mirror, Black to move in the
    // initial array) the mirror is refused (3.10.3) and the position stays.
    if (!flipped) return Err("flip: the mirror " + fen + " is refused: " + flipped.error().message);
    pos_ = std::move(*flipped);
    startFen_ = pos_.fen(CastlingNotation::XFen);
    moves_.clear();
    touch_.reset(pos_);
    return "";
}

std::expected<Position, std::string> UciSession::replay(bool chess960) const {
    auto start = laws::setup(startFen_, chess960); // reachable in the new mode too (3.10.3)
    if (!start) return Err(start.error().message);
    Position p = std::move(*start);
    for (Move m : moves_) {
        // The move encoding is the same in both modes, so the moves stay legal;
        // checked all the same, a silent corruption would be worse than an error.
        if (!MoveList<LEGAL>(p).contains(m)) return Err("the game's move " + to_uci(m, p) + " does not replay");
        p.do_move(m);
    }
    return p;
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
        stop_search();
        params::set_tunable(*p, int(*number));
        return "";
    }
    const auto change = options_.parse(name, value);
    if (!change) return Err("setoption: " + change.error());
    stop_search();
    switch (change->id) {
    case OptionId::Hash:
        if (auto ok = pool_.tt().resize(std::size_t(change->value)); !ok) return Err("setoption: Hash: " + ok.error());
        break;
    case OptionId::Threads:
        if (auto ok = pool_.set_threads(int(change->value)); !ok) return Err("setoption: Threads: " + ok.error());
        break;
    case OptionId::ClearHash: pool_.tt().clear(); break;
    case OptionId::UseNNUE: eval_.useNnue = change->value != 0; break;
    case OptionId::EvalFile: // a net that does not load leaves the current one (and the option) as they were
        if (change->text.empty() || change->text == EmbeddedNetName) eval_.net = nnue::embedded_network();
        else if (auto loaded = nnue::read_network_file(change->text); !loaded)
            return Err("setoption: EvalFile: " + loaded.error() + "; still using " + eval_.net.source);
        else eval_.net = std::move(*loaded);
        break;
    case OptionId::DebugLogFile:
        if (auto ok = out_.set_log(change->text); !ok) return Err("setoption: Debug Log File: " + ok.error());
        break;
    case OptionId::SyzygyPath: {
        std::string lines;
        for (const std::string& line : tables_.load(change->text))
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
    if (change->id == OptionId::UciChess960 && change->value != options_.value(OptionId::UciChess960)) {
        const bool chess960 = change->value != 0;
        if (auto rebuilt = replay(chess960)) pos_ = std::move(*rebuilt);
        else {
            note = "info string UCI_Chess960 is now " + std::string(chess960 ? "true" : "false") + ": the position " + pos_.fen()
                   + " cannot be set up in " + (chess960 ? "Chess960" : "standard chess") + " (" + one_line(rebuilt.error())
                   + "); the position is now the start position\n";
            (void)pos_.set(Position::StartFen, chess960); // the standard array is a Chess960 one too
            startFen_ = Position::StartFen;
            moves_.clear();
        }
        touch_.reset(pos_);
    }
    options_.apply(*change);
    return note;
}

// With the root in the tables, only the moves that keep their best result are
// searched (within searchmoves and touch-move): the engine converts a won ending
// under the fifty-move rule and never spoils a draw; the search picks among them.
// Returns the score to show for it, as Stockfish shows one: a sure win or loss as
// a large centipawn score (not a mate the search has not seen), one the clock may
// spoil as a small score, the nearer zero the more plies it needs.
std::optional<int> UciSession::restrict_to_tablebase_moves(SearchLimits& limits) {
    if (!tables_.max_men()) return std::nullopt;
    Position root = pos_;
    const auto ranking = tables_.rank_root(root, limits.searchmoves, options_.check(OptionId::Syzygy50MoveRule));
    if (!ranking) return std::nullopt;
    static constexpr const char* Class[5] = {"loss", "blessed loss", "draw", "cursed win", "win"};
    std::string note = "info string tablebase " + std::string(Class[ranking->wdl + 2]);
    if (ranking->dtz) note += " dtz " + std::to_string(*ranking->dtz);
    out_.send(note + ", moves keeping it: " + std::to_string(ranking->best.size()) + " of "
              + std::to_string(limits.searchmoves.empty() ? MoveList<LEGAL>(root).size() : limits.searchmoves.size()) + '\n');
    limits.searchmoves = ranking->best;

    constexpr int SureRank = syzygy::Tablebases::SureRank;
    constexpr int CursedRankOffset = 800, CursedMinScore = 3; // cursed ranks run below 900: scores up to 100 cp
    const int r = ranking->rank;
    if (r >= SureRank) return VALUE_TB;
    if (r <= -SureRank) return -VALUE_TB;
    if (r > 0) return std::max(CursedMinScore, r - CursedRankOffset);
    if (r < 0) return std::min(-CursedMinScore, r + CursedRankOffset);
    return VALUE_DRAW;
}

SearchOptions UciSession::search_options() const {
    const TablebaseUse tb{tables_.max_men() ? &tables_ : nullptr, int(options_.value(OptionId::SyzygyProbeDepth)),
                          int(options_.value(OptionId::SyzygyProbeLimit)), options_.check(OptionId::Syzygy50MoveRule)};
    return {.multiPV = int(options_.value(OptionId::MultiPV)),
            .moveOverhead = int(options_.value(OptionId::MoveOverhead)),
            .slowMover = int(options_.value(OptionId::SlowMover)),
            .nodesTime = int(options_.value(OptionId::NodesTime)),
            .eval = eval_,
            .strength = strength_limit(),
            .tablebases = tb};
}

UciSession::Reply UciSession::cmd_go(Args args) {
    const TimePoint received = std::chrono::steady_clock::now(); // the clock runs from here, not from the search start
    auto go = parse_go(args, pos_, received);
    if (!go) return Err(go.error()); // perft only: a search is never refused
    // Touch-move: only the permitted moves (a perft counts every legal move).
    const Move forced = go->perft ? Move::none() : touch_.restrict(go->limits, pos_, go->ignored);
    stop_search(); // a go during a search: the old one answers first, so every go gets one bestmove
    for (const std::string& why : go->ignored) out_.send(error_line(why));
    if (go->perft) return perft_report(pos_, *go->perft, int(options_.value(OptionId::Threads)), go->perftHashMiB);
    if (const laws::GameOutcome outcome = laws::game_outcome(pos_); laws::ending(outcome.state) == laws::Ending::Automatic)
        return answer_ended(outcome, forced, go->limits);
    if (forced) return answer_now(forced, go->limits);
    const std::optional<int> tbScore = restrict_to_tablebase_moves(go->limits);

    SearchCallbacks cb;
    const bool showWdl = options_.check(OptionId::UciShowWDL);
    cb.onIteration = [this, root = pos_, showWdl, tbScore](const SearchReport& r) {
        // With the root in the tables their value is shown, unless the search found a mate.
        if (!tbScore || is_mate_score(r.score)) return out_.send(format_info(r, root, showWdl));
        SearchReport shown = r;
        shown.score = *tbScore;
        out_.send(format_info(shown, root, showWdl));
    };
    cb.onCurrmove = [this, root = pos_](int depth, Move m, int n) {
        out_.send("info depth " + std::to_string(depth) + " currmove " + to_uci(m, root) + " currmovenumber " + std::to_string(n)
                  + '\n');
    };
    cb.onBestmove = [this, root = pos_](Move best, Move ponder) { out_.send(format_bestmove(best, ponder, root)); };
    pool_.start(pos_, go->limits, search_options(), std::move(cb));
    return "";
}

// The game is over by a rule that needs no claim (5.2.2, 9.6.1, 9.6.2), at the root
// or before it: there is nothing to search for. The GUI, which may not apply the
// rule or may be playing on past it, still gets the draw score, the rule and a
// legal move (0000 only where none exists), picked by a shallow search.
UciSession::Reply UciSession::answer_ended(const laws::GameOutcome& outcome, Move forced, const SearchLimits& limits) {
    static const std::vector<Move> noPv;
    const SearchReport draw{0, 0, 1, VALUE_DRAW, BOUND_EXACT, 0, 0, 0, &noPv, std::nullopt};
    const laws::StateText& rule = laws::state_text(outcome.state);
    std::string lines = format_info(draw, pos_, options_.check(OptionId::UciShowWDL))
                        + "info string game over: " + std::string(rule.name) + " (article " + std::string(rule.article) + ")";
    if (outcome.ply < pos_.game_ply()) lines += " at ply " + std::to_string(outcome.ply);
    out_.send(lines + ": " + std::string(rule.text) + "; the move below is not searched for a result\n");
    return answer_now(forced ? forced : quick_pick(limits.searchmoves), limits);
}

Move UciSession::quick_pick(const std::vector<Move>& searchmoves) {
    SearchLimits quick;
    quick.depth = EndedRootDepth;
    quick.searchmoves = searchmoves;
    Move best = Move::none();
    SearchCallbacks cb; // silent: only the move is wanted
    cb.onBestmove = [&best](Move m, Move) { best = m; };
    pool_.start(pos_, quick, search_options(), std::move(cb));
    pool_.wait();
    return best;
}

strength::Limit UciSession::strength_limit() const {
    if (options_.check(OptionId::UciLimitStrength)) return strength::for_elo(int(options_.value(OptionId::UciElo)));
    return strength::for_skill(int(options_.value(OptionId::SkillLevel)));
}

// A bestmove known without a search. `go infinite` and `go ponder` still may not
// answer before `stop` (or `ponderhit`), so their bestmove waits for it.
UciSession::Reply UciSession::answer_now(Move m, const SearchLimits& limits) {
    std::string line = format_bestmove(m, Move::none(), pos_);
    if (!limits.infinite && !limits.ponder) return line;
    heldBestmove_ = std::move(line);
    heldInfinite_ = limits.infinite;
    return "";
}

void UciSession::send_held_bestmove() {
    if (heldBestmove_.empty()) return;
    out_.send(heldBestmove_);
    heldBestmove_.clear();
    heldInfinite_ = false;
}

UciSession::Reply UciSession::cmd_stop() {
    stop_search();
    return "";
}

UciSession::Reply UciSession::cmd_ponderhit() {
    pool_.ponderhit();
    if (!heldInfinite_) send_held_bestmove();
    return "";
}

std::expected<BenchConfig, std::string> parse_bench_args(std::span<const std::string_view> args) {
    BenchConfig config;
    if (args.empty()) return config;
    const std::int64_t maxHash = Options::spec(OptionId::Hash).max; // the Hash option's range
    const auto d = args.size() <= 3 ? text::parse_int(args[0]) : std::nullopt;
    const auto t = args.size() >= 2 ? text::parse_int(args[1]) : std::optional<std::int64_t>(1);
    const auto h = args.size() == 3 ? text::parse_int(args[2]) : std::optional<std::int64_t>(BenchHashMiB);
    if (!d || *d < 1 || *d >= MAX_PLY || !t || *t < 1 || *t > MaxThreads || !h || *h < 1 || *h > maxHash)
        return Err("bench: expected [depth 1-" + std::to_string(MAX_PLY - 1) + " [threads 1-" + std::to_string(MaxThreads)
                   + " [hash MiB 1-" + std::to_string(maxHash) + "]]]");
    config.depth = int(*d), config.threads = int(*t), config.hashMiB = std::size_t(*h);
    return config;
}

// bench [depth [threads [hash]]]: run_bench() has its own pool and table, so the
// signature does not depend on Threads, Hash or anything searched before.
UciSession::Reply UciSession::cmd_bench(Args args) {
    auto config = parse_bench_args(args);
    if (!config) return Err(config.error());
    config->eval = eval_; // UseNNUE and EvalFile count; Hash, Threads and history do not
    stop_search();
    const auto nodes = run_bench(*config, [this](const std::string& lines) { out_.send(lines); });
    if (!nodes) return Err(nodes.error());
    return "";
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
