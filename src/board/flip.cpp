#include "board/flip.h"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <vector>

namespace jadoube {

namespace {

char swap_case(char c) {
    const auto u = static_cast<unsigned char>(c);
    return char(std::isupper(u) ? std::tolower(u) : std::toupper(u));
}

} // namespace

std::string flipped_fen(const Position& pos) {
    std::istringstream in(pos.fen(CastlingNotation::Shredder));
    std::string board, side, castling, ep;
    int rule50 = 0, fullmove = 1;
    in >> board >> side >> castling >> ep >> rule50 >> fullmove;

    // Ranks in reverse order, pieces of the other colour.
    std::vector<std::string> ranks(1);
    for (char c : board) {
        if (c == '/') ranks.emplace_back();
        else ranks.back() += swap_case(c);
    }
    std::string out;
    for (auto r = ranks.rbegin(); r != ranks.rend(); ++r) out += (out.empty() ? "" : "/") + *r;

    // A rook keeps its file: the letters change case, White's first as FEN writes them.
    if (castling != "-") {
        std::ranges::transform(castling, castling.begin(), swap_case);
        std::ranges::stable_partition(castling, [](char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; });
    }
    if (ep != "-") ep[1] = ep[1] == '3' ? '6' : '3';

    // White to move at move N mirrors to Black to move at move N, one ply more:
    // always room for the halfmove clock. Black to move at move N mirrors to White
    // at move N, one ply fewer; when the clock then counts more half-moves than
    // were played (9.3: the FEN would be refused) the mirror moves on to N + 1.
    const Color us = pos.side_to_move();
    const int pliesBefore = 2 * (fullmove - 1);
    if (us == BLACK && rule50 > pliesBefore) ++fullmove;

    return out + (us == WHITE ? " b " : " w ") + castling + ' ' + ep + ' ' + std::to_string(rule50) + ' '
           + std::to_string(fullmove);
}

} // namespace jadoube
