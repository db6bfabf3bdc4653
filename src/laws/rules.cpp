#include "laws/rules.h"

namespace jadoube::laws {

namespace {

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

// How far back the current position can have stood before: before the last capture
// or pawn move the men were others; a null move (search only) is no move of the
// game; before the set-up nothing is known.
int repetition_window(const Position& pos) {
    const StateInfo& now = pos.state();
    return std::min({int(now.rule50), int(now.pliesFromNull), int(pos.history().size()) - 1});
}

// How many times the key of the current position has stood on the board: an upper
// bound of repetition_count, since the same position always has the same key.
int key_repetitions(const Position& pos) {
    const auto& h = pos.history();
    const StateInfo& now = h.back();
    const int last = int(h.size()) - 1;
    const int window = repetition_window(pos);
    int count = 1;
    for (int d = 4; d <= window; d += 2) count += h[std::size_t(last - d)].key == now.key;
    return count;
}

} // namespace

bool is_checkmate(const Position& pos) { return pos.checkers() && count_legal(pos) == 0; }
bool is_stalemate(const Position& pos) { return !pos.checkers() && count_legal(pos) == 0; }

int repetition_count(const Position& pos) {
    if (key_repetitions(pos) == 1) return 1;
    const auto& h = pos.history();
    const StateInfo& now = h.back();
    const int last = int(h.size()) - 1;
    const int window = repetition_window(pos);
    int count = 1;
    Position back = pos;
    for (int d = 1; d <= window; ++d) {
        back.undo_move(h[std::size_t(last - d + 1)].move);
        if (d % 2 == 0 && h[std::size_t(last - d)].key == now.key && same_position(back, pos)) ++count;
    }
    return count;
}

bool threefold_claimable(const Position& pos) { return repetition_count(pos) >= ThreefoldCount; }
bool fivefold(const Position& pos) { return repetition_count(pos) >= FivefoldCount; }
bool fifty_claimable(const Position& pos) { return pos.rule50_count() >= FiftyMoveClock && !is_checkmate(pos); }
bool seventy_five(const Position& pos) { return pos.rule50_count() >= SeventyFiveMoveClock && !is_checkmate(pos); }

namespace {

// The automatic ending in force at a position that has a legal move, in the order
// game_state documents; Ongoing when there is none.
GameState automatic_ending(const Position& pos) {
    if (insufficient_material(pos)) return GameState::InsufficientMaterial;
    if (dead_position(pos)) return GameState::DeadPosition;
    if (key_repetitions(pos) >= FivefoldCount && repetition_count(pos) >= FivefoldCount) return GameState::Fivefold;
    if (pos.rule50_count() >= SeventyFiveMoveClock) return GameState::SeventyFive;
    return GameState::Ongoing;
}

} // namespace

GameState game_state(const Position& pos) {
    if (count_legal(pos) == 0) return pos.checkers() ? GameState::Checkmate : GameState::Stalemate;
    if (const GameState s = automatic_ending(pos); s != GameState::Ongoing) return s;
    if (repetition_count(pos) >= ThreefoldCount) return GameState::ThreefoldClaimable;
    if (pos.rule50_count() >= FiftyMoveClock) return GameState::FiftyClaimable;
    return GameState::Ongoing;
}

GameOutcome game_outcome(const Position& pos, std::size_t settled) {
    const auto& h = pos.history();
    const int moves = int(h.size()) - 1;
    const int setupClock = int(h.front().rule50);
    const int setupPly = pos.game_ply() - moves;
    if (setupClock > SeventyFiveMoveClock) return {GameState::SeventyFive, setupPly - (setupClock - SeventyFiveMoveClock)};
    if (moves > 0) {
        // Forward from the set-up, so that the first ending stops the walk: each
        // position on the way had a legal move (the next one was played from it).
        Position p = pos;
        for (int i = moves; i >= 1; --i) p.undo_move(h[std::size_t(i)].move);
        for (int i = 1; i <= moves; ++i) {
            // p is the game's position number i - 1 (the set-up is number 0).
            if (std::size_t(i) > settled)
                if (const GameState s = automatic_ending(p); s != GameState::Ongoing) return {s, p.game_ply()};
            p.do_move(h[std::size_t(i)].move);
        }
    }
    return {game_state(pos), pos.game_ply()};
}

const StateText& state_text(GameState s) {
    static constexpr StateText table[] = {
        {"ongoing", "-", Ending::None, "the game goes on"},
        {"checkmate", "5.1.1", Ending::NoLegalMove, "the king is checkmated: the game is won by the player who mated"},
        {"stalemate", "5.2.1", Ending::NoLegalMove, "the player to move has no legal move and is not in check: drawn"},
        {"insufficient-material", "5.2.2", Ending::Automatic, "neither player can checkmate with the material left: drawn"},
        {"dead-position", "5.2.2", Ending::Automatic, "no series of legal moves can lead to checkmate: drawn"},
        {"fivefold", "9.6.1", Ending::Automatic, "the same position has appeared at least five times: drawn"},
        {"seventyfive", "9.6.2", Ending::Automatic, "75 moves by each player without a pawn move or capture: drawn"},
        {"threefold-claimable", "9.2", Ending::Claimable,
         "the same position has appeared at least three times: the player to move may claim a draw"},
        {"fifty-claimable", "9.3", Ending::Claimable,
         "50 moves by each player without a pawn move or capture: the player to move may claim a draw"},
    };
    return table[std::size_t(s)];
}

std::string_view result(GameState s, Color sideToMove) {
    if (s == GameState::Checkmate) return sideToMove == WHITE ? "0-1" : "1-0";
    const Ending e = ending(s);
    return e == Ending::None || e == Ending::Claimable ? "*" : "1/2-1/2";
}

} // namespace jadoube::laws
