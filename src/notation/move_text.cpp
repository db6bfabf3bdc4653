#include "notation/move_text.h"

#include <optional>

#include "board/movegen.h"

namespace jadoube {

namespace {

struct MoveText {
    Square from, to;
    PieceType promotion; // NO_PIECE_TYPE when the text has no fifth letter
};

std::optional<Square> parse_square(char file, char rank) {
    if (file < 'a' || file > 'h' || rank < '1' || rank > '8') return std::nullopt;
    return make_square(File(file - 'a'), Rank(rank - '1'));
}

std::optional<MoveText> parse_move_text(std::string_view text) {
    if (text.size() != 4 && text.size() != 5) return std::nullopt;
    const auto from = parse_square(text[0], text[1]);
    const auto to = parse_square(text[2], text[3]);
    if (!from || !to) return std::nullopt;
    PieceType promotion = NO_PIECE_TYPE;
    if (text.size() == 5) {
        switch (text[4] | 0x20) {
        case 'n': promotion = KNIGHT; break;
        case 'b': promotion = BISHOP; break;
        case 'r': promotion = ROOK; break;
        case 'q': promotion = QUEEN; break;
        default: return std::nullopt;
        }
    }
    return MoveText{*from, *to, promotion};
}

} // namespace

std::string square_name(Square s) {
    if (!is_ok(s)) return "-";
    return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

std::string to_uci(Move m, const Position& pos) {
    if (!m.is_ok()) return "0000";
    const Square from = m.from_sq();
    Square to = m.to_sq();
    if (m.kind() == CASTLING && !pos.is_chess960()) to = Position::castling_king_to(pos.side_to_move(), to > from);
    std::string s = square_name(from) + square_name(to);
    if (m.kind() == PROMOTION) s += "  nbrq"[m.promotion_type()];
    return s;
}

bool is_uci_move_syntax(std::string_view text) { return parse_move_text(text).has_value(); }

Move parse_uci_move(const Position& pos, std::string_view text) {
    const auto t = parse_move_text(text);
    if (!t) return Move::none();
    for (Move m : MoveList<LEGAL>(pos)) {
        if (m.from_sq() != t->from) continue;
        switch (m.kind()) {
        case PROMOTION:
            if (m.to_sq() == t->to && m.promotion_type() == t->promotion) return m;
            break;
        case CASTLING:
            // Standard-mode castling needs the king on e1/e8 and the rook in the
            // corner (Position::set enforces it), so neither spelling can also be
            // an ordinary king move.
            if (t->promotion == NO_PIECE_TYPE
                && (m.to_sq() == t->to
                    || (!pos.is_chess960() && t->to == Position::castling_king_to(pos.side_to_move(), m.to_sq() > m.from_sq()))))
                return m;
            break;
        default:
            if (m.to_sq() == t->to && t->promotion == NO_PIECE_TYPE) return m;
        }
    }
    return Move::none();
}

} // namespace jadoube
