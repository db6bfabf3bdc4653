// The arbiter: replays a game log of Article 4 events and rules on each one:
// a move against the obligation is a violation, a claim (4.8) is upheld or
// rejected. Typed events in, typed rulings out; the log's text is read, and the
// rulings worded (English, Russian), in notation/touch_text and cli/arbiter.
#pragma once

#include <expected>
#include <variant>
#include <vector>

#include "board/position.h"
#include "laws/touchmove.h"

namespace jadoube {

struct StartEvent {
    Position pos;
};  // `startpos` or `fen FEN`: a new game
struct MoveEvent {
    Move move;
};      // the move as completed on the board
struct ClaimEvent {};                 // the player to move claims the last move broke Article 4
using LogEvent = std::variant<StartEvent, TouchEvent, AdjustEvent, ReleaseEvent, PromoteEvent, MoveEvent, ClaimEvent>;

enum class RulingKind : std::uint8_t {
    Ok,              // the event is recorded; the move kept the obligation
    ReleaseVoid,     // a piece let go where no legal move takes it: it counts as touched
    Violation,       // the move was not in the permitted set
    Upheld,          // claim upheld: the move is taken back, the obligation stays in force
    RejectedTouched, // 4.8: the claimant touched a piece after the move
    RejectedNoRule,  // the last move kept the obligation
    RejectedNoMove,  // nothing has been played since the start
};

struct Ruling {
    RulingKind kind = RulingKind::Ok;
    Obligation obligation; // Violation, Upheld: the set the move had to come from
    Move move = Move::none(); // Violation: the move played; Upheld: the move taken back
    Color side = WHITE;    // Upheld: who must play; RejectedTouched: the claimant
    EventError error{EventErrorKind::Unreachable}; // ReleaseVoid
    Position at;           // the position the moves and squares above belong to
};

// Why the log does not fit the board (the log is malformed there).
enum class LogErrorKind : std::uint8_t { NoPosition, Event, IllegalMove };
struct LogError {
    LogErrorKind kind;
    EventError event{EventErrorKind::NoPiece};
};

class Arbiter {
public:
    std::expected<Ruling, LogError> apply(const LogEvent& e);

    bool started() const { return started_; }
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

    bool started_ = false;
    Position pos_;
    TouchMove touch_;
    std::vector<Played> played_;
};

} // namespace jadoube
