#include "board/movegen.h"

#include "board/perft_board.h"

namespace jadoube {

namespace {

// Sinks receive moves in bulk (a source and a target set) so that perft's leaf
// count is a popcount while the move list expands the same calls into moves. A
// sink's movers() are the squares whose pieces are generated: every square for the
// list and the count (AllMovers: the masks and tests fold away), one for a legality test.
struct ListSink {
    Move* cur;

    static constexpr bool AllMovers = true;
    static constexpr Bitboard movers() { return ~Bitboard(0); }

    void piece(Square from, Bitboard targets) {
        while (targets) *cur++ = Move(from, pop_lsb(targets));
    }
    template<Direction D>
    void pawns(Bitboard targets) {
        while (targets) {
            const Square to = pop_lsb(targets);
            *cur++ = Move(to - D, to);
        }
    }
    void promotions(Square from, Square to) {
        for (PieceType pt : {QUEEN, KNIGHT, ROOK, BISHOP}) *cur++ = Move::make<PROMOTION>(from, to, pt);
    }
    template<Direction D>
    void promotions(Bitboard targets) {
        while (targets) {
            const Square to = pop_lsb(targets);
            promotions(to - D, to);
        }
    }
    void promotions_from(Square from, Bitboard targets) {
        while (targets) promotions(from, pop_lsb(targets));
    }
    void single(Move m) { *cur++ = m; }
};

struct CountSink {
    std::uint64_t n = 0;

    static constexpr bool AllMovers = true;
    static constexpr Bitboard movers() { return ~Bitboard(0); }

    void piece(Square, Bitboard targets) { n += popcount(targets); }
    template<Direction>
    void pawns(Bitboard targets) {
        n += popcount(targets);
    }
    template<Direction>
    void promotions(Bitboard targets) {
        n += 4 * popcount(targets);
    }
    void promotions_from(Square, Bitboard targets) { n += 4 * popcount(targets); }
    void single(Move) { ++n; }
};

// Looks for one move among those the generator produces from its from-square.
struct MatchSink {
    Move target;
    bool found = false;

