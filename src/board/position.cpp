#include "board/position.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>

#include "board/zobrist.h"
#include "util/text.h"

namespace jadoube {

namespace {

constexpr std::string_view PieceChars = " PNBRQK  pnbrqk";

// The state vector grows only when a game plus search outgrows this many plies.
constexpr std::size_t ReservedPlies = 1024;
// What without_history reserves: a short lookahead (do_move grows it past that).
constexpr std::size_t LookaheadPlies = 128;

std::vector<std::string_view> split_fields(std::string_view s) {
    std::vector<std::string_view> fields;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
        std::size_t j = i;
        while (j < s.size() && s[j] != ' ' && s[j] != '\t') ++j;
        if (j > i) fields.push_back(s.substr(i, j - i));
        i = j;
    }
    return fields;
}

// A strict non-negative decimal: digits only, no sign, no leading zeros, bounded.
bool parse_counter(std::string_view s, unsigned limit, unsigned& out) {
    if (s.empty() || (s.size() > 1 && s[0] == '0')) return false;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && p == s.data() + s.size() && out <= limit;
}

std::string square_text(Square s) { return {char('a' + file_of(s)), char('1' + rank_of(s))}; }

// A character for an error message: itself when printable, else \xNN, so that a
// message stays one line of text whatever bytes the FEN held.
std::string char_text(char c) {
    if (c >= 0x20 && c < 0x7F) return std::string(1, c);
    return "\\x" + text::hex(static_cast<unsigned char>(c), 2);
}

} // namespace

