// The board: piece placement, side to move, castling, en passant and clocks, with
// make/unmake that keeps the Zobrist keys, checkers and pins up to date.
// Knows the moves of Article 3 and nothing of the draw rules or reachability
// (those live in laws/).
#pragma once

#include <expected>
#include <string>
#include <string_view>
#include <vector>

#include "board/bitboard.h"
#include "board/zobrist.h"

namespace jadoube {

// What changes from one ply to the next; a stack of these is the game's history,
// so unmake is a pop and the repetition rule can walk the keys.
struct StateInfo {
    Key key;
    Bitboard checkers; // enemy pieces giving check to the side to move
    Bitboard pinned;   // side-to-move pieces pinned to their own king
    Move move;         // the move that led here (none at the root)
    Piece captured;
    Square epSquare;   // set only when an en passant capture is legal (9.2.2: same position)
    std::uint8_t castling;
    // 32 bits: a game may run on past the seventy-five-move rule (the Laws end it,
    // the board does not), and 16 bits wrapped at 65,536 plies. The widening fills
    // what was padding, so the copy make/unmake does is as large as before.
    std::uint32_t rule50;
    std::uint32_t pliesFromNull;
};
static_assert(sizeof(StateInfo) == 40, "StateInfo is copied on every move: keep it at 40 bytes");

// Why Position::set_fen refused a FEN. Syntax: the text is not a FEN. Unreachable:
// it reads as a board that no game reaches (3.10.3) and that the board core cannot
// hold (not one king a side, over 16 men a side, a pawn on the first or last rank,
// the side not to move in check, a castling right without its king and rook). The
// other reachability questions are laws/validate's.
struct FenError {
    enum class Kind : std::uint8_t { Syntax, Unreachable };
    Kind kind;
    std::string message;
};

// How FEN output writes castling rights. X-FEN uses KQkq where the rook is the
// outermost one on its wing and a file letter otherwise; Shredder-FEN always uses letters.
enum class CastlingNotation { XFen, Shredder };

// The men on the board as bitboards and the side to move, with what can be read
// from them alone: attacks, checkers and pins, whether an en passant capture is
// legal. It is all the move generator reads of the men, so perft's last board
// before its leaves (board/perft_board.h) is one of these, with no squares array
// to copy and keep.
class Men {
public:
    Bitboard pieces() const { return byType_[0]; }
    Bitboard pieces(Color c) const { return byColor_[c]; }
    Bitboard pieces(PieceType pt) const { return byType_[pt]; }
    Bitboard pieces(PieceType a, PieceType b) const { return byType_[a] | byType_[b]; }
    Bitboard pieces(Color c, PieceType pt) const { return byColor_[c] & byType_[pt]; }
    Bitboard pieces(Color c, PieceType a, PieceType b) const { return byColor_[c] & (byType_[a] | byType_[b]); }
    Square king_square(Color c) const { return lsb(pieces(c, KING)); }
    Color side_to_move() const { return sideToMove_; }

    Bitboard attackers_to(Square s, Bitboard occupied) const;
    bool attacked_by(Color c, Square s, Bitboard occupied) const;
    // Every square a piece of c attacks (its own men's squares included), the board's men blocking.
    Bitboard attacks_by(Color c) const;

    // The enemy men checking the side to move's king, and its men pinned to it.
    struct CheckInfo {
        Bitboard checkers;
        Bitboard pinned;
    };
    CheckInfo check_info() const;
    // Whether the side to move's pawn on from may take en passant on ep.
    bool ep_capture_legal(Square from, Square ep) const;
    // ep when some en passant capture there is legal, else SQ_NONE.
    Square legal_ep_square(Square ep) const;
    // The en passant square that m, just made by pc, leaves the side now to move:
    // the middle square of a double push when a capture there is legal, else SQ_NONE.
    Square ep_square_after(Move m, Piece pc) const {
        const Square from = m.from_sq(), to = m.to_sq();
        return type_of(pc) == PAWN && (int(from) ^ int(to)) == 16 ? ep_square_after_double_push(from, to) : SQ_NONE;
    }
    Square ep_square_after_double_push(Square from, Square to) const;

