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
#include "engine/engine.h"
#include "eval/evaluate.h"
#include "uci/options.h"
#include "uci/output.h"

namespace jadoube {

// The engine's events as UCI text: `info`, `bestmove` and the notes that explain them.
class UciEvents final : public EngineEvents {
public:
    UciEvents(Output& out, const Options& options) : out_(out), options_(options) {}
    void info(const SearchReport& report, const Position& root) override;
    void currmove(int depth, Move move, int number, const Position& root) override;
    void bestmove(Move best, Move ponder, const Position& root) override;
    void game_over(const laws::GameOutcome& outcome, const Position& root) override;
    void tablebase_root(const TablebaseRoot& root) override;
    void draw_claimable(laws::GameState state, const Position& root) override;
    void ignored(const std::string& why) override;

private:
    Output& out_;
    const Options& options_; // UCI_ShowWDL
};

class UciSession {
public:
    // Long enough for a `position startpos moves ...` of a million plies;
    // longer lines are refused whole.
    static constexpr std::size_t MaxLineBytes = std::size_t(16) << 20;

    explicit UciSession(std::ostream& out);

    // Handles one input line (a trailing '\r' is dropped). Returns false on `quit`.
    bool handle_line(std::string_view line);

    // Blocks until a running search has sent its bestmove (go infinite/ponder: needs stop).
    void wait_search() { engine_.wait(); }
    const Position& position() const { return engine_.position(); }
    const Options& options() const { return options_; }
    const EvalSettings& eval() const { return engine_.eval(); }
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
    Reply cmd_debug(Args args);
    Reply cmd_bench(Args args);
    Reply cmd_flip();
    Reply cmd_export_net(Args args) const;
    // The search settings as the options say (strength from UCI_LimitStrength, UCI_Elo and Skill Level).
    SearchSettings search_settings() const;

    Output out_;
    Options options_;
    UciEvents events_{out_, options_};
    bool debug_ = false;
    // Last member: destroyed first, so a search still running stops while out_ exists.
    Engine engine_{events_};
};

// Reads commands until `quit` or end of input. Returns the process exit code.
int run_loop(std::istream& in, std::ostream& out);

} // namespace jadoube
