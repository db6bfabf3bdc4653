// The hand-crafted evaluation. Every term is computed per colour from that colour's
// side of the board (relative ranks, forward masks), so a position and its colour
// mirror score the same; tests/eval checks this on the perft suites.
//
// Order of work: set up pawn attacks, mobility areas and king zones; material+PSQT;
// pawn structure (records passed pawns); pieces (mobility, piece terms, and the
// pressure each side puts on the enemy king zone); king safety (uses that pressure);
// passed pawns; bishop pair; mop-up. The mg/eg sum is blended by phase, tempo added,
// and the result scaled in drawish endings.
#include "eval/hce.h"

#include <algorithm>

#include "eval/values.h"

namespace jadoube::hce {
namespace {

// ---------------------------------------------------------------------------
// Material and piece-square tables: PeSTO's published values as the start.
// ---------------------------------------------------------------------------

// clang-format off: tables laid out by hand, one row a line
constexpr int MgValue[PIECE_TYPE_NB] = {0, 82, 337, 365, 477, 1025, 0};
constexpr int EgValue[PIECE_TYPE_NB] = {0, 94, 281, 297, 512, 936, 0};

// Drawn as White sees the board: rank 8 is the first row, so a white piece on
// square s (a1 = 0) reads entry s ^ 56.
constexpr int PstMg[PIECE_TYPE_NB][SQUARE_NB] = {
    {},
    { // pawn
        0,   0,   0,   0,   0,   0,   0,   0,
       98, 134,  61,  95,  68, 126,  34, -11,
       -6,   7,  26,  31,  65,  56,  25, -20,
      -14,  13,   6,  21,  23,  12,  17, -23,
      -27,  -2,  -5,  12,  17,   6,  10, -25,
      -26,  -4,  -4, -10,   3,   3,  33, -12,
      -35,  -1, -20, -23, -15,  24,  38, -22,
        0,   0,   0,   0,   0,   0,   0,   0,
    },
    { // knight
     -167, -89, -34, -49,  61, -97, -15,-107,
      -73, -41,  72,  36,  23,  62,   7, -17,
      -47,  60,  37,  65,  84, 129,  73,  44,
       -9,  17,  19,  53,  37,  69,  18,  22,
      -13,   4,  16,  13,  28,  19,  21,  -8,
      -23,  -9,  12,  10,  19,  17,  25, -16,
      -29, -53, -12,  -3,  -1,  18, -14, -19,
     -105, -21, -58, -33, -17, -28, -19, -23,
    },
    { // bishop
      -29,   4, -82, -37, -25, -42,   7,  -8,
      -26,  16, -18, -13,  30,  59,  18, -47,
      -16,  37,  43,  40,  35,  50,  37,  -2,
       -4,   5,  19,  50,  37,  37,   7,  -2,
       -6,  13,  13,  26,  34,  12,  10,   4,
        0,  15,  15,  15,  14,  27,  18,  10,
        4,  15,  16,   0,   7,  21,  33,   1,
      -33,  -3, -14, -21, -13, -12, -39, -21,
    },
    { // rook
       32,  42,  32,  51,  63,   9,  31,  43,
       27,  32,  58,  62,  80,  67,  26,  44,
       -5,  19,  26,  36,  17,  45,  61,  16,
      -24, -11,   7,  26,  24,  35,  -8, -20,
      -36, -26, -12,  -1,   9,  -7,   6, -23,
      -45, -25, -16, -17,   3,   0,  -5, -33,
      -44, -16, -20,  -9,  -1,  11,  -6, -71,
      -19, -13,   1,  17,  16,   7, -37, -26,
    },
    { // queen
      -28,   0,  29,  12,  59,  44,  43,  45,
      -24, -39,  -5,   1, -16,  57,  28,  54,
      -13, -17,   7,   8,  29,  56,  47,  57,
      -27, -27, -16, -16,  -1,  17,  -2,   1,
       -9, -26,  -9, -10,  -2,  -4,   3,  -3,
      -14,   2, -11,  -2,  -5,   2,  14,   5,
      -35,  -8,  11,   2,   8,  15,  -3,   1,
       -1, -18,  -9,  10, -15, -25, -31, -50,
    },
    { // king
      -65,  23,  16, -15, -56, -34,   2,  13,
       29,  -1, -20,  -7,  -8,  -4, -38, -29,
       -9,  24,   2, -16, -20,   6,  22, -22,
      -17, -20, -12, -27, -30, -25, -14, -36,
      -49,  -1, -27, -39, -46, -44, -33, -51,
      -14, -14, -22, -46, -44, -30, -15, -27,
        1,   7,  -8, -64, -43, -16,   9,   8,
      -15,  36,  12, -54,   8, -28,  24,  14,
    },
};

constexpr int PstEg[PIECE_TYPE_NB][SQUARE_NB] = {
    {},
    { // pawn
        0,   0,   0,   0,   0,   0,   0,   0,
      178, 173, 158, 134, 147, 132, 165, 187,
       94, 100,  85,  67,  56,  53,  82,  84,
       32,  24,  13,   5,  -2,   4,  17,  17,
       13,   9,  -3,  -7,  -7,  -8,   3,  -1,
        4,   7,  -6,   1,   0,  -5,  -1,  -8,
       13,   8,   8,  10,  13,   0,   2,  -7,
        0,   0,   0,   0,   0,   0,   0,   0,
    },
    { // knight
      -58, -38, -13, -28, -31, -27, -63, -99,
      -25,  -8, -25,  -2,  -9, -25, -24, -52,
      -24, -20,  10,   9,  -1,  -9, -19, -41,
      -17,   3,  22,  22,  22,  11,   8, -18,
      -18,  -6,  16,  25,  16,  17,   4, -18,
      -23,  -3,  -1,  15,  10,  -3, -20, -22,
      -42, -20, -10,  -5,  -2, -20, -23, -44,
      -29, -51, -23, -15, -22, -18, -50, -64,
    },
    { // bishop
      -14, -21, -11,  -8,  -7,  -9, -17, -24,
       -8,  -4,   7, -12,  -3, -13,  -4, -14,
        2,  -8,   0,  -1,  -2,   6,   0,   4,
       -3,   9,  12,   9,  14,  10,   3,   2,
       -6,   3,  13,  19,   7,  10,  -3,  -9,
      -12,  -3,   8,  10,  13,   3,  -7, -15,
      -14, -18,  -7,  -1,   4,  -9, -15, -27,
      -23,  -9, -23,  -5,  -9, -16,  -5, -17,
    },
    { // rook
       13,  10,  18,  15,  12,  12,   8,   5,
       11,  13,  13,  11,  -3,   3,   8,   3,
        7,   7,   7,   5,   4,  -3,  -5,  -3,
        4,   3,  13,   1,   2,   1,  -1,   2,
        3,   5,   8,   4,  -5,  -6,  -8, -11,
       -4,   0,  -5,  -1,  -7, -12,  -8, -16,
       -6,  -6,   0,   2,  -9,  -9, -11,  -3,
       -9,   2,   3,  -1,  -5, -13,   4, -20,
    },
    { // queen
       -9,  22,  22,  27,  27,  19,  10,  20,
      -17,  20,  32,  41,  58,  25,  30,   0,
      -20,   6,   9,  49,  47,  35,  19,   9,
        3,  22,  24,  45,  57,  40,  57,  36,
      -18,  28,  19,  47,  31,  34,  39,  23,
      -16, -27,  15,   6,   9,  17,  10,   5,
      -22, -23, -30, -16, -16, -23, -36, -32,
      -33, -28, -22, -43,  -5, -32, -20, -41,
    },
    { // king
      -74, -35, -18, -18, -11,  15,   4, -17,
      -12,  17,  14,  17,  17,  38,  23,  11,
       10,  17,  23,  15,  20,  45,  44,  13,
       -8,  22,  24,  27,  26,  33,  26,   3,
      -18,  -4,  21,  24,  27,  23,   9, -11,
      -19,  -3,  11,  21,  23,  16,   7,  -9,
      -27, -11,   4,  13,  14,   4,  -5, -17,
      -53, -34, -21, -11, -28, -14, -24, -43,
    },
};
// clang-format on

// Material plus placement for every piece on every square, from White's point of
// view: black entries are the white ones mirrored and negated.
struct PsqtTable {
    Score v[PIECE_NB][SQUARE_NB]{};
};

constexpr PsqtTable make_psqt() {
    PsqtTable t{};
    for (int pt = PAWN; pt <= KING; ++pt)
        for (Square s = SQ_A1; s < SQUARE_NB; ++s) {
            const Score w = S(MgValue[pt] + PstMg[pt][s ^ 56], EgValue[pt] + PstEg[pt][s ^ 56]);
            t.v[make_piece(WHITE, PieceType(pt))][s] = w;
            t.v[make_piece(BLACK, PieceType(pt))][flip_rank(s)] = -w;
        }
    return t;
}

constexpr PsqtTable Psqt = make_psqt();

// ---------------------------------------------------------------------------
// Mobility: by the number of safe squares attacked (not held by an enemy pawn,
// not occupied by a piece of our own). Centred near zero at typical mobility,
// since the PSQT values already pay for an average piece.
// ---------------------------------------------------------------------------

// clang-format off: tables laid out by hand, one row a line
constexpr Score KnightMobility[9] = {
    S(-32, -38), S(-21, -24), S(-11, -13), S(-4, -5), S(1, 0), S(5, 4), S(9, 8), S(12, 10), S(15, 12),
};
constexpr Score BishopMobility[14] = {
    S(-30, -42), S(-20, -28), S(-12, -17), S(-6, -9), S(-2, -3), S(2, 2), S(5, 6),
    S(8, 10), S(11, 13), S(13, 16), S(15, 18), S(17, 20), S(19, 22), S(21, 24),
};
constexpr Score RookMobility[15] = {
    S(-26, -42), S(-17, -29), S(-11, -19), S(-6, -11), S(-3, -5), S(0, 0), S(2, 4), S(4, 8),
    S(6, 12), S(8, 16), S(10, 19), S(12, 22), S(13, 24), S(14, 26), S(15, 28),
};
constexpr Score QueenMobility[28] = {
    S(-18, -30), S(-14, -24), S(-10, -18), S(-7, -13), S(-5, -9), S(-3, -6), S(-1, -3),
    S(0, -1),    S(1, 1),     S(2, 3),     S(3, 5),    S(4, 7),   S(5, 9),   S(6, 11),
    S(7, 13),    S(8, 15),    S(9, 17),    S(10, 18),  S(11, 19), S(12, 20), S(12, 21),
    S(13, 22),   S(13, 23),   S(14, 24),   S(14, 25),  S(15, 26), S(15, 27), S(16, 28),
};

// ---------------------------------------------------------------------------
// Pawn structure, indexed by the pawn's rank from its own side where relevant.
// ---------------------------------------------------------------------------

constexpr Score Doubled = S(-10, -22);  // per pawn with a friendly pawn behind it on its file
constexpr Score Isolated = S(-8, -12);
constexpr Score Backward = S(-8, -10);  // neighbours all ahead, stop square held by an enemy pawn
constexpr Score Connected[RANK_NB] = {  // defended by a pawn or standing beside one
    S(0, 0), S(4, 1), S(7, 3), S(10, 6), S(18, 14), S(30, 28), S(48, 45), S(0, 0),
};
constexpr Score PassedRank[RANK_NB] = {
    S(0, 0), S(2, 6), S(4, 10), S(8, 20), S(18, 36), S(30, 55), S(45, 80), S(0, 0),
};
constexpr Score PassedFreePath[RANK_NB] = {  // nothing at all on the squares ahead
    S(0, 0), S(0, 0), S(0, 0), S(0, 6), S(0, 14), S(0, 25), S(0, 40), S(0, 0),
};
constexpr Score PassedBlocked[RANK_NB] = {  // an enemy piece on the stop square
    S(0, 0), S(-2, -4), S(-2, -6), S(-4, -10), S(-6, -14), S(-8, -20), S(-10, -28), S(0, 0),
};
// Endgame weight per rank of the king-distance term (enemy king far, own king near).
constexpr int PassedKingWeight[RANK_NB] = {0, 0, 0, 1, 2, 3, 4, 0};

// ---------------------------------------------------------------------------
// Pieces and king
// ---------------------------------------------------------------------------

constexpr Score BishopPair = S(25, 55);
constexpr Score RookOpenFile = S(28, 8);
constexpr Score RookSemiOpenFile = S(12, 6);
constexpr Score RookOnSeventh = S(8, 20);  // with enemy pawns on the 7th or the king on the 8th
constexpr Score KnightOutpost = S(18, 8);  // ranks 4-6, pawn-defended, no enemy pawn can chase it
constexpr Score BishopOutpost = S(8, 4);
constexpr int Tempo = 10;

// Pawn shield, per file on and beside the king's: the nearest own pawn ahead of
// the king by its distance in ranks (index 1, 2, 3+), or none; a file with no
// pawns at all beside the king costs extra. Midgame only.
constexpr Score ShieldPawn[4] = {S(0, 0), S(12, 0), S(5, 0), S(-3, 0)};
constexpr Score ShieldMissing = S(-12, 0);
constexpr Score OpenFileNearKing = S(-10, 0);

// King attack: each enemy knight, bishop, rook or queen that hits the king zone adds
// its weight per zone square hit; with two or more attackers and the enemy queen on
// the board the sum indexes a quadratic table (midgame penalty).
constexpr int AttackWeight[PIECE_TYPE_NB] = {0, 0, 2, 2, 3, 5, 0};
// clang-format on
constexpr int KING_DANGER_NB = 64;
struct DangerTable {
    int v[KING_DANGER_NB]{};
};
constexpr DangerTable make_danger() {
    DangerTable t{};
    for (int u = 0; u < KING_DANGER_NB; ++u) t.v[u] = std::min(u * u / 4, 500);
    return t;
}
constexpr DangerTable KingDanger = make_danger();

// Mop-up with a bare enemy king (endgame): drive it to the edge, bring our king near.
constexpr int MopUpEdge = 10;
constexpr int MopUpKings = 4;

// ---------------------------------------------------------------------------
// Masks
// ---------------------------------------------------------------------------

struct Masks {
    Bitboard adjacentFiles[FILE_NB]{};
    Bitboard forwardRanks[COLOR_NB][RANK_NB]{};   // ranks strictly ahead of r, from c's side
    Bitboard forwardFile[COLOR_NB][SQUARE_NB]{};  // squares ahead on the same file
    Bitboard attackSpan[COLOR_NB][SQUARE_NB]{};   // squares ahead on the adjacent files
    Bitboard passedSpan[COLOR_NB][SQUARE_NB]{};   // ahead on the same and adjacent files
};

constexpr Masks make_masks() {
    Masks m{};
    for (int f = FILE_A; f <= FILE_H; ++f)
        m.adjacentFiles[f] = (f > FILE_A ? file_bb(File(f - 1)) : 0) | (f < FILE_H ? file_bb(File(f + 1)) : 0);
    for (int r = RANK_1; r <= RANK_8; ++r)
        for (int r2 = RANK_1; r2 <= RANK_8; ++r2) {
            if (r2 > r) m.forwardRanks[WHITE][r] |= rank_bb(Rank(r2));
            if (r2 < r) m.forwardRanks[BLACK][r] |= rank_bb(Rank(r2));
        }
    for (int c = WHITE; c <= BLACK; ++c)
        for (Square s = SQ_A1; s < SQUARE_NB; ++s) {
            const Bitboard ahead = m.forwardRanks[c][rank_of(s)];
            m.forwardFile[c][s] = ahead & file_bb(s);
            m.attackSpan[c][s] = ahead & m.adjacentFiles[file_of(s)];
            m.passedSpan[c][s] = m.forwardFile[c][s] | m.attackSpan[c][s];
        }
    return m;
}

constexpr Masks Mask = make_masks();

constexpr int centre_distance(Square s) {
    const int f = file_of(s), r = rank_of(s);
    return (f < 4 ? 3 - f : f - 4) + (r < 4 ? 3 - r : r - 4);
}

int non_pawn_material(const Position& pos, Color c) {
    return PieceValue[KNIGHT] * popcount(pos.pieces(c, KNIGHT)) + PieceValue[BISHOP] * popcount(pos.pieces(c, BISHOP))
           + PieceValue[ROOK] * popcount(pos.pieces(c, ROOK)) + PieceValue[QUEEN] * popcount(pos.pieces(c, QUEEN));
}

// ---------------------------------------------------------------------------
// The evaluation
// ---------------------------------------------------------------------------

template<bool DoTrace>
class Evaluation {
public:
    Evaluation(const Position& p, Trace* t) : pos(p), trace(t) {}
    int value();

private:
    template<Color Us>
    void init();
    template<Color Us>
    Score material() const;
    template<Color Us>
    Score pawns();
    template<Color Us, PieceType Pt>
    Score pieces();
    template<Color Us>
    Score king() const;
    template<Color Us>
    Score passed() const;
    template<Color Us>
    Score bishop_pair() const;
    template<Color Us>
    Score mop_up() const;
    int scale_factor(int v) const;

