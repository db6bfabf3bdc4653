// Plain value types shared by every layer: squares, pieces, moves.
#pragma once

#include <cstdint>

namespace jadoube {

using Bitboard = std::uint64_t;
using Key = std::uint64_t;

enum Color : std::uint8_t { WHITE, BLACK, COLOR_NB = 2 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : std::uint8_t { NO_PIECE_TYPE, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, PIECE_TYPE_NB };

// Colour in bit 3 so that type_of() is a mask and pieces index 16-entry tables.
enum Piece : std::uint8_t {
    NO_PIECE,
    W_PAWN = 1,
    W_KNIGHT,
    W_BISHOP,
    W_ROOK,
    W_QUEEN,
    W_KING,
    B_PAWN = 9,
    B_KNIGHT,
    B_BISHOP,
    B_ROOK,
    B_QUEEN,
    B_KING,
    PIECE_NB = 16
};
constexpr Piece make_piece(Color c, PieceType pt) { return Piece((c << 3) | pt); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }

enum Square : std::uint8_t {
    SQ_A1,
    SQ_B1,
    SQ_C1,
    SQ_D1,
    SQ_E1,
    SQ_F1,
    SQ_G1,
    SQ_H1,
    SQ_A2,
    SQ_B2,
    SQ_C2,
    SQ_D2,
    SQ_E2,
    SQ_F2,
    SQ_G2,
    SQ_H2,
    SQ_A3,
    SQ_B3,
    SQ_C3,
    SQ_D3,
    SQ_E3,
    SQ_F3,
    SQ_G3,
    SQ_H3,
    SQ_A4,
    SQ_B4,
    SQ_C4,
    SQ_D4,
    SQ_E4,
    SQ_F4,
    SQ_G4,
    SQ_H4,
    SQ_A5,
    SQ_B5,
    SQ_C5,
    SQ_D5,
    SQ_E5,
    SQ_F5,
    SQ_G5,
    SQ_H5,
    SQ_A6,
    SQ_B6,
    SQ_C6,
    SQ_D6,
    SQ_E6,
    SQ_F6,
    SQ_G6,
    SQ_H6,
    SQ_A7,
    SQ_B7,
    SQ_C7,
    SQ_D7,
    SQ_E7,
    SQ_F7,
    SQ_G7,
    SQ_H7,
    SQ_A8,
    SQ_B8,
    SQ_C8,
    SQ_D8,
    SQ_E8,
    SQ_F8,
    SQ_G8,
    SQ_H8,
    SQ_NONE,
    SQUARE_NB = 64
};

enum File : std::uint8_t { FILE_A, FILE_B, FILE_C, FILE_D, FILE_E, FILE_F, FILE_G, FILE_H, FILE_NB };
enum Rank : std::uint8_t { RANK_1, RANK_2, RANK_3, RANK_4, RANK_5, RANK_6, RANK_7, RANK_8, RANK_NB };

enum Direction : int {
    NORTH = 8,
    EAST = 1,
    SOUTH = -8,
    WEST = -1,
    NORTH_EAST = 9,
    NORTH_WEST = 7,
    SOUTH_EAST = -7,
    SOUTH_WEST = -9
};

constexpr Square make_square(File f, Rank r) { return Square((r << 3) | f); }
constexpr File file_of(Square s) { return File(s & 7); }
constexpr Rank rank_of(Square s) { return Rank(s >> 3); }
constexpr bool is_ok(Square s) { return s < SQUARE_NB; }
constexpr Square operator+(Square s, int d) { return Square(int(s) + d); }
constexpr Square operator-(Square s, int d) { return Square(int(s) - d); }
constexpr Square& operator++(Square& s) { return s = Square(s + 1); }
constexpr Square flip_rank(Square s) { return Square(s ^ 56); }
// The square as seen from c's side of the board (a1 <-> a8 for Black).
constexpr Square relative_square(Color c, Square s) { return Square(s ^ (c * 56)); }
constexpr Rank relative_rank(Color c, Rank r) { return Rank(r ^ (c * 7)); }
constexpr Direction pawn_push(Color c) { return c == WHITE ? NORTH : SOUTH; }

// Castling rights: one bit per side and wing. The wing is named for where the
// king lands (g-file = king side), which in Chess960 is the rook's side too.
enum CastlingRights : std::uint8_t {
    NO_CASTLING,
    WHITE_OO = 1,
    WHITE_OOO = 2,
    BLACK_OO = 4,
    BLACK_OOO = 8,
    KING_SIDE = WHITE_OO | BLACK_OO,
    QUEEN_SIDE = WHITE_OOO | BLACK_OOO,
    WHITE_CASTLING = WHITE_OO | WHITE_OOO,
    BLACK_CASTLING = BLACK_OO | BLACK_OOO,
    ANY_CASTLING = 15,
    CASTLING_RIGHT_NB = 16
};
constexpr CastlingRights castling_right(Color c, bool kingSide) {
    return CastlingRights((kingSide ? WHITE_OO : WHITE_OOO) << (2 * c));
}
// Index 0..3 of a single right, for per-right tables.
constexpr int castling_index(CastlingRights cr) { return cr == WHITE_OO ? 0 : cr == WHITE_OOO ? 1 : cr == BLACK_OO ? 2 : 3; }

// A move in 16 bits: to (0-5), from (6-11), promotion piece - KNIGHT (12-13), kind (14-15).
// Castling is stored king-takes-own-rook so that Chess960 and standard chess share one
// representation; only the UCI text differs.
enum MoveKind : std::uint16_t { NORMAL = 0, PROMOTION = 1 << 14, EN_PASSANT = 2 << 14, CASTLING = 3 << 14 };

class Move {
public:
    Move() = default;
    constexpr explicit Move(std::uint16_t raw) : data(raw) {}
    constexpr Move(Square from, Square to) : data(std::uint16_t((from << 6) | to)) {}

    template<MoveKind K>
    static constexpr Move make(Square from, Square to, PieceType promo = KNIGHT) {
        return Move(std::uint16_t(K | ((promo - KNIGHT) << 12) | (from << 6) | to));
    }

    static constexpr Move none() { return Move(0); }
    // a1a1 can never be a real move; the search uses it as "null move".
    static constexpr Move null() { return Move(std::uint16_t((SQ_B1 << 6) | SQ_B1)); }

    constexpr Square from_sq() const { return Square((data >> 6) & 0x3F); }
    constexpr Square to_sq() const { return Square(data & 0x3F); }
    constexpr MoveKind kind() const { return MoveKind(data & (3 << 14)); }
    constexpr PieceType promotion_type() const { return PieceType(((data >> 12) & 3) + KNIGHT); }
    constexpr std::uint16_t raw() const { return data; }
    constexpr bool is_ok() const { return data != none().data && data != null().data; }

    constexpr bool operator==(const Move&) const = default;
    constexpr explicit operator bool() const { return data != 0; }

private:
    std::uint16_t data; // left uninitialised by default: move buffers are filled, not cleared
};

} // namespace jadoube
