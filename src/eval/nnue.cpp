#include "eval/nnue.h"

#include <algorithm>
#include <iterator>

namespace jadoube::nnue {

namespace {

// What one ply changed on the board: at most two pieces gone, two appeared, as
// each perspective's input indices (computed once, in the backward walk).
struct Delta {
    int add[COLOR_NB][2], sub[COLOR_NB][2];
    int nAdd = 0, nSub = 0;
};

constexpr std::uint64_t EmptyPly = ~std::uint64_t(0);
constexpr int EvalLimit = 20000; // well inside the search's non-mate range

} // namespace

Evaluator::Evaluator(std::shared_ptr<const Network> net) : ring_(std::make_unique<Entry[]>(RingSize)), net_(std::move(net)) {
    reset();
}

void Evaluator::reset() {
    for (int i = 0; i < RingSize; ++i) {
        Entry& e = ring_[i];
        e.ply = EmptyPly, e.key = 0, e.computed[WHITE] = e.computed[BLACK] = false;
    }
    reset_cache();
}

void Evaluator::reset_cache() {
    // Every cached half starts as the empty board: the biases, no pieces.
    const std::size_t n = std::size_t(COLOR_NB) * std::size_t(net_->shape.kingBuckets) * 2;
    if (cacheSize_ != n) cache_ = std::make_unique<CachedHalf[]>(n), cacheSize_ = n;
    for (std::size_t i = 0; i < n; ++i) {
        std::copy(net_->ftBiases, net_->ftBiases + HIDDEN, cache_[i].v);
        for (auto& side : cache_[i].pieces) std::fill(std::begin(side), std::end(side), Bitboard(0));
    }
}

void Evaluator::set_network(std::shared_ptr<const Network> net) {
    if (net == net_) return; // the cached accumulators stay valid
    net_ = std::move(net);
    reset();
}

int Evaluator::evaluate(const Position& pos) {
    const Accumulator& acc = accumulator(pos);
    return std::clamp(output(*net_, acc, pos.side_to_move(), output_bucket(*net_, pos)), -EvalLimit, EvalLimit);
}

Evaluator::Entry& Evaluator::claim(std::uint64_t ply, Key key) {
    Entry& e = slot(ply);
    if (e.ply != ply || e.key != key) e.ply = ply, e.key = key, e.computed[WHITE] = e.computed[BLACK] = false;
    return e;
}

void Evaluator::refresh_half(const Position& pos, Color p, Accumulator& acc) {
    const KingView view = king_view(net_->shape, pos, p);
    CachedHalf& c = cached(p, view);
    // At most 32 pieces on either board: 32 adds and 32 removals at most.
    int add[32], sub[32], nAdd = 0, nSub = 0;
    for (Color col : {WHITE, BLACK})
        for (int t = PAWN; t <= KING; ++t) {
            const Bitboard now = pos.pieces(col, PieceType(t)), was = c.pieces[col][t];
            const Piece pc = make_piece(col, PieceType(t));
            for (Bitboard b = now & ~was; b;) add[nAdd++] = feature_index(view, p, pc, pop_lsb(b));
            for (Bitboard b = was & ~now; b;) sub[nSub++] = feature_index(view, p, pc, pop_lsb(b));
            c.pieces[col][t] = now;
        }
    update(*net_, c.v, c.v, add, nAdd, sub, nSub);
    std::copy(c.v, c.v + HIDDEN, acc.v[p]);
    ++stats_.refreshes;
}

const Accumulator& Evaluator::accumulator(const Position& pos) {
    const std::vector<StateInfo>& h = pos.history();
    const std::uint64_t t = h.size() - 1;

    Entry& top = slot(t);
    if (valid(top, t, h[t].key, WHITE) && valid(top, t, h[t].key, BLACK)) {
        ++stats_.hits;
        return top.acc;
    }

    // Per perspective, the latest ply before t whose half is cached, unless the
    // perspective's king left its input set on the way (then that half is refreshed).
    // A ply's move moved its side's king if the king now stands where it went to:
    // nothing captures a king.
    const NetShape& shape = net_->shape;
    const bool kingViews = shape.kingBuckets > 1 || shape.mirror; // else every king square sees the same inputs
    const KingView view[COLOR_NB] = {kingViews ? king_view(shape, pos, WHITE) : KingView{},
                                     kingViews ? king_view(shape, pos, BLACK) : KingView{}};
    Square king[COLOR_NB] = {pos.king_square(WHITE), pos.king_square(BLACK)};
    std::uint64_t base[COLOR_NB] = {t, t};
    bool open[COLOR_NB], incremental[COLOR_NB];
    for (Color p : {WHITE, BLACK}) open[p] = !(incremental[p] = valid(top, t, h[t].key, p));
    std::uint64_t j = t;
    for (int steps = 0; (open[WHITE] || open[BLACK]) && j > 0 && steps < MaxLazyPlies; ++steps, --j) {
        const Move m = h[j].move;
        if (kingViews && m.is_ok()) {
            const Color mover = Color((pos.side_to_move() ^ ((t - j) & 1)) ^ 1);
            const Square kingTo = m.kind() == CASTLING ? Position::castling_king_to(mover, m.to_sq() > m.from_sq()) : m.to_sq();
            if (king[mover] == kingTo) {
                king[mover] = m.from_sq();
                if (open[mover] && king_view(shape, mover, king[mover]) != view[mover]) open[mover] = false;
            }
        }
        for (Color p : {WHITE, BLACK})
            if (open[p] && valid(slot(j - 1), j - 1, h[j - 1].key, p)) open[p] = false, incremental[p] = true, base[p] = j - 1;
    }

    Entry& topNow = claim(t, h[t].key);
    for (Color p : {WHITE, BLACK})
        if (!incremental[p]) refresh_half(pos, p, topNow.acc);
    const std::uint64_t first = std::min(incremental[WHITE] ? base[WHITE] : t, incremental[BLACK] ? base[BLACK] : t);
    if (first < t) {
        apply_plies(pos, first, base, incremental, view);
        ++stats_.incremental;
        stats_.pliesApplied += t - first;
    }
    topNow.computed[WHITE] = topNow.computed[BLACK] = true;
    return topNow.acc;
}

void Evaluator::apply_plies(const Position& pos, std::uint64_t first, const std::uint64_t* base, const bool* incremental,
                            const KingView* view) {
    const std::vector<StateInfo>& h = pos.history();
    const std::uint64_t t = h.size() - 1;

    // Backward: what each ply first+1..t changed. The moved piece is read off the
    // board after the move; for all but the last ply that is a copy of the board
    // with the later plies taken back.
    const int count = int(t - first);
    Delta deltas[MaxLazyPlies];
    Piece board[SQUARE_NB];
    const bool copy = count > 1;
    if (copy)
        for (Square s = SQ_A1; s <= SQ_H8; ++s) board[s] = pos.piece_on(s);
    auto at = [&](Square s) { return copy ? board[s] : pos.piece_on(s); };
    auto set = [&](Square s, Piece pc) {
        if (copy) board[s] = pc;
    };

    Delta* d = nullptr;
    auto gone = [&](Piece pc, Square s) {
        for (Color p : {WHITE, BLACK}) d->sub[p][d->nSub] = feature_index(view[p], p, pc, s);
        ++d->nSub;
    };
    auto came = [&](Piece pc, Square s) {
        for (Color p : {WHITE, BLACK}) d->add[p][d->nAdd] = feature_index(view[p], p, pc, s);
        ++d->nAdd;
    };

    for (std::uint64_t j = t; j > first; --j) {
        d = &deltas[j - first - 1];
        d->nAdd = d->nSub = 0;
        const Move m = h[j].move;
        if (!m.is_ok()) continue; // null move: nothing moved
        const Color mover = Color((pos.side_to_move() ^ ((t - j) & 1)) ^ 1);
        const Square from = m.from_sq(), to = m.to_sq();
        const Piece captured = h[j].captured;
        switch (m.kind()) {
        case CASTLING: {
            const bool kingSide = to > from;
            const Square kto = Position::castling_king_to(mover, kingSide), rto = Position::castling_rook_to(mover, kingSide);
            const Piece king = make_piece(mover, KING), rook = make_piece(mover, ROOK);
            gone(king, from), gone(rook, to), came(king, kto), came(rook, rto);
            set(kto, NO_PIECE), set(rto, NO_PIECE), set(from, king), set(to, rook);
            break;
        }
        case PROMOTION: {
            const Piece pawn = make_piece(mover, PAWN);
            gone(pawn, from), came(at(to), to);
            if (captured != NO_PIECE) gone(captured, to);
            set(from, pawn), set(to, captured);
            break;
        }
        case EN_PASSANT: {
            const Piece pawn = at(to);
            const Square capsq = to - pawn_push(mover);
            gone(pawn, from), came(pawn, to), gone(captured, capsq);
            set(from, pawn), set(to, NO_PIECE), set(capsq, captured);
            break;
        }
        default: {
            const Piece pc = at(to);
            gone(pc, from), came(pc, to);
            if (captured != NO_PIECE) gone(captured, to);
            set(from, pc), set(to, captured);
            break;
        }
        }
    }

    // Forward: apply them, each perspective from its own cached ply (its king view
    // is the same all the way). An entry below a perspective's base keeps that half:
    // claiming an entry of the same position empties nothing.
    for (std::uint64_t j = first + 1; j <= t; ++j) {
        const Delta& dj = deltas[j - first - 1];
        const Entry& prev = slot(j - 1);
        Entry& cur = claim(j, h[j].key);
        for (Color p : {WHITE, BLACK})
            if (incremental[p] && j > base[p]) {
                update(*net_, prev.acc.v[p], cur.acc.v[p], dj.add[p], dj.nAdd, dj.sub[p], dj.nSub);
                cur.computed[p] = true;
            }
    }
}

} // namespace jadoube::nnue
