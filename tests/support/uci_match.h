// The test suite's game driver: a match between two UCI engines refereed as a
// match runner (fastchess, cutechess-cli) referees one, with real processes, real
// clocks and the engine's own Laws as the arbiter. Every move is checked on our
// Position; a game ends when the Laws end it (checkmate, stalemate, dead positions,
// fivefold, seventy-five moves) or when a draw may be claimed (threefold, fifty
// moves: a runner claims it for the players). A fault loses the game for the engine
// that made it and is counted: an illegal or missing move, a clock run out by more
// than the time margin, a process that stopped answering or exited.
// No doctest here: tests/uci/match_test.cpp plays through it, and so does the
// jadoube_match tool (tests/match/), which scripts/cross uses to play the Windows
// build under wine against the Linux build.
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <fstream>
#include <limits>
#include <memory>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "laws/rules.h"
#include "laws/validate.h"
#include "notation/move_text.h"
#include "support/engine_process.h"

namespace jadoube::test {

struct EngineCommand {
    std::string name;
    std::string program; // a path, or a name looked up in PATH
    std::vector<std::string> args;
    std::vector<std::pair<std::string, std::string>> options; // setoption name N value V
};

struct TimeControl {
    std::int64_t baseMs = 1000, incMs = 10;
    // Over the clock by at most this much is not yet a loss: the referee's own
    // scheduling on a busy machine (fastchess's timemargin, scripts/match --timemargin).
    std::int64_t marginMs = 100;
};

enum class Fault : std::uint8_t { None, IllegalMove, TimeLoss, Crash };

inline const char* fault_name(Fault f) {
    constexpr std::array<const char*, 4> Names{"none", "illegal move", "time loss", "crash or stall"};
    return Names[std::size_t(f)];
}

// How an engine spent its clock, move by move: what a time loss would have needed.
// `relay` is the referee's time for a move less the engine's own `time` in its
// last info line: the part of the move spent outside the search (the pipe, an
// emulator's line relay, the scheduler), which Move Overhead has to cover.
struct ClockStats {
    int moves = 0;
    std::int64_t leastLeftMs = std::numeric_limits<std::int64_t>::max(); // the clock after a move, before the increment
    std::int64_t mostRelayMs = 0;
    std::int64_t mostUsedMs = 0;
    std::int64_t relayMs = 0; // in all
    void add(std::int64_t usedMs, std::int64_t leftMs, std::int64_t relay) {
        ++moves;
        relayMs += relay;
        leastLeftMs = std::min(leastLeftMs, leftMs);
        mostRelayMs = std::max(mostRelayMs, relay);
        mostUsedMs = std::max(mostUsedMs, usedMs);
    }
    void add(const ClockStats& o) {
        moves += o.moves;
        leastLeftMs = std::min(leastLeftMs, o.leastLeftMs);
        mostRelayMs = std::max(mostRelayMs, o.mostRelayMs);
        mostUsedMs = std::max(mostUsedMs, o.mostUsedMs);
        relayMs += o.relayMs;
    }
};

struct GameRecord {
    std::string fen;                // the opening position
    std::vector<std::string> moves; // UCI text, as played
    std::string result;             // "1-0", "0-1" or "1/2-1/2"
    std::string reason;             // the Laws' state name, or the fault
    Fault fault = Fault::None;
    int faultBy = -1; // who made the fault: 0 the player with White, 1 with Black
    std::array<ClockStats, 2> clocks{}; // by colour, as faultBy
};

// One engine process spoken to as a GUI speaks to it. Windows builds under wine end
// their lines with "\r\n"; the '\r' is dropped here.
class UciPlayer {
public:
    using ms = std::chrono::milliseconds;
    // How long a start-up (wine may first set up its prefix) and a ucinewgame may take.
    static constexpr ms StartTimeout{60000}, ReadyTimeout{10000};

    explicit UciPlayer(const EngineCommand& cmd) : cmd_(cmd) {}

