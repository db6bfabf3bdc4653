// The UCI protocol loop: the one place where GUI text becomes typed commands.
// Every command either takes full effect or, with exactly one
// `info string error: ...` line, none at all.
#pragma once

#include <cstddef>
#include <expected>
#include <iosfwd>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "board/position.h"
#include "eval/evaluate.h"
#include "laws/rules.h"
#include "search/bench.h"
#include "search/threads.h"
#include "syzygy/tablebases.h"
#include "uci/options.h"
#include "uci/output.h"
#include "uci/touch_commands.h"

namespace jadoube {

class UciSession {
public:
    // Long enough for a `position startpos moves ...` of a million plies;
    // longer lines are refused whole.
    static constexpr std::size_t MaxLineBytes = std::size_t(16) << 20;

    explicit UciSession(std::ostream& out);
    ~UciSession() { stop_search(); }

    // Handles one input line (a trailing '\r' is dropped). Returns false on `quit`.
    bool handle_line(std::string_view line);

    // Blocks until a running search has sent its bestmove (go infinite/ponder: needs stop).
    void wait_search() { pool_.wait(); }
    const Position& position() const { return pos_; }
    const Options& options() const { return options_; }
    const EvalSettings& eval() const { return eval_; }
    bool debug() const { return debug_; }
    Output& output() { return out_; }

private:
    // Text to print (possibly empty), or the reason the command was refused.
    using Reply = std::expected<std::string, std::string>;
    using Args = std::span<const std::string_view>;

    Reply dispatch(std::string_view command, Args args);
    Reply cmd_uci(Args args) const;
    Reply cmd_position(Args args);
    Reply cmd_setoption(Args args);
    Reply cmd_go(Args args);
    Reply cmd_stop();
    Reply cmd_ponderhit();
    Reply cmd_debug(Args args);
    Reply cmd_bench(Args args);
    // The colour mirror replaces the position; its history is dropped.
    Reply cmd_flip();
    Reply cmd_export_net(Args args) const;
    // A bestmove without a search: one move permitted by touch-move, or a game
    // already over by an automatic rule (answer_ended, its move from quick_pick).
    Reply answer_now(Move m, const SearchLimits& limits);
    Reply answer_ended(const laws::GameOutcome& outcome, Move forced, const SearchLimits& limits);
    Move quick_pick(const std::vector<Move>& searchmoves);
    SearchOptions search_options() const;
    std::optional<int> restrict_to_tablebase_moves(SearchLimits& limits);
    strength::Limit strength_limit() const; // from UCI_LimitStrength, UCI_Elo and Skill Level
    void send_held_bestmove();
    // Ends a running search (its bestmove is sent) before the state it reads changes.
    void stop_search() {
        pool_.stop();
        pool_.wait();
        send_held_bestmove();
    }

    // pos_ rebuilt from its recorded start and moves under the given Chess960 mode.
    std::expected<Position, std::string> replay(bool chess960) const;

    Output out_;
    Options options_;
    EvalSettings eval_; // UseNNUE and EvalFile, handed to every search
    syzygy::Tablebases tables_; // SyzygyPath
    Position pos_;
    // How pos_ was reached, so that switching UCI_Chess960 can rebuild it with
    // its history (repetitions need it) rather than from its bare FEN.
    std::string startFen_; // X-FEN, readable in both modes when the set-up allows
    std::vector<Move> moves_;
    // The touch-move events of the side to move in pos_; forgotten with pos_.
    TouchCommands touch_;
    // A forced bestmove of `go infinite` / `go ponder`, sent at stop (or ponderhit).
    std::string heldBestmove_;
    bool heldInfinite_ = false;
    bool debug_ = false;
    // Last member: destroyed first, so a search still running stops while out_ exists.
    SearchPool pool_;
};

// Reads commands until `quit` or end of input. Returns the process exit code.
int run_loop(std::istream& in, std::ostream& out);

// The arguments of `bench` (UCI) and `jadoube bench` (command line): [depth [threads [hash MiB]]].
std::expected<BenchConfig, std::string> parse_bench_args(std::span<const std::string_view> args);

} // namespace jadoube
