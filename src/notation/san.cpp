#include "notation/san.h"

#include <string>

#include "board/movegen.h"

namespace jadoube {

namespace {

// SAN's piece letters (always upper case; pawns have none).
PieceType piece_letter(char c) {
    switch (c) {
    case 'N': return KNIGHT;
    case 'B': return BISHOP;
    case 'R': return ROOK;
    case 'Q': return QUEEN;
    case 'K': return KING;
    default: return NO_PIECE_TYPE;
    }
}

} // namespace

Move parse_san(const Position& pos, std::string_view san) {
    while (!san.empty() && std::string_view("+#!?").find(san.back()) != std::string_view::npos) san.remove_suffix(1);
    if (san == "O-O" || san == "0-0" || san == "O-O-O" || san == "0-0-0") {
        const bool kingSide = san.size() == 3;
        for (Move m : MoveList<LEGAL>(pos))
            if (m.kind() == CASTLING && (m.to_sq() > m.from_sq()) == kingSide) return m;
        return Move::none();
    }
    PieceType promo = NO_PIECE_TYPE;
    if (const auto eq = san.find('='); eq != std::string_view::npos) {
        if (eq + 1 >= san.size()) return Move::none();
        promo = piece_letter(san[eq + 1]);
        san = san.substr(0, eq);
    } else if (san.size() >= 3 && piece_letter(san.back()) != NO_PIECE_TYPE && san[san.size() - 2] >= '1'
               && san[san.size() - 2] <= '8') {
        promo = piece_letter(san.back()); // "e8Q"
        san.remove_suffix(1);
    }
    PieceType pt = PAWN;
    if (!san.empty() && piece_letter(san[0]) != NO_PIECE_TYPE) pt = piece_letter(san[0]), san.remove_prefix(1);
    std::string body;
    for (char c : san)
        if (c != 'x' && c != ':' && c != '-') body += c;
    if (body.size() < 2) return Move::none();
    const char tf = body[body.size() - 2], tr = body[body.size() - 1];
    if (tf < 'a' || tf > 'h' || tr < '1' || tr > '8') return Move::none();
    const Square to = make_square(File(tf - 'a'), Rank(tr - '1'));
    int fromFile = -1, fromRank = -1;
    for (std::size_t i = 0; i + 2 < body.size(); ++i) {
        if (body[i] >= 'a' && body[i] <= 'h') fromFile = body[i] - 'a';
        else if (body[i] >= '1' && body[i] <= '8') fromRank = body[i] - '1';
        else return Move::none();
    }
    Move found = Move::none();
    for (Move m : MoveList<LEGAL>(pos)) {
        if (m.kind() == CASTLING || m.to_sq() != to || type_of(pos.moved_piece(m)) != pt) continue;
        if ((m.kind() == PROMOTION) != (promo != NO_PIECE_TYPE)) continue;
        if (promo != NO_PIECE_TYPE && m.promotion_type() != promo) continue;
        if (fromFile >= 0 && file_of(m.from_sq()) != fromFile) continue;
        if (fromRank >= 0 && rank_of(m.from_sq()) != fromRank) continue;
        if (found) return Move::none(); // ambiguous
        found = m;
    }
    return found;
}

} // namespace jadoube
