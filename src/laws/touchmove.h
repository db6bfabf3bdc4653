// FIDE Laws, Article 4 (the act of moving the pieces): the touch-move obligation.
//
// A TouchMove holds what the player having the move has done with the pieces of
// one position (touched, adjusted, let go, chosen a promotion piece) and answers
// which legal moves are still permitted and which article decided it. The
// contract is src/laws/README.md (section 4); obligation() follows its order:
//   1. 4.7   a piece let go on a square (4.7.2: the king let go on a castling square)
//   2. 4.4   king and rook (4.4.1 / 4.4.3: king first; 4.4.2: rook before the king)
//   3. 4.3   the touched pieces (4.3.1 own, 4.3.2 opponent's, 4.3.3 both colours)
//   4. 4.5   touches, but nothing touched can be moved or captured: every legal move
//   5. none  no touch: every legal move
// and 4.4.4 (`promote`) narrows any set holding promotions to the chosen piece.
//
// Legal moves come from MoveList<LEGAL> only; this file never derives a move.
// No text here: rulings and errors are worded in laws/rulings.
//
// Chess960 reading of 4.7.2 ("two squares sideways", "towards a rook"): the king
// is on its original square when its side still holds a castling right (the right
// is lost once the king moves; in standard chess the original square is simply
// e1/e8). Let go from there on its castling destination (the c- or g-file square
// of its first rank) or, in Chess960 only, on the square of a rook it may castle
// with (king takes rook, the way 960 front ends enter castling), it commits to
// castling on that side. When the destination is also reached by an ordinary
// king move (960: king f1, destination g1), the release fixes the square, not the
// kind of move: both the king step and the castling are permitted (4.7).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <expected>
#include <span>
#include <string_view>
#include <variant>
#include <vector>

#include "board/movegen.h"
#include "board/position.h"

namespace jadoube {

// The article that decided the permitted set.
enum class Article : std::uint8_t {
    None,   // no obligation
    A4_3_1, // own pieces touched
    A4_3_2, // opponent's pieces touched
    A4_3_3, // pieces of both colours touched
    A4_4_1, // king then rook: castle with that rook
    A4_4_2, // rook then king: no castling with that rook, 4.3.1 decides
    A4_4_3, // king then rook, castling illegal: another king move
    A4_4_4, // promotion piece chosen
    A4_5,   // nothing touched can move or be captured: any legal move
    A4_7,   // a piece let go on a square
    A4_7_2, // the king let go on its castling square
    A4_8,   // claims (arbiter only): never decides a permitted set
};

// "none", "4.3.1", ...: the article as the contract numbers it (an identifier, not a message).
std::string_view article_number(Article a);

// The case within the article: what a ruling about this set has to say.
enum class Basis : std::uint8_t {
    Free,           // no touch: every legal move
    PieceMoves,     // the moves of `piece` (4.3.1, 4.3.3, 4.4.2 when its rook decides)
    PieceCaptures,  // the captures of the opponent's `target` (4.3.2, 4.3.3)
    CaptureWith,    // 4.3.3: `piece` takes `target`
    KingNoCastling, // 4.4.2: the king decides, without castling with `rook`
    Castling,       // 4.4.1, 4.7.2: castling with `rook`
    KingMoves,      // 4.4.3 (castling with `rook` illegal), 4.7.2 (castling on the side of `to` illegal)
    NothingMovable, // 4.5: no touched piece can move or be captured
    KingStuck,      // 4.5 reached from 4.4.3 or 4.7.2: the king has no legal move
    Released,       // 4.7: `piece` let go on `to`
    Promotion,      // 4.4.4 with nothing else in force: the promotions to the chosen piece
};

// A set of moves of one position, in a fixed order (from square by file then
// rank, then destination likewise, then promotion q r b n) so that output is
// stable. No allocation: it lives on the stack like MoveList.
class MoveSet {
public:
    void push(Move m) { moves_[size_++] = m; }
    const Move* begin() const { return moves_.data(); }
    const Move* end() const { return moves_.data() + size_; }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    bool contains(Move m) const;
    Move operator[](std::size_t i) const { return moves_[i]; }
    void sort();

private:
    std::array<Move, MOVE_BUFFER> moves_{};
    std::size_t size_ = 0;
};

struct Obligation {
    Article article = Article::None;
    Basis basis = Basis::Free;
    Square piece = SQ_NONE;  // own piece whose moves decide (PieceMoves, CaptureWith, Released, king cases)
    Square target = SQ_NONE; // opponent's piece to be captured (PieceCaptures, CaptureWith)
    Square rook = SQ_NONE;   // the rook of 4.4.1 / 4.4.2 / 4.4.3, the castling rook of 4.7.2 Castling
    Square to = SQ_NONE;     // where the piece was let go (4.7, 4.7.2)
    PieceType promotion = NO_PIECE_TYPE; // set when `promote` narrowed the set
    MoveSet moves;           // the permitted moves, a subset of the legal moves
};

// What went wrong with an event. Every error leaves the state as it was, except
// Unreachable: the piece let go on a square no legal move reaches still counts as
// touched (Article 7.5 then asks for a legal move of that piece).
enum class EventErrorKind : std::uint8_t {
    NoLegalMove, // the side to move has no legal move: nothing to oblige
    NoPiece,     // `square` is empty
    Unreachable, // no legal move takes the piece on `square` to `to`
    NoPromotion, // no pawn of the side to move can promote
};

struct EventError {
    EventErrorKind kind;
    Square square = SQ_NONE;
    Square to = SQ_NONE;
    Piece piece = NO_PIECE; // the piece on `square` (Unreachable)
};

// The four events of the contract, typed (the text readers live in uci/).
struct TouchEvent {
    std::vector<Square> squares;
};
struct AdjustEvent {
    std::vector<Square> squares;
};
struct ReleaseEvent {
    Square from, to;
};
struct PromoteEvent {
    PieceType piece;
};
using BoardEvent = std::variant<TouchEvent, AdjustEvent, ReleaseEvent, PromoteEvent>;

class TouchMove {
public:
    TouchMove() : TouchMove(Position()) {}
    // A snapshot of what the rules need from pos (pieces, castling, legal moves),
    // with no events yet. Plain data: copies are independent.
    explicit TouchMove(const Position& pos);

