// The UCI options: one table (name, type, default, range) that the `uci` listing,
// `setoption` validation and the typed getters all read.
#pragma once

#include <array>
#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>

#include "search/limits.h"
#include "search/strength.h"

namespace jadoube {

enum class OptionId : std::uint8_t {
    Hash,
    Threads,
    ClearHash,
    Ponder,
    MultiPV,
    MoveOverhead,
    SlowMover,
    NodesTime,
    UciChess960,
    UciShowWDL,
    UseNNUE,
    EvalFile,
    SkillLevel,
    UciLimitStrength,
    UciElo,
    SyzygyPath,
    SyzygyProbeDepth,
    SyzygyProbeLimit,
    Syzygy50MoveRule,
    DebugLogFile
};
enum class OptionType : std::uint8_t { Check, Spin, Button, String };

// EvalFile's default: the net compiled into the engine (so is an empty value).
inline constexpr std::string_view EmbeddedNetName = "<embedded>";

struct OptionSpec {
    OptionId id;
    std::string_view name; // as listed; matched case-insensitively
    OptionType type;
    std::int64_t defaultValue; // check: 0 or 1
    std::int64_t min, max;
    std::string_view defaultText = {}; // string options
};

inline constexpr std::array OptionTable = {
    OptionSpec{OptionId::Hash, "Hash", OptionType::Spin, 16, 1, 33554432},
    OptionSpec{OptionId::Threads, "Threads", OptionType::Spin, 1, 1, MaxThreads},
    OptionSpec{OptionId::ClearHash, "Clear Hash", OptionType::Button, 0, 0, 0},
    OptionSpec{OptionId::Ponder, "Ponder", OptionType::Check, 0, 0, 1},
    OptionSpec{OptionId::MultiPV, "MultiPV", OptionType::Spin, 1, 1, 256},
    OptionSpec{OptionId::MoveOverhead, "Move Overhead", OptionType::Spin, 10, 0, 5000},
    // Time use (search/timeman.h), both as in Stockfish 15.1: Slow Mover scales the
    // planned time, per cent; nodestime counts the clock in nodes (SearchPool::start).
    OptionSpec{OptionId::SlowMover, "Slow Mover", OptionType::Spin, 100, 10, 1000},
    OptionSpec{OptionId::NodesTime, "nodestime", OptionType::Spin, 0, 0, 10000},
    OptionSpec{OptionId::UciChess960, "UCI_Chess960", OptionType::Check, 0, 0, 1},
    OptionSpec{OptionId::UciShowWDL, "UCI_ShowWDL", OptionType::Check, 0, 0, 1},
    // NNUE evaluation (eval/nnue.h); off plays the hand-crafted eval, for comparison.
    OptionSpec{OptionId::UseNNUE, "UseNNUE", OptionType::Check, 1, 0, 1},
    OptionSpec{OptionId::EvalFile, "EvalFile", OptionType::String, 0, 0, 0, EmbeddedNetName},
    // Playing below full strength (search/strength.h). UCI_LimitStrength with UCI_Elo
    // wins over Skill Level, as in Stockfish; both ranges are Stockfish 15.1's.
    OptionSpec{OptionId::SkillLevel, "Skill Level", OptionType::Spin, strength::MaxSkill, 0, strength::MaxSkill},
    OptionSpec{OptionId::UciLimitStrength, "UCI_LimitStrength", OptionType::Check, 0, 0, 1},
    OptionSpec{OptionId::UciElo, "UCI_Elo", OptionType::Spin, strength::MinElo, strength::MinElo, strength::MaxElo},
    // Endgame tables (syzygy/tablebases.h): directories separated by ':'. At the
    // root the moves are restricted to those keeping the tables' best result; the
    // search probes WDL after zeroing moves with at most SyzygyProbeLimit men and
    // SyzygyProbeDepth plies left; with Syzygy50MoveRule off, a win the fifty-move
    // rule would spoil counts as won. Ranges as Stockfish 15.1's.
    OptionSpec{OptionId::SyzygyPath, "SyzygyPath", OptionType::String, 0, 0, 0, "<empty>"},
    OptionSpec{OptionId::SyzygyProbeDepth, "SyzygyProbeDepth", OptionType::Spin, 1, 1, 100},
    OptionSpec{OptionId::SyzygyProbeLimit, "SyzygyProbeLimit", OptionType::Spin, 7, 0, 7},
    OptionSpec{OptionId::Syzygy50MoveRule, "Syzygy50MoveRule", OptionType::Check, 1, 0, 1},
    // A copy of every line read and printed (uci/output.h), for tracing a GUI's session.
    OptionSpec{OptionId::DebugLogFile, "Debug Log File", OptionType::String, 0, 0, 0, "<empty>"},
};

// A validated setoption, not yet applied: the session may still refuse it
// (UCI_Chess960 must be able to carry the current position over).
struct OptionChange {
    OptionId id;
    std::int64_t value; // check: 0 or 1; button, string: 0
    std::string text = {}; // string: the value ("" for <empty>)
};

class Options {
public:
    Options();

    std::int64_t value(OptionId id) const { return values_[index(id)]; }
    bool check(OptionId id) const { return value(id) != 0; }
    const std::string& text(OptionId id) const { return texts_[index(id)]; }
    static const OptionSpec& spec(OptionId id) { return OptionTable[index(id)]; }

    // The `option name ...` lines of the `uci` reply, each ending in '\n'.
    std::string uci_listing() const;

    // Finds the option and checks the value against its type and range.
    // value is nullopt when the command had no `value` part.
    std::expected<OptionChange, std::string> parse(std::string_view name, std::optional<std::string_view> value) const;
    void apply(const OptionChange& change);

private:
    static constexpr std::size_t index(OptionId id) { return static_cast<std::size_t>(id); }
    std::array<std::int64_t, OptionTable.size()> values_;
    std::array<std::string, OptionTable.size()> texts_; // string options
};

} // namespace jadoube
