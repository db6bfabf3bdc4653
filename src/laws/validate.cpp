// Article 3.10.3, one function per rule; see validate.h for the list and where the
// rules Position::set_fen applies live. Every refusal states why no game reaches the
// position; every argument is sound (it never refuses a reachable position).
#include "laws/validate.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <optional>

#include "laws/move_parity.h"

namespace jadoube::laws {

namespace {

using Reason = std::optional<std::string>;

std::string sq(Square s) { return {char('a' + file_of(s)), char('1' + rank_of(s))}; }
std::string side(Color c) { return c == WHITE ? "White" : "Black"; }
const char* piece_name(PieceType pt) {
    constexpr const char* names[] = {"?", "pawn", "knight", "bishop", "rook", "queen", "king"};
    return names[pt];
}
std::string plural(int n, std::string_view one, std::string_view many) {
    return std::to_string(n) + ' ' + std::string(n == 1 ? one : many);
}
std::string men_on(const Position& pos, Bitboard b) {
    std::string s;
    while (b) {
        const Square x = pop_lsb(b);
        if (!s.empty()) s += b ? ", " : " and ";
        s += std::string(piece_name(type_of(pos.piece_on(x)))) + ' ' + sq(x);
    }
    return s;
}

// ---------------------------------------------------------------------------
// Material (3.7.5): what a side has beyond its initial set came from promotions.
// ---------------------------------------------------------------------------

// A promoted piece to place in the pawn-file matching below: any piece may be
// promoted on the pawn's own file; a bishop of one square colour maybe not.
enum class Promo : std::uint8_t { Any, Light, Dark };

struct Excess {
    int queens = 0, rooks = 0, knights = 0, light = 0, dark = 0;
    bool walled[2] = {false, false}; // [0] dark-squared, [1] light-squared original bishop never left
    int total() const { return queens + rooks + knights + light + dark; }
};

// In standard chess, the c1 (dark) bishop cannot leave while b2 and d2 hold their
// unmoved pawns, nor the f1 (light) bishop while e2 and g2 do (mirrored for Black).
// Then every bishop of that colour off its home square is a promoted one.
Excess excess_material(const Position& pos, Color c) {
    Excess e;
    auto over = [](int n, int initial) { return std::max(0, n - initial); };
    e.queens = over(popcount(pos.pieces(c, QUEEN)), 1);
    e.rooks = over(popcount(pos.pieces(c, ROOK)), 2);
    e.knights = over(popcount(pos.pieces(c, KNIGHT)), 2);
    const Bitboard bishops = pos.pieces(c, BISHOP);
    e.dark = over(popcount(bishops & DARK_SQUARES), 1);
    e.light = over(popcount(bishops & ~DARK_SQUARES), 1);
    if (!pos.is_chess960()) {
        const Bitboard pawns = pos.pieces(c, PAWN);
        auto home = [c](Square s) { return relative_square(c, s); };
        auto has = [&](Square a, Square b) { return (pawns & square_bb(home(a))) && (pawns & square_bb(home(b))); };
        // c1 is dark and f1 light for White; c8 is light and f8 dark for Black.
        const Square cHome = home(SQ_C1), fHome = home(SQ_F1);
        if (has(SQ_B2, SQ_D2)) {
            const bool dark = DARK_SQUARES & square_bb(cHome);
            (dark ? e.dark : e.light) = popcount(bishops & (dark ? DARK_SQUARES : ~DARK_SQUARES) & ~square_bb(cHome));
            e.walled[dark ? 0 : 1] = true;
        }
        if (has(SQ_E2, SQ_G2)) {
            const bool dark = DARK_SQUARES & square_bb(fHome);
            (dark ? e.dark : e.light) = popcount(bishops & (dark ? DARK_SQUARES : ~DARK_SQUARES) & ~square_bb(fHome));
            e.walled[dark ? 0 : 1] = true;
        }
    }
    return e;
}

// 3.7: a side starts with 8 pawns and never gains one.
Reason check_pawn_count(const Position& pos) {
    for (Color c : {WHITE, BLACK})
        if (const int n = popcount(pos.pieces(c, PAWN)); n > 8)
            return side(c) + " has " + std::to_string(n) + " pawns; a side starts with 8 and never gains one";
    return {};
}

// 3.7.5: each piece beyond the initial set is a promoted pawn, so their number is at
// most the side's missing pawns.
Reason check_promotions(const Position& pos) {
    for (Color c : {WHITE, BLACK}) {
        const Excess e = excess_material(pos, c);
        const int missing = 8 - popcount(pos.pieces(c, PAWN));
        if (e.total() <= missing) continue;
        std::string what;
        auto add = [&](int n, const char* name) {
            if (n) what += (what.empty() ? "" : ", ") + std::to_string(n) + ' ' + name;
        };
        add(e.queens, "queen(s)");
        add(e.rooks, "rook(s)");
        add(e.knights, "knight(s)");
        add(e.light, "light-squared bishop(s)");
        add(e.dark, "dark-squared bishop(s)");
        std::string walled;
        if (e.walled[0] || e.walled[1])
            walled = " (its home bishop walled in by unmoved pawns never left, so the others were promoted)";
        return side(c) + " has " + what + " beyond the initial set" + walled + ", which must be promotions, but only "
               + plural(missing, "pawn", "pawns") + " missing";
    }
    return {};
}

// ---------------------------------------------------------------------------
// Captures (3.7.3, 3.1.1): a pawn changes file only by capturing, one file per capture.
// ---------------------------------------------------------------------------

constexpr int Infeasible = 1000;

// The files (bit f for file f) whose square on c's 7th rank holds an enemy pawn. A
// pawn on its own second rank never moved (pawns only go forward), so it stood there
// all game, and none of c's pawns can have stood on that square.
int unmoved_enemy_pawn_files(const Position& pos, Color c) {
    int files = 0;
    for (Bitboard b = pos.pieces(~c, PAWN) & rank_bb(relative_rank(c, RANK_7)); b;) files |= 1 << file_of(pop_lsb(b));
    return files;
}

// The fewest captures a pawn of c's from file f0 needed to promote to a piece of this
// kind. On its way it stood on its 7th rank on some file y, |y - f0| captures away, and
// promoted on y or, capturing once more, on y - 1 or y + 1; a bishop keeps the colour of
// its promotion square. `blocked` lists the files whose 7th-rank square the pawn cannot
// have stood on (unmoved_enemy_pawn_files): the pawn left its file to pass such a pawn.
int promotion_cost(Color c, Promo kind, int f0, int blocked) {
    int best = Infeasible;
    for (int y = 0; y < 8; ++y) {
        if (blocked & (1 << y)) continue;
        for (int p = std::max(0, y - 1); p <= std::min(7, y + 1); ++p) {
            const bool dark = DARK_SQUARES & square_bb(make_square(File(p), relative_rank(c, RANK_8)));
            if (kind != Promo::Any && dark != (kind == Promo::Dark)) continue;
            best = std::min(best, std::abs(y - f0) + (p != y ? 1 : 0));
        }
    }
    return best;
}

// The fewest captures c's pawns must have made: every pawn on the board and every
// promoted piece gets its own starting file; a pawn on file f and relative rank r
// (0-based) came from a file at most r-1 away, costing one capture per file; a
// promoted piece costs what promotion_cost says, where `pastUnmoved` chooses whether
// enemy pawns on their starting squares block the promoting pawns' files. Infeasible
// when no assignment exists.
int min_pawn_captures(const Position& pos, Color c, bool pastUnmoved) {
    struct Item {
        int file = 0, reach = 0; // a pawn on the board
        bool promo = false;
        Promo kind = Promo::Any;
    };
    const Excess e = excess_material(pos, c);
    const int n = popcount(pos.pieces(c, PAWN)) + e.total();
    if (n > 8) return Infeasible; // the other checks say why
    std::array<Item, 8> items{};
    std::size_t filled = 0;
    for (Bitboard b = pos.pieces(c, PAWN); b;) {
        const Square s = pop_lsb(b);
        items[filled++] = Item{file_of(s), relative_rank(c, rank_of(s)) - 1, false, Promo::Any};
    }
    auto promoted = [&](int count, Promo kind) {
        for (int i = 0; i < count; ++i) items[filled++] = Item{0, 0, true, kind};
    };
    promoted(e.queens + e.rooks + e.knights, Promo::Any);
    promoted(e.light, Promo::Light);
    promoted(e.dark, Promo::Dark);

    const int blocked = pastUnmoved ? unmoved_enemy_pawn_files(pos, c) : 0;
    const auto cost = [c, blocked](const Item& it, int f0) {
        if (it.promo) return promotion_cost(c, it.kind, f0, blocked);
        const int d = std::abs(it.file - f0);
        return d <= it.reach ? d : Infeasible;
    };
    // dp[mask]: fewest captures placing the first popcount(mask) items on the files in mask.
    std::array<int, 256> dp;
    dp.fill(Infeasible);
    dp[0] = 0;
    int best = n == 0 ? 0 : Infeasible;
    for (int mask = 0; mask < 256; ++mask) {
        if (dp[mask] >= Infeasible) continue;
        const int k = popcount(Bitboard(mask));
        if (k == n) {
            best = std::min(best, dp[mask]);
            continue;
        }
        for (int f = 0; f < 8; ++f)
            if (!(mask & (1 << f)))
                if (const int w = cost(items[std::size_t(k)], f); w < Infeasible)
                    dp[mask | (1 << f)] = std::min(dp[mask | (1 << f)], dp[mask] + w);
    }
    return best;
}

Reason check_pawn_captures(const Position& pos) {
    for (Color c : {WHITE, BLACK}) {
        const int need = min_pawn_captures(pos, c, false);
        if (need >= Infeasible)
            return side(c) + "'s pawns cannot each have come from a starting file of their own (a pawn on its n-th rank "
                           "has captured at most n-2 times, one file per capture)";
        const int missing = 16 - popcount(pos.pieces(~c));
        if (need > missing)
            return side(c) + "'s pawns (with its promotions) need at least " + plural(need, "capture", "captures")
                   + " to stand on their files, but " + side(~c) + " has only " + plural(missing, "man", "men") + " missing";
    }
    return {};
}

// 3.7.1, 3.7.3: a pawn that promoted passed its 7th rank on a file where no enemy pawn
// stands unmoved; to pass one on its own file it left the file, capturing. Run after
// check_pawn_captures, so a refusal here is owed to the unmoved pawns alone.
Reason check_promotion_paths(const Position& pos) {
    for (Color c : {WHITE, BLACK}) {
        const int need = min_pawn_captures(pos, c, true);
        const int missing = 16 - popcount(pos.pieces(~c));
        if (need <= missing) continue;
        const Bitboard unmoved = pos.pieces(~c, PAWN) & rank_bb(relative_rank(c, RANK_7));
        const std::string blockers = side(~c) + "'s pawns that never left their starting squares (" + men_on(pos, unmoved) + ")";
        if (need >= Infeasible)
            return side(c) + " has promoted, but " + blockers + " hold every square of " + side(c)
                   + "'s 7th rank, where a promoting pawn stands before it promotes";
        return side(c) + "'s promoted pieces come from pawns that had to leave their files to pass " + blockers
               + ": with its other pawns that needs at least " + plural(need, "capture", "captures") + ", but " + side(~c)
               + " has only " + plural(missing, "man", "men") + " missing";
    }
    return {};
}

// ---------------------------------------------------------------------------
// Castling rights (3.8.2): in Chess960 both arrays are mirror images.
// ---------------------------------------------------------------------------

Reason check_castling_960(const Position& pos) {
    if (!pos.is_chess960()) return {}; // Position::set_fen already asks for e1/e8 and the corners
    for (Color c : {WHITE, BLACK}) {
        if (!(pos.castling_rights() & (c == WHITE ? WHITE_CASTLING : BLACK_CASTLING))) continue;
        const File f = file_of(pos.king_square(c));
        if (f == FILE_A || f == FILE_H)
            return side(c) + " has a castling right with its king on the " + char('a' + f)
                   + "-file: the king starts between the two rooks, so it has moved";
    }
    if ((pos.castling_rights() & WHITE_CASTLING) && (pos.castling_rights() & BLACK_CASTLING)
        && file_of(pos.king_square(WHITE)) != file_of(pos.king_square(BLACK)))
        return "both sides keep castling rights with their kings on different files, but the Chess960 arrays are mirrored";
    for (bool kingSide : {true, false}) {
        const CastlingRights w = castling_right(WHITE, kingSide), b = castling_right(BLACK, kingSide);
        if (pos.can_castle(w) && pos.can_castle(b)
            && file_of(pos.castling_rook_square(w)) != file_of(pos.castling_rook_square(b)))
            return std::string("both sides keep ") + (kingSide ? "king" : "queen")
                   + "-side castling rights with rooks on different files, but the Chess960 arrays are mirrored";
    }
    return {};
}

// ---------------------------------------------------------------------------
// Clocks (9.3). A clock above 150 is reachable: 9.6.2 ends the game at 150, but
// the moves played after it are still legal moves (laws::game_outcome reports the
// ending, and the ply it came at).
// ---------------------------------------------------------------------------

Reason check_clocks(const Position& pos) {
    const int clock = pos.rule50_count();
    if (clock > pos.game_ply())
        return "halfmove clock " + std::to_string(clock) + " counts more half-moves than the " + std::to_string(pos.game_ply())
               + " the fullmove number " + std::to_string(pos.fullmove_number()) + " leaves room for";
    return {};
}

// ---------------------------------------------------------------------------
// En passant field (3.7.4): the square a pawn just crossed with a two-square advance.
// ---------------------------------------------------------------------------

Reason check_en_passant(const Position& pos) {
    const Square ep = pos.fen_ep_square();
    if (ep == SQ_NONE) return {};
    const Color us = pos.side_to_move(), them = ~us;
    const std::string name = "en passant square " + sq(ep);
    if (rank_of(ep) != relative_rank(us, RANK_6))
        return name + " is not on the " + (us == WHITE ? "6th" : "3rd") + " rank, where " + side(them)
               + "'s two-square advances pass";
    if (pos.piece_on(ep - pawn_push(us)) != make_piece(them, PAWN))
        return name + ": no " + (them == WHITE ? "white" : "black") + " pawn on " + sq(ep - pawn_push(us))
               + " that could just have advanced two squares";
    if (!pos.empty(ep) || !pos.empty(ep + pawn_push(us)))
        return name + ": the squares the pawn crossed (" + sq(ep + pawn_push(us)) + ", " + sq(ep)
               + ") must be empty after a two-square advance";
    if (pos.rule50_count() != 0)
        return name + " with halfmove clock " + std::to_string(pos.rule50_count())
               + ": the last move was a pawn move, which resets the clock to 0";
    return {};
}

// ---------------------------------------------------------------------------
// Checks (3.9): a move checks directly with the piece it moves (the rook in castling,
// the new piece in a promotion) and otherwise only by uncovering a line piece.
// ---------------------------------------------------------------------------

Reason check_checkers(const Position& pos) {
    const Bitboard checkers = pos.checkers();
    if (popcount(checkers) > 2)
        return side(pos.side_to_move()) + " is in check from " + std::to_string(popcount(checkers)) + " men ("
               + men_on(pos, checkers) + "): one move gives at most two checks";
    if (popcount(checkers) == 2 && !(checkers & (pos.pieces(BISHOP, ROOK) | pos.pieces(QUEEN))))
        return "double check by " + men_on(pos, checkers)
               + ": at most one checker is the piece that moved, any other check is uncovered, so from a bishop, rook or queen";
    return {};
}

// ---------------------------------------------------------------------------
// The last move (3.10.3): some move of the side not to move, taken back, must leave a
// position where the side to move was not in check (3.9.2 forbade that). Un-moves
// are over-approximated (anything a real last move could be is tried), so a refusal
// is a proof.
// ---------------------------------------------------------------------------

struct RetroBoard {
    Bitboard by[COLOR_NB][PIECE_TYPE_NB]{}; // [c][0]: all of c's men

