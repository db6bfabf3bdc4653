// Every sentence Jadoube says about Article 4 (and the flag fall of 6.9), in one table keyed by article and
// case, with one column per language: a translation is a column, not a code path.
// The sentences are templates with named slots ({piece}, {square}, {moves}...);
// whoever renders them (uci/touch_text) fills the slots with notation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include "laws/dead.h"
#include "laws/touchmove.h"

namespace jadoube {

enum class Lang : std::uint8_t { En, Ru };
constexpr std::size_t LangCount = 2;

// The row of a sentence within its article.
enum class Case : std::uint8_t {
    // Why the permitted set is what it is: one per Basis (keyed with the article).
    Free,
    PieceMoves,
    PieceCaptures,
    CaptureWith,
    KingNoCastling,
    Castling,
    KingMoves,
    NothingMovable,
    KingStuck,
    Released,
    Promotion,
    PromotionChosen, // added to a reason when `promote` narrowed the set
    // Rulings of the arbiter.
    Ok,
    Violation,
    Upheld,
    RejectedTouched,
    RejectedNoRule,
    RejectedNoMove,
    ReleaseVoid,
    FlagLost,
    FlagDrawn,
    FlagAfterEnd,
    Or, // joins the last two moves a player must choose from
    // Events that do not fit the board.
    ErrNoLegalMove,
    ErrNoPiece,
    ErrUnreachable,
    ErrNoPromotion,
    // Text that is not an event.
    ErrUnknownEvent,
    ErrSquaresExpected,
    ErrReleaseArgs,
    ErrPromoteArgs,
    ErrMoveArgs,
    ErrFlagArgs,
    ErrGameOver,
    ErrNoArguments,
    ErrBadSquare,
    ErrBadMove,
    ErrIllegalMove,
    ErrBadFen,
    ErrNoPosition,
    ErrLineTooLong,
    ErrControlByte,
    ErrLine,
};

Case case_of(Basis b);

// The template for (article, case) in lang; rows that hold for any article are
// filed under Article::None. Empty when the table has no such row (a bug: tests
// render every reachable pair).
std::string_view phrase(Article article, Case c, Lang lang);
inline std::string_view phrase(Case c, Lang lang) { return phrase(Article::None, c, lang); }

// Words the templates take, in the grammatical form a slot asks for:
// {piece} nominative, {piece_acc} accusative (Russian declines, English does not).
enum class Form : std::uint8_t { Nominative, Accusative };
std::string_view piece_word(PieceType pt, Form form, Lang lang);
std::string_view side_word(Color c, Lang lang); // White / Black as the subject of a sentence
std::string_view proof_word(laws::MateProof p, Lang lang); // why a side can never mate (6.9)

// The template with each {name} replaced by its value; unknown names stay as written.
std::string fill(std::string_view tpl, std::initializer_list<std::pair<std::string_view, std::string_view>> values);

} // namespace jadoube
