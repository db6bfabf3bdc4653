#include "notation/display.h"

#include "notation/move_text.h"

namespace jadoube {

namespace {

constexpr std::string_view PieceChars = " PNBRQK  pnbrqk ";
constexpr std::string_view RankSeparator = " +---+---+---+---+---+---+---+---+\n";

} // namespace

std::string key_hex(Key key) {
    constexpr char digits[] = "0123456789ABCDEF";
    std::string s(16, '0');
    for (int i = 15; i >= 0; --i, key >>= 4) s[std::size_t(i)] = digits[key & 15];
    return s;
}

std::string display(const Position& pos) {
    std::string s = "\n";
    s += RankSeparator;
    for (int r = RANK_8; r >= RANK_1; --r) {
        for (int f = FILE_A; f <= FILE_H; ++f) {
            s += " | ";
            s += PieceChars[pos.piece_on(make_square(File(f), Rank(r)))];
        }
        s += " | ";
        s += char('1' + r);
        s += '\n';
        s += RankSeparator;
    }
    s += "   a   b   c   d   e   f   g   h\n\n";
    s += "Fen: " + pos.fen() + '\n';
    s += "Key: " + key_hex(pos.key()) + '\n';
    s += "Checkers:";
    for (Bitboard b = pos.checkers(); b;) s += ' ' + square_name(pop_lsb(b));
    s += '\n';
    return s;
}

} // namespace jadoube