    explicit RetroBoard(const Position& pos) {
        for (Color c : {WHITE, BLACK})
            for (int pt = PAWN; pt <= KING; ++pt) by[c][pt] = pos.pieces(c, PieceType(pt));
        by[WHITE][0] = pos.pieces(WHITE);
        by[BLACK][0] = pos.pieces(BLACK);
    }
    Bitboard occupied() const { return by[WHITE][0] | by[BLACK][0]; }
    void put(Color c, PieceType pt, Square s) { by[c][pt] |= square_bb(s), by[c][0] |= square_bb(s); }
    void remove(Color c, PieceType pt, Square s) { by[c][pt] &= ~square_bb(s), by[c][0] &= ~square_bb(s); }
    bool attacked_by(Color c, Square s) const {
        const Bitboard occ = occupied();
        return (pawn_attacks(~c, s) & by[c][PAWN]) || (knight_attacks(s) & by[c][KNIGHT]) || (king_attacks(s) & by[c][KING])
               || (bishop_attacks(s, occ) & (by[c][BISHOP] | by[c][QUEEN]))
               || (rook_attacks(s, occ) & (by[c][ROOK] | by[c][QUEEN]));
    }
};

// What the FEN says about the last move, and the search for one.
class LastMove {
public:
    explicit LastMove(const Position& pos)
        : pos_(pos), us_(pos.side_to_move()), them_(~us_), ksq_(pos.king_square(us_)), now_(pos), occ_(pos.pieces()),
          quiet_(pos.rule50_count() > 0), uncapture_(!quiet_ && popcount(pos.pieces(us_)) < 16),
          unpromote_(!quiet_ && popcount(pos.pieces(them_, PAWN)) < 8) {}

