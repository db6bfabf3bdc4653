// The end of the game and the draw rules, over a Position and its recorded history:
//   5.1.1  checkmate ends the game (and takes precedence over 9.3 and 9.6.2)
//   5.2.1  stalemate ends the game
//   5.2.2  a dead position ends the game: insufficient material, or a proof that
//          neither side can ever mate (laws/dead.h)
//   9.2    threefold repetition: a draw the player to move may claim
//   9.3    fifty moves without a capture or pawn move: a draw that may be claimed
//   9.6.1  fivefold repetition: drawn, no claim needed
//   9.6.2  seventy-five moves without a capture or pawn move: drawn, no claim needed,
//          unless the last move mated
// Positions are "the same" (9.2.2) when the same player has the move, the same men
// stand on the same squares, and the castling rights and en passant possibilities
// are the same; an en passant capture counts only when it is legal, as Position's
// key already has it. The search uses draw_in_search(), checked against these
// functions by tests/laws.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string_view>

#include "board/movegen.h"
#include "board/position.h"
#include "laws/dead.h"

namespace jadoube::laws {

// The numbers of the rules: half-moves on the clock without a capture or pawn move
// (9.3, 9.6.2) and occurrences of the same position (9.2, 9.6.1).
inline constexpr int FiftyMoveClock = 100;
inline constexpr int SeventyFiveMoveClock = 150;
inline constexpr int ThreefoldCount = 3;
inline constexpr int FivefoldCount = 5;

bool is_checkmate(const Position& pos); // 5.1.1
bool is_stalemate(const Position& pos); // 5.2.1

// 9.2.2: how many times the current position has appeared in the game so far (this
// time included). Keys select the candidates; each is then compared square by square.
int repetition_count(const Position& pos);
bool threefold_claimable(const Position& pos); // 9.2.1: appeared at least three times
bool fivefold(const Position& pos);            // 9.6.1: appeared at least five times

bool fifty_claimable(const Position& pos); // 9.3: 100 half-moves on the clock, and not checkmate
bool seventy_five(const Position& pos);    // 9.6.2: 150 half-moves on the clock, and not checkmate

enum class GameState : std::uint8_t {
    Ongoing,
    Checkmate,            // 5.1.1
    Stalemate,            // 5.2.1
    InsufficientMaterial, // 5.2.2
    DeadPosition,         // 5.2.2 (a locked structure or forced lines)
    Fivefold,             // 9.6.1
    SeventyFive,          // 9.6.2
    ThreefoldClaimable,   // 9.2
    FiftyClaimable,       // 9.3
};

// How a state ends the game. This is the one place that says which rules end it
// by themselves: state_text's table gives each state its kind.
enum class Ending : std::uint8_t {
    None,        // the game goes on
    Claimable,   // 9.2, 9.3: drawn only if the player to move claims
    NoLegalMove, // 5.1.1, 5.2.1: over, and no move can follow
    Automatic,   // 5.2.2, 9.6.1, 9.6.2: over at once, though legal moves remain
};

// The state, when several hold, in this order: checkmate, stalemate, insufficient
// material, dead position, fivefold, seventy-five, threefold, fifty. The game is over
// for all but Ongoing and the two claimable ones.
GameState game_state(const Position& pos);

// The game with its history: the first position of the recorded game (set-up and
// the moves since) at which it ended by an automatic rule, with its game ply
// (2 * (fullmove - 1), plus 1 with Black to move); failing that, the current
// position's state and ply. Moves played after an automatic ending are legal moves
// but no longer count (5.2.2, 9.6.1, 9.6.2: "the game is drawn"). A set-up clock
// above 150 puts the 9.6.2 ending before the set-up, at the ply the clock says.
// settled: how many positions of the game, from the set-up on, are already known to
// hold no automatic ending (an earlier call on the same game found none there); they
// are not tested again, so a caller that asks at every move of a game (the engine's
// go) pays for each position once, not for the whole game each time: a dead-position
// proof may search thousands of positions (laws/dead.h).
struct GameOutcome {
    GameState state;
    int ply;
};
GameOutcome game_outcome(const Position& pos, std::size_t settled = 0);

// One table for the words: the state's name (as `rules` prints it), its article,
// how it ends the game, and the result (for checkmate, the loser is the side to move).
struct StateText {
    std::string_view name;
    std::string_view article;
    Ending ending;
    std::string_view text;
};
const StateText& state_text(GameState s);
inline Ending ending(GameState s) { return state_text(s).ending; }
// "1-0", "0-1", "1/2-1/2", or "*" while the game goes on (claimable draws included).
std::string_view result(GameState s, Color sideToMove);

// The search's draw test, cheap enough for every node, for a node pliesFromRoot plies
// below the root of a search: fifty moves unless mated (9.3 with 5.1.1), dead
// positions (5.2.2), and a repetition since the last capture, pawn move or null move
// when the Laws or the opponent make it one. Either the position has now appeared
// three times (9.2.1: claimable, so the side to move can take the draw), or one earlier
// occurrence lies strictly inside the search tree: a repetition one side steered into
// from the root, it can steer into again. A single occurrence in the game before the
// root (or at the root itself) is not a draw: the game goes on from a twofold.
inline bool draw_in_search(const Position& pos, int pliesFromRoot) {
    const StateInfo& st = pos.state();
    if (int(st.rule50) >= FiftyMoveClock && !(st.checkers && count_legal(pos) == 0)) return true;
    const auto& h = pos.history();
    const int last = int(h.size()) - 1;
    const int end = std::min({int(st.rule50), int(st.pliesFromNull), last});
    bool seenBeforeRoot = false;
    for (int i = 4; i <= end; i += 2)
        if (h[std::size_t(last - i)].key == st.key) {
            if (i < pliesFromRoot || seenBeforeRoot) return true;
            seenBeforeRoot = true;
        }
    return statically_dead(pos);
}

} // namespace jadoube::laws
