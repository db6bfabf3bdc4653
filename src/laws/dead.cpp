#include "laws/dead.h"

#include <algorithm>
#include <deque>
#include <iterator>
#include <optional>
#include <unordered_set>

#include "board/movegen.h"

namespace jadoube::laws {

namespace {

// The squares a king steps to from any square of b.
Bitboard king_spread(Bitboard b) {
    const Bitboard row = b | shift<EAST>(b) | shift<WEST>(b);
    return row | shift<NORTH>(row) | shift<SOUTH>(row);
}

// By material alone, for one intended winner.
bool material_cannot_mate(const Position& pos, Color winner) {
    const Color loser = ~winner;
    const Bitboard men = pos.pieces(winner) & ~pos.pieces(winner, KING);
    if (!men) return true; // a king gives no check
    // A loser's pawn may promote to whatever man a mate needs as a blocker.
    if (pos.pieces(loser, PAWN)) return false;
    if (men == pos.pieces(winner, KNIGHT) && !more_than_one(men)) {
        // A knight's check cannot be parried by a block, so every flight must be
        // covered or filled by the loser's own men. A queen on one of the two flights
        // next to both king and knight would take the knight: the winner's king
        // covers both, from the square two steps from the mated king towards the
        // knight. The flights on either side of the mated king across that line are
        // then uncovered, both on the board, and a queen on one sees the knight
        // through an empty covered flight. So only queens can never help.
        return !(pos.pieces(loser) & (pos.pieces(KNIGHT, BISHOP) | pos.pieces(ROOK)));
    }
    if (men == pos.pieces(winner, BISHOP)) {
        // Bishops of one colour check a king on that colour; its flights along rank
        // and file are of the other colour, where no such bishop reaches. The
        // winner's king cannot cover both flights next to the checking diagonal, so
        // a loser's man fills one; with no knight, pawn or bishop of that colour it
        // is a rook or queen, which then steps onto the check line or takes.
        const Bitboard colour = (men & DARK_SQUARES) ? DARK_SQUARES : ~DARK_SQUARES;
        return !(pos.pieces(BISHOP) & ~colour) && !pos.pieces(loser, KNIGHT);
    }
    return false;
}

// A locked structure: a set of frozen men (pawns and pieces that can never move) none
// of which can ever move, be taken or take, and, for each side, where its king and
// each of its other men can ever stand and what they can ever attack. The men that
// are not frozen are ignored as obstacles, which only widens each set.
struct Lock {
    Bitboard frozen;
    Bitboard king[COLOR_NB];
    Bitboard pieces[COLOR_NB];  // every square a man of the side other than the frozen and the king can ever stand on
    Bitboard attacks[COLOR_NB]; // everything the side can ever attack
    // Each such man's region on its own (one man fills one square at a time).
    Bitboard region[COLOR_NB][16];
    int men[COLOR_NB];
    void add(Color c, Bitboard r) {
        region[c][men[c]++] = r;
        pieces[c] |= r;
    }
};

// Every square strictly ahead of s, seen from c's side (on every file).
Bitboard squares_ahead(Color c, Square s) { return c == WHITE ? ~((square_bb(s) << 1) - 1) : square_bb(s) - 1; }

// The men that can never move while the frozen men stand: a pawn with a frozen man on
// the square ahead, and a piece every square of which it attacks, with only frozen men
// as obstacles, holds a frozen man of its own side (a bishop hemmed in by its own
// blocked pawns). From all men but the kings and the loose pieces, the men that can
// move are dropped until none is left; what stays is frozen as a whole. A frozen
// piece's attacks are the squares next to it along its lines (or a knight's), each
// holding a man of its own: it defends them for ever.
Bitboard immobile_men(const Position& pos, Bitboard loose) {
    Bitboard frozen = pos.pieces() & ~pos.pieces(KING) & ~loose;
    for (bool dropped = true; dropped;) {
        dropped = false;
        for (Bitboard b = frozen; b;) {
            const Square s = pop_lsb(b);
            const Piece pc = pos.piece_on(s);
            const Bitboard blocked = type_of(pc) == PAWN
                                         ? square_bb(s + pawn_push(color_of(pc))) & ~frozen
                                         : attacks_bb(type_of(pc), s, frozen) & ~(frozen & pos.pieces(color_of(pc)));
            if (blocked) {
                frozen ^= square_bb(s);
                dropped = true;
            }
        }
    }
    return frozen;
}

// The squares a pawn on s that is not frozen can ever stand on: its own and those
// ahead up to the first frozen man; 0 when it could reach the last rank (and promote).
Bitboard pawn_path(Color c, Square s, Bitboard frozen) {
    Bitboard path = square_bb(s);
    for (Bitboard b = path;;) {
        b = c == WHITE ? shift<NORTH>(b) : shift<SOUTH>(b);
        if (b & frozen) return path;
        if (b & (RANK_1_BB | RANK_8_BB)) return 0;
        path |= b;
    }
}

// The squares a pawn on s that is not frozen can ever stand on when its own king stands
// ahead of it on its file and can never leave the file: the king's region (its steps
// over squares no frozen man holds or attacks, the pawn's square shut) lies on the file
// (`8/1p6/1p6/1P2k3/1Pp3p1/K1p1p1p1/P1P1P1P1/8 b`: the king on a3 and a4, its other
// squares attacked by the c3, c4 and b6 pawns or its own b4 pawn). The pawn never
// passes the king, so it stops before the farthest square the king can reach; 0 when
// there is no such king.
Bitboard pawn_path_behind_king(const Position& pos, Color c, Square s, Bitboard frozen, Bitboard enemyAttacks) {
    const Bitboard file = file_bb(s);
    const Bitboard ahead = squares_ahead(c, s);
    Bitboard region = pos.pieces(c, KING) & file & ahead, frontier = region;
    while (frontier) {
        frontier = king_spread(frontier) & ~frozen & ~enemyAttacks & ~square_bb(s) & ~region;
        region |= frontier;
    }
    if (!region || (region & ~file)) return 0;
    const Square farthest = c == WHITE ? msb(region) : lsb(region);
    return file & (ahead | square_bb(s)) & ~squares_ahead(c, farthest) & ~square_bb(farthest);
}

// Some pawn has no man but the enemy king anywhere ahead on its file: nothing ever
// stops it for good, so it may promote (its own king ahead may never leave the file).
bool pawn_runs_free(const Position& pos) {
    for (Bitboard b = pos.pieces(PAWN); b;) {
        const Square s = pop_lsb(b);
        const Color c = color_of(pos.piece_on(s));
        const Bitboard ahead = file_bb(s) & squares_ahead(c, s);
        if (!(ahead & pos.pieces() & ~pos.pieces(~c, KING))) return true;
    }
    return false;
}

// One try at a lock, with some immobile pieces left out of the frozen set (loose):
// the lock, or else the frozen pieces that an enemy piece or king could take (the
// next try leaves them out), or neither when a pawn could promote, take or be taken
// by a pawn, or a frozen pawn could be taken.
struct LockTry {
    std::optional<Lock> lock;
    Bitboard takeable = 0;
};

LockTry try_lock(const Position& pos, Bitboard loose) {
    const Bitboard pawns = pos.pieces(PAWN);
    Lock lock{};
    lock.frozen = immobile_men(pos, loose);
    // What the frozen men of each side attack, now and for ever: the squares where a
    // man of the other side could be taken by one, and the men they defend.
    Bitboard frozenAttacks[COLOR_NB] = {pawn_attacks_bb<WHITE>(pos.pieces(WHITE, PAWN) & lock.frozen),
                                        pawn_attacks_bb<BLACK>(pos.pieces(BLACK, PAWN) & lock.frozen)};
    for (Bitboard b = lock.frozen & ~pawns; b;) {
        const Square s = pop_lsb(b);
        const Piece pc = pos.piece_on(s);
        frozenAttacks[color_of(pc)] |= attacks_bb(type_of(pc), s, lock.frozen);
    }
    // A pawn that is not frozen steps along its path and never takes (checked below once
    // every region is known): it is a man like a loose piece, on a file.
    Bitboard stepping[COLOR_NB] = {}, steppingAttacks[COLOR_NB] = {};
    for (const Color c : {WHITE, BLACK})
        for (Bitboard b = pos.pieces(c, PAWN) & ~lock.frozen; b;) {
            const Square s = pop_lsb(b);
            Bitboard path = pawn_path(c, s, lock.frozen);
            if (!path) path = pawn_path_behind_king(pos, c, s, lock.frozen, frozenAttacks[~c]);
            if (!path) return {};
            lock.add(c, path);
            stepping[c] |= path;
            steppingAttacks[c] |= c == WHITE ? pawn_attacks_bb<WHITE>(path) : pawn_attacks_bb<BLACK>(path);
        }
    Bitboard takeable = 0;
    for (const Color c : {WHITE, BLACK}) {
        const Bitboard enemyFrozen = lock.frozen & pos.pieces(~c);
        const Bitboard takenThere = frozenAttacks[~c]; // a man of c standing here could be taken
        // A pawn that attacks a frozen man could take it (a pawn against a pawn across
        // the wall included), and a stepping pawn that a frozen man attacks on its path
        // could be taken (en passant too: the square passed is on the path): the
        // structure is not locked.
        if ((frozenAttacks[c] | steppingAttacks[c]) & enemyFrozen) return {};
        if (stepping[c] & takenThere) return {};
        // Each other piece, square by square: one that could ever take a frozen pawn,
        // or stand where a frozen man takes it, could unlock the structure; one that
        // could take a frozen piece makes that piece loose for the next try.
        for (Bitboard b = pos.pieces(c) & ~pos.pieces(KING) & ~pawns & ~lock.frozen; b;) {
            const Square from = pop_lsb(b);
            const PieceType pt = type_of(pos.piece_on(from));
            if (square_bb(from) & takenThere) return {};
            Bitboard region = square_bb(from), frontier = region;
            while (frontier) {
                const Bitboard to = attacks_bb(pt, pop_lsb(frontier), lock.frozen);
                if (to & ((enemyFrozen & pawns) | takenThere)) return {};
                takeable |= to & enemyFrozen;
                lock.attacks[c] |= to;
                const Bitboard fresh = to & ~lock.frozen & ~region;
                region |= fresh;
                frontier |= fresh;
            }
            lock.add(c, region);
        }
        // The king never steps where a frozen man attacks (3.9.2), so it cannot unlock
        // by standing there; it can take a frozen man that no frozen man defends (a
        // pawn: no lock; a piece: loose for the next try).
        Bitboard region = pos.pieces(c, KING), frontier = region;
        while (frontier) {
            frontier = king_spread(frontier) & ~lock.frozen & ~takenThere & ~region;
            region |= frontier;
        }
        const Bitboard kingTakes = king_spread(region) & enemyFrozen & ~frozenAttacks[~c];
        if (kingTakes & pawns) return {};
        takeable |= kingTakes;
        lock.king[c] = region;
        lock.attacks[c] |= king_spread(region) | frozenAttacks[c] | steppingAttacks[c];
    }
    // A stepping pawn could take a man that may come onto a square it attacks.
    for (const Color c : {WHITE, BLACK})
        if (steppingAttacks[c] & lock.pieces[~c]) return {};
    if (takeable) return {std::nullopt, takeable};
    return {lock, 0};
}

// A frozen piece that an enemy piece or king could take is no part of the wall: taking
// it moves no other frozen man, it only opens lines and stops defending. So it is left
// out (a loose piece, given a region like any other that can move, here the one square
// it is hemmed in on) and the lock sought again, each try with more pieces loose; with
// them out, the pieces they hemmed in may move and the lock may fail for good.
std::optional<Lock> find_lock(const Position& pos) {
    const Bitboard pawns = pos.pieces(PAWN);
    if (!pawns || pos.checkers() || pos.ep_square() != SQ_NONE || pos.castling_rights()) return std::nullopt;
    if (pawn_runs_free(pos)) return std::nullopt; // the common case, answered without a lock
    for (Bitboard loose = 0;;) {
        LockTry t = try_lock(pos, loose);
        if (!t.takeable) return t.lock;
        loose |= t.takeable;
    }
}

// The loser's men can fill every square of flights at once, each man one square of
// its region (a matching, found by augmenting paths): else a flight stays open.
bool flights_fillable(const Lock& lock, Color loser, Bitboard flights) {
    int holder[16];
    std::fill(std::begin(holder), std::end(holder), -1); // the flight square each man fills
    const auto augment = [&](auto&& self, Square f, unsigned& tried) -> bool {
        for (int m = 0; m < lock.men[loser]; ++m) {
            if (!(lock.region[loser][m] & square_bb(f)) || (tried & (1u << m))) continue;
            tried |= 1u << m;
            if (holder[m] < 0 || self(self, Square(holder[m]), tried)) {
                holder[m] = f;
                return true;
            }
        }
        return false;
    };
    for (Bitboard b = flights; b;) {
        unsigned tried = 0;
        if (!augment(augment, pop_lsb(b), tried)) return false;
    }
    return true;
}

// In a locked structure the loser's king stays in its region; on every square of it
// the winner could ever attack, some flight square is never a frozen man's and never
// attacked by the winner, and the loser's other men can never fill all of them at
// once, so the king can always step to one: it is never mated.
bool lock_stops_mate(const Lock& lock, Color winner) {
    const Color loser = ~winner;
    const Bitboard shut = lock.frozen | lock.attacks[winner];
    for (Bitboard checked = lock.king[loser] & lock.attacks[winner]; checked;) {
        const Bitboard flights = king_attacks(pop_lsb(checked)) & ~shut;
        if (!(flights & ~lock.pieces[loser]) && flights_fillable(lock, loser, flights)) return false;
    }
    return true;
}

// The two static proofs, cheapest first.
MateProof static_proof(const Position& pos, Color winner) {
    if (material_cannot_mate(pos, winner)) return MateProof::Material;
    const std::optional<Lock> lock = find_lock(pos);
    return lock && lock_stops_mate(*lock, winner) ? MateProof::LockedStructure : MateProof::None;
}

// The side not to move has no legal move as things stand (a null move shows it):
// then a move of the side to move that frees nothing stalemates it, and a wide node is
// mostly such leaves. Never with the side to move in check (no null move there). A
// pawn with an empty square ahead answers most positions without a move generation
// (it may be pinned, and then the answer is only a missed chance, never a wrong proof).
bool other_side_stuck(Position& pos) {
    const Color them = ~pos.side_to_move();
    const Bitboard pawns = pos.pieces(them, PAWN);
    if ((them == WHITE ? shift<NORTH>(pawns) : shift<SOUTH>(pawns)) & ~pos.pieces()) return false;
    if (pos.checkers()) return false;
    pos.do_null_move();
    const bool stuck = MoveList<LEGAL>(pos).size() == 0;
    pos.undo_null_move();
    return stuck;
}

// Every legal line from pos within depth plies (only-moves free, up to onlyMoves of
// them) reaches a position where cannot_mate holds, a stalemate or a mate of the
// winner. nodes bounds the positions visited; running out proves nothing, and so
// does a node with more than maxMoves moves (ForcedLineMaxMoves below the root),
// unless the other side is stuck there (other_side_stuck).
bool forced_unwinnable(Position& pos, Color winner, int depth, int onlyMoves, int& nodes, int maxMoves = ForcedLineMaxMoves) {
    if (cannot_mate(pos, winner)) return true;
    const MoveList<LEGAL> moves(pos);
    if (moves.size() == 0) return !pos.checkers() || pos.side_to_move() == winner;
    const bool only = moves.size() == 1 && onlyMoves > 0;
    const bool wide = int(moves.size()) > maxMoves;
    if ((!only && depth == 0) || (wide && !other_side_stuck(pos))) return false;
    // A wide node pays for the leaves below it too, so the budget bounds the work.
    nodes -= wide ? int(moves.size()) : 1;
    if (nodes < 0) return false;
    for (const Move m : moves) {
        pos.do_move(m);
        const bool proved = only ? forced_unwinnable(pos, winner, depth, onlyMoves - 1, nodes)
                                 : forced_unwinnable(pos, winner, depth - 1, onlyMoves, nodes);
        pos.undo_move(m);
        if (!proved) return false;
    }
    return true;
}

// How far the reachable set is searched from a root: the most quiet moves of men
// other than the kings there, the positions visited, and whether a position with a
// pawn that runs free, or none left, costs OpenWallCost of them (the wall has opened).
struct ReachableBounds {
    int menMoves;
    int nodes;
    bool wallOnly;
};

// Walled: there are pawns and none runs free.
bool walled(const Position& pos) { return pos.pieces(PAWN) && !pawn_runs_free(pos); }

// Walled: the larger search, kept to the wall; else the small one.
ReachableBounds reachable_bounds(const Position& pos) {
    if (walled(pos)) return {WalledMenMoves, WalledReachableNodes, true};
    return {ReachableMenMoves, ReachableSetNodes, false};
}

// Few men but the kings can move: every legal move of the side to move, and every
// move the other side would have if it were to move, is a king move or one of at most
// maxMenMoves quiet moves of the other men (no capture, no promotion). With the side
// to move in check there is no null move: the other side's moves are counted after
// each reply instead, and the reply that leaves it the most is the one that counts.
bool few_men_move(Position& pos, int maxMenMoves) {
    int menMoves = 0;
    const auto few = [&](const Position& p) {
        for (const Move m : MoveList<LEGAL>(p))
            if (type_of(p.moved_piece(m)) != KING && (p.is_capture(m) || m.kind() == PROMOTION || ++menMoves > maxMenMoves))
                return false;
        return true;
    };
    if (!few(pos)) return false;
    if (!pos.checkers()) {
        pos.do_null_move();
        const bool other = few(pos);
        pos.undo_null_move();
        return other;
    }
    const int ownMoves = menMoves;
    for (const Move m : MoveList<LEGAL>(pos)) {
        menMoves = ownMoves;
        pos.do_move(m);
        const bool other = few(pos);
        pos.undo_move(m);
        if (!other) return false;
    }
    return true;
}

// Every position reachable from root, visited once each (depth first, by key): none
// is a mate of the loser. A position where cannot_mate holds is not expanded (none
// after it is a mate either). Sound because the search is exhaustive: a mate
// reachable from the root is reached by a line without repeated positions, and every
// position on it is expanded unless proved. Running out of nodes proves nothing, and
// so does, in a walled search, running out of nodes where the wall has opened.
// The line's move lists live in a deque (a MoveList points into itself, so it must
// never be relocated), not on the call stack: the line can be as long as the budget.
bool reachable_unwinnable(const Position& root, Color winner, const ReachableBounds& bounds) {
    struct Node {
        MoveList<LEGAL> moves;
        const Move* next;
        explicit Node(const Position& pos) : moves(pos), next(moves.begin()) {}
    };
    Position pos = root.without_history();
    std::unordered_set<Key> seen{pos.key()};
    std::deque<Node> line;
    line.emplace_back(pos);
    // A root in check may itself be the loser's mate: the winner has mated already.
    if (line.back().moves.size() == 0 && pos.checkers() && pos.side_to_move() != winner) return false;
    int nodes = bounds.nodes;
    while (!line.empty()) {
        Node& node = line.back();
        if (node.next == node.moves.end()) {
            line.pop_back();
            if (!line.empty()) pos.undo_move(*(line.back().next - 1));
            continue;
        }
        const Move m = *node.next++;
        pos.do_move(m);
        if (!seen.insert(pos.key()).second || cannot_mate(pos, winner)) {
            pos.undo_move(m);
            continue;
        }
        if (--nodes < 0) return false;
        Node& child = line.emplace_back(pos);
        // Checkmate of the loser: the winner mated.
        if (child.moves.size() == 0 && pos.checkers() && pos.side_to_move() != winner) return false;
        // An opened wall is paid for, not refused: the next plies often close the
        // question (a king that took a pawn of the wall is then boxed in for good).
        // Every position past it pays too, so a promoted queen's moves cannot spend
        // the budget one by one.
        if (bounds.wallOnly && child.moves.size() != 0 && !walled(pos) && (nodes -= OpenWallCost) < 0) return false;
    }
    return true;
}

} // namespace

bool insufficient_material(const Position& pos) {
    if (pos.pieces(PAWN, ROOK) | pos.pieces(QUEEN)) return false;
    const Bitboard minors = pos.pieces(KNIGHT, BISHOP);
    if (!more_than_one(minors)) return true; // K v K, K+N v K, K+B v K
    if (pos.pieces(KNIGHT)) return false;    // K+N+N v K and K+B v K+N can mate with help
    // Bishops only, all on one colour: the squares of the other colour next to a king
    // can be neither attacked nor blocked by them, so no king is ever mated.
    return !(minors & DARK_SQUARES) || !(minors & ~DARK_SQUARES);
}

bool cannot_mate(const Position& pos, Color winner) { return static_proof(pos, winner) != MateProof::None; }

MateProof unwinnable_proof(const Position& pos, Color winner) {
    if (const MateProof proof = static_proof(pos, winner); proof != MateProof::None) return proof;
    Position line = pos.without_history();
    int nodes = ForcedLineNodes;
    if (forced_unwinnable(line, winner, ForcedLinePlies, ForcedOnlyMovePlies, nodes, ForcedLineRootMaxMoves))
        return MateProof::ForcedLines;
    const ReachableBounds bounds = reachable_bounds(line);
    return few_men_move(line, bounds.menMoves) && reachable_unwinnable(line, winner, bounds) ? MateProof::ReachableSet
                                                                                             : MateProof::None;
}

} // namespace jadoube::laws
