#include "eval/nnue.h"

#include <algorithm>

namespace jadoube::nnue {

namespace {

// What one ply changed on the board: at most two pieces gone, two appeared.
struct Delta {
    Piece addPc[2], subPc[2];
    Square addSq[2], subSq[2];
    int nAdd = 0, nSub = 0;
    void add(Piece pc, Square s) { addPc[nAdd] = pc, addSq[nAdd++] = s; }
    void sub(Piece pc, Square s) { subPc[nSub] = pc, subSq[nSub++] = s; }
};

constexpr std::uint64_t EmptyPly = ~std::uint64_t(0);
constexpr int EvalLimit = 20000; // well inside the search's non-mate range

} // namespace

Evaluator::Evaluator(std::shared_ptr<const Network> net) : ring_(std::make_unique<Entry[]>(RingSize)), net_(std::move(net)) {
    reset();
}

void Evaluator::reset() {
    for (int i = 0; i < RingSize; ++i) ring_[i].ply = EmptyPly, ring_[i].key = 0;
}

void Evaluator::set_network(std::shared_ptr<const Network> net) {
    if (net == net_) return; // the cached accumulators stay valid
    net_ = std::move(net);
    reset();
}

int Evaluator::evaluate(const Position& pos) {
    const Accumulator& acc = accumulator(pos);
    return std::clamp(output(*net_, acc, pos.side_to_move()), -EvalLimit, EvalLimit);
}

const Accumulator& Evaluator::accumulator(const Position& pos) {
    const std::vector<StateInfo>& h = pos.history();
    const std::uint64_t t = h.size() - 1;

    Entry& top = slot(t);
    if (valid(top, t, h[t].key)) {
        ++stats_.hits;
        return top.acc;
    }

    // The latest ply before t whose accumulator is still cached.
    std::uint64_t base = t;
    bool found = false;
    for (int steps = 0; base > 0 && steps < MaxLazyPlies; ++steps) {
        --base;
        if (valid(slot(base), base, h[base].key)) {
            found = true;
            break;
        }
    }
    if (!found) {
        ++stats_.refreshes;
        refresh(*net_, pos, top.acc);
        top.key = h[t].key;
        top.ply = t;
        return top.acc;
    }

    // Backward: what each ply base+1..t changed. The moved piece is read off the
    // board after the move; for all but the last ply that is a copy of the board
    // with the later plies taken back.
    const int count = int(t - base);
    Delta deltas[MaxLazyPlies];
    Piece board[SQUARE_NB];
    const bool copy = count > 1;
    if (copy)
        for (Square s = SQ_A1; s <= SQ_H8; ++s) board[s] = pos.piece_on(s);
    auto at = [&](Square s) { return copy ? board[s] : pos.piece_on(s); };
    auto set = [&](Square s, Piece pc) {
        if (copy) board[s] = pc;
    };

    for (std::uint64_t j = t; j > base; --j) {
        Delta& d = deltas[j - base - 1];
        d = Delta{};
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
            d.sub(king, from), d.sub(rook, to), d.add(king, kto), d.add(rook, rto);
            set(kto, NO_PIECE), set(rto, NO_PIECE), set(from, king), set(to, rook);
            break;
        }
        case PROMOTION: {
            const Piece pawn = make_piece(mover, PAWN);
            d.sub(pawn, from), d.add(at(to), to);
            if (captured != NO_PIECE) d.sub(captured, to);
            set(from, pawn), set(to, captured);
            break;
        }
        case EN_PASSANT: {
            const Piece pawn = at(to);
            const Square capsq = to - pawn_push(mover);
            d.sub(pawn, from), d.add(pawn, to), d.sub(captured, capsq);
            set(from, pawn), set(to, NO_PIECE), set(capsq, captured);
            break;
        }
        default: {
            const Piece pc = at(to);
            d.sub(pc, from), d.add(pc, to);
            if (captured != NO_PIECE) d.sub(captured, to);
            set(from, pc), set(to, captured);
            break;
        }
        }
    }

    // Forward: apply them.
    for (std::uint64_t j = base + 1; j <= t; ++j) {
        const Delta& d = deltas[j - base - 1];
        const Entry& prev = slot(j - 1);
        Entry& cur = slot(j);
        for (Color p : {WHITE, BLACK}) {
            int add[2], sub[2];
            for (int k = 0; k < d.nAdd; ++k) add[k] = feature_index(p, d.addPc[k], d.addSq[k]);
            for (int k = 0; k < d.nSub; ++k) sub[k] = feature_index(p, d.subPc[k], d.subSq[k]);
            update(*net_, prev.acc.v[p], cur.acc.v[p], add, d.nAdd, sub, d.nSub);
        }
        cur.key = h[j].key;
        cur.ply = j;
    }
    ++stats_.incremental;
    stats_.pliesApplied += std::uint64_t(count);
    return top.acc;
}

} // namespace jadoube::nnue