    // Starts (or restarts) the process, uci/uciok, the options, isready/readyok.
    bool start() {
        process_ = std::make_unique<EngineProcess>(cmd_.program, cmd_.args);
        send("uci");
        if (!wait_for("uciok", StartTimeout)) return false;
        for (const auto& [name, value] : cmd_.options) send("setoption name " + name + " value " + value);
        return ready(StartTimeout);
    }
    bool ready(ms timeout = ReadyTimeout) {
        send("isready");
        return wait_for("readyok", timeout).has_value();
    }
    void send(const std::string& line) {
        if (!process_) return; // never started: every read then times out
        try {
            process_->send(line);
        } catch (const std::exception&) { // the engine exited: the next read says so
        }
    }
    std::optional<std::string> wait_for(const std::string& prefix, ms timeout) {
        const auto deadline = EngineProcess::Clock::now() + timeout;
        while (process_) {
            const auto left = std::chrono::duration_cast<ms>(deadline - EngineProcess::Clock::now());
            if (left.count() <= 0) return std::nullopt;
            auto line = process_->read_line(left);
            if (!line) return std::nullopt;
            if (!line->empty() && line->back() == '\r') line->pop_back();
            note_search_time(*line);
            if (line->starts_with(prefix)) return line;
        }
        return std::nullopt;
    }
    // quit, and the exit status (-1 when it does not end in time).
    int quit() {
        send("quit");
        return process_ ? process_->wait_exit(ReadyTimeout) : -1;
    }
    const std::string& name() const { return cmd_.name; }
    // The `time` of the last info line read since the last call (0 if none), then 0.
    std::int64_t take_search_time() { return std::exchange(searchTimeMs_, 0); }

private:
    void note_search_time(const std::string& line) {
        if (!line.starts_with("info ")) return;
        std::istringstream words(line);
        for (std::string w; words >> w;)
            if (w == "time" && words >> searchTimeMs_) return;
    }

