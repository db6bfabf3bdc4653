#include "laws/rulings.h"

#include <array>
#include <iterator>

namespace jadoube {

namespace {

struct Row {
    Article article;
    Case c;
    std::array<std::string_view, LangCount> text; // en, ru
};

using A = Article;
using C = Case;

// Slots: {piece} {piece_acc} {square} (the own piece and its square), {target}
// {target_acc} {tsquare} (the opponent's piece), {rook}, {to}, {promo},
// {article}, {reason}, {moves}, {move}, {side}, {event}, {token}, {fen}, {why},
// {line}, {text}, {limit}.
// clang-format off: tables laid out by hand, one row a line
constexpr Row Table[] = {
    // --- Why the permitted set is what it is --------------------------------
    {A::None, C::Free,
     {"nothing was touched, so any legal move may be played",
      "фигуры не тронуты, можно сделать любой возможный ход"}},
    {A::A4_3_1, C::PieceMoves,
     {"the {piece} on {square} was touched and can move",
      "тронули {piece_acc} на {square}, и эта фигура может сделать ход"}},
    {A::A4_3_2, C::PieceCaptures,
     {"the {target} on {tsquare} was touched and can be captured",
      "тронули {target_acc} соперника на {tsquare}, и эту фигуру можно взять"}},
    {A::A4_3_3, C::CaptureWith,
     {"the {piece} on {square} and the {target} on {tsquare} were touched, and the one can take the other",
      "тронули {piece_acc} на {square} и {target_acc} соперника на {tsquare}, и взятие возможно"}},
    {A::A4_3_3, C::PieceMoves,
     {"the {piece} on {square} is the first touched piece that can move",
      "первая из тронутых фигур, которая может сделать ход, — {piece} на {square}"}},
    {A::A4_3_3, C::PieceCaptures,
     {"the {target} on {tsquare} is the first touched piece that can be captured",
      "первая из тронутых фигур, которую можно взять, — {target} соперника на {tsquare}"}},
    {A::A4_4_1, C::Castling,
     {"the king and then the rook on {rook} were touched, and castling with that rook is legal",
      "тронули короля, затем ладью на {rook}, и рокировка с этой ладьёй возможна"}},
    {A::A4_4_2, C::PieceMoves,
     {"the rook on {square} was touched before the king and can move",
      "ладью на {square} тронули раньше короля, и эта ладья может сделать ход"}},
    {A::A4_4_2, C::KingNoCastling,
     {"the rook on {rook} was touched before the king, so the king must move without castling with that rook",
      "ладью на {rook} тронули раньше короля, поэтому ход делает король, но без рокировки с этой ладьёй"}},
    {A::A4_4_3, C::KingMoves,
     {"the king and then the rook on {rook} were touched, but castling with that rook is illegal, so the king must move",
      "тронули короля, затем ладью на {rook}, но рокировка с этой ладьёй невозможна, поэтому ход делает король"}},
    {A::A4_4_4, C::Promotion,
     {"a {promo} was chosen for the promotion",
      "для превращения выбрана фигура: {promo}"}},
    {A::A4_5, C::NothingMovable,
     {"no touched piece can be moved or captured, so any legal move may be played",
      "ни одной из тронутых фигур нельзя ни сделать ход, ни взять её, поэтому можно сделать любой возможный ход"}},
    {A::A4_5, C::KingStuck,
     {"castling is illegal and the king has no legal move, so any legal move may be played",
      "рокировка невозможна, а у короля нет возможного хода, поэтому можно сделать любой возможный ход"}},
    {A::A4_7, C::Released,
     {"the {piece} on {square} was let go on {to}",
      "{piece_acc} с {square} поставили на {to} и отпустили"}},
    {A::A4_7_2, C::Castling,
     {"the king was let go on {to}, and castling on that side is legal",
      "короля поставили на {to} и отпустили, и рокировка в эту сторону возможна"}},
    {A::A4_7_2, C::KingMoves,
     {"the king was let go on {to}, but castling on that side is illegal, so the king must move",
      "короля поставили на {to} и отпустили, но рокировка в эту сторону невозможна, поэтому ход делает король"}},
    {A::None, C::PromotionChosen,
     {", and a {promo} was chosen for the promotion",
      ", а для превращения выбрана фигура: {promo}"}},

    // --- Rulings ---------------------------------------------------------------
    {A::None, C::Ok, {"ok", "в порядке"}},
    {A::None, C::Violation,
     {"violation {article}: {reason} ({moves})",
      "нарушение {article}: {reason} ({moves})"}},
    {A::None, C::Upheld,
     {"upheld: {move} is taken back; {side} must play {moves}",
      "удовлетворено: ход {move} отменяется; {side} должны сыграть {moves}"}},
    {A::A4_8, C::RejectedTouched,
     {"rejected 4.8: {side} touched a piece before claiming",
      "отклонено 4.8: {side} тронули фигуру до заявления"}},
    {A::None, C::RejectedNoRule,
     {"rejected: the last move broke no rule",
      "отклонено: последний ход правил не нарушил"}},
    {A::None, C::RejectedNoMove,
     {"rejected: no move has been made to claim against",
      "отклонено: ещё не сделано ни одного хода, против которого можно заявить"}},
    {A::None, C::ReleaseVoid,
     {"void: no legal move takes the {piece} on {square} to {to}; it counts as touched",
      "не засчитано: ни один возможный ход не ведёт {piece_acc} с {square} на {to}; фигура считается тронутой"}},
    {A::None, C::FlagLost,
     {"lost 6.9: {side} ran out of time and {opponent} can still checkmate, {result}",
      "поражение 6.9: {side} просрочили время, а {opponent} ещё могут поставить мат, {result}"}},
    {A::None, C::FlagDrawn,
     {"drawn 6.9: {side} ran out of time, but {opponent} cannot checkmate by any series of legal moves ({proof}), 1/2-1/2",
      "ничья 6.9: {side} просрочили время, но {opponent} не могут поставить мат никакой серией возможных ходов ({proof}), 1/2-1/2"}},
    {A::None, C::FlagAfterEnd,
     {"void: the game had already ended ({article}, {result}); the flag changes nothing",
      "не засчитано: партия уже закончилась ({article}, {result}); флажок ничего не меняет"}},
    {A::None, C::Or, {" or ", " или "}},

    // --- Events that do not fit the board --------------------------------------
    {A::None, C::ErrNoLegalMove,
     {"the side to move has no legal move, so there is nothing to touch",
      "у стороны, чей ход, нет возможных ходов, поэтому трогать фигуры незачем"}},
    {A::None, C::ErrNoPiece,
     {"no piece on {square}; nothing changed",
      "на поле {square} нет фигуры; ничего не изменилось"}},
    {A::None, C::ErrUnreachable,
     {"no legal move takes the {piece} on {square} to {to}; the {piece} counts as touched",
      "ни один возможный ход не ведёт {piece_acc} с {square} на {to}; фигура считается тронутой"}},
    {A::None, C::ErrNoPromotion,
     {"no pawn can promote; nothing changed",
      "ни одна пешка не может превратиться; ничего не изменилось"}},

    // --- Text that is not an event ---------------------------------------------
    {A::None, C::ErrUnknownEvent,
     {"unknown event {token}",
      "неизвестное событие {token}"}},
    {A::None, C::ErrSquaresExpected,
     {"{event}: expected one or more squares",
      "{event}: нужно одно или несколько полей"}},
    {A::None, C::ErrReleaseArgs,
     {"release: expected two squares, FROM and TO",
      "release: нужны два поля: откуда и куда"}},
    {A::None, C::ErrPromoteArgs,
     {"promote: expected one of q r b n",
      "promote: нужна одна из букв q r b n"}},
    {A::None, C::ErrMoveArgs,
     {"move: expected one move in UCI notation",
      "move: нужен один ход в нотации UCI"}},
    {A::None, C::ErrFlagArgs,
     {"flag: expected white, black or nothing (the player to move)",
      "flag: нужно white, black или ничего (сторона, чей ход)"}},
    {A::None, C::ErrGameOver,
     {"{event}: the game ended when the flag fell; a new game starts with startpos or fen",
      "{event}: партия закончилась падением флажка; новая партия начинается со startpos или fen"}},
    {A::None, C::ErrNoArguments,
     {"{event}: takes no arguments, got {token}",
      "{event}: аргументы не нужны, получено {token}"}},
    {A::None, C::ErrBadSquare,
     {"{event}: {token} is not a square",
      "{event}: {token} — не поле доски"}},
    {A::None, C::ErrBadMove,
     {"move: {token} is not a UCI move",
      "move: {token} — не ход в нотации UCI"}},
    {A::None, C::ErrIllegalMove,
     {"move: {token} is not legal in {fen}",
      "move: ход {token} невозможен в позиции {fen}"}},
    {A::None, C::ErrBadFen,
     {"fen: bad FEN {token}: {why}",
      "fen: неверный FEN {token}: {why}"}},
    {A::None, C::ErrNoPosition,
     {"{event}: no position yet; a log starts with startpos or fen",
      "{event}: позиция ещё не задана; журнал начинается со startpos или fen"}},
    {A::None, C::ErrLineTooLong,
     {"line longer than {limit} bytes",
      "строка длиннее {limit} байт"}},
    {A::None, C::ErrControlByte,
     {"control byte {byte} in the line (a log is text)",
      "управляющий байт {byte} в строке (журнал должен быть текстом)"}},
    {A::None, C::ErrLine,
     {"line {line}: {text}",
      "строка {line}: {text}"}},
};

struct Word {
    std::array<std::string_view, LangCount> nominative, accusative;
};

constexpr Word PieceWords[PIECE_TYPE_NB] = {
    {{"piece", "фигура"}, {"piece", "фигуру"}},
    {{"pawn", "пешка"}, {"pawn", "пешку"}},
    {{"knight", "конь"}, {"knight", "коня"}},
    {{"bishop", "слон"}, {"bishop", "слона"}},
    {{"rook", "ладья"}, {"rook", "ладью"}},
    {{"queen", "ферзь"}, {"queen", "ферзя"}},
    {{"king", "король"}, {"king", "короля"}},
};
// clang-format on

constexpr std::array<std::string_view, LangCount> SideWords[COLOR_NB] = {{"White", "Белые"}, {"Black", "Чёрные"}};

// Indexed by laws::MateProof (None has no words: it proves nothing). One row a
// proof: a proof without its row would be read past the table's end.
constexpr std::array<std::string_view, LangCount> ProofWords[] = {
    {"", ""},
    {"not enough material", "недостаточно материала"},
    {"a locked pawn structure", "запертая пешечная структура"},
    {"every line is forced", "все варианты вынужденные"},
    {"every reachable position was searched", "перебраны все достижимые позиции"},
};
static_assert(std::size(ProofWords) == laws::MateProofCount, "one row of words for each laws::MateProof");

} // namespace

Case case_of(Basis b) {
    switch (b) {
    case Basis::Free: return Case::Free;
    case Basis::PieceMoves: return Case::PieceMoves;
    case Basis::PieceCaptures: return Case::PieceCaptures;
    case Basis::CaptureWith: return Case::CaptureWith;
    case Basis::KingNoCastling: return Case::KingNoCastling;
    case Basis::Castling: return Case::Castling;
    case Basis::KingMoves: return Case::KingMoves;
    case Basis::NothingMovable: return Case::NothingMovable;
    case Basis::KingStuck: return Case::KingStuck;
    case Basis::Released: return Case::Released;
    case Basis::Promotion: return Case::Promotion;
    }
    return Case::Free;
}

std::string_view phrase(Article article, Case c, Lang lang) {
    for (const Row& r : Table)
        if (r.article == article && r.c == c) return r.text[std::size_t(lang)];
    return {};
}

std::string_view piece_word(PieceType pt, Form form, Lang lang) {
    const Word& w = PieceWords[pt < PIECE_TYPE_NB ? pt : NO_PIECE_TYPE];
    return (form == Form::Accusative ? w.accusative : w.nominative)[std::size_t(lang)];
}

std::string_view side_word(Color c, Lang lang) { return SideWords[c][std::size_t(lang)]; }

std::string_view proof_word(laws::MateProof p, Lang lang) { return ProofWords[std::size_t(p)][std::size_t(lang)]; }

std::string fill(std::string_view tpl, std::initializer_list<std::pair<std::string_view, std::string_view>> values) {
    std::string out;
    out.reserve(tpl.size() + 32);
    for (std::size_t i = 0; i < tpl.size();) {
        if (tpl[i] == '{') {
            const std::size_t close = tpl.find('}', i);
            if (close != std::string_view::npos) {
                const std::string_view name = tpl.substr(i + 1, close - i - 1);
                bool found = false;
                for (const auto& [k, v] : values)
                    if (k == name) {
                        out += v;
                        found = true;
                        break;
                    }
                if (found) {
                    i = close + 1;
                    continue;
                }
            }
        }
        out += tpl[i++];
    }
    return out;
}

} // namespace jadoube