std::string chess960_start_fen(int n) {
    assert(n >= 0 && n < 960);
    std::array<char, 8> r{};
    auto place = [&r](int nth, char piece) { // on the nth empty square
        for (int f = 0; f < 8; ++f)
            if (!r[std::size_t(f)] && nth-- == 0) {
                r[std::size_t(f)] = piece;
                return;
            }
    };
    r[std::size_t(2 * (n % 4) + 1)] = 'B', n /= 4; // light-squared bishop: b, d, f or h
    r[std::size_t(2 * (n % 4))] = 'B', n /= 4;     // dark-squared bishop: a, c, e or g
    place(n % 6, 'Q'), n /= 6;
    constexpr int knights[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
    place(knights[n][1], 'N'), place(knights[n][0], 'N'); // the later one first keeps the count right
    place(0, 'R'), place(0, 'K'), place(0, 'R');
    std::string white(r.begin(), r.end()), black;
    for (char c : white) black += char(c | 0x20);
    return black + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w KQkq - 0 1";
}

Position::Position() {
    [[maybe_unused]] auto ok = set(StartFen, false);
    assert(ok);
}

Position Position::without_history() const {
    Position p{Blank{}};
    std::copy(std::begin(board_), std::end(board_), p.board_);
    std::copy(std::begin(byType_), std::end(byType_), p.byType_);
    std::copy(std::begin(byColor_), std::end(byColor_), p.byColor_);
    std::copy(std::begin(castlingRightsMask_), std::end(castlingRightsMask_), p.castlingRightsMask_);
    std::copy(std::begin(castlingRookSquare_), std::end(castlingRookSquare_), p.castlingRookSquare_);
    std::copy(std::begin(castlingPath_), std::end(castlingPath_), p.castlingPath_);
    std::copy(std::begin(castlingKingPath_), std::end(castlingKingPath_), p.castlingKingPath_);
    std::copy(std::begin(castlingRookShield_), std::end(castlingRookShield_), p.castlingRookShield_);
    p.sideToMove_ = sideToMove_;
    p.fenEpSquare_ = state().epSquare; // the set-up is now this position
    p.gamePly_ = gamePly_;
    p.chess960_ = chess960_;
    p.states_.reserve(LookaheadPlies);
    p.states_.push_back(state());
    return p;
}

std::expected<void, FenError> Position::set_fen(std::string_view fenText, bool chess960) {
    // Syntax: not a FEN. Unreachable: a FEN of a board no game reaches (3.10.3) and
    // that this class cannot hold; laws/validate asks the other reachability questions.
    const auto Err = [](std::string why) { return std::unexpected(FenError{FenError::Kind::Syntax, std::move(why)}); };
    const auto Unreachable = [](std::string why) {
        return std::unexpected(FenError{FenError::Kind::Unreachable, std::move(why)});
    };
    const auto fields = split_fields(fenText);
    if (fields.size() != 6 && fields.size() != 4)
        return Err("FEN needs 6 fields (or 4, counters then default to 0 1), got " + std::to_string(fields.size()));

    Position p{Blank{}}; // built aside, swapped in only when complete
    std::memset(p.board_, 0, sizeof(p.board_));
    std::memset(p.byType_, 0, sizeof(p.byType_));
    std::memset(p.byColor_, 0, sizeof(p.byColor_));
    std::memset(p.castlingRightsMask_, 0, sizeof(p.castlingRightsMask_));
    std::memset(p.castlingPath_, 0, sizeof(p.castlingPath_));
    std::memset(p.castlingKingPath_, 0, sizeof(p.castlingKingPath_));
    std::memset(p.castlingRookShield_, 0, sizeof(p.castlingRookShield_));
    std::fill(std::begin(p.castlingRookSquare_), std::end(p.castlingRookSquare_), SQ_NONE);
    p.chess960_ = chess960;
    p.fenEpSquare_ = SQ_NONE;
    p.states_.clear();
    p.states_.reserve(ReservedPlies);
    StateInfo st{};
    st.epSquare = SQ_NONE;

    // 1. Piece placement, rank 8 first.
    {
        int rank = 7, file = 0;
        bool lastWasDigit = false;
        for (char c : fields[0]) {
            if (c == '/') {
                if (file != 8)
                    return Err("FEN rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " squares, not 8");
                if (--rank < 0) return Err("FEN piece placement has more than 8 ranks");
                file = 0, lastWasDigit = false;
            } else if (c >= '1' && c <= '8') {
                if (lastWasDigit) return Err("FEN piece placement has two digits in a row");
                file += c - '0', lastWasDigit = true;
            } else if (auto idx = PieceChars.find(c); idx != std::string_view::npos && c != ' ') {
                if (file >= 8) return Err("FEN rank " + std::to_string(rank + 1) + " has more than 8 squares");
                p.put_piece(Piece(idx), make_square(File(file++), Rank(rank)));
                lastWasDigit = false;
            } else return Err("FEN piece placement has an invalid character '" + char_text(c) + "'");
            if (file > 8) return Err("FEN rank " + std::to_string(rank + 1) + " has more than 8 squares");
        }
        if (rank != 0 || file != 8) return Err("FEN piece placement must describe 8 ranks of 8 squares");
    }

    // What the board core relies on (the Laws layer checks reachability on top):
    // one king a side, at most 16 men a side (the move buffer's bound), pawns only
    // where they can move from and to.
    for (Color c : {WHITE, BLACK}) {
        const char* name = c == WHITE ? "white" : "black";
        if (const int kings = popcount(p.pieces(c, KING)); kings != 1)
            return Unreachable(std::string("FEN must have exactly one ") + name + " king, it has " + std::to_string(kings));
        if (const int men = popcount(p.pieces(c)); men > 16)
            return Unreachable(std::string("FEN has more than 16 ") + name + " men (" + std::to_string(men)
                               + "), more than a side starts with");
    }
    if (const Bitboard b = p.pieces(PAWN) & (RANK_1_BB | RANK_8_BB))
        return Unreachable("FEN has a pawn on the first or last rank (" + square_text(lsb(b))
                           + "): pawns start on the second rank and promote on the last");

    // 2. Side to move.
    if (fields[1] != "w" && fields[1] != "b") return Err("FEN side to move must be 'w' or 'b'");
    p.sideToMove_ = fields[1] == "w" ? WHITE : BLACK;

    // 3. Castling: KQkq (outermost rook of that wing, X-FEN) or file letters (Shredder-FEN).
    if (fields[2] != "-") {
        for (char c : fields[2]) {
            const Color color = (c >= 'a' && c <= 'z') ? BLACK : WHITE;
            const char lc = char(c | 0x20);
            if (!(lc == 'k' || lc == 'q' || (lc >= 'a' && lc <= 'h')) || !((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
                return Err("FEN castling field has an invalid character '" + char_text(c) + "'");
            const Rank backRank = relative_rank(color, RANK_1);
            const Piece rook = make_piece(color, ROOK);
            const Square ksq = p.king_square(color);
            if (rank_of(ksq) != backRank)
                return Unreachable(std::string("FEN castling '") + c + "': the king is not on its first rank, so it has moved");
            Square rsq = SQ_NONE;
            if (lc == 'k' || lc == 'q') {
                // X-FEN: the outermost rook on that wing.
                const bool kingSide = lc == 'k';
                for (int f = kingSide ? FILE_H : FILE_A; kingSide ? f > file_of(ksq) : f < file_of(ksq); f += kingSide ? -1 : 1)
                    if (p.piece_on(make_square(File(f), backRank)) == rook) {
                        rsq = make_square(File(f), backRank);
                        break;
                    }
                if (rsq == SQ_NONE) return Unreachable(std::string("FEN castling '") + c + "': no rook on that side of the king");
            } else {
                rsq = make_square(File(lc - 'a'), backRank);
                if (rsq == ksq) return Err(std::string("FEN castling '") + c + "' names the king's file");
                if (p.piece_on(rsq) != rook)
                    return Unreachable(std::string("FEN castling '") + c + "': no rook of that colour on " + square_text(rsq));
            }
            const CastlingRights cr = castling_right(color, rsq > ksq);
            if (p.castlingRookSquare_[castling_index(cr)] != SQ_NONE || (st.castling & cr))
                return Err(std::string("FEN castling field names the same right twice ('") + c + "')");
            if (!chess960 && (file_of(ksq) != FILE_E || (file_of(rsq) != FILE_A && file_of(rsq) != FILE_H)))
                return Unreachable(std::string("FEN castling '") + c + "' needs the king on the e-file and the rook in the corner"
                                   " (set UCI_Chess960 for other set-ups)");
            st.castling |= cr;
            p.set_castling_right(color, rsq);
        }
    }

    // 4. En passant target square. Only its syntax is checked here; whether it follows
    // a two-square advance is laws/validate's question. The board keeps it (below) only
    // when it is safe to play through and a capture there is legal.
    if (fields[3] != "-") {
        const auto f = fields[3];
        if (f.size() != 2 || f[0] < 'a' || f[0] > 'h' || f[1] < '1' || f[1] > '8')
            return Err("FEN en passant field must be '-' or a square");
        const Square ep = make_square(File(f[0] - 'a'), Rank(f[1] - '1'));
        const Color us = p.sideToMove_;
        p.fenEpSquare_ = ep;
        if (rank_of(ep) == relative_rank(us, RANK_6) && p.piece_on(ep - pawn_push(us)) == make_piece(~us, PAWN) && p.empty(ep))
            st.epSquare = ep; // kept below only if a capture there is legal
    }

    // 5-6. Clocks: any a game can have (whether this clock fits this fullmove number
    // is laws/validate's question).
    unsigned rule50 = 0, fullmove = 1;
    if (fields.size() == 6) {
        if (!parse_counter(fields[4], MaxGamePly, rule50))
            return Err("FEN halfmove clock must be a whole number from 0 to " + std::to_string(MaxGamePly));
        if (!parse_counter(fields[5], MaxFullmoveNumber, fullmove) || fullmove == 0)
            return Err("FEN fullmove number must be a whole number from 1 to " + std::to_string(MaxFullmoveNumber));
    }
    st.rule50 = rule50;
    p.gamePly_ = 2 * int(fullmove - 1) + (p.sideToMove_ == BLACK);

    if (const Square ksq = p.king_square(~p.sideToMove_); p.attacked_by(p.sideToMove_, ksq, p.pieces())) {
        if (king_attacks(ksq) & p.pieces(KING))
            return Unreachable("FEN kings stand on adjacent squares, so the side not to move is in check");
        return Unreachable("FEN side not to move is in check");
    }

    p.states_.push_back(st);
    StateInfo& s = p.states_.back();
    p.update_check_info(s);
    s.epSquare = s.epSquare != SQ_NONE ? p.legal_ep_square(s.epSquare) : SQ_NONE;
    s.key = p.compute_key();
    *this = std::move(p);
    return {};
}

void Position::set_castling_right(Color c, Square rfrom) {
    const Square kfrom = king_square(c);
    const bool kingSide = rfrom > kfrom;
    const CastlingRights cr = castling_right(c, kingSide);
    const int i = castling_index(cr);
    castlingRightsMask_[kfrom] |= cr;
    castlingRightsMask_[rfrom] |= cr;
    castlingRookSquare_[i] = rfrom;
    const Square kto = castling_king_to(c, kingSide), rto = castling_rook_to(c, kingSide);
    castlingPath_[i] = (between_bb(rfrom, rto) | between_bb(kfrom, kto)) & ~(square_bb(kfrom) | square_bb(rfrom));
    castlingKingPath_[i] = between_bb(kfrom, kto);
    // Lifted, the rook uncovers only the rank beyond it: it shields a square of the
    // king's path when that rank goes on past the rook, away from the square.
    bool shields = false;
    for (Bitboard b = castlingKingPath_[i] & ~square_bb(rfrom); b;) {
        const int beyond = int(file_of(rfrom)) + (rfrom > pop_lsb(b) ? 1 : -1);
        shields |= beyond >= FILE_A && beyond <= FILE_H;
    }
    castlingRookShield_[i] = shields ? square_bb(rfrom) : 0;
}

std::string Position::fen(CastlingNotation notation) const {
    std::string s;
    for (int r = RANK_8; r >= RANK_1; --r) {
        int emptyRun = 0;
        for (int f = FILE_A; f <= FILE_H; ++f) {
            const Piece pc = board_[make_square(File(f), Rank(r))];
            if (pc == NO_PIECE) {
                ++emptyRun;
                continue;
            }
            if (emptyRun) s += char('0' + emptyRun), emptyRun = 0;
            s += PieceChars[pc];
        }
        if (emptyRun) s += char('0' + emptyRun);
        if (r > RANK_1) s += '/';
    }
    s += sideToMove_ == WHITE ? " w " : " b ";

    const std::size_t before = s.size();
    for (CastlingRights cr : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO}) {
        if (!can_castle(cr)) continue;
        const Color c = cr & WHITE_CASTLING ? WHITE : BLACK;
        const Square rsq = castling_rook_square(cr);
        // X-FEN letters stand for the outermost rook; anything inside needs the file letter.
        const Bitboard beyond = (cr & KING_SIDE) ? between_bb(rsq, relative_square(c, SQ_H1)) & ~square_bb(rsq)
                                                 : between_bb(rsq, relative_square(c, SQ_A1)) & ~square_bb(rsq);
        const bool outermost = !(beyond & pieces(c, ROOK));
        const char ch = (notation == CastlingNotation::XFen && outermost) ? ((cr & KING_SIDE) ? 'K' : 'Q')
                                                                          : char('A' + file_of(rsq));
        s += c == WHITE ? ch : char(ch | 0x20);
    }
    if (s.size() == before) s += '-';

    s += ' ';
    s += ep_square() == SQ_NONE ? std::string("-") : square_text(ep_square());
    s += ' ' + std::to_string(rule50_count()) + ' ' + std::to_string(fullmove_number());
    return s;
}

Key Position::compute_key() const {
    Key k = 0;
    for (Bitboard b = pieces(); b;) {
        const Square s = pop_lsb(b);
        k ^= zobrist::psq(board_[s], s);
    }
    if (ep_square() != SQ_NONE) k ^= zobrist::enpassant(file_of(ep_square()));
    if (sideToMove_ == BLACK) k ^= zobrist::side();
    return k ^ zobrist::castling(castling_rights());
}

Men::CheckInfo Men::check_info() const {
    const Color us = sideToMove_, them = ~us;
    const Square ksq = king_square(us);
    // Leapers check from where they stand; a king never does (kings never stand side
    // by side). Every enemy slider on one of the king's lines is a checker when
    // nothing stands between, and pins a lone blocker of ours: one walk over those
    // sliders finds both, with no slider attack lookup.
    CheckInfo ci{((pawn_attacks(us, ksq) & pieces(PAWN)) | (knight_attacks(ksq) & pieces(KNIGHT))) & pieces(them), 0};
    Bitboard snipers = ((rook_rays(ksq) & pieces(them, ROOK, QUEEN)) | (bishop_rays(ksq) & pieces(them, BISHOP, QUEEN)));
    while (snipers) {
        const Square s = pop_lsb(snipers);
        const Bitboard blockers = between_bb(ksq, s) & pieces() & ~square_bb(s);
        if (!blockers) ci.checkers |= square_bb(s);
        else if (!more_than_one(blockers)) ci.pinned |= blockers & pieces(us);
    }
    return ci;
}

bool Men::same_men(const Men& o) const {
    return std::equal(std::begin(byType_), std::end(byType_), o.byType_)
           && std::equal(std::begin(byColor_), std::end(byColor_), o.byColor_) && sideToMove_ == o.sideToMove_;
}

bool Placement::same_placement(const Placement& o) const {
    return same_men(o) && std::equal(std::begin(board_), std::end(board_), o.board_);
}

// An en passant capture uncovers two squares on one rank at once, which pins
// cannot describe; so test the resulting position directly. Also covers a check
// that the capture does not answer (3.9: it must not leave the king attacked).
bool Men::ep_capture_legal(Square from, Square ep) const {
    const Color us = sideToMove_, them = ~us;
    const Square ksq = king_square(us), capsq = ep - pawn_push(us);
    const Bitboard occ = (pieces() ^ square_bb(from) ^ square_bb(capsq)) | square_bb(ep);
    return !((bishop_attacks(ksq, occ) & pieces(them, BISHOP, QUEEN)) | (rook_attacks(ksq, occ) & pieces(them, ROOK, QUEEN))
             | (knight_attacks(ksq) & pieces(them, KNIGHT)) | (pawn_attacks(us, ksq) & pieces(them, PAWN) & ~square_bb(capsq)));
}

Square Men::legal_ep_square(Square ep) const {
    for (Bitboard b = pawn_attacks(~sideToMove_, ep) & pieces(sideToMove_, PAWN); b;)
        if (ep_capture_legal(pop_lsb(b), ep)) return ep;
    return SQ_NONE;
}

// A double push only creates an en passant square that the opponent can use.
Square Men::ep_square_after_double_push(Square from, Square to) const {
    const Square ep = Square((int(from) + int(to)) / 2);
    if (!(pawn_attacks(~sideToMove_, ep) & pieces(sideToMove_, PAWN))) return SQ_NONE;
    return legal_ep_square(ep);
}

void Position::do_move(Move m) {
    assert(m.is_ok());
    if (states_.size() == states_.capacity()) states_.reserve(2 * states_.size());
    states_.push_back(states_.back());
    StateInfo& st = states_.back();

    const Color us = sideToMove_, them = ~us;
    const Square from = m.from_sq(), to = m.to_sq();
    const Piece pc = board_[from];
    Key k = st.key ^ zobrist::side();

    ++gamePly_;
    ++st.rule50;
    ++st.pliesFromNull;
    st.move = m;
    st.captured = NO_PIECE;
    if (st.epSquare != SQ_NONE) {
        k ^= zobrist::enpassant(file_of(st.epSquare));
        st.epSquare = SQ_NONE;
    }

    const Piece captured = make_men(m);
    if (m.kind() == CASTLING) {
        const bool kingSide = to > from;
        const Piece rook = make_piece(us, ROOK);
        k ^= zobrist::psq(pc, from) ^ zobrist::psq(pc, castling_king_to(us, kingSide)) ^ zobrist::psq(rook, to)
             ^ zobrist::psq(rook, castling_rook_to(us, kingSide));
    } else {
        if (captured != NO_PIECE) {
            k ^= zobrist::psq(captured, capture_square(m, us));
            st.captured = captured;
            st.rule50 = 0;
        }
        const Piece arrives = m.kind() == PROMOTION ? make_piece(us, m.promotion_type()) : pc;
        k ^= zobrist::psq(pc, from) ^ zobrist::psq(arrives, to);
        if (type_of(pc) == PAWN) st.rule50 = 0;
    }

    if (const int lost = castlingRightsMask_[from] | castlingRightsMask_[to]; st.castling & lost) {
        k ^= zobrist::castling(st.castling);
        st.castling &= std::uint8_t(~lost);
        k ^= zobrist::castling(st.castling);
    }

    sideToMove_ = them;
    update_check_info(st);

    if (const Square ep = ep_square_after(m, pc); ep != SQ_NONE) {
        st.epSquare = ep;
        k ^= zobrist::enpassant(file_of(ep));
    }
    st.key = k;
}

void Position::undo_move(Move m) {
    sideToMove_ = ~sideToMove_;
    const Color us = sideToMove_;
    const Square from = m.from_sq(), to = m.to_sq();
    const StateInfo& st = states_.back();

    if (m.kind() == CASTLING) {
        const bool kingSide = to > from;
        const Square kto = castling_king_to(us, kingSide), rto = castling_rook_to(us, kingSide);
        const Piece king = board_[kto], rook = board_[rto];
        remove_piece(kto);
        remove_piece(rto);
        put_piece(king, from);
        put_piece(rook, to);
    } else {
        if (m.kind() == PROMOTION) {
            remove_piece(to);
            put_piece(make_piece(us, PAWN), to);
        }
        move_piece(to, from);
        if (st.captured != NO_PIECE) put_piece(st.captured, capture_square(m, us));
    }
    states_.pop_back();
    --gamePly_;
}

void Position::do_null_move() {
    assert(!checkers());
    if (states_.size() == states_.capacity()) states_.reserve(2 * states_.size());
    states_.push_back(states_.back());
    StateInfo& st = states_.back();
    if (st.epSquare != SQ_NONE) {
        st.key ^= zobrist::enpassant(file_of(st.epSquare));
        st.epSquare = SQ_NONE;
    }
    st.key ^= zobrist::side();
    st.move = Move::null();
    st.captured = NO_PIECE;
    ++st.rule50;
    st.pliesFromNull = 0;
    sideToMove_ = ~sideToMove_;
    update_check_info(st);
}

void Position::undo_null_move() {
    states_.pop_back();
    sideToMove_ = ~sideToMove_;
}

bool Position::gives_check(Move m) const {
    const Color us = sideToMove_, them = ~us;
    const Square from = m.from_sq(), to = m.to_sq(), ksq = king_square(them);
    Bitboard occ = pieces() ^ square_bb(from);
    Square pieceTo = to;
    PieceType pt = type_of(board_[from]);
    switch (m.kind()) {
    case CASTLING: {
        const bool kingSide = to > from;
        pieceTo = castling_rook_to(us, kingSide);
        occ = (occ ^ square_bb(to)) | square_bb(castling_king_to(us, kingSide)) | square_bb(pieceTo);
        pt = ROOK;
        break;
    }
    case PROMOTION:
        pt = m.promotion_type();
        occ |= square_bb(to);
        break;
    case EN_PASSANT: occ = (occ ^ square_bb(to - pawn_push(us))) | square_bb(to); break;
    default: occ |= square_bb(to);
    }
    // The moved piece itself.
    const Bitboard direct = pt == PAWN ? pawn_attacks(us, pieceTo) : attacks_bb(pt, pieceTo, occ);
    if (direct & square_bb(ksq)) return true;
    // Discovered checks by our sliders (the moved piece excluded, captured ones gone).
    const Bitboard ours = pieces(us) & occ & ~square_bb(pieceTo);
    return (bishop_attacks(ksq, occ) & ours & pieces(BISHOP, QUEEN)) || (rook_attacks(ksq, occ) & ours & pieces(ROOK, QUEEN));
}

} // namespace jadoube
