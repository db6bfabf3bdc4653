// The engine: one game (its position and history), the search threads, the endgame
// tables, the evaluation settings and the touch-move state, behind typed calls. The
// front ends (uci/, cli/) turn text into these calls and the events (events.h) back
// into text; datagen and bench drive searches through the same object. Game policy
// lives here, once: a `go` keeps to the moves touch-move permits, answers at once
// where the game is over by an automatic rule, and with the root in the tables
// searches only the moves that keep the tables' result and reports that result.
#pragma once

#include <cstddef>
#include <cstdint>
#include <expected>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "board/perft.h"
#include "board/position.h"
#include "engine/events.h"
#include "eval/evaluate.h"
#include "laws/rules.h"
#include "laws/touchmove.h"
#include "search/limits.h"
#include "search/strength.h"
#include "search/threads.h"
#include "syzygy/tablebases.h"

namespace jadoube {

// How the searches are run, set by the front end from its options. The defaults
// are full strength, one line and the tables probed everywhere: what bench and
// datagen search with.
struct SearchSettings {
    int multiPV = 1;
    int moveOverhead = 10; // milliseconds (timeman.h)
    int slowMover = 100;   // per cent of the planned time (timeman.h)
    int nodesTime = 0;     // nodes a millisecond of the clock is worth; 0 = the clock is time
    strength::Limit strength;
    int tbProbeDepth = 1;
    int tbProbeLimit = syzygy::MaxMen;
    bool tbFiftyMoveRule = true; // cursed wins and blessed losses are draws
};

// Why a position was refused; the game stays as it was.
struct PositionRefusal {
    enum class Kind : std::uint8_t {
        BadFen,      // the FEN does not parse (detail: why)
        Unreachable, // no legal game reaches it, Article 3.10.3 (detail: why)
        NotAMove,    // move `move` is no UCI move text
        IllegalMove, // move `move` is not legal in `before`
        PastMaxPly,  // move `move` would take the fullmove number past Position::MaxFullmoveNumber
    };
    Kind kind;
    std::string detail = {};
    std::size_t move = 0;        // 1-based, the move kinds
    std::string moveText = {};   // as given
    std::string before = {};     // FEN of the position the move was tried in
    std::optional<laws::GameState> ended = {}; // that position has no legal move: the game ended by this
};

// The last position set_position refused, until another is accepted: perft counts
// no other position in its place (issue 65).
struct RefusedPosition {
    std::string fen;                  // as sent
    std::size_t moves = 0;            // the moves sent after it
    std::optional<Position> board;    // with the moves played, where only reachability (3.10.3) failed
    PositionRefusal why;
};

// A perft's counts, and which position they are of.
struct PerftCount {
    std::vector<PerftSplit> splits;
    Position root;            // the position counted
    bool unreachable = false; // root is the last position sent, refused as unreachable (3.10.3)
};
struct PerftRefusal {
    enum class Kind : std::uint8_t { Table, RefusedPosition };
    Kind kind;
    std::string detail = {}; // Table: why the table cannot be had
};

// A search's answer, for the callers that wait for it (Engine::think).
struct Thought {
    Move best = Move::none();
    Move ponder = Move::none();
    int score = 0; // side to move's view, the last completed line 1
    std::uint64_t nodes = 0;
};

class Engine {
public:
    explicit Engine(EngineEvents& events) : events_(&events) {}
    Engine() : events_(&noEvents_) {}
    ~Engine() { stop(); }
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    // --- The game -------------------------------------------------------------
    // From a FEN (the Laws' verdict, 3.10.3, under the Chess960 mode) and moves in
    // UCI text. Moves after an automatic ending (5.2.2, 9.6.1, 9.6.2) are legal and
    // kept: refusing them would leave the engine on another board than the GUI's.
    std::expected<void, PositionRefusal> set_position(std::string_view fen, std::span<const std::string_view> moves);
    // A position the caller vouches for (bench, datagen), with the history it carries.
    void set_position(const Position& pos);
    // One more move of the game; m must be legal.
    void play(Move m);
    // The colour mirror replaces the position, its history dropped. Refused (the
    // mirrored FEN and why) where the mirror is unreachable (3.10.3).
    std::expected<void, std::pair<std::string, std::string>> flip();
    const Position& position() const { return pos_; }
    bool chess960() const { return chess960_; }
    // Switches the Chess960 mode and replays the game under it. Never refused: where
    // the game has no reading in the new mode, the start position takes its place and
    // the reason is returned.
    std::optional<std::string> set_chess960(bool on);
    // ucinewgame: the hash table, the histories and the touch-move events cleared.
    void new_game();

