// The engine behind Debian's polyglot adapter, as an xboard GUI (XBoard, WinBoard
// users) runs it: two polyglot processes, each with the real binary behind it, play
// one game against each other, every move relayed as an xboard GUI relays it.
// Polyglot keeps its own board, so any move it refuses, any UCI line it cannot
// translate, and any end of game it sees differently from the engine's Laws shows.
#include <doctest/doctest.h>

#include <stdlib.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "laws/rules.h"
#include "notation/move_text.h"
#include "support/engine_process.h"
#include "util/version.h"

using namespace jadoube;
using namespace jadoube::test;
using namespace std::chrono_literals;

namespace {

constexpr const char* StartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr int PlyCap = 300;

// The ends of a game polyglot announces, and what must hold on the board for each.
struct Ending {
    std::string_view line;
    bool (*holds)(const Position&);
};
constexpr std::array<Ending, 6> Endings{{
    {"1-0 {White mates}", laws::is_checkmate},
    {"0-1 {Black mates}", laws::is_checkmate},
    {"1/2-1/2 {Stalemate}", laws::is_stalemate},
    {"1/2-1/2 {Draw by repetition}", laws::threefold_claimable},
    {"1/2-1/2 {Draw by fifty-move rule}", laws::fifty_claimable},
    {"1/2-1/2 {Draw by insufficient material}", laws::insufficient_material},
}};

bool is_result(const std::string& line) {
    return line.starts_with("1-0 ") || line.starts_with("0-1 ") || line.starts_with("1/2-1/2 ");
}

// The announced end agrees with the Laws: its condition holds on the final board,
// and its score is the Laws' result, or the draw a player may claim (9.2, 9.3),
// which polyglot claims for both.
void check_result(const std::string& line, const Position& pos) {
    INFO("polyglot: " << line << "; final position " << pos.fen());
    const auto ending = std::find_if(Endings.begin(), Endings.end(), [&](const Ending& e) { return e.line == line; });
    REQUIRE_MESSAGE(ending != Endings.end(), "an end of game polyglot has no business announcing");
    CHECK(ending->holds(pos));
    const laws::GameState state = laws::game_state(pos);
    const bool claimable = state == laws::GameState::ThreefoldClaimable || state == laws::GameState::FiftyClaimable;
    const std::string_view lawful = claimable ? "1/2-1/2" : laws::result(state, pos.side_to_move());
    CHECK(line.substr(0, line.find(' ')) == lawful);
}

// A temporary directory with the polyglot.ini that puts the engine behind polyglot.
class PolyglotConfig {
public:
    PolyglotConfig() {
        std::string dir = (std::filesystem::temp_directory_path() / "jadoube-polyglot-XXXXXX").string();
        REQUIRE(mkdtemp(dir.data()));
        dir_ = dir;
        std::ofstream ini(path());
        // EngineCommand goes through wordexp(3): quoted, a build path with spaces is one word.
        ini << "[PolyGlot]\n"
            << "EngineCommand = '" << JADOUBE_BINARY << "'\n"
            << "EngineDir = " << dir_.string() << "\n"
            << "Log = false\nBook = false\nResign = false\n"
            << "[Engine]\nHash = 16\nThreads = 1\n";
    }
    ~PolyglotConfig() {
        std::error_code ignored;
        std::filesystem::remove_all(dir_, ignored);
    }
    std::string path() const { return (dir_ / "polyglot.ini").string(); }

private:
    std::filesystem::path dir_;
};

// One polyglot process spoken to as an xboard GUI speaks to it.
class XBoardEngine {
public:
    explicit XBoardEngine(const std::string& ini) : process_(JADOUBE_POLYGLOT, {ini}) {}

    // xboard, protover 2, then the features up to done=1: polyglot has started the
    // engine and read its uci answer by then.
    void handshake() {
        process_.send("xboard");
        process_.send("protover 2");
        bool named = false, usermove = false, setboard = false;
        while (true) {
            const auto line = process_.read_line(30s);
            REQUIRE_MESSAGE(line, "polyglot never finished its features");
            REQUIRE_MESSAGE(!line->starts_with("tellusererror"), *line);
            named |= *line == "feature myname=\"" + version::engine_name() + "\"";
            usermove |= *line == "feature usermove=1";
            setboard |= *line == "feature setboard=1";
            if (*line == "feature done=1") break;
        }
        CHECK_MESSAGE(named, "polyglot did not take the engine's id name");
        REQUIRE(usermove);
        REQUIRE(setboard);
    }

