// libFuzzer target: the touch-move event stream, through laws/touchmove directly.
// The input's bytes pick a position (a small table: standard, castling, promotion, en
// passant, pins, mate and stalemate, Chess960) and a few random legal plies from it,
// then a sequence of events (touch / adjust / release / promote) with squares from
// the bytes, biased towards occupied squares and reachable destinations.
// Built and run by scripts/fuzz (never by CMake: tests/fuzz is excluded there).
//
// Checked against src/laws/README.md, section 4 (only what the contract promises;
// the set need not shrink in general: `touch e1 g1` then `h1` can widen it by 4.4.3):
//   - the permitted set is a subset of the legal moves, with no repeats; it is
//     non-empty whenever the side to move has a legal move (empty otherwise);
//   - with no touch, release or promotion in force the set is every legal move
//     (article none), and adjustments never change it;
//   - an event with an error changes nothing (events and set), except a release to a
//     square no legal move reaches, which only adds FROM to the touches (a destination
//     off the board, SQ_NONE, adds nothing: text never gives one); a king let go
//     two squares sideways from e1/e8 in standard chess is never that error;
//   - errors come when and only when the contract says (no legal move, empty square,
//     no pawn able to promote);
//   - after the first release that fixes a move, touches, adjustments and releases
//     change nothing; after the first valid promote, promotes change nothing; a
//     promote narrows a set holding promotions to the chosen piece, and leaves any
//     other set alone;
//   - replaying only the events that took effect on a fresh TouchMove gives the same
//     events and the same obligation (so a refused event really was void);
//   - every reason and error is worded, in English and Russian, with no slot left
//     unfilled ('{') and on one line.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "board/movegen.h"
#include "laws/rulings.h"
#include "laws/touchmove.h"
#include "notation/touch_text.h"

using namespace jadoube;

