#include "laws/rules.h"

namespace jadoube::laws {

namespace {

// The squares a king steps to from any square of b.
Bitboard king_spread(Bitboard b) {
    const Bitboard row = b | shift<EAST>(b) | shift<WEST>(b);
    return row | shift<NORTH>(row) | shift<SOUTH>(row);
}

// 9.2.2 square by square: the men, the side to move, the castling rights and the
// (legal) en passant square.
bool same_position(const Position& a, const Position& b) {
    if (a.side_to_move() != b.side_to_move() || a.castling_rights() != b.castling_rights() || a.ep_square() != b.ep_square()
        || a.pieces() != b.pieces())
        return false;
    for (Bitboard occ = a.pieces(); occ;)
        if (const Square s = pop_lsb(occ); a.piece_on(s) != b.piece_on(s)) return false;
    return true;
}

} // namespace

bool is_checkmate(const Position& pos) { return pos.checkers() && count_legal(pos) == 0; }
bool is_stalemate(const Position& pos) { return !pos.checkers() && count_legal(pos) == 0; }

int repetition_count(const Position& pos) {
    const auto& h = pos.history();
    const StateInfo& now = h.back();
    const int last = int(h.size()) - 1;
    // Before the last capture or pawn move the men were others; a null move (search
    // only) is no move of the game.
    const int window = std::min({int(now.rule50), int(now.pliesFromNull), last});
    bool candidate = false;
    for (int d = 4; d <= window && !candidate; d += 2) candidate = h[std::size_t(last - d)].key == now.key;
    if (!candidate) return 1;

    int count = 1;
    Position back = pos;
    for (int d = 1; d <= window; ++d) {
        back.undo_move(h[std::size_t(last - d + 1)].move);
        if (d % 2 == 0 && h[std::size_t(last - d)].key == now.key && same_position(back, pos)) ++count;
    }
    return count;
}

bool threefold_claimable(const Position& pos) { return repetition_count(pos) >= 3; }
bool fivefold(const Position& pos) { return repetition_count(pos) >= 5; }
bool fifty_claimable(const Position& pos) { return pos.rule50_count() >= 100 && !is_checkmate(pos); }
bool seventy_five(const Position& pos) { return pos.rule50_count() >= 150 && !is_checkmate(pos); }

bool insufficient_material(const Position& pos) {
    if (pos.pieces(PAWN, ROOK) | pos.pieces(QUEEN)) return false;
    const Bitboard minors = pos.pieces(KNIGHT, BISHOP);
    if (!more_than_one(minors)) return true; // K v K, K+N v K, K+B v K
    if (pos.pieces(KNIGHT)) return false;    // K+N+N v K and K+B v K+N can mate with help
    // Bishops only, all on one colour: the squares of the other colour next to a king
    // can be neither attacked nor blocked by them, so no king is ever mated.
    return !(minors & DARK_SQUARES) || !(minors & ~DARK_SQUARES);
}

bool blocked_pawn_wall(const Position& pos) {
    if (pos.pieces() != pos.pieces(KING, PAWN) || !pos.pieces(PAWN)) return false;
    const Bitboard wp = pos.pieces(WHITE, PAWN), bp = pos.pieces(BLACK, PAWN), pawns = wp | bp;
    if ((shift<NORTH>(wp) & ~pawns) || (shift<SOUTH>(bp) & ~pawns)) return false; // a pawn can advance
    const Bitboard wAtt = pawn_attacks_bb<WHITE>(wp), bAtt = pawn_attacks_bb<BLACK>(bp);
    if ((wAtt & bp) || (bAtt & wp)) return false; // a pawn can capture
    if (pos.checkers() || pos.ep_square() != SQ_NONE) return false;
    for (Color c : {WHITE, BLACK}) {
        // Every square the king can ever reach while the pawns stand: never onto a pawn,
        // never onto a square an enemy pawn attacks (3.9.2). Kings are ignored as
        // obstacles, which only widens the region.
        const Bitboard enemyAtt = c == WHITE ? bAtt : wAtt;
        const Bitboard passable = ~pawns & ~enemyAtt;
        Bitboard region = pos.pieces(c, KING), frontier = region;
        while (frontier) {
            frontier = king_spread(frontier) & passable & ~region;
            region |= frontier;
        }
        // An enemy pawn no enemy pawn defends, next to that region, could be taken.
        if (king_spread(region) & pos.pieces(~c, PAWN) & ~enemyAtt) return false;
    }
    return true;
}

GameState game_state(const Position& pos) {
    if (count_legal(pos) == 0) return pos.checkers() ? GameState::Checkmate : GameState::Stalemate;
    if (insufficient_material(pos)) return GameState::InsufficientMaterial;
    if (blocked_pawn_wall(pos)) return GameState::DeadPosition;
    const int reps = repetition_count(pos);
    if (reps >= 5) return GameState::Fivefold;
    if (pos.rule50_count() >= 150) return GameState::SeventyFive;
    if (reps >= 3) return GameState::ThreefoldClaimable;
    if (pos.rule50_count() >= 100) return GameState::FiftyClaimable;
    return GameState::Ongoing;
}

const StateText& state_text(GameState s) {
    static constexpr StateText table[] = {
        {"ongoing", "-", "the game goes on"},
        {"checkmate", "5.1.1", "the king is checkmated: the game is won by the player who mated"},
        {"stalemate", "5.2.1", "the player to move has no legal move and is not in check: drawn"},
        {"insufficient-material", "5.2.2", "neither player can checkmate with the material left: drawn"},
        {"dead-position", "5.2.2", "no series of legal moves can lead to checkmate (blocked pawns): drawn"},
        {"fivefold", "9.6.1", "the same position has appeared at least five times: drawn"},
        {"seventyfive", "9.6.2", "75 moves by each player without a pawn move or capture: drawn"},
        {"threefold-claimable", "9.2",
         "the same position has appeared at least three times: the player to move may claim a draw"},
        {"fifty-claimable", "9.3", "50 moves by each player without a pawn move or capture: the player to move may claim a draw"},
    };
    return table[std::size_t(s)];
}

std::string_view result(GameState s, Color sideToMove) {
    switch (s) {
    case GameState::Checkmate: return sideToMove == WHITE ? "0-1" : "1-0";
    case GameState::Ongoing:
    case GameState::ThreefoldClaimable:
    case GameState::FiftyClaimable: return "*";
    default: return "1/2-1/2";
    }
}

} // namespace jadoube::laws
