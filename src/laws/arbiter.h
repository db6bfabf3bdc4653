// The arbiter: replays a game log of Article 4 events and rules on each one:
// a move against the obligation is a violation, a claim (4.8) is upheld or
// rejected, and a fallen flag (6.9) loses the game, or draws it when the
// opponent cannot mate by any series of legal moves. Typed events in, typed rulings out; the log's text is read, and the
// rulings worded (English, Russian), in notation/touch_text and cli/arbiter.
#pragma once

#include <expected>
#include <variant>
#include <vector>

#include "board/position.h"
#include "laws/dead.h"
#include "laws/rules.h"
#include "laws/touchmove.h"

namespace jadoube {

struct StartEvent {
    Position pos;
};  // `startpos` or `fen FEN`: a new game
struct MoveEvent {
    Move move;
};      // the move as completed on the board
struct ClaimEvent {};                 // the player to move claims the last move broke Article 4
struct FlagEvent {
    Color side;
};                                    // side's flag has fallen (6.1, 6.9): the game ends here
using LogEvent = std::variant<StartEvent, TouchEvent, AdjustEvent, ReleaseEvent, PromoteEvent, MoveEvent, ClaimEvent, FlagEvent>;

enum class RulingKind : std::uint8_t {
    Ok,              // the event is recorded; the move kept the obligation
    ReleaseVoid,     // a piece let go where no legal move takes it: it counts as touched
    Violation,       // the move was not in the permitted set
    Upheld,          // claim upheld: the move is taken back, the obligation stays in force
    RejectedTouched, // 4.8: the claimant touched a piece after the move
    RejectedNoRule,  // the last move kept the obligation
    RejectedNoMove,  // nothing has been played since the start
    FlagLost,        // 6.9: side's flag fell and the opponent can still mate: side loses
    FlagDrawn,       // 6.9: side's flag fell, but the opponent can never mate (proof): drawn
    FlagAfterEnd,    // the game had already ended (state, 5.1.1 to 9.6.2): the flag changes nothing
};

struct Ruling {
    RulingKind kind = RulingKind::Ok;
    Obligation obligation; // Violation, Upheld: the set the move had to come from
    Move move = Move::none(); // Violation: the move played; Upheld: the move taken back
    Color side = WHITE;    // Upheld: who must play; RejectedTouched: the claimant; Flag*: whose flag fell
    EventError error{EventErrorKind::Unreachable}; // ReleaseVoid
    Position at;           // the position the moves and squares above belong to
    laws::MateProof proof = laws::MateProof::None;        // FlagDrawn: why the opponent cannot mate
    laws::GameState ended = laws::GameState::Ongoing;     // FlagAfterEnd: how the game had ended
};

// Why the log does not fit the board (the log is malformed there).
// GameOver: an event other than a new start after a flag fall ended the game.
enum class LogErrorKind : std::uint8_t { NoPosition, Event, IllegalMove, GameOver };
struct LogError {
    LogErrorKind kind;
    EventError event{EventErrorKind::NoPiece};
};

class Arbiter {
public:
    std::expected<Ruling, LogError> apply(const LogEvent& e);

    bool started() const { return started_; }
    bool over() const { return over_; } // a flag fell: only a new start may follow
    const Position& position() const { return pos_; }
    const TouchMove& events() const { return touch_; } // of the player to move

private:
    // A move as played, with what was known when it was played, so that an
    // upheld claim can take it back and put the obligation in force again.
    struct Played {
        Position before;
        TouchMove events;
        Obligation obligation;
        Move move;
        bool violation;
    };

    Ruling on_move(Move m);
    Ruling on_claim();
    Ruling on_flag(Color side);

    bool started_ = false;
    bool over_ = false;
    Position pos_;
    TouchMove touch_;
    std::vector<Played> played_;
};

} // namespace jadoube