    // The two-square advance a declared en passant square names (check_en_passant passed).
    bool double_push_explains(Square ep) const {
        const Square to = ep - pawn_push(us_), from = ep + pawn_push(us_);
        RetroBoard b = now_;
        b.remove(them_, PAWN, to);
        b.put(them_, PAWN, from);
        return safe(b);
    }

    bool any_explains() const {
        for (Bitboard b = pos_.pieces(them_); b;) {
            const Square to = pop_lsb(b);
            const PieceType pt = type_of(pos_.piece_on(to));
            if (pt == PAWN ? pawn_explains(to) : pt == KING ? king_explains(to) : piece_explains(pt, to)) return true;
        }
        return false;
    }

private:
    // The side to move was not in check before the last move.
    bool safe(const RetroBoard& b) const { return !b.attacked_by(them_, ksq_); }

    // The mover's man goes back from `to` to `from` (as `before`), with one of our men
    // restored on `to` when it was a capture. A man of ours there only blocks lines,
    // so when a capture is possible the capture is the case to try.
    bool try_back(PieceType now, PieceType before, Square from, Square to, bool capture) const {
        RetroBoard b = now_;
        b.remove(them_, now, to);
        b.put(them_, before, from);
        if (capture) b.put(us_, PAWN, to); // its type does not matter: it only blocks
        return safe(b);
    }