namespace {

[[noreturn]] void fail(const char* what) {
    std::fprintf(stderr, "touch_fuzz: %s\n", what);
    __builtin_trap(); // libFuzzer reports and saves the input
}

struct Start {
    const char* fen;
    bool chess960;
};

constexpr Start Starts[] = {
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false},
    {"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", false},
    {"r3k3/8/b7/8/8/8/8/R3K2R w KQq - 0 1", false},   // O-O passes an attacked f1
    {"4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", false},    // in check: no castling (4.4.3)
    {"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", false},     // the contract's 4.3.2 / 4.3.3 example
    {"3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1", false},     // promote by push or capture
    {"4k3/8/8/8/8/8/p7/1N2K3 b - - 0 1", false},      // Black promotes
    {"1n2k3/PP6/8/8/8/8/8/4K3 w - - 0 1", false},     // two pawns, two promotion squares
    {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", false},     // en passant
    {"4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", false},     // a pinned bishop
    {"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false},        // stalemate: no legal move
    {"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", false},        // checkmate
    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true},
    {"nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1", true},
    {"5k2/8/8/8/8/8/8/5K1R w H - 0 1", true},          // king f1: g1 is a step and castling
    {"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", true}, // king takes rook lands on the rook
    {"rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1", true},
};

const std::vector<Position>& start_positions() {
    static const std::vector<Position> positions = [] {
        std::vector<Position> v;
        for (const Start& s : Starts) {
            Position p;
            if (!p.set(s.fen, s.chess960)) fail("a table FEN does not load");
            v.push_back(p);
        }
        return v;
    }();
    return positions;
}

class Bytes {
public:
    Bytes(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
    bool empty() const { return at_ >= size_; }
    std::uint8_t next() { return at_ < size_ ? data_[at_++] : 0; }

private:
    const std::uint8_t* data_;
    std::size_t size_, at_ = 0;
};

// Mostly an occupied square; sometimes any square, or no square at all.
Square pick_square(Bytes& in, const Position& pos) {
    const std::uint8_t b = in.next();
    if (b == 0xFF) return SQ_NONE;
    if (b & 0x80) {
        std::vector<Square> occupied;
        for (Square s = SQ_A1; s < SQUARE_NB; ++s)
            if (pos.piece_on(s) != NO_PIECE) occupied.push_back(s);
        return occupied[(b & 0x7F) % occupied.size()];
    }
    return Square(b & 63);
}

// Mostly where a legal move of the piece on from lands (king or rook square for castling).
Square pick_destination(Bytes& in, const Position& pos, Square from) {
    const std::uint8_t b = in.next();
    if (b & 0x80) {
        std::vector<Move> moves;
        for (Move m : MoveList<LEGAL>(pos))
            if (m.from_sq() == from) moves.push_back(m);
        if (!moves.empty()) {
            const Move m = moves[(b & 0x3F) % moves.size()];
            if (m.kind() == CASTLING && (b & 0x40))
                return Position::castling_king_to(pos.side_to_move(), m.to_sq() > m.from_sq());
            return m.to_sq();
        }
    }
    return b == 0x7F ? SQ_NONE : Square(b & 63);
}

struct Events {
    std::vector<Square> touched, adjusted;
    bool released;
    Square from, to;
    PieceType promotion;
    bool operator==(const Events&) const = default;
};

Events events_of(const TouchMove& t) {
    return {{t.touched().begin(), t.touched().end()},
            {t.adjusted().begin(), t.adjusted().end()},
            t.released(),
            t.release_from(),
            t.release_to(),
            t.promotion()};
}

struct View {
    Article article;
    Basis basis;
    Square piece, target, rook, to;
    PieceType promotion;
    std::vector<Move> moves;
    bool operator==(const View&) const = default;
};

View view_of(const Obligation& ob) {
    return {ob.article, ob.basis, ob.piece, ob.target, ob.rook, ob.to, ob.promotion, {ob.moves.begin(), ob.moves.end()}};
}

bool contains(const std::vector<Move>& v, Move m) { return std::find(v.begin(), v.end(), m) != v.end(); }

void check_text(const std::string& s) {
    if (s.empty() || s.find('{') != std::string::npos || s.find('\n') != std::string::npos) fail("wording");
}

// The invariants that hold after any sequence of events.
View check(const TouchMove& t, const Position& pos, const std::vector<Move>& legal) {
    if (t.legal_moves().size() != legal.size()) fail("snapshot's legal moves");
    for (Move m : t.legal_moves())
        if (!contains(legal, m)) fail("snapshot's legal moves");
    const Obligation ob = t.obligation();
    std::vector<Move> seen;
    for (Move m : ob.moves) {
        if (!contains(legal, m)) fail("a permitted move is not legal");
        if (contains(seen, m)) fail("a permitted move twice");
        seen.push_back(m);
    }
    if (legal.empty() != ob.moves.empty()) fail("the permitted set is empty while legal moves exist (or not empty without)");
    if (!t.any_obligation_event() && (ob.article != Article::None || ob.moves.size() != legal.size()))
        fail("no obligation event, yet not every legal move");
    if (t.promotion() != NO_PIECE_TYPE)
        for (Move m : ob.moves)
            if (m.kind() == PROMOTION && m.promotion_type() != t.promotion()) fail("a promotion to another piece than chosen");
    for (Lang lang : {Lang::En, Lang::Ru}) {
        if (phrase(ob.article, case_of(ob.basis), lang).empty()) fail("no sentence for this obligation");
        check_text(reason_text(ob, pos, lang));
    }
    if (obligation_line(ob, pos).find('\n') + 1 != obligation_line(ob, pos).size()) fail("obligation line");
    return view_of(ob);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 256) return 0; // 64 events at most; longer inputs only slow the search down
    Bytes in(data, size);
    const auto& starts = start_positions();
    Position pos = starts[in.next() % starts.size()];
    for (int plies = in.next() % 4; plies > 0; --plies) {
        const MoveList<LEGAL> moves(pos);
        if (moves.size() == 0) break;
        pos.do_move(*(moves.begin() + in.next() % moves.size()));
    }
    std::vector<Move> legal;
    for (Move m : MoveList<LEGAL>(pos)) legal.push_back(m);
    const bool anyPromotion = std::any_of(legal.begin(), legal.end(), [](Move m) { return m.kind() == PROMOTION; });
    const Color us = pos.side_to_move();

