#include "datagen/format.h"

#include <algorithm>
#include <istream>

#include "board/movegen.h"
#include "util/little_endian.h"

namespace jadoube::datagen {

namespace {

constexpr std::uint8_t UnmovedRook = 6;
constexpr std::uint8_t NoEpSquare = 64;
constexpr std::uint8_t ExtraChess960 = 1;

std::int16_t clamp16(int v) { return std::int16_t(std::clamp(v, -32767, 32767)); }

} // namespace

PackedBoard pack_board(const Position& pos, int scoreWhite, Outcome outcome) {
    PackedBoard b{};
    le::store<std::uint64_t>(b.data(), pos.pieces());
    Bitboard castlingRooks = 0;
    for (CastlingRights cr : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO})
        if (pos.can_castle(cr)) castlingRooks |= square_bb(pos.castling_rook_square(cr));
    int i = 0;
    for (Bitboard occ = pos.pieces(); occ; ++i) {
        const Square s = pop_lsb(occ);
        const Piece pc = pos.piece_on(s);
        std::uint8_t code = std::uint8_t(type_of(pc) - PAWN);
        if (castlingRooks & square_bb(s)) code = UnmovedRook;
        code |= std::uint8_t(color_of(pc) << 3);
        b[8 + i / 2] |= std::uint8_t(code << (4 * (i & 1)));
    }
    const std::uint8_t ep = pos.ep_square() == SQ_NONE ? NoEpSquare : std::uint8_t(pos.ep_square());
    b[24] = std::uint8_t((pos.side_to_move() == BLACK ? 0x80 : 0) | ep);
    b[25] = std::uint8_t(std::min(pos.rule50_count(), 255));
    le::store<std::uint16_t>(&b[26], std::uint16_t(std::min(pos.fullmove_number(), 65535)));
    le::store<std::int16_t>(&b[28], clamp16(scoreWhite));
    b[30] = std::uint8_t(outcome);
    b[31] = pos.is_chess960() ? ExtraChess960 : 0;
    return b;
}

std::expected<Position, std::string> unpack_board(const PackedBoard& b, Outcome* outcome, int* scoreWhite) {
    using Err = std::unexpected<std::string>;
    const Bitboard occ = le::load<std::uint64_t>(b.data());
    if (popcount(occ) > 32) return Err("packed board has more than 32 pieces");
    Piece board[SQUARE_NB] = {};
    Bitboard castlingRooks = 0;
    int i = 0;
    for (Bitboard o = occ; o; ++i) {
        const Square s = pop_lsb(o);
        const std::uint8_t code = std::uint8_t((b[8 + i / 2] >> (4 * (i & 1))) & 15);
        std::uint8_t type = code & 7;
        if (type == UnmovedRook) type = ROOK - PAWN, castlingRooks |= square_bb(s);
        if (type > KING - PAWN) return Err("packed board has an unknown piece code " + std::to_string(code));
        board[s] = make_piece(Color(code >> 3), PieceType(type + PAWN));
    }
    const bool chess960 = b[31] & ExtraChess960;
    const Color stm = (b[24] & 0x80) ? BLACK : WHITE;
    const int ep = b[24] & 0x7F;

    // Through FEN, so that Position's own checks apply.
    std::string fen;
    for (int r = RANK_8; r >= RANK_1; --r) {
        int run = 0;
        for (int f = FILE_A; f <= FILE_H; ++f) {
            const Piece pc = board[make_square(File(f), Rank(r))];
            if (pc == NO_PIECE) {
                ++run;
                continue;
            }
            if (run) fen += char('0' + run), run = 0;
            fen += " PNBRQK  pnbrqk"[pc];
        }
        if (run) fen += char('0' + run);
        if (r > RANK_1) fen += '/';
    }
    fen += stm == WHITE ? " w " : " b ";
    std::string rights; // Shredder-FEN letters, read in either mode
    for (Bitboard cr = castlingRooks & RANK_1_BB; cr;) rights += char('A' + file_of(pop_lsb(cr)));
    for (Bitboard cr = castlingRooks & RANK_8_BB; cr;) rights += char('a' + file_of(pop_lsb(cr)));
    if (castlingRooks & ~(RANK_1_BB | RANK_8_BB)) return Err("packed board has a castling rook off the back ranks");
    fen += rights.empty() ? "-" : rights;
    fen += ' ';
    if (ep == NoEpSquare) fen += '-';
    else if (ep < 64) fen += std::string{char('a' + (ep & 7)), char('1' + (ep >> 3))};
    else return Err("packed board has a bad en passant square " + std::to_string(ep));
    fen += ' ' + std::to_string(b[25]) + ' ' + std::to_string(std::max<unsigned>(1, le::load<std::uint16_t>(&b[26])));

    Position pos;
    if (auto ok = pos.set(fen, chess960); !ok) return Err("packed board " + fen + ": " + ok.error());
    if (b[30] > 2) return Err("packed board has a bad wdl byte " + std::to_string(b[30]));
    if (outcome) *outcome = Outcome(b[30]);
    if (scoreWhite) *scoreWhite = le::load<std::int16_t>(&b[28]);
    return pos;
}