    // Article 4.2.2 / 4.3: deliberate touches, in order. A square touched again
    // keeps its first place. Error (nothing recorded): an empty square.
    std::expected<void, EventError> touch(std::span<const Square> squares);
    // Article 4.2.1: announced adjustment, no obligation. Error: an empty square.
    std::expected<void, EventError> adjust(std::span<const Square> squares);
    // Article 4.7: the piece on `from` let go on `to`. The first release that fixes
    // a move is final; later ones change nothing and are not errors.
    std::expected<void, EventError> release(Square from, Square to);
    // Article 4.4.4: the promotion piece (KNIGHT..QUEEN) has touched the promotion
    // square. The first valid choice is final.
    std::expected<void, EventError> promote(PieceType piece);
    std::expected<void, EventError> apply(const BoardEvent& e);

    Obligation obligation() const;

    // What has been reported so far.
    std::span<const Square> touched() const { return {touched_.data(), touchedCount_}; }
    std::span<const Square> adjusted() const { return {adjusted_.data(), adjustedCount_}; }
    bool released() const { return releaseFrom_ != SQ_NONE; }
    Square release_from() const { return releaseFrom_; }
    Square release_to() const { return releaseTo_; }
    PieceType promotion() const { return promotion_; }
    // Any event that can oblige (touch, release, promote); adjustments do not.
    bool any_obligation_event() const { return touchedCount_ > 0 || released() || promotion_ != NO_PIECE_TYPE; }
    // Article 4.8: the player has touched a piece with the intention of moving it
    // (a touch, a release, or a promotion piece put on the board).
    bool forfeits_claim() const { return any_obligation_event(); }

    Color side_to_move() const { return us_; }
    Piece piece_on(Square s) const { return board_[s]; }
    bool is_chess960() const { return chess960_; }
    const MoveSet& legal_moves() const { return legal_; }

private:
    bool own(Square s) const { return board_[s] != NO_PIECE && color_of(board_[s]) == us_; }
    // Where a move puts the moving piece, as a hand on the board sees it:
    // castling lands the king on its c- or g-file square.
    Square landing(Move m) const;
    bool lands_on(Move m, Square to) const;
    // The square of the piece a legal move captures, or SQ_NONE.
    Square captured_square(Move m) const;
    // 4.7.2: is `from` -> `to` the king let go on a castling square?
    bool castling_release(Square from, Square to) const;
    void add_touch(Square s);

    void moves_of(Square s, MoveSet& out, Bitboard noCastlingWith = 0) const;
    void captures_of(Square target, MoveSet& out, Square by = SQ_NONE) const;
    void king_moves(MoveSet& out) const { moves_of(king_, out); }
    void all_legal(MoveSet& out) const { out = legal_; }
    void decide(Obligation& ob) const;
    bool decide_touches(Obligation& ob, Bitboard noCastlingWith) const;

    // The position, as far as Article 4 needs it.
    std::array<Piece, SQUARE_NB> board_{};
    Color us_ = WHITE;
    bool chess960_ = false;
    Square king_ = SQ_NONE;
    std::array<Square, 2> castlingRook_{SQ_NONE, SQ_NONE}; // [kingSide]: rook the side may castle with
    MoveSet legal_;

    // The events.
    std::array<Square, SQUARE_NB> touched_{};
    std::size_t touchedCount_ = 0;
    std::array<Square, SQUARE_NB> adjusted_{};
    std::size_t adjustedCount_ = 0;
    Square releaseFrom_ = SQ_NONE, releaseTo_ = SQ_NONE; // set only by a release that fixes the move
    PieceType promotion_ = NO_PIECE_TYPE;
};

} // namespace jadoube