    // White's term minus Black's, noted in the trace when tracing.
    Score record(Term t, Score white, Score black) {
        if constexpr (DoTrace) {
            trace->terms[t][WHITE] += white;
            trace->terms[t][BLACK] += black;
        }
        return white - black;
    }

    const Position& pos;
    Trace* trace;
    Bitboard pawnAttacks[COLOR_NB]{};
    Bitboard mobilityArea[COLOR_NB]{};
    Bitboard kingZone[COLOR_NB]{};
    Bitboard passedPawns[COLOR_NB]{};
    Score mobility[COLOR_NB]{};
    int kingAttackers[COLOR_NB]{};   // pieces of colour c hitting the enemy king zone
    int kingAttackUnits[COLOR_NB]{}; // their weighted count of zone squares hit
};

template<bool DoTrace>
template<Color Us>
void Evaluation<DoTrace>::init() {
    constexpr Color Them = ~Us;
    pawnAttacks[Us] = pawn_attacks_bb<Us>(pos.pieces(Us, PAWN));
    pawnAttacks[Them] = pawn_attacks_bb<Them>(pos.pieces(Them, PAWN));
    mobilityArea[Us] = ~(pos.pieces(Us) | pawnAttacks[Them]);
    const Bitboard k = king_attacks(pos.king_square(Us)) | square_bb(pos.king_square(Us));
    kingZone[Us] = k | (Us == WHITE ? shift<NORTH>(k) : shift<SOUTH>(k));
}

template<bool DoTrace>
template<Color Us>
Score Evaluation<DoTrace>::material() const {
    Score s;
    for (Bitboard b = pos.pieces(Us); b;) {
        const Square sq = pop_lsb(b);
        s += Psqt.v[pos.piece_on(sq)][sq];
    }
    return Us == WHITE ? s : -s; // the table is from White's view
}

template<bool DoTrace>
template<Color Us>
Score Evaluation<DoTrace>::pawns() {
    constexpr Color Them = ~Us;
    const Bitboard ours = pos.pieces(Us, PAWN), theirs = pos.pieces(Them, PAWN);
    Score s;
    for (Bitboard b = ours; b;) {
        const Square sq = pop_lsb(b);
        const Rank r = relative_rank(Us, rank_of(sq));
        const Bitboard adjacent = Mask.adjacentFiles[file_of(sq)];
        const Bitboard neighbours = ours & adjacent;
        const Bitboard supporters = pawn_attacks(Them, sq) & ours;
        const Bitboard phalanx = neighbours & rank_bb(sq);

        if (supporters | phalanx) s += Connected[r];
        else if (!neighbours) s += Isolated;
        else if (!(neighbours & ~Mask.forwardRanks[Us][rank_of(sq)]) && (pawnAttacks[Them] & square_bb(sq + pawn_push(Us))))
            s += Backward;

        if (ours & Mask.forwardFile[Them][sq]) s += Doubled;

        if (!(theirs & Mask.passedSpan[Us][sq]) && !(ours & Mask.forwardFile[Us][sq])) passedPawns[Us] |= square_bb(sq);
    }
    return s;
}

template<bool DoTrace>
template<Color Us, PieceType Pt>
Score Evaluation<DoTrace>::pieces() {
    constexpr Color Them = ~Us;
    const Bitboard occupied = pos.pieces();
    Score s;
    for (Bitboard b = pos.pieces(Us, Pt); b;) {
        const Square sq = pop_lsb(b);
        Bitboard attacks;
        if constexpr (Pt == KNIGHT) attacks = knight_attacks(sq);
        else if constexpr (Pt == BISHOP) attacks = bishop_attacks(sq, occupied);
        else if constexpr (Pt == ROOK) attacks = rook_attacks(sq, occupied);
        else attacks = queen_attacks(sq, occupied);

        const int mob = popcount(attacks & mobilityArea[Us]);
        if constexpr (Pt == KNIGHT) mobility[Us] += KnightMobility[mob];
        else if constexpr (Pt == BISHOP) mobility[Us] += BishopMobility[mob];
        else if constexpr (Pt == ROOK) mobility[Us] += RookMobility[mob];
        else mobility[Us] += QueenMobility[mob];

        if (const Bitboard zone = attacks & kingZone[Them]) {
            ++kingAttackers[Us];
            kingAttackUnits[Us] += AttackWeight[Pt] * popcount(zone);
        }

        const Rank r = relative_rank(Us, rank_of(sq));
        if constexpr (Pt == KNIGHT || Pt == BISHOP) {
            if (r >= RANK_4 && r <= RANK_6 && (pawnAttacks[Us] & square_bb(sq))
                && !(pos.pieces(Them, PAWN) & Mask.attackSpan[Us][sq]))
                s += Pt == KNIGHT ? KnightOutpost : BishopOutpost;
        }
        if constexpr (Pt == ROOK) {
            const Bitboard file = file_bb(sq);
            if (!(pos.pieces(PAWN) & file)) s += RookOpenFile;
            else if (!(pos.pieces(Us, PAWN) & file)) s += RookSemiOpenFile;
            if (r == RANK_7
                && ((pos.pieces(Them, PAWN) & rank_bb(relative_rank(Us, RANK_7)))
                    || relative_rank(Us, rank_of(pos.king_square(Them))) == RANK_8))
                s += RookOnSeventh;
        }
    }
    return s;
}

template<bool DoTrace>
template<Color Us>
Score Evaluation<DoTrace>::king() const {
    constexpr Color Them = ~Us;
    const Square ksq = pos.king_square(Us);
    const Bitboard ours = pos.pieces(Us, PAWN), theirs = pos.pieces(Them, PAWN);
    const Bitboard ahead = Mask.forwardRanks[Us][rank_of(ksq)];
    const int kf = file_of(ksq);
    Score s;
    for (int f = std::max(kf - 1, int(FILE_A)); f <= std::min(kf + 1, int(FILE_H)); ++f) {
        const Bitboard file = file_bb(File(f));
        if (const Bitboard shield = ours & file & ahead) {
            const Square nearest = Us == WHITE ? lsb(shield) : msb(shield);
            const int d = rank_of(nearest) > rank_of(ksq) ? rank_of(nearest) - rank_of(ksq) : rank_of(ksq) - rank_of(nearest);
            s += ShieldPawn[std::min(d, 3)];
        } else {
            s += ShieldMissing;
            if (!((ours | theirs) & file)) s += OpenFileNearKing;
        }
    }
    if (kingAttackers[Them] >= 2 && pos.pieces(Them, QUEEN))
        s -= S(KingDanger.v[std::min(kingAttackUnits[Them], KING_DANGER_NB - 1)], 0);
    return s;
}

template<bool DoTrace>
template<Color Us>
Score Evaluation<DoTrace>::passed() const {
    constexpr Color Them = ~Us;
    const Square ourKing = pos.king_square(Us), theirKing = pos.king_square(Them);
    Score s;
    for (Bitboard b = passedPawns[Us]; b;) {
        const Square sq = pop_lsb(b);
        const Rank r = relative_rank(Us, rank_of(sq));
        const Square stop = sq + pawn_push(Us);
        s += PassedRank[r];
        if (const int w = PassedKingWeight[r]) {
            const int theirDist = std::min(distance(theirKing, stop), 5);
            const int ourDist = std::min(distance(ourKing, stop), 5);
            s += S(0, w * (4 * theirDist - 2 * ourDist));
            if (!(pos.pieces() & Mask.forwardFile[Us][sq])) s += PassedFreePath[r];
        }
        if (pos.pieces(Them) & square_bb(stop)) s += PassedBlocked[r];
    }
    return s;
}

template<bool DoTrace>
template<Color Us>
Score Evaluation<DoTrace>::bishop_pair() const {
    const Bitboard bishops = pos.pieces(Us, BISHOP);
    return (bishops & DARK_SQUARES) && (bishops & ~DARK_SQUARES) ? BishopPair : Score();
}

template<bool DoTrace>
template<Color Us>
Score Evaluation<DoTrace>::mop_up() const {
    constexpr Color Them = ~Us;
    if (pos.pieces(Them) != pos.pieces(Them, KING) || non_pawn_material(pos, Us) < PieceValue[ROOK]) return Score();
    const Square theirKing = pos.king_square(Them);
    return S(0, MopUpEdge * centre_distance(theirKing) + MopUpKings * (7 - distance(pos.king_square(Us), theirKing)));
}

// Out of SCALE_NORMAL, for the side ahead (by v, White's view).
template<bool DoTrace>
int Evaluation<DoTrace>::scale_factor(int v) const {
    const Color strong = v >= 0 ? WHITE : BLACK, weak = ~strong;
    const int npmStrong = non_pawn_material(pos, strong), npmWeak = non_pawn_material(pos, weak);

    if (!pos.pieces(strong, PAWN)) {
        // A lone minor (or nothing) cannot mate.
        if (npmStrong < PieceValue[ROOK]) return 0;
        // Two knights force no mate.
        if (pos.pieces(strong) == (pos.pieces(strong, KING) | pos.pieces(strong, KNIGHT))
            && popcount(pos.pieces(strong, KNIGHT)) == 2)
            return 8;
        // Ahead by no more than a minor: KR v Kminor, KRminor v KR, KQ v KRminor, ...
        if (npmStrong - npmWeak <= PieceValue[BISHOP]) return npmWeak <= PieceValue[BISHOP] ? 16 : 32;
    }

    // Opposite-coloured bishops and nothing else but pawns.
    if (npmStrong == PieceValue[BISHOP] && npmWeak == PieceValue[BISHOP] && popcount(pos.pieces(BISHOP) & DARK_SQUARES) == 1) {
        const int pawnDiff = popcount(pos.pieces(strong, PAWN)) - popcount(pos.pieces(weak, PAWN));
        return pawnDiff <= 1 ? 40 : pawnDiff == 2 ? 64 : 96;
    }
    return SCALE_NORMAL;
}

template<bool DoTrace>
int Evaluation<DoTrace>::value() {
    init<WHITE>();
    init<BLACK>();

    Score score = record(MATERIAL, material<WHITE>(), material<BLACK>());
    score += record(PAWNS, pawns<WHITE>(), pawns<BLACK>());
    score += record(PIECES, pieces<WHITE, KNIGHT>(), pieces<BLACK, KNIGHT>());
    score += record(PIECES, pieces<WHITE, BISHOP>(), pieces<BLACK, BISHOP>());
    score += record(PIECES, pieces<WHITE, ROOK>(), pieces<BLACK, ROOK>());
    score += record(PIECES, pieces<WHITE, QUEEN>(), pieces<BLACK, QUEEN>());
    score += record(MOBILITY, mobility[WHITE], mobility[BLACK]);
    score += record(KING_SAFETY, king<WHITE>(), king<BLACK>());
    score += record(PASSED, passed<WHITE>(), passed<BLACK>());
    score += record(IMBALANCE, bishop_pair<WHITE>(), bishop_pair<BLACK>());
    score += record(MOPUP, mop_up<WHITE>(), mop_up<BLACK>());

    const int phase = game_phase(pos);
    int v = (score.mg() * phase + score.eg() * (PHASE_MAX - phase)) / PHASE_MAX;
    const int blended = v;
    const int tempo = pos.side_to_move() == WHITE ? Tempo : -Tempo;
    v += tempo;
    const int scale = scale_factor(v);
    v = v * scale / SCALE_NORMAL;
    const int result = pos.side_to_move() == WHITE ? v : -v;

    if constexpr (DoTrace) {
        trace->phase = phase;
        trace->blended = blended;
        trace->tempo = tempo;
        trace->scale = scale;
        trace->result = result;
    }
    return result;
}

} // namespace

int game_phase(const Position& pos) {
    const int phase = popcount(pos.pieces(KNIGHT, BISHOP)) + 2 * popcount(pos.pieces(ROOK)) + 4 * popcount(pos.pieces(QUEEN));
    return std::min(phase, PHASE_MAX);
}

int evaluate(const Position& pos) { return Evaluation<false>(pos, nullptr).value(); }

Trace trace(const Position& pos) {
    Trace t;
    Evaluation<true>(pos, &t).value();
    return t;
}

} // namespace jadoube::hce