    // Where the king and rook of a castling move land.
    static Square castling_king_to(Color c, bool kingSide) { return relative_square(c, kingSide ? SQ_G1 : SQ_C1); }
    static Square castling_rook_to(Color c, bool kingSide) { return relative_square(c, kingSide ? SQ_F1 : SQ_D1); }
    // The square of the man m takes, if it takes one: m's target, but for en passant.
    static Square capture_square(Move m, Color us) { return m.kind() == EN_PASSANT ? m.to_sq() - pawn_push(us) : m.to_sq(); }

    // The same bitboards and side to move.
    bool same_men(const Men& o) const;

protected:
    // m's changes to the bitboards (the side to move stays): pc is the man on m's
    // from-square, captured the man m takes (NO_PIECE: none; castling takes none).
    void move_men(Move m, Piece pc, Piece captured);

    // The side first: last, its byte would leave tail padding that a derived
    // class's members fill, and copying the Men of a board (perft's leaves) would
    // then copy an odd 73 bytes, not five aligned words' worth.
    Color sideToMove_;
    Bitboard byType_[PIECE_TYPE_NB]; // index 0: all pieces
    Bitboard byColor_[COLOR_NB];
};
static_assert(sizeof(Men) == 80);

// The men with the square each stands on: what the board knows before any game
// state. Position is a Placement with a game's state and history on top; perft's
// PerftBoard (board/perft_board.h) is one with just the state moves need, so the
// move generator and the tests of Men serve both.
class Placement : public Men {
public:
    Piece piece_on(Square s) const { return board_[s]; }
    bool empty(Square s) const { return board_[s] == NO_PIECE; }
    // The man m takes (NO_PIECE: none; castling takes none).
    Piece captured_by(Move m) const {
        if (m.kind() == CASTLING) return NO_PIECE;
        return board_[capture_square(m, sideToMove_)];
    }

    bool same_placement(const Placement& o) const;

protected:
    void put_piece(Piece pc, Square s);
    void remove_piece(Square s);
    void move_piece(Square from, Square to);
    // m's changes to the men, bitboards and squares (the side to move stays); the
    // one place that moves them for a move. Returns the man m took (NO_PIECE: none).
    Piece make_men(Move m);

    Piece board_[SQUARE_NB];
};

class Position : public Placement {
public:
    static constexpr std::string_view StartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    // The largest fullmove number a position holds, in a FEN or after moves. Far
    // beyond any game (a 16 MiB `position` line is 3.4 million plies), and small
    // enough that the game ply, and the halfmove clock that never exceeds it, fit an
    // int: a counter stops at a refusal (MaxGamePly), never by wrapping.
    static constexpr int MaxFullmoveNumber = 999'999'999;
    // The ply of Black's move in the last fullmove: no move can be made from it.
    static constexpr int MaxGamePly = 2 * (MaxFullmoveNumber - 1) + 1;

    Position();

    // Parses FEN (6 fields, or 4 with counters "0 1" implied). Castling may be KQkq,
    // X-FEN or Shredder-FEN. On error *this is untouched and the message says what and why.
    std::expected<void, FenError> set_fen(std::string_view fen, bool chess960);
    std::expected<void, std::string> set(std::string_view fen, bool chess960) {
        if (auto ok = set_fen(fen, chess960); !ok) return std::unexpected(std::move(ok.error().message));
        return {};
    }
    std::string fen() const { return fen(chess960_ ? CastlingNotation::Shredder : CastlingNotation::XFen); }
    std::string fen(CastlingNotation notation) const;

    // Board (the placement's queries are Placement's)
    bool is_chess960() const { return chess960_; }