    TouchMove t(pos);
    std::vector<BoardEvent> tookEffect;
    View before = check(t, pos, legal);
    for (int n = 0; n < 64 && !in.empty(); ++n) {
        const std::uint8_t op = in.next();
        BoardEvent e;
        switch (op % 4) {
        case 0:
        case 1: {
            std::vector<Square> squares;
            for (int k = 0; k <= (op >> 2) % 3; ++k) squares.push_back(pick_square(in, pos));
            if (op % 4 == 0) e = TouchEvent{squares};
            else e = AdjustEvent{squares};
            break;
        }
        case 2: {
            const Square from = pick_square(in, pos);
            e = ReleaseEvent{from, pick_destination(in, pos, from)};
            break;
        }
        default: e = PromoteEvent{PieceType(KNIGHT + (op >> 2) % 4)}; break;
        }

        const Events was = events_of(t);
        const auto result = t.apply(e);
        const Events now = events_of(t);
        const View after = check(t, pos, legal);

        if (!result) {
            const EventError& err = result.error();
            for (Lang lang : {Lang::En, Lang::Ru}) check_text(render(err, lang));
            if ((err.kind == EventErrorKind::NoLegalMove) != legal.empty()) fail("NoLegalMove when and only when");
            if (err.kind == EventErrorKind::NoPromotion && (anyPromotion || op % 4 != 3)) fail("NoPromotion");
            if (err.kind == EventErrorKind::NoPiece && is_ok(err.square) && pos.piece_on(err.square) != NO_PIECE)
                fail("NoPiece on a piece");
            if (err.kind != EventErrorKind::Unreachable) {
                if (now != was || after != before) fail("an event with an error changed something");
            } else {
                const auto* r = std::get_if<ReleaseEvent>(&e);
                if (!r) fail("Unreachable from another event than release");
                Events expect = was; // a destination off the board is a bad square: nothing counts
                if (is_ok(r->to) && std::find(expect.touched.begin(), expect.touched.end(), r->from) == expect.touched.end())
                    expect.touched.push_back(r->from);
                if (now != expect) fail("an unreachable release changed more than its touch");
                if (!pos.is_chess960() && r->from == pos.king_square(us) && r->from == relative_square(us, SQ_E1)
                    && (r->to == relative_square(us, SQ_C1) || r->to == relative_square(us, SQ_G1)))
                    fail("the king let go two squares sideways from e1/e8 was refused");
                tookEffect.push_back(e);
            }
        } else {
            if (legal.empty()) fail("an event accepted with no legal move");
            tookEffect.push_back(e);
            if (std::holds_alternative<AdjustEvent>(e) && after != before) fail("an adjustment changed the set");
            if (const auto* tv = std::get_if<TouchEvent>(&e))
                for (Square s : tv->squares)
                    if (!is_ok(s) || pos.piece_on(s) == NO_PIECE) fail("a touch of an empty square accepted");
            if (const auto* p = std::get_if<PromoteEvent>(&e)) {
                if (!anyPromotion) fail("promote accepted with no promotion");
                if (was.promotion != NO_PIECE_TYPE) {
                    if (after != before || now.promotion != was.promotion) fail("a second promote changed something");
                } else {
                    if (now.promotion != p->piece) fail("promote not recorded");
                    std::vector<Move> expect;
                    for (Move m : before.moves)
                        if (m.kind() == PROMOTION && m.promotion_type() == p->piece) expect.push_back(m);
                    const bool held = std::any_of(before.moves.begin(), before.moves.end(),
                                                  [](Move m) { return m.kind() == PROMOTION; });
                    if (after.moves != (held ? expect : before.moves)) fail("promote did not narrow the set to the piece");
                }
            } else if (was.released) {
                if (after != before || now.released != was.released || now.from != was.from || now.to != was.to)
                    fail("an event after the release changed the set");
            } else if (const auto* r = std::get_if<ReleaseEvent>(&e)) {
                if (!now.released || now.from != r->from || now.to != r->to) fail("release not recorded");
            }
        }
        before = after;
    }

    // The events that took effect, replayed on a fresh snapshot, give the same state.
    TouchMove again(pos);
    for (const BoardEvent& e : tookEffect) (void)again.apply(e);
    if (events_of(again) != events_of(t) || view_of(again.obligation()) != view_of(t.obligation())) fail("replay");
    return 0;
}