    bool piece_explains(PieceType pt, Square to) const {
        for (Bitboard from = attacks_bb(pt, to, occ_) & ~occ_; from;)
            if (try_back(pt, pt, pop_lsb(from), to, uncapture_)) return true;
        // A promotion on the last rank: straight on, or capturing.
        if (unpromote_ && rank_of(to) == relative_rank(them_, RANK_8)) {
            if (const Square from = to - pawn_push(them_); !(occ_ & square_bb(from)) && try_back(pt, PAWN, from, to, false))
                return true;
            if (uncapture_)
                for (Bitboard from = pawn_attacks(us_, to) & ~occ_; from;)
                    if (try_back(pt, PAWN, pop_lsb(from), to, true)) return true;
        }
        return false;
    }

    bool pawn_explains(Square to) const {
        if (quiet_) return false; // a pawn move resets the halfmove clock
        const Direction up = pawn_push(them_);
        const Rank r = relative_rank(them_, rank_of(to)); // RANK_3 or more: it has moved
        if (r < RANK_3) return false;
        const Square one = to - up;
        if (!(occ_ & square_bb(one))) {
            if (try_back(PAWN, PAWN, one, to, false)) return true;
            if (r == RANK_4 && !(occ_ & square_bb(one - up)) && try_back(PAWN, PAWN, one - up, to, false)) return true;
        }
        if (uncapture_)
            for (Bitboard from = pawn_attacks(us_, to) & ~occ_; from;)
                if (try_back(PAWN, PAWN, pop_lsb(from), to, true)) return true;
        // En passant: our pawn, back on `cap`, had just come from `to + up`.
        if (r == RANK_6 && uncapture_ && popcount(pos_.pieces(us_, PAWN)) < 8) {
            const Square cap = to - up;
            if (!(occ_ & (square_bb(cap) | square_bb(to + up))))
                for (Bitboard from = pawn_attacks(us_, to) & ~occ_; from;) {
                    RetroBoard b = now_;
                    b.remove(them_, PAWN, to);
                    b.put(them_, PAWN, pop_lsb(from));
                    b.put(us_, PAWN, cap);
                    if (safe(b)) return true;
                }
        }
        return false;
    }