    // State
    const StateInfo& state() const { return states_.back(); }
    Bitboard checkers() const { return state().checkers; }
    Bitboard pinned() const { return state().pinned; }
    Square ep_square() const { return state().epSquare; }
    // The en passant target the FEN named, kept even when no capture there is legal
    // (then ep_square() is SQ_NONE), for laws/validate to check; SQ_NONE for '-'.
    // It describes the set-up position, history().front().
    Square fen_ep_square() const { return fenEpSquare_; }
    int castling_rights() const { return state().castling; }
    bool can_castle(CastlingRights cr) const { return state().castling & cr; }
    Square castling_rook_square(CastlingRights cr) const { return castlingRookSquare_[castling_index(cr)]; }
    // The rights lost when a move leaves or lands on s (its king or a castling rook stands there).
    int castling_rights_on(Square s) const { return castlingRightsMask_[s]; }
    // Squares that must be empty (all but the castling king and rook) for cr.
    Bitboard castling_path(CastlingRights cr) const { return castlingPath_[castling_index(cr)]; }
    // Squares the king crosses or lands on, which must not be attacked.
    Bitboard castling_king_path(CastlingRights cr) const { return castlingKingPath_[castling_index(cr)]; }
    // The castling rook's square if lifting the rook could uncover an attack on the
    // king's path (Chess960 only: a rook in the corner never can), else empty.
    Bitboard castling_rook_shield(CastlingRights cr) const { return castlingRookShield_[castling_index(cr)]; }
    Key key() const { return state().key; }
    // The key after m, as a hint for prefetching the search's table before do_move:
    // exact unless m castles, takes en passant, makes an en passant square or changes
    // a castling right (do_move always keeps the exact key).
    Key key_after(Move m) const;
    int rule50_count() const { return state().rule50; }
    int game_ply() const { return gamePly_; }
    int fullmove_number() const { return 1 + (gamePly_ - (sideToMove_ == BLACK)) / 2; }
    // The states from the start of the recorded history to now, oldest first.
    const std::vector<StateInfo>& history() const { return states_; }
    // This position as if set up here: the same board and state, no moves before it.
    // For lookahead that never looks back (no repetition test), at the cost of one
    // state instead of a copy of the game's.
    Position without_history() const;

    // Attacks (the others are Placement's)
    using Placement::ep_capture_legal;
    bool ep_capture_legal(Square from) const { return ep_capture_legal(from, state().epSquare); }

    // Moves. do_move takes a legal move (from movegen); undo_move the same move back.
    void do_move(Move m);
    void undo_move(Move m);
    void do_null_move();
    void undo_null_move();
    bool gives_check(Move m) const;
    Piece moved_piece(Move m) const { return board_[m.from_sq()]; }
    bool is_capture(Move m) const { return (!empty(m.to_sq()) && m.kind() != CASTLING) || m.kind() == EN_PASSANT; }

    // The key recomputed from the board, for tests of the incremental update.
    Key compute_key() const;

private:
    struct Blank {};
    explicit Position(Blank) {}
    void set_castling_right(Color c, Square rookFrom);
    void update_check_info(StateInfo& st) const {
        const CheckInfo ci = check_info();
        st.checkers = ci.checkers;
        st.pinned = ci.pinned;
    }