std::uint16_t encode_move(Move m) {
    std::uint16_t kind = 0;
    switch (m.kind()) {
    case EN_PASSANT: kind = 1; break;
    case CASTLING: kind = 2; break;
    case PROMOTION: kind = 3; break;
    default: break;
    }
    const std::uint16_t promo = m.kind() == PROMOTION ? std::uint16_t(m.promotion_type() - KNIGHT) : 0;
    return std::uint16_t(m.from_sq() | (m.to_sq() << 6) | (promo << 12) | (kind << 14));
}

Move decode_move(std::uint16_t v) {
    const Square from = Square(v & 63), to = Square((v >> 6) & 63);
    const PieceType promo = PieceType(((v >> 12) & 3) + KNIGHT);
    switch (v >> 14) {
    case 1: return Move::make<EN_PASSANT>(from, to);
    case 2: return Move::make<CASTLING>(from, to);
    case 3: return Move::make<PROMOTION>(from, to, promo);
    default: return Move(from, to);
    }
}

void GameRecord::start(const Position& pos) {
    start_ = pack_board(pos, 0, Outcome::Draw);
    moves_.clear();
}

void GameRecord::push(Move m, int scoreWhite) {
    std::array<std::uint8_t, MOVE_RECORD_BYTES> r{};
    le::store<std::uint16_t>(r.data(), encode_move(m));
    le::store<std::int16_t>(r.data() + 2, clamp16(scoreWhite));
    moves_.push_back(r);
}

void GameRecord::write(std::vector<std::uint8_t>& out, Outcome outcome) const {
    PackedBoard head = start_;
    head[30] = std::uint8_t(outcome);
    out.insert(out.end(), head.begin(), head.end());
    for (const auto& r : moves_) out.insert(out.end(), r.begin(), r.end());
    out.insert(out.end(), MOVE_RECORD_BYTES, 0);
}

std::expected<ReadStats, std::string> read_games(std::istream& in, const std::function<void(const RecordedPosition&)>& f) {
    ReadStats stats;
    PackedBoard head;
    while (true) {
        in.read(reinterpret_cast<char*>(head.data()), head.size());
        if (in.gcount() == 0 && in.eof()) return stats;
        const std::string where = "game " + std::to_string(stats.games + 1);
        if (std::size_t(in.gcount()) != head.size()) return std::unexpected(where + ": truncated start position");
        Outcome outcome;
        auto start = unpack_board(head, &outcome);
        if (!start) return std::unexpected(where + ": " + start.error());
        Position& pos = *start;
        for (int ply = 0;; ++ply) {
            std::uint8_t r[MOVE_RECORD_BYTES];
            in.read(reinterpret_cast<char*>(r), sizeof r);
            if (std::size_t(in.gcount()) != sizeof r) return std::unexpected(where + ": truncated at ply " + std::to_string(ply));
            const auto raw = le::load<std::uint16_t>(r);
            const int score = le::load<std::int16_t>(r + 2);
            if (raw == 0 && score == 0) break;
            const Move m = decode_move(raw);
            if (!MoveList<LEGAL>(pos).contains(m))
                return std::unexpected(where + ": move " + std::to_string(ply + 1) + " is not legal in " + pos.fen());
            const bool filtered = pos.checkers() || pos.is_capture(m) || m.kind() == PROMOTION;
            f(RecordedPosition{pos, m, score, outcome, filtered, stats.games});
            ++stats.positions;
            stats.filtered += filtered;
            pos.do_move(m);
        }
        ++stats.games;
    }
}

} // namespace jadoube::datagen