    static constexpr bool AllMovers = false;
    Bitboard movers() const { return square_bb(target.from_sq()); }
    bool hits(Bitboard targets) const { return targets & square_bb(target.to_sq()); }
    void piece(Square from, Bitboard targets) { found |= hits(targets) && target == Move(from, target.to_sq()); }
    template<Direction D>
    void pawns(Bitboard targets) {
        found |= hits(targets) && target == Move(target.to_sq() - D, target.to_sq());
    }
    // Any of the four promotion pieces is generated.
    void promotions(Square from, Square to) {
        found |= target.kind() == PROMOTION && target.from_sq() == from && target.to_sq() == to;
    }
    template<Direction D>
    void promotions(Bitboard targets) {
        if (hits(targets)) promotions(target.to_sq() - D, target.to_sq());
    }
    void promotions_from(Square from, Bitboard targets) {
        if (hits(targets)) promotions(from, target.to_sq());
    }
    void single(Move m) { found |= m == target; }
};

// Board is Position, PerftBoard or PerftLeaf: the same generator, attack tables and legality
// tests serve the search and perft.
template<Color Us, GenType Type, class Board, class Sink>
void generate_moves(const Board& pos, Sink& sink) {
    constexpr Color Them = ~Us;
    constexpr Direction Up = pawn_push(Us);
    constexpr Direction UpWest = Us == WHITE ? NORTH_WEST : SOUTH_WEST;
    constexpr Direction UpEast = Us == WHITE ? NORTH_EAST : SOUTH_EAST;
    constexpr Bitboard Rank7 = rank_bb(relative_rank(Us, RANK_7));
    constexpr Bitboard Rank3 = rank_bb(relative_rank(Us, RANK_3));
    constexpr bool Captures = Type != QUIETS, Quiets = Type != TACTICAL;

    const Square ksq = pos.king_square(Us);
    const Bitboard own = pos.pieces(Us), enemy = pos.pieces(Them), occ = own | enemy;
    const Bitboard checkers = pos.checkers();
    const Bitboard movers = sink.movers();

    // King. Pawn, knight and king attacks come off all targets at once (they do not
    // depend on what stands where); then one map of what the enemy's sliders attack,
    // with our king lifted so that it cannot hide behind itself, serves the king's
    // steps and both castlings. The sliders are looked up only where a king step or
    // a castling path is left to test, then each once, with no branch on where it
    // stands: a king walled in by its own men, as in most openings, costs no lookup.
    // (One square at a time, the king's targets were a seventh of perft's time;
    // tested per slider and again per castling wing, a fifth of kiwipete's.)
    const bool kingMoves = Sink::AllMovers || (movers & square_bb(ksq));
    const int rights = Quiets && !checkers && kingMoves ? pos.castling_rights() & (Us == WHITE ? WHITE_CASTLING : BLACK_CASTLING)
                                                        : 0;
    Bitboard attacked = 0, castlePaths = 0;
    int castlings = 0; // the wings still to test, a subset of rights
    if (kingMoves) {
        attacked = pawn_attacks_bb<Them>(pos.pieces(Them, PAWN)) | king_attacks(pos.king_square(Them));
        for (Bitboard b = pos.pieces(Them, KNIGHT); b;) attacked |= knight_attacks(pop_lsb(b));
        const Bitboard steps = king_attacks(ksq) & ((Captures ? enemy : 0) | (Quiets ? ~occ : 0)) & ~attacked;
        // A castling the leapers and the men in its way have not ruled out yet.
        const auto candidate = [&]<CastlingRights Cr>() {
            if ((rights & Cr) && !(pos.castling_path(Cr) & occ) && !(pos.castling_king_path(Cr) & attacked)) {
                castlings |= Cr;
                castlePaths |= pos.castling_king_path(Cr);
            }
        };
        if (rights) {
            candidate.template operator()<castling_right(Us, true)>();
            candidate.template operator()<castling_right(Us, false)>();
        }
        if (const Bitboard area = steps | castlePaths) {
            const Bitboard occNoKing = occ ^ square_bb(ksq);
            for (Bitboard b = pos.pieces(Them, BISHOP, QUEEN); b;) attacked |= bishop_attacks(pop_lsb(b), occNoKing);
            for (Bitboard b = pos.pieces(Them, ROOK, QUEEN); b;) attacked |= rook_attacks(pop_lsb(b), occNoKing);
        }
        sink.piece(ksq, steps & ~attacked);
    }
    if (more_than_one(checkers)) return;

    // Non-king moves must capture the checker or block its line; pinned pieces stay on their pin line.
    const Bitboard checkMask = checkers ? between_bb(ksq, lsb(checkers)) : ~Bitboard(0);
    const Bitboard pinned = pos.pinned();
    const Bitboard captureTargets = enemy & checkMask;
    const Bitboard quietTargets = ~occ & checkMask;
    const Bitboard targets = (Captures ? captureTargets : 0) | (Quiets ? quietTargets : 0);

    // Pawns. A pinned pawn on the king's file may still push; one pinned on a diagonal
    // may only capture its pinner; one pinned on a rank cannot move.
    const Bitboard pawns = pos.pieces(Us, PAWN) & movers;
    const Bitboard pushers = pawns & (~pinned | file_bb(ksq));
    const Bitboard takers = pawns & ~pinned;
    if constexpr (Quiets) {
        const Bitboard one = shift<Up>(pushers & ~Rank7) & ~occ;
        const Bitboard two = shift<Up>(one & Rank3) & ~occ;
        sink.template pawns<Up>(one & checkMask);
        sink.template pawns<Direction(Up + Up)>(two & checkMask);
    }
    if constexpr (Captures) {
        if (pawns & Rank7) {
            sink.template promotions<Up>(shift<Up>(pushers & Rank7) & ~occ & checkMask);
            sink.template promotions<UpWest>(shift<UpWest>(takers & Rank7) & captureTargets);
            sink.template promotions<UpEast>(shift<UpEast>(takers & Rank7) & captureTargets);
        }
        sink.template pawns<UpWest>(shift<UpWest>(takers & ~Rank7) & captureTargets);
        sink.template pawns<UpEast>(shift<UpEast>(takers & ~Rank7) & captureTargets);
        for (Bitboard b = pawns & pinned & ~file_bb(ksq); b;) {
            const Square from = pop_lsb(b);
            const Bitboard t = pawn_attacks(Us, from) & captureTargets & line_bb(ksq, from);
            if (square_bb(from) & Rank7) sink.promotions_from(from, t);
            else sink.piece(from, t);
        }
        if (const Square ep = pos.ep_square(); ep != SQ_NONE)
            for (Bitboard b = pawn_attacks(Them, ep) & pawns; b;)
                if (const Square from = pop_lsb(b); pos.ep_capture_legal(from)) sink.single(Move::make<EN_PASSANT>(from, ep));
    }

    // Pieces. Queens pass through both slider loops; their two target sets are disjoint.
    for (Bitboard b = pos.pieces(Us, KNIGHT) & ~pinned & movers; b;) {
        const Square from = pop_lsb(b);
        sink.piece(from, knight_attacks(from) & targets);
    }
    // A pinned slider keeps to its pin line. Most positions have no pin at all, and
    // leaving the test out of their loops takes a tenth off perft's instructions.
    const auto sliders = [&]<bool AnyPinned>() {
        for (Bitboard b = pos.pieces(Us, BISHOP, QUEEN) & movers; b;) {
            const Square from = pop_lsb(b);
            Bitboard t = bishop_attacks(from, occ) & targets;
            if (AnyPinned && (pinned & square_bb(from))) t &= line_bb(ksq, from);
            sink.piece(from, t);
        }
        for (Bitboard b = pos.pieces(Us, ROOK, QUEEN) & movers; b;) {
            const Square from = pop_lsb(b);
            Bitboard t = rook_attacks(from, occ) & targets;
            if (AnyPinned && (pinned & square_bb(from))) t &= line_bb(ksq, from);
            sink.piece(from, t);
        }
    };
    if (pinned) sliders.template operator()<true>();
    else sliders.template operator()<false>();

    // Castling (3.8.2): path empty but for king and rook, king not in check, no square it
    // crosses or lands on attacked (the map above). Each wing is its own instantiation
    // with the right as a constant: perft tests the rights at every leaf.
    if constexpr (Quiets) {
        const auto castle = [&]<CastlingRights Cr>() {
            const Bitboard path = pos.castling_king_path(Cr);
            if (!(castlings & Cr) || (path & attacked)) return;
            // The map saw the rook in place. Only a rook that an enemy slider attacks can
            // shield a square of the path (in Chess960), and once lifted it does not. A
            // rook that cannot shield skips the test: in pos. 5 of the perft page a knight
            // on f2 attacks h1, and the test's lookups ran at most of White's leaves.
            const Square rsq = pos.castling_rook_square(Cr);
            if (attacked & pos.castling_rook_shield(Cr)) {
                const Bitboard lifted = occ ^ square_bb(ksq) ^ square_bb(rsq);
                for (Bitboard b = pos.pieces(Them, BISHOP, QUEEN); b;)
                    if (bishop_attacks(pop_lsb(b), lifted) & path) return;
                for (Bitboard b = pos.pieces(Them, ROOK, QUEEN); b;)
                    if (rook_attacks(pop_lsb(b), lifted) & path) return;
            }
            sink.single(Move::make<CASTLING>(ksq, rsq));
        };
        if (castlings) {
            castle.template operator()<castling_right(Us, true)>();
            castle.template operator()<castling_right(Us, false)>();
        }
    }
}

template<GenType Type, class Board, class Sink>
void generate_for_side(const Board& pos, Sink& sink) {
    if (pos.side_to_move() == WHITE) generate_moves<WHITE, Type>(pos, sink);
    else generate_moves<BLACK, Type>(pos, sink);
}

} // namespace

template<GenType T>
Move* generate(const Position& pos, Move* list) {
    assert(T != EVASIONS || pos.checkers());
    ListSink sink{list};
    generate_for_side<T == EVASIONS ? LEGAL : T>(pos, sink);
    return sink.cur;
}

template Move* generate<TACTICAL>(const Position&, Move*);
template Move* generate<QUIETS>(const Position&, Move*);
template Move* generate<EVASIONS>(const Position&, Move*);
template Move* generate<LEGAL>(const Position&, Move*);

std::uint64_t count_legal(const Position& pos) {
    CountSink sink;
    generate_for_side<LEGAL>(pos, sink);
    return sink.n;
}

Move* generate_legal(const PerftBoard& board, Move* list) {
    ListSink sink{list};
    generate_for_side<LEGAL>(board, sink);
    return sink.cur;
}

std::uint64_t count_legal(const PerftBoard& board) {
    CountSink sink;
    generate_for_side<LEGAL>(board, sink);
    return sink.n;
}

std::uint64_t count_legal(const PerftLeaf& leaf) {
    CountSink sink;
    generate_for_side<LEGAL>(leaf, sink);
    return sink.n;
}

bool is_legal(const Position& pos, Move m) {
    if (!m.is_ok()) return false;
    const Piece pc = pos.piece_on(m.from_sq());
    if (pc == NO_PIECE || color_of(pc) != pos.side_to_move()) return false;
    MatchSink sink{m};
    generate_for_side<LEGAL>(pos, sink);
    return sink.found;
}

} // namespace jadoube
