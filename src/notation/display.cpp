#include "notation/display.h"

#include "notation/move_text.h"
#include "util/text.h"

namespace jadoube {

namespace {

constexpr std::string_view PieceChars = " PNBRQK  pnbrqk ";
constexpr std::string_view RankSeparator = " +---+---+---+---+---+---+---+---+\n";

} // namespace

std::string key_hex(Key key) { return text::hex(key, 16, text::HexCase::Upper); }

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