    EngineCommand cmd_;
    std::unique_ptr<EngineProcess> process_;
    std::int64_t searchTimeMs_ = 0;
};

// One game from `fen` (the Laws must accept it), players[0] with White.
inline GameRecord play_uci_game(std::array<UciPlayer*, 2> players, const std::string& fen, const TimeControl& tc) {
    using namespace std::chrono;
    GameRecord g;
    g.fen = fen;
    auto start = laws::setup(fen, false);
    if (!start) {
        g.reason = "opening refused: " + start.error().message;
        return g;
    }
    Position pos = std::move(*start);
    // players[i] plays White when i is 0: the engine with the move is by colour.
    const auto by_colour = [&](Color c) { return c == WHITE ? 0 : 1; };
    const auto lose = [&](Color c, Fault f, std::string why) {
        g.fault = f;
        g.faultBy = by_colour(c);
        g.result = c == WHITE ? "0-1" : "1-0";
        g.reason = std::move(why);
    };
    for (UciPlayer* p : players) {
        p->send("ucinewgame");
        if (!p->ready()) {
            lose(p == players[0] ? WHITE : BLACK, Fault::Crash, p->name() + " did not answer isready after ucinewgame");
            return g;
        }
    }
    std::array<std::int64_t, 2> clock{tc.baseMs, tc.baseMs}; // by colour
    std::string moves;
    while (true) {
        const laws::GameState state = laws::game_state(pos);
        if (state != laws::GameState::Ongoing) {
            const bool claimable = laws::ending(state) == laws::Ending::Claimable;
            g.result = claimable ? "1/2-1/2" : std::string(laws::result(state, pos.side_to_move()));
            g.reason = std::string(laws::state_text(state).name);
            return g;
        }
        const Color us = pos.side_to_move();
        UciPlayer& p = *players[by_colour(us)];
        p.send("position fen " + fen + (moves.empty() ? "" : " moves" + moves));
        p.send("go wtime " + std::to_string(clock[WHITE]) + " btime " + std::to_string(clock[BLACK]) + " winc "
               + std::to_string(tc.incMs) + " binc " + std::to_string(tc.incMs));
        p.take_search_time(); // nothing of an earlier move counts
        const auto t0 = EngineProcess::Clock::now();
        // Past the clock and the margin it has lost anyway; a few seconds more tell a
        // slow answer (a time loss) from none (a crash or a stall).
        const auto line = p.wait_for("bestmove", milliseconds(clock[us] + tc.marginMs + 5000));
        const std::int64_t used = duration_cast<milliseconds>(EngineProcess::Clock::now() - t0).count();
        if (!line) return lose(us, Fault::Crash, p.name() + " gave no bestmove"), g;
        clock[us] -= used;
        g.clocks[by_colour(us)].add(used, clock[us], used - p.take_search_time());
        if (clock[us] < -tc.marginMs)
            return lose(us, Fault::TimeLoss, p.name() + " over its clock by " + std::to_string(-clock[us]) + " ms"), g;
        clock[us] += tc.incMs;
        const std::string text = line->substr(9, line->find(' ', 9) - 9);
        const Move m = parse_uci_move(pos, text);
        if (!m) return lose(us, Fault::IllegalMove, p.name() + " played '" + text + "' in " + pos.fen()), g;
        pos.do_move(m);
        g.moves.push_back(text);
        moves += " " + text;
    }
}

// The whole match: `openings` FENs, each played twice with colours swapped.
struct MatchResult {
    std::array<int, 2> wins{};
    int draws = 0;
    std::array<std::array<int, 4>, 2> faults{}; // [engine][Fault]
    std::array<ClockStats, 2> clocks{};          // [engine]
    std::vector<GameRecord> games;
    int fault_count() const {
        int n = 0;
        for (const auto& e : faults)
            for (std::size_t f = 1; f < e.size(); ++f) n += e[f];
        return n;
    }
};

// A fault ends the faulty engine's process (it may be hung or gone): it is
// restarted before the next game. Each game is written to `log` as it ends.
inline MatchResult play_match(const std::array<EngineCommand, 2>& engines, const std::vector<std::string>& openings,
                              const TimeControl& tc, std::ostream& log) {
    MatchResult r;
    std::array<std::unique_ptr<UciPlayer>, 2> players;
    const auto start = [&](int i) {
        players[i] = std::make_unique<UciPlayer>(engines[i]);
        if (!players[i]->start()) ++r.faults[i][std::size_t(Fault::Crash)];
    };
    start(0), start(1);
    for (const std::string& fen : openings)
        for (int white : {0, 1}) {
            const GameRecord g = play_uci_game({players[white].get(), players[1 - white].get()}, fen, tc);
            const int black = 1 - white;
            r.clocks[white].add(g.clocks[0]);
            r.clocks[black].add(g.clocks[1]);
            if (g.result == "1-0") ++r.wins[white];
            else if (g.result == "0-1") ++r.wins[black];
            else if (g.result == "1/2-1/2") ++r.draws;
            log << "game " << r.games.size() + 1 << ": " << engines[white].name << " - " << engines[black].name << " "
                << (g.result.empty() ? "*" : g.result) << " (" << g.reason << "), " << g.moves.size() << " plies from " << fen
                << std::endl;
            if (g.fault != Fault::None) {
                const int engine = g.faultBy == 0 ? white : black; // faultBy counts by colour
                ++r.faults[engine][std::size_t(g.fault)];
                start(engine);
            }
            r.games.push_back(g);
        }
    for (auto& p : players) p->quit();
    return r;
}

// The first `count` positions of an EPD book (FEN fields only; "0 1" added to
// four-field lines, as the engine's own `position fen` does).
inline std::vector<std::string> read_openings(const std::string& path, std::size_t count) {
    std::vector<std::string> out;
    std::ifstream in(path);
    for (std::string line; out.size() < count && std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty() || line[0] == '#') continue;
        std::istringstream words(line);
        std::string fen, word;
        for (int i = 0; i < 4 && words >> word; ++i) fen += (i ? " " : "") + word;
        // The clocks when both follow as numbers, else "0 1" (EPD operations follow instead).
        std::string half, full;
        const auto number = [](const std::string& w) {
            return !w.empty() && w.find_first_not_of("0123456789") == std::string::npos;
        };
        fen += (words >> half >> full && number(half) && number(full)) ? " " + half + " " + full : " 0 1";
        out.push_back(fen);
    }
    return out;
}

} // namespace jadoube::test
