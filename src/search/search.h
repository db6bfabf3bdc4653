// Alpha-beta search: iterative deepening with aspiration windows over a principal
// variation search, quiescence at the leaves. One Worker per thread; the pool in
// threads.h runs them (Lazy SMP: same root, shared transposition table) and shares
// with them only what shared.h holds.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "board/position.h"
#include "eval/evaluate.h"
#include "search/history.h"
#include "search/shared.h"

namespace jadoube {

constexpr int MAX_PLY = 120;
constexpr int VALUE_DRAW = 0;
constexpr int VALUE_MATE = 32000;
constexpr int VALUE_INFINITE = 32001;
constexpr int VALUE_NONE = 32002;
constexpr int VALUE_MATE_IN_MAX_PLY = VALUE_MATE - MAX_PLY;

// A tablebase win: below every mate, above every evaluation (eval clamps at
// 20000), shown as a large centipawn score and nearer the root the sooner it is
// reached; ply-relative in the TT like a mate.
constexpr int VALUE_TB = VALUE_MATE_IN_MAX_PLY - 1 - MAX_PLY;
constexpr int VALUE_TB_WIN_IN_MAX_PLY = VALUE_TB - MAX_PLY;

constexpr int mate_in(int ply) { return VALUE_MATE - ply; }
constexpr int mated_in(int ply) { return -VALUE_MATE + ply; }
constexpr bool is_mate_score(int v) { return v >= VALUE_MATE_IN_MAX_PLY || v <= -VALUE_MATE_IN_MAX_PLY; }

struct RootMove {
    explicit RootMove(Move m) : pv{m} {}
    bool operator<(const RootMove& o) const { return score != o.score ? score > o.score : prevScore > o.prevScore; }
    int score = -VALUE_INFINITE;
    int prevScore = -VALUE_INFINITE;
    int seldepth = 0;
    Bound bound = BOUND_EXACT;
    std::uint64_t nodes = 0; // this thread's nodes under the move, all iterations so far (time management)
    std::vector<Move> pv;
};

// Rebuilds the late-move-reduction table from params::LmrBase and LmrDivisor; the
// first Worker builds it, so only a tune build that changes them needs this.
void init_reductions();

class Worker {
public:
    // The histories (4 MiB) are written by prepare() before the first search, not
    // here: a process that never searches (`go perft`) never touches their pages.
    Worker(int id, SearchShared& shared); // the first one builds the reduction table

    void clear() {
        hist_.clear();
        evaluator_.reset();
        cleared_ = true;
    }
    // Clears a worker that has not been cleared since it was made; nothing otherwise.
    void prepare() {
        if (!cleared_) clear();
    }
    // Iterative deepening on rootPos until shared.stop.
    void iterative_deepening();

    std::atomic<std::uint64_t> nodes{0}; // written by this worker only, read by the pool
    Position rootPos;
    std::vector<RootMove> rootMoves;
    int completedDepth = 0;

private:
    // One more node. This worker is the counter's only writer, so a relaxed load and
    // store count exactly; fetch_add would be a locked instruction, a full barrier on
    // x86, at every node.
    void count_node() { nodes.store(nodes.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed); }

    struct Stack {
        Move move;
        Move excluded;
        Move killers[2];
        int staticEval;
        int ply;
        bool ttPv;
        const PieceToHistory* contHist;
    };
    enum NodeType { NonPV, PV, Root };

    template<NodeType NT>
    int search(Stack* ss, int alpha, int beta, int depth, bool cutNode);
    template<NodeType NT>
    int qsearch(Stack* ss, int alpha, int beta);

    bool is_draw(int ply) const;
    bool check_time();
    void update_pv(Move* pv, Move m, const Move* childPv);
    void update_quiet_stats(Stack* ss, Move best, int bonus, const Move* quiets, int quietCount, Bitboard threats);
    void update_cont_history(Stack* ss, Piece pc, Square to, int bonus);
    void report(int depth, std::int64_t elapsed) const;

    int id_;
    SearchShared& shared_;
    Position pos_;
    Histories hist_;
    Evaluator evaluator_; // this thread's NNUE accumulators, or the hand-crafted eval
    PieceToHistory sentinel_{}; // continuation table for "no previous move"; never written
    int selDepth_ = 0;
    int rootDepth_ = 0;
    int pvIdx_ = 0;
    std::uint64_t nodesAtCheck_ = 0;
    Move pvTable_[MAX_PLY + 2][MAX_PLY + 2];
    bool cleared_ = false; // hist_ and evaluator_ hold a defined state (prepare())
};

} // namespace jadoube