    void send(const std::string& line) { process_.send(line); }

    // The next move (`move X`) or announced result; any other line (Illegal move,
    // Error, tellusererror, a resignation) is a failure.
    std::string next(std::chrono::milliseconds timeout) {
        const auto line = process_.read_line(timeout);
        REQUIRE_MESSAGE(line, "polyglot sent neither a move nor a result");
        REQUIRE_MESSAGE((line->starts_with("move ") || is_result(*line)), "polyglot said: " << *line);
        return *line;
    }

    int quit() {
        process_.send("quit");
        return process_.wait_exit(30s);
    }

private:
    EngineProcess process_;
};

struct Game {
    std::vector<std::string> moves;
    std::string result; // empty when the ply cap came first
};

// A self-play game from fen at a fixed depth (so that it is the same game each
// run), with clocks sent as a GUI sends them; every move is checked on the
// engine's own Position.
Game play_game(const std::string& fen, int depth) {
    REQUIRE_MESSAGE(std::string_view(JADOUBE_POLYGLOT) != "",
                    "polyglot was not found when CMake configured: install the Debian package polyglot "
                    "(scripts/test does) and re-run cmake");
    PolyglotConfig config;
    std::array<std::unique_ptr<XBoardEngine>, 2> side; // by colour: WHITE, BLACK
    Position board;
    REQUIRE(board.set(fen, false));
    for (auto& s : side) {
        s = std::make_unique<XBoardEngine>(config.path());
        s->handshake();
        s->send("new");
        s->send("force");
        if (fen != StartFen) s->send("setboard " + fen);
        s->send("level 0 1 0");
        s->send("sd " + std::to_string(depth));
    }
    std::array<std::int64_t, 2> clockMs{60000, 60000};
    const auto clocks = [&](Color c) {
        side[c]->send("time " + std::to_string(clockMs[c] / 10));
        side[c]->send("otim " + std::to_string(clockMs[~c] / 10));
    };
    Color toMove = board.side_to_move();
    clocks(toMove);
    side[toMove]->send("go"); // the side to move leaves force mode and plays
    bool bothPlaying = false;
    Game game;
    while (game.moves.size() < std::size_t(PlyCap)) {
        const auto t0 = EngineProcess::Clock::now();
        const std::string line = side[toMove]->next(30s);
        if (is_result(line)) {
            game.result = line;
            break;
        }
        const std::string text = line.substr(5);
        const Move m = parse_uci_move(board, text);
        REQUIRE_MESSAGE(m, "illegal move " << text << " in " << board.fen());
        board.do_move(m);
        game.moves.push_back(text);
        clockMs[toMove] -= std::chrono::duration_cast<std::chrono::milliseconds>(EngineProcess::Clock::now() - t0).count();
        toMove = ~toMove;
        clocks(toMove);
        side[toMove]->send("usermove " + text);
        if (!bothPlaying) side[toMove]->send("go"), bothPlaying = true;
    }
    if (game.result.empty()) {
        MESSAGE("no result after " << PlyCap << " plies; every move was legal");
    } else {
        check_result(game.result, board);
        // The side that made the last move announces the same end from its own board.
        CHECK(side[~toMove]->next(30s) == game.result);
    }
    for (auto& s : side) CHECK(s->quit() == 0);
    return game;
}

} // namespace

TEST_SUITE("clients") {

TEST_CASE("a self-play game behind polyglot is legal move by move and ends as the Laws say") {
    const Game game = play_game(StartFen, 7);
    MESSAGE(game.moves.size() << " plies, " << (game.result.empty() ? "no result" : game.result));
    CHECK(game.moves.size() >= 2);
}

TEST_CASE("a pawn ending behind polyglot promotes and ends as the Laws say") {
    const Game game = play_game("8/8/3k4/8/8/3K4/3P4/8 w - - 0 1", 6);
    MESSAGE(game.moves.size() << " plies, " << (game.result.empty() ? "no result" : game.result));
    CHECK(std::any_of(game.moves.begin(), game.moves.end(), [](const std::string& m) { return m.size() == 5; }));
    CHECK(game.result == "1-0 {White mates}");
}

} // TEST_SUITE