    // --- Touch-move (Article 4) -----------------------------------------------
    std::expected<void, EventError> touch_event(const BoardEvent& e) { return touch_.apply(e); }
    const TouchMove& touch() const { return touch_; }

    // --- Searches ---------------------------------------------------------------
    // Starts a search of the game's position and returns at once; its events go to
    // the sink and it ends with one bestmove (go infinite and go ponder: after
    // stop or ponderhit). A running search answers first.
    void go(SearchLimits limits);
    // A go whose every part was bad (`go depth -1`, `go movetime abc`, `go searchmoves`
    // with nothing legal) asked for no limit the engine can use; the GUI still waits for
    // a bestmove, which a search until stop would never send. Searched this deep, it
    // answers at once with a legal move (issue 65). A bare `go` is another request:
    // an infinite search, as in Stockfish.
    static constexpr int PromptDepth = 1;
    void go_promptly(SearchLimits limits) {
        limits.depth = PromptDepth;
        go(std::move(limits));
    }
    void stop(); // ends a running search; its bestmove is sent
    void ponderhit();
    void wait() { pool_.wait(); } // until a running search has sent its bestmove (go infinite: needs stop)
    void prepare() { pool_.prepare(); } // isready: the table and histories written now
    // Searches the position as asked, with none of go's game policy, and waits.
    Thought think(const SearchLimits& limits);
    // Article 3's moves counted from the position, split by root move, on the
    // search threads; hashMiB > 0: hashed perft. After a refused position (refused())
    // never the game's position, which the user did not send: the refused one where
    // only reachability failed (a count of Article 3's moves needs no more), else a
    // refusal. Errors: that, or a table that cannot be had.
    std::expected<PerftCount, PerftRefusal> perft(int depth, std::size_t hashMiB) const;
    const std::optional<RefusedPosition>& refused() const { return refused_; }
    std::vector<SearchPool::WorkerTally> tally() const { return pool_.tally(); }

    // --- Settings (each stops a running search first) ---------------------------
    std::expected<void, std::string> set_hash(std::size_t mib);
    std::expected<void, std::string> set_threads(int n);
    int threads() const { return threads_; }
    void clear_hash();
    void set_search(const SearchSettings& s);
    const EvalSettings& eval() const { return eval_; }
    void set_eval(EvalSettings e);
    // The tables on paths (directories separated by ':'); one line per outcome.
    std::vector<std::string> load_tablebases(const std::string& paths);
    const syzygy::Tablebases* tablebases() const { return tables_.max_men() ? &tables_ : nullptr; }

private:
    // set_position's work, refusals aside.
    std::expected<void, PositionRefusal> set_game(std::string_view fen, std::span<const std::string_view> moves);
    SearchOptions search_options() const;
    // A bestmove known without a search; go infinite and go ponder hold it until
    // stop (or ponderhit).
    void answer_now(Move m, const SearchLimits& limits);
    void send_held_bestmove();
    std::expected<Position, std::string> replay(bool chess960) const;

    EngineEvents* events_;
    NoEvents noEvents_;
    SearchSettings search_;
    EvalSettings eval_;
    syzygy::Tablebases tables_;
    Position pos_;
    bool chess960_ = false;
    // How pos_ was reached, so that switching Chess960 rebuilds it with its history
    // (repetitions need it) rather than from its bare FEN.
    std::string startFen_ = std::string(Position::StartFen);
    std::vector<Move> moves_;
    // How many positions of this game, from startFen_ along moves_, go has already
    // found free of automatic endings (laws::game_outcome's settled): each go then
    // tests only the positions played since, however long the game.
    std::size_t settled_ = 0;
    std::optional<RefusedPosition> refused_;
    TouchMove touch_; // the side to move's events in pos_; forgotten with pos_
    std::optional<Move> heldBestmove_;
    bool heldInfinite_ = false;
    int threads_ = 1;
    // Last member: destroyed first, so a search still running stops while the rest exists.
    SearchPool pool_;
};

} // namespace jadoube