    bool king_explains(Square to) const {
        // From a square not next to our king (kings never stand side by side).
        for (Bitboard from = king_attacks(to) & ~occ_ & ~king_attacks(ksq_); from;)
            if (try_back(KING, KING, pop_lsb(from), to, uncapture_)) return true;
        return castling_explains(to);
    }

    // Castling: the king on its castling square, the rook beside it, both from their
    // first rank; in Chess960 from any files with the king between b and g.
    bool castling_explains(Square kto) const {
        const Rank first = relative_rank(them_, RANK_1);
        for (bool kingSide : {true, false}) {
            if (kto != Position::castling_king_to(them_, kingSide)) continue;
            const Square rto = Position::castling_rook_to(them_, kingSide);
            if (pos_.piece_on(rto) != make_piece(them_, ROOK)) continue;
            const Bitboard ours = square_bb(kto) | square_bb(rto);
            for (int kf = FILE_B; kf <= FILE_G; ++kf)
                for (int rf = FILE_A; rf <= FILE_H; ++rf) {
                    if ((rf > kf) != kingSide || rf == kf) continue;
                    if (!pos_.is_chess960() && (kf != FILE_E || rf != (kingSide ? FILE_H : FILE_A))) continue;
                    const Square kfrom = make_square(File(kf), first), rfrom = make_square(File(rf), first);
                    const Bitboard need = (square_bb(kfrom) | square_bb(rfrom)) & ~ours;
                    if (need & occ_) continue;
                    RetroBoard b = now_;
                    b.remove(them_, KING, kto);
                    b.remove(them_, ROOK, rto);
                    b.put(them_, KING, kfrom);
                    b.put(them_, ROOK, rfrom);
                    if (safe(b)) return true;
                }
        }
        return false;
    }