    std::uint8_t castlingRightsMask_[SQUARE_NB];
    Square castlingRookSquare_[4];
    Bitboard castlingPath_[4];
    Bitboard castlingKingPath_[4];
    Bitboard castlingRookShield_[4];
    Square fenEpSquare_;
    int gamePly_;
    bool chess960_;
    std::vector<StateInfo> states_;
};

// The FEN of Chess960 start array n (0-959) in Scharnagl's numbering, 518 being
// the standard array; castling KQkq (X-FEN), White to move, counters 0 1.
std::string chess960_start_fen(int n);

inline Bitboard Men::attackers_to(Square s, Bitboard occupied) const {
    return (pawn_attacks(BLACK, s) & pieces(WHITE, PAWN)) | (pawn_attacks(WHITE, s) & pieces(BLACK, PAWN))
           | (knight_attacks(s) & pieces(KNIGHT)) | (king_attacks(s) & pieces(KING))
           | (bishop_attacks(s, occupied) & pieces(BISHOP, QUEEN)) | (rook_attacks(s, occupied) & pieces(ROOK, QUEEN));
}

inline bool Men::attacked_by(Color c, Square s, Bitboard occupied) const {
    return (pawn_attacks(~c, s) & pieces(c, PAWN)) || (knight_attacks(s) & pieces(c, KNIGHT))
           || (king_attacks(s) & pieces(c, KING)) || (bishop_attacks(s, occupied) & pieces(c, BISHOP, QUEEN))
           || (rook_attacks(s, occupied) & pieces(c, ROOK, QUEEN));
}

inline Key Position::key_after(Move m) const {
    const Square from = m.from_sq(), to = m.to_sq();
    const Piece pc = board_[from];
    const Piece arrives = m.kind() == PROMOTION ? make_piece(color_of(pc), m.promotion_type()) : pc;
    Key k = key() ^ zobrist::side() ^ zobrist::psq(pc, from) ^ zobrist::psq(arrives, to);
    if (board_[to] != NO_PIECE) k ^= zobrist::psq(board_[to], to);
    if (state().epSquare != SQ_NONE) k ^= zobrist::enpassant(file_of(state().epSquare));
    return k;
}

inline Bitboard Men::attacks_by(Color c) const {
    const Bitboard occupied = pieces();
    Bitboard a = c == WHITE ? pawn_attacks_bb<WHITE>(pieces(c, PAWN)) : pawn_attacks_bb<BLACK>(pieces(c, PAWN));
    for (Bitboard b = pieces(c, KNIGHT); b;) a |= knight_attacks(pop_lsb(b));
    for (Bitboard b = pieces(c, BISHOP, QUEEN); b;) a |= bishop_attacks(pop_lsb(b), occupied);
    for (Bitboard b = pieces(c, ROOK, QUEEN); b;) a |= rook_attacks(pop_lsb(b), occupied);
    for (Bitboard b = pieces(c, KING); b;) a |= king_attacks(pop_lsb(b));
    return a;
}

inline void Placement::put_piece(Piece pc, Square s) {
    board_[s] = pc;
    byType_[0] |= square_bb(s);
    byType_[type_of(pc)] |= square_bb(s);
    byColor_[color_of(pc)] |= square_bb(s);
}

inline void Placement::remove_piece(Square s) {
    const Piece pc = board_[s];
    byType_[0] ^= square_bb(s);
    byType_[type_of(pc)] ^= square_bb(s);
    byColor_[color_of(pc)] ^= square_bb(s);
    board_[s] = NO_PIECE;
}

inline void Placement::move_piece(Square from, Square to) {
    const Piece pc = board_[from];
    const Bitboard fromTo = square_bb(from) | square_bb(to);
    byType_[0] ^= fromTo;
    byType_[type_of(pc)] ^= fromTo;
    byColor_[color_of(pc)] ^= fromTo;
    board_[from] = NO_PIECE;
    board_[to] = pc;
}

inline void Men::move_men(Move m, Piece pc, Piece captured) {
    const Color us = color_of(pc);
    const Square from = m.from_sq(), to = m.to_sq();
    if (m.kind() == CASTLING) {
        // to is the rook's square. Chess960's king and rook may land on each other's
        // squares: toggling the two men's from and to squares is right in every case.
        const bool kingSide = to > from;
        const Bitboard king = square_bb(from) ^ square_bb(castling_king_to(us, kingSide));
        const Bitboard rook = square_bb(to) ^ square_bb(castling_rook_to(us, kingSide));
        byType_[0] ^= king ^ rook;
        byType_[KING] ^= king;
        byType_[ROOK] ^= rook;
        byColor_[us] ^= king ^ rook;
        return;
    }
    if (captured != NO_PIECE) {
        const Bitboard cap = square_bb(capture_square(m, us));
        byType_[0] ^= cap;
        byType_[type_of(captured)] ^= cap;
        byColor_[~us] ^= cap;
    }
    const Bitboard fromTo = square_bb(from) | square_bb(to);
    byType_[0] ^= fromTo;
    byColor_[us] ^= fromTo;
    if (m.kind() == PROMOTION) {
        byType_[PAWN] ^= square_bb(from);
        byType_[m.promotion_type()] ^= square_bb(to);
    } else byType_[type_of(pc)] ^= fromTo;
}

inline Piece Placement::make_men(Move m) {
    const Square from = m.from_sq(), to = m.to_sq();
    const Piece pc = board_[from];
    const Piece captured = captured_by(m);
    move_men(m, pc, captured);
    if (m.kind() == CASTLING) {
        const Color us = color_of(pc);
        const bool kingSide = to > from;
        board_[from] = board_[to] = NO_PIECE;
        board_[castling_king_to(us, kingSide)] = pc;
        board_[castling_rook_to(us, kingSide)] = make_piece(us, ROOK);
        return NO_PIECE;
    }
    if (m.kind() == EN_PASSANT) board_[capture_square(m, color_of(pc))] = NO_PIECE;
    board_[from] = NO_PIECE;
    board_[to] = m.kind() == PROMOTION ? make_piece(color_of(pc), m.promotion_type()) : pc;
    return captured;
}

} // namespace jadoube
