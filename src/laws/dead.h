// 5.2.2 dead positions: no series of legal moves, played by both players together,
// can lead to a checkmate by either of them. Everything here is a proof: a
// position called dead is dead. What cannot be proved within the bounds below is
// reported as going on; a position with a helpmate for either side is never dead.
//
// Four kinds of proof, each for one intended winner at a time (a position is dead
// when neither side can mate):
//   - material: the winner's men can never mate whatever the loser does, e.g. a
//     bare king, or one knight against a king with only queens and no pawns;
//   - a locked structure: no frozen man (a pawn blocked by one, a piece hemmed in
//     by them) can ever move or be taken, no pawn can ever take or promote (one that
//     can still step walks its file up to a frozen man, or up to its own king where
//     that king never leaves the file), and from the squares the
//     men can ever reach, the loser's king is never left without a flight (a
//     hemmed-in piece that could be taken is no part of the wall, only a man that
//     may vanish; a flight is filled by one man at a time);
//   - forced lines: every series of legal moves within a few plies (only-moves
//     free) reaches one of the two above, or a mate of the winner, or stalemate;
//   - the reachable set: where few men but the kings can move, every position
//     reachable from here, visited once each over the legal moves, is no mate of the
//     loser (a bounded search, larger in a walled position).
// The first two are static and cheap enough for every search node
// (statically_dead); the last two search and are for the game (dead_position).
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>

#include "board/position.h"

namespace jadoube::laws {

// Bounds of the forced-line proof: full-width plies looked ahead, plies of only-
// moves followed on top of them (an only-move costs no depth, as a game must play
// it), positions visited per intended winner before giving up, and the most moves
// a position on a line may have. Every line must end for a proof, so a wide node
// almost never yields one (every proof in the CHA cross-check had at most 6 moves at
// its root, bench/log/2026-11-24-dead-positions-cha.md), and giving up there at once
// keeps the common case, an ordinary position, at one move generation: game_state
// runs this at every ply of datagen, and the root's game_outcome at every position
// of the game.
inline constexpr int ForcedLinePlies = 7;
inline constexpr int ForcedOnlyMovePlies = 100;
inline constexpr int ForcedLineNodes = 20000;
inline constexpr int ForcedLineMaxMoves = 8;
// The root may be wider: a position where every move of the side to move leaves the
// other side stalemated, or in a proved position, is dead after one ply however many
// moves it has (CHA full mode, bench/log/2026-11-29-dead-positions-cha-full.md: a
// rook and king with 12 moves beside a king that every move stalemates). An ordinary
// root costs one more move generation: its first reply already has too many moves.
inline constexpr int ForcedLineRootMaxMoves = 64;
// Any node may be wider where the side not to move has no legal move as things
// stand (a king boxed in, every pawn blocked): a move that frees nothing stalemates
// it, so most of the node's children are leaves (CHA full mode: the black queen's 19
// moves beside a boxed white king, 17 of them stalemating it). Such a node counts
// its width against ForcedLineNodes.

// Bounds of the reachable-set proof: the positions visited before giving up, and the
// most quiet moves of men other than the kings (both sides together) where it is
// tried. It is tried only where few men but the kings can move and none can take or
// promote (kings free to take what is not defended); there the reachable positions
// are the kings' walks, a few pawn steps and piece moves, and what the kings'
// captures release, a few thousand at most when a proof exists (CHA needed 4,029
// nodes for the one position of its full mode that the other proofs miss). Four
// such moves prove 28 more of the fourth CHA run's sides than none; a free pawn's
// run to promotion is cut short by the lock's test at each node.
inline constexpr int ReachableSetNodes = 1024;
inline constexpr int ReachableMenMoves = 4;
// A walled position, where no pawn runs free (each has a man other than the enemy king
// ahead on its file), gets a larger search: its reachable positions are the kings'
// walks through the pockets of the wall, a bishop roaming behind it and a pawn's few
// steps, and what stops a mate there is often a fact no static region holds, an only
// move that takes back (Kxh6 when a bishop lands on h6) or the few tempi a pawn has
// left. CHA full mode's 9 open sides of the sixth run need up to 2,537 positions and 6
// such moves at the root (a bishop's 3, two pawns' steps; bench/log/2026-11-29-dead-
// positions-cha-full.md, seventh run); the sides its mutants left open need up to
// 7,613 positions (a pawn's tempi on top of an only-move recapture) and 8 such moves,
// and those of the eighth run up to 16,384 positions (the recapture walls with a
// pawn's steps more, which CHA settles only with 650,000 to 1,500,000 nodes) and 10
// such moves (an h-pawn's two steps besides; 12 leaves a margin at no cost measured
// there). A position where a pawn runs free or none is left (the wall has opened: a
// pawn may promote, or has) costs OpenWallCost positions. A walled position that is
// not dead usually opens soon, so it rarely pays the whole budget, while a wall that
// a king opens by taking a pawn, and then stays boxed in, is still followed the few
// plies until every position is proved (7 of the eighth run's 8 open sides were lost
// by giving up at the first opened position). A walled position that is not proved
// costs up to a few tens of milliseconds; the go root pays it once per position of
// the game.
inline constexpr int WalledReachableNodes = 16384;
inline constexpr int WalledMenMoves = 12;
inline constexpr int OpenWallCost = 64;

// By material for both sides at once: no pawns, rooks or queens, and either at most
// one minor piece in all, or only bishops, all on squares of one colour.
bool insufficient_material(const Position& pos);

// The winner can never mate, whatever both sides play, by material or a locked
// structure (no search).
bool cannot_mate(const Position& pos, Color winner);

// Neither side can mate, by material or a locked structure (no search): the search's
// test, at every node, so most positions are answered here without either proof. A
// pawn with no pawn on the square ahead may yet advance (a piece there can step away),
// so no structure is locked, and its side has mating material (the pawn may promote):
// not dead.
inline bool statically_dead(const Position& pos) {
    const Bitboard pawns = pos.pieces(PAWN);
    if ((shift<NORTH>(pos.pieces(WHITE, PAWN)) | shift<SOUTH>(pos.pieces(BLACK, PAWN))) & ~pawns) return false;
    return cannot_mate(pos, WHITE) && cannot_mate(pos, BLACK);
}

// Which of the four proofs shows that the winner can never mate; None when none
// of them does within its bounds (the winner may then still be unable to mate,
// but nothing here proves it). Article 6.9 asks exactly this of the opponent of a
// player whose flag has fallen.
enum class MateProof : std::uint8_t { None, Material, LockedStructure, ForcedLines, ReachableSet };
// How many values MateProof has: every table indexed by it has this many rows.
inline constexpr std::size_t MateProofCount = static_cast<std::size_t>(MateProof::ReachableSet) + 1;
MateProof unwinnable_proof(const Position& pos, Color winner);

// "material", "locked-structure", "forced-lines", "reachable-set" (an identifier, not
// a message); "none".
constexpr const char* proof_name(MateProof p) {
    constexpr const char* Names[] = {"none", "material", "locked-structure", "forced-lines", "reachable-set"};
    static_assert(std::size(Names) == MateProofCount, "one name for each MateProof");
    return Names[static_cast<int>(p)];
}

// The winner can never mate: cannot_mate, or every line within the forced-line
// bounds ends where it holds, in stalemate or in a mate of the winner.
inline bool unwinnable(const Position& pos, Color winner) { return unwinnable_proof(pos, winner) != MateProof::None; }

// 5.2.2: neither side can mate, by any of the four proofs.
inline bool dead_position(const Position& pos) { return unwinnable(pos, WHITE) && unwinnable(pos, BLACK); }

} // namespace jadoube::laws