    const Position& pos_;
    Color us_, them_;
    Square ksq_;
    RetroBoard now_;
    Bitboard occ_;
    bool quiet_, uncapture_, unpromote_;
};

Reason check_last_move(const Position& pos) {
    const Color us = pos.side_to_move(), them = ~us;
    // Castling rights do not restrict the last move here, though strictly they say king
    // and rook never moved: the classic set-ups that test castling (r3k2r/8/8/8/8/8/8/R3K2R
    // w KQkq, a touch-move example in laws/README.md, a dozen perftsuite.epd positions)
    // leave the side that just moved nothing but its unmoved king and rooks. A set-up
    // FEN's castling field says what may come next, as its "0 1" counters are not read
    // as a history either; refusing on it would refuse the positions castling is studied in.
    const LastMove last(pos);
    if (const Square ep = pos.fen_ep_square(); ep != SQ_NONE) {
        if (last.double_push_explains(ep)) return {};
        return "en passant square " + sq(ep) + " says " + side(them) + "'s last move was " + sq(ep + pawn_push(us)) + '-'
               + sq(ep - pawn_push(us)) + ", but " + side(us) + " would have been in check before it";
    }
    if (last.any_explains()) return {};
    if (pos.checkers())
        return "no last move of " + side(them) + " gives this check (" + men_on(pos, pos.checkers()) + "): before any of them "
               + side(us) + " would already have been in check";
    return side(them) + " has no possible last move: none of its men can have arrived where it stands"
           + (pos.rule50_count() > 0
                  ? " without a capture or pawn move (halfmove clock " + std::to_string(pos.rule50_count()) + ")"
                  : "");
}

// ---------------------------------------------------------------------------
// Move parity (3.10.3, 1.2): White moves first and the players alternate, so with
// White to move both sides have made equally many moves, with Black to move White
// one more. moves_parity says when the men on the board fix a side's count modulo 2.
// ---------------------------------------------------------------------------

Reason check_move_parity(const Position& pos) {
    const std::optional<int> white = moves_parity(pos, WHITE), black = moves_parity(pos, BLACK);
    if (!white || !black) return {};
    const Color toMove = *white == *black ? WHITE : BLACK;
    if (pos.side_to_move() == toMove) return {};
    auto count = [](int parity) { return parity ? "an odd number" : "an even number"; };
    return std::string("White has made ") + count(*white) + " of moves and Black " + count(*black)
           + " (with every pawn unmoved only the knights, each changing square colour with every move, and rooks, "
             "queen and king walled in on the first rank can have moved), so "
           + side(toMove) + " is to move";
}

} // namespace

std::expected<void, std::string> validate(const Position& pos) {
    // Cheap counting first, then the geometry; check_last_move relies on the en
    // passant field having passed its own checks.
    static constexpr Reason (*checks[])(const Position&) = {
        check_pawn_count, check_promotions, check_pawn_captures, check_promotion_paths, check_castling_960,
        check_clocks,     check_en_passant, check_checkers,      check_last_move,       check_move_parity,
    };
    for (auto check : checks)
        if (Reason why = check(pos)) return std::unexpected(std::move(*why));
    return {};
}

std::expected<Position, FenError> setup(std::string_view fen, bool chess960) {
    Position pos;
    if (auto ok = pos.set_fen(fen, chess960); !ok) return std::unexpected(std::move(ok.error()));
    if (auto ok = validate(pos); !ok) return std::unexpected(FenError{FenError::Kind::Unreachable, std::move(ok.error())});
    return pos;
}

} // namespace jadoube::laws
