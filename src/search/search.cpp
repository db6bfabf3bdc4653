#include "search/search.h"

#include <algorithm>
#include <cmath>

#include "board/movegen.h"
#include "eval/nnue.h"
#include "eval/values.h"
#include "laws/rules.h"
#include "search/movepick.h"
#include "search/params.h"
#include "search/see.h"

namespace jadoube {

namespace {

// Late move reductions: log(depth) * log(moveNumber), the form most engines settled on.
// Not const: a tune build rebuilds it when LmrBase or LmrDivisor change (init_reductions).
// Built when the first Worker is made (Worker::Worker), not at start-up: its 63,000
// cells were 0.6 of the 7.4 ms that `jadoube perft 1`, which never searches, took.
struct Reductions {
    int table[MAX_PLY + 1][MOVE_BUFFER];
    void init() {
        // x100 parameters: 75 / 100.0 and 225 / 100.0 are exactly 0.75 and 2.25.
        const double base = params::LmrBase / 100.0, divisor = params::LmrDivisor / 100.0;
        // Each logarithm once, not once per cell: 130,000 calls were a twentieth of the start-up.
        constexpr int LogCount = std::max(MAX_PLY + 1, int(MOVE_BUFFER));
        double logs[LogCount] = {};
        for (int i = 1; i < LogCount; ++i) logs[i] = std::log(i);
        for (int d = 1; d <= MAX_PLY; ++d)
            for (int m = 1; m < MOVE_BUFFER; ++m) table[d][m] = int(base + logs[d] * logs[m] / divisor);
        for (int m = 0; m < MOVE_BUFFER; ++m) table[0][m] = 0;
        for (int d = 0; d <= MAX_PLY; ++d) table[d][0] = 0;
    }
} LMR;

// Structural constants (not tuned).
constexpr int StackLookBack = 7;       // the deepest (ss - i) the search reads: continuation history 4 back, and margin
constexpr int MaxQuietsTried = 64;     // quiets (and captures) remembered per node for the history malus
constexpr int MaxCapturesTried = 32;
constexpr int ContHistPlies[] = {1, 2, 4}; // the earlier moves whose continuation tables a quiet's result updates
constexpr int HelperSkipCycle = 4;     // Lazy SMP: helper i skips the depths where (depth + i) % this == 0
constexpr Key ExcludedKeyMul = 0x9E3779B97F4A7C15ULL; // golden-ratio multiplier: a singular search's own TT key

int reduction(int depth, int moveCount) { return LMR.table[std::min(depth, MAX_PLY)][std::min(moveCount, MOVE_BUFFER - 1)]; }

// The fifty-move rule (9.3) ends a game at 100 plies without a capture or pawn move.
constexpr int LastPlyBeforeFifty = 99;

// Mate and tablebase scores in the TT are relative to the node, in the search
// relative to the root.
int score_to_tt(int v, int ply) { return v >= VALUE_TB_WIN_IN_MAX_PLY ? v + ply : v <= -VALUE_TB_WIN_IN_MAX_PLY ? v - ply : v; }
int score_from_tt(int v, int ply, int rule50) {
    if (v == VALUE_NONE) return v;
    if (v >= VALUE_MATE_IN_MAX_PLY) {
        // A mate further away than the fifty-move rule allows is not a mate.
        if (VALUE_MATE - v > LastPlyBeforeFifty - rule50) return VALUE_MATE_IN_MAX_PLY - 1;
        return v - ply;
    }
    if (v <= -VALUE_MATE_IN_MAX_PLY) {
        if (VALUE_MATE + v > LastPlyBeforeFifty - rule50) return -VALUE_MATE_IN_MAX_PLY + 1;
        return v + ply;
    }
    if (v >= VALUE_TB_WIN_IN_MAX_PLY) return v - ply;
    if (v <= -VALUE_TB_WIN_IN_MAX_PLY) return v + ply;
    return v;
}

// The depth a tablebase result is stored at: exact whatever the depth.
constexpr int TbStoreDepthBonus = 6;

int stat_bonus(int depth) {
    return std::min(params::HistoryBonusQuad * depth * depth + params::HistoryBonusLinear * depth, params::HistoryBonusMax);
}

bool has_non_pawn_material(const Position& pos, Color c) { return pos.pieces(c) != pos.pieces(c, PAWN, KING); }

} // namespace

void init_reductions() { LMR.init(); }

Worker::Worker(int id, SearchShared& shared) : id_(id), shared_(shared) {
    [[maybe_unused]] static const bool reductionsBuilt = (init_reductions(), true); // once, thread-safe
}

// Draws in the search (9.2, 9.3, 5.2.2) come from the Laws layer: any earlier occurrence
// of the position since the last irreversible move, fifty moves unless mated, dead positions.
bool Worker::is_draw(int ply) const {
    return laws::draw_in_search(pos_, ply); // one source of truth: laws/rules.h, tested against the rules there
}

bool Worker::check_time() {
    if (shared_.stop.load(std::memory_order_relaxed)) return true;
    if (id_ != 0) return false;
    const SearchLimits& lim = shared_.limits;
    if (lim.nodes && shared_.nodes_searched() >= lim.nodes) return shared_.stop = true, true;
    if (const std::uint64_t weak = shared_.options.strength.nodes; weak && rootDepth_ > 1 && shared_.nodes_searched() >= weak)
        return shared_.stop = true, true;
    if ((nodes.load(std::memory_order_relaxed) - nodesAtCheck_) < params::TimeCheckNodes) return false;
    nodesAtCheck_ = nodes.load(std::memory_order_relaxed);
    if (shared_.ponder.load(std::memory_order_relaxed)) return false;
    const TimeBudget& b = shared_.budget;
    if (b.hard >= 0 && shared_.budget_spent() >= b.hard) return shared_.stop = true, true;
    return false;
}

void Worker::update_pv(Move* pv, Move m, const Move* childPv) {
    *pv++ = m;
    while (childPv && *childPv) *pv++ = *childPv++;
    *pv = Move::none();
}

void Worker::update_cont_history(Stack* ss, Piece pc, Square to, int bonus) {
    for (int i : ContHistPlies)
        if ((ss - i)->move.is_ok()) history_update(const_cast<PieceToHistory&>(*(ss - i)->contHist)[pc][to], bonus);
}

void Worker::update_quiet_stats(Stack* ss, Move best, int bonus, const Move* quiets, int quietCount, Bitboard threats) {
    const Color us = pos_.side_to_move();
    if (ss->killers[0] != best) ss->killers[1] = ss->killers[0], ss->killers[0] = best;
    history_update(hist_.quiet(us, threats, best), bonus);
    update_cont_history(ss, pos_.moved_piece(best), best.to_sq(), bonus);
    if ((ss - 1)->move.is_ok()) {
        const Square prevTo = (ss - 1)->move.to_sq();
        hist_.counter[pos_.piece_on(prevTo)][prevTo] = best;
    }
    for (int i = 0; i < quietCount; ++i) {
        const Move m = quiets[i];
        if (m == best) continue;
        history_update(hist_.quiet(us, threats, m), -bonus);
        update_cont_history(ss, pos_.moved_piece(m), m.to_sq(), -bonus);
    }
}

void Worker::report(int depth, std::int64_t elapsed) const {
    const auto& cb = shared_.callbacks;
    if (!cb.onIteration) return;
    const int multiPV = std::min<int>(shared_.options.multiPV, int(rootMoves.size()));
    const std::uint64_t n = shared_.nodes_searched();
    const int hashfull = shared_.tt.hashfull();
    for (int i = 0; i < multiPV; ++i) {
        const RootMove& rm = rootMoves[i];
        const bool updated = rm.score != -VALUE_INFINITE;
        if (!updated && depth == 1) continue;
        const int d = updated ? depth : std::max(1, depth - 1);
        const int score = updated ? rm.score : rm.prevScore;
        cb.onIteration({d, rm.seldepth, i + 1, score, i == pvIdx_ ? rm.bound : BOUND_EXACT, n, elapsed, hashfull, &rm.pv,
                        shared_.tbhits_report()});
    }
}

void Worker::iterative_deepening() {
    pos_ = rootPos;
    evaluator_.use(shared_.options.eval); // the pool owner's choice for this search
    Stack stack[StackLookBack + MAX_PLY + 3] = {};
    Stack* ss = stack + StackLookBack; // room for (ss - StackLookBack) look-backs
    for (int i = 0; i <= MAX_PLY + 2; ++i) (ss + i)->ply = i;
    for (int i = 1; i <= StackLookBack; ++i) (ss - i)->contHist = &sentinel_, (ss - i)->staticEval = VALUE_NONE;

    const SearchLimits& lim = shared_.limits;
    const int multiPV = std::min<int>(shared_.options.multiPV, int(rootMoves.size()));
    const int maxDepth = lim.depth > 0 ? std::min(lim.depth, MAX_PLY - 1) : MAX_PLY - 1;
    int lastBestChange = 0;
    Move lastBest = Move::none();
    int prevBestScore = VALUE_NONE;
    bool inIteration = false; // stopped inside an iteration rather than between two

    for (rootDepth_ = 1; rootDepth_ <= maxDepth; ++rootDepth_) {
        if (shared_.stop.load()) break;
        // Helpers skip some depths so that threads spread over different iterations.
        if (id_ != 0 && rootDepth_ > 1 && (rootDepth_ + id_) % HelperSkipCycle == 0 && rootDepth_ < maxDepth) continue;

        // Unsearched and failed-low moves read -infinity, so a stopped iteration sorts soundly.
        for (RootMove& rm : rootMoves) rm.prevScore = rm.score, rm.score = -VALUE_INFINITE;
        inIteration = true;
        for (pvIdx_ = 0; pvIdx_ < multiPV; ++pvIdx_) {
            selDepth_ = 0;
            int delta = params::AspDelta, alpha = -VALUE_INFINITE, beta = VALUE_INFINITE;
            const int prev = rootMoves[pvIdx_].prevScore;
            if (rootDepth_ >= params::AspMinDepth && prev != -VALUE_INFINITE && !is_mate_score(prev)) {
                alpha = std::max(prev - delta, -VALUE_INFINITE);
                beta = std::min(prev + delta, VALUE_INFINITE);
            }
            while (true) {
                const int score = search<Root>(ss, alpha, beta, rootDepth_, false);
                // Moves searched are sorted to the front; those after pvIdx_ keep their order.
                std::stable_sort(rootMoves.begin() + pvIdx_, rootMoves.end());
                if (shared_.stop.load()) break;
                if (id_ == 0 && shared_.elapsed_ms() > params::ReportAfterMs && (score <= alpha || score >= beta))
                    report(rootDepth_, shared_.elapsed_ms());
                if (score <= alpha) {
                    beta = (alpha + beta) / 2;
                    alpha = std::max(score - delta, -VALUE_INFINITE);
                } else if (score >= beta) {
                    beta = std::min(score + delta, VALUE_INFINITE);
                } else break;
                delta += delta * params::AspGrowthPct / 100; // delta > 0: the same as delta / 2 at 50
            }
            std::stable_sort(rootMoves.begin(), rootMoves.begin() + pvIdx_ + 1);
            if (id_ == 0 && !shared_.stop.load() && pvIdx_ + 1 == multiPV) report(rootDepth_, shared_.elapsed_ms());
        }
        if (shared_.stop.load()) break;
        completedDepth = rootDepth_;
        inIteration = false;
        if (id_ != 0) {
            // A depth limit is met by whichever thread completes that depth first: the vote
            // then takes only threads that did (pick_best_worker). Not while the answer must
            // wait (infinite, ponder), nor with several lines, which are the main thread's.
            if (lim.depth > 0 && rootDepth_ >= maxDepth && multiPV == 1 && !lim.infinite && !shared_.ponder.load())
                shared_.stop = true;
            continue;
        }

        // Limits that end the iteration loop.
        const int best = rootMoves[0].score;
        if (lim.mate && best >= VALUE_MATE_IN_MAX_PLY && VALUE_MATE - best <= 2 * lim.mate) break;
        if (rootMoves[0].pv[0] != lastBest) lastBest = rootMoves[0].pv[0], lastBestChange = rootDepth_;
        const TimeBudget& b = shared_.budget;
        if (b.soft >= 0 && !shared_.ponder.load(std::memory_order_relaxed) && lim.movetime < 0) {
            // Spend more when the best move keeps changing or the score drops; less when settled.
            // x100 parameters: n / 100.0 is the double nearest n/100, as the literal 0.6 (etc.) was.
            const int settled = rootDepth_ - lastBestChange;
            const double stability = settled >= params::TmStableDepths     ? params::TmStableScale / 100.0
                                     : settled >= params::TmSettlingDepths ? params::TmSettlingScale / 100.0
                                                                           : params::TmUnstableScale / 100.0;
            const double drop = prevBestScore != VALUE_NONE && best < prevBestScore - params::TmDropMargin
                                    ? params::TmDropScale / 100.0
                                    : 1.0;
            // A best move that took most of the search is rarely overturned by one more iteration.
            const double bestShare = double(rootMoves[0].nodes) / double(std::max<std::uint64_t>(1, nodes.load()));
            const double effort = (params::TmNodeBase / 100.0 - bestShare) * (params::TmNodeScale / 100.0);
            if (rootMoves.size() == 1 || shared_.budget_spent() >= std::int64_t(b.soft * stability * drop * effort)) break;
        }
        prevBestScore = best;
    }
    // A stopped iteration may have sorted a half-searched move first; keep the last complete order.
    // The last word is the line the bestmove comes from; a half-done iteration counts for the moves it finished.
    if (id_ == 0 && inIteration && completedDepth > 0) report(rootDepth_, shared_.elapsed_ms());
}

template<Worker::NodeType NT>
int Worker::search(Stack* ss, int alpha, int beta, int depth, bool cutNode) {
    constexpr bool PvNode = NT != NonPV, RootNode = NT == Root;
    if (depth <= 0) return qsearch<PvNode ? PV : NonPV>(ss, alpha, beta);

    const int ply = ss->ply;
    Move* pv = pvTable_[ply];
    if (PvNode) {
        pv[0] = Move::none();
        selDepth_ = std::max(selDepth_, ply + 1);
    }
    if (!RootNode) {
        if (check_time()) return 0;
        if (is_draw(ply)) return VALUE_DRAW;
        if (ply >= MAX_PLY) return pos_.checkers() ? VALUE_DRAW : evaluator_.evaluate(pos_);
        // Mate distance pruning: no line from here beats a mate already found nearer the root.
        alpha = std::max(mated_in(ply), alpha);
        beta = std::min(mate_in(ply + 1), beta);
        if (alpha >= beta) return alpha;
    }

    const bool inCheck = pos_.checkers();
    (ss + 1)->killers[0] = (ss + 1)->killers[1] = Move::none();
    (ss + 1)->excluded = Move::none();
    const Move excluded = ss->excluded;
    const Key key = pos_.key() ^ (excluded ? Key(excluded.raw()) * ExcludedKeyMul : 0);

    TTData tte{};
    const bool ttHit = shared_.tt.probe(key, tte);
    const int ttScore = ttHit ? score_from_tt(tte.score, ply, pos_.rule50_count()) : VALUE_NONE;
    const Move ttMove = RootNode ? rootMoves[pvIdx_].pv[0] : ttHit ? tte.move : Move::none();
    ss->ttPv = PvNode || (ttHit && tte.pv);

    if (!PvNode && ttHit && tte.depth >= depth && ttScore != VALUE_NONE && !excluded
        && (tte.bound & (ttScore >= beta ? BOUND_LOWER : BOUND_UPPER)))
        return ttScore;

    // Endgame tables: after a capture or pawn move (the tables assume a zero clock)
    // with few enough men, the exact result; a win or loss bounds the score, a
    // draw (cursed and blessed ones too, under the fifty-move rule) is exact. A
    // bound that does not cut a PV node still holds there: a win is the floor of
    // the node's score, a loss its ceiling (the search finds the line).
    int tbFloor = -VALUE_INFINITE, tbCeiling = VALUE_INFINITE;
    if (const TablebaseUse& tb = shared_.options.tablebases; !RootNode && !excluded && tb.tables && pos_.rule50_count() == 0) {
        const int men = popcount(pos_.pieces());
        if (men <= std::min(tb.probeLimit, tb.tables->max_men()) && !pos_.castling_rights()
            && (depth >= tb.probeDepth || men < std::min(tb.probeLimit, tb.tables->max_men()))) {
            if (const std::optional<int> wdl = tb.tables->probe_wdl(pos_)) {
                shared_.tbHits.fetch_add(1, std::memory_order_relaxed);
                const int drawn = tb.fiftyMoveRule ? 1 : 0; // |wdl| up to this is a draw
                const int v = *wdl < -drawn ? -VALUE_TB + ply : *wdl > drawn ? VALUE_TB - ply : VALUE_DRAW;
                const Bound b = *wdl < -drawn ? BOUND_UPPER : *wdl > drawn ? BOUND_LOWER : BOUND_EXACT;
                if (b == BOUND_EXACT || (b == BOUND_LOWER ? v >= beta : v <= alpha)) {
                    shared_.tt.store(key, Move::none(), score_to_tt(v, ply), VALUE_NONE,
                                     std::min(MAX_PLY - 1, depth + TbStoreDepthBonus), b, ss->ttPv);
                    return v;
                }
                if (PvNode) {
                    if (b == BOUND_LOWER) alpha = std::max(alpha, tbFloor = v);
                    else tbCeiling = v;
                }
            }
        }
    }

    // Static evaluation, corrected by the TT score when it bounds it the right way.
    int eval;
    if (inCheck) {
        ss->staticEval = eval = VALUE_NONE;
    } else if (excluded) {
        eval = ss->staticEval;
    } else {
        ss->staticEval = eval = ttHit && tte.eval != VALUE_NONE ? tte.eval : evaluator_.evaluate(pos_);
        if (ttHit && ttScore != VALUE_NONE && (tte.bound & (ttScore > eval ? BOUND_LOWER : BOUND_UPPER))) eval = ttScore;
        if (!ttHit) shared_.tt.store(key, Move::none(), VALUE_NONE, ss->staticEval, -1, BOUND_NONE, ss->ttPv);
    }
    const bool improving = !inCheck && (ss - 2)->staticEval != VALUE_NONE && ss->staticEval > (ss - 2)->staticEval;

    if (!PvNode && !inCheck && !excluded) {
        // Reverse futility: far enough above beta that a quiet move will not bring it back.
        if (depth <= params::RfpMaxDepth && eval - params::RfpMargin * (depth - improving) >= beta
            && eval < VALUE_MATE_IN_MAX_PLY)
            return eval;

        // Null move: if passing still fails high, a real move almost surely does.
        if ((ss - 1)->move != Move::null() && eval >= beta
            && ss->staticEval >= beta - params::NmpEvalPerDepth * depth + params::NmpEvalBase && depth >= params::NmpMinDepth
            && has_non_pawn_material(pos_, pos_.side_to_move()) && beta > -VALUE_MATE_IN_MAX_PLY) {
            const int R = params::NmpBaseR + depth / params::NmpDepthDiv
                          + std::min((eval - beta) / params::NmpEvalDiv, params::NmpEvalMaxR);
            ss->move = Move::null();
            ss->contHist = &sentinel_;
            pos_.do_null_move();
            count_node();
            int v = -search<NonPV>(ss + 1, -beta, -beta + 1, depth - R, !cutNode);
            pos_.undo_null_move();
            if (v >= beta && v < VALUE_MATE_IN_MAX_PLY) {
                if (depth < params::NmpVerifyDepth) return v;
                // Zugzwang guard at high depth: verify with a reduced normal search.
                v = search<NonPV>(ss, beta - 1, beta, depth - R, false);
                if (v >= beta) return v;
            }
        }
    }

    // Internal iterative reduction: without a hash move this node is probably not worth full depth.
    if (!RootNode && !ttMove && depth >= params::IirMinDepth && (PvNode || cutNode)) --depth;

    const PieceToHistory* contHist[2] = {(ss - 1)->contHist, (ss - 2)->contHist};
    const Move prevMove = (ss - 1)->move;
    const Move counter = prevMove.is_ok() ? hist_.counter[pos_.piece_on(prevMove.to_sq())][prevMove.to_sq()] : Move::none();
    // The squares the opponent attacks: quiet history tells a move out of (or into) a
    // threat from the same move elsewhere.
    const Bitboard threats = pos_.attacks_by(~pos_.side_to_move());
    MovePicker mp(pos_, ttMove, hist_, contHist, ss->killers[0], ss->killers[1], counter, threats);

    Move quiets[MaxQuietsTried], captures[MaxCapturesTried];
    int quietCount = 0, captureCount = 0, moveCount = 0;
    int bestScore = tbFloor;
    Move bestMove = Move::none();
    bool skipQuiets = false;
    const int originalAlpha = alpha;

    for (Move m; (m = mp.next(skipQuiets));) {
        if (m == excluded) continue;
        // The child's first act is to probe the table: the load starts now, and the
        // checks, pruning tests and move below hide its latency (a move pruned
        // wastes one cache line's load).
        shared_.tt.prefetch(pos_.key_after(m));
        if (RootNode && std::find_if(rootMoves.begin() + pvIdx_, rootMoves.end(), [m](const RootMove& r) {
                            return r.pv[0] == m;
                        }) == rootMoves.end())
            continue;
        ++moveCount;
        if (RootNode && id_ == 0 && shared_.elapsed_ms() > params::ReportAfterMs && shared_.callbacks.onCurrmove)
            shared_.callbacks.onCurrmove(rootDepth_, m, moveCount + pvIdx_);

        const bool capture = pos_.is_capture(m), promotion = m.kind() == PROMOTION;
        const bool givesCheck = pos_.gives_check(m);
        const Piece moved = pos_.moved_piece(m);
        const std::uint64_t nodesBefore = RootNode ? nodes.load(std::memory_order_relaxed) : 0;
        int newDepth = depth - 1;

        // Shallow-depth pruning, once a move has kept us from being mated.
        if (!RootNode && bestScore > -VALUE_MATE_IN_MAX_PLY && has_non_pawn_material(pos_, pos_.side_to_move())) {
            const int lmrDepth = std::max(0, newDepth - reduction(depth, moveCount));
            if (!capture && !promotion && !givesCheck) {
                // Late move pruning.
                if (moveCount >= (params::LmpBase + depth * depth) / (params::LmpDivisor - improving)) skipQuiets = true;
                // Futility: the static eval plus a margin cannot reach alpha.
                if (!inCheck && lmrDepth <= params::FutilityMaxDepth
                    && ss->staticEval + params::FutilityBase + params::FutilityPerDepth * lmrDepth <= alpha) {
                    skipQuiets = true;
                    continue;
                }
                if (skipQuiets && m != ss->killers[0] && m != ss->killers[1]) continue;
                if (!see_ge(pos_, m, -params::SeeQuietMargin * lmrDepth * lmrDepth)) continue;
            } else if (depth <= params::SeeTacticalMaxDepth && !see_ge(pos_, m, -params::SeeTacticalMargin * depth)) continue;
        }

        // Singular extension: if every other move fails well below the TT score, the TT move is forced.
        int extension = 0;
        if (!RootNode && m == ttMove && !excluded && depth >= params::SingularMinDepth
            && tte.depth >= depth - params::SingularTtDepthLag && (tte.bound & BOUND_LOWER)
            && std::abs(ttScore) < VALUE_MATE_IN_MAX_PLY && ply < params::ExtensionPlyFactor * rootDepth_) {
            const int singularBeta = ttScore - params::SingularMarginPerDepth * depth;
            ss->excluded = m;
            const int v = search<NonPV>(ss, singularBeta - 1, singularBeta, (depth - 1) / params::SingularDepthDiv, cutNode);
            ss->excluded = Move::none();
            if (v < singularBeta) extension = 1 + (!PvNode && v < singularBeta - params::SingularDoubleMargin);
            else if (singularBeta >= beta) return singularBeta; // multi-cut
            else if (ttScore >= beta) extension = -1;
        } else if (givesCheck && ply < params::ExtensionPlyFactor * rootDepth_) extension = 1;
        newDepth += extension;

        ss->move = m;
        ss->contHist = &hist_.continuation[capture][moved][m.to_sq()];
        pos_.do_move(m);
        count_node();
        // A move searched only with a null window leaves no PV of its own; without this a
        // fail-high against a mate-distance-narrowed beta would copy a sibling's stale line.
        if (PvNode) pvTable_[ply + 1][0] = Move::none();

        int score;
        // A PV node's first move gets the full window at once; every other move a null window
        // first, reduced for late moves, and the full window only when it beats alpha.
        if (PvNode && moveCount == 1) score = -search<PV>(ss + 1, -beta, -alpha, newDepth, false);
        else if (depth >= params::LmrMinDepth && moveCount > 1 + RootNode && (!capture || !ss->ttPv)) {
            int r = reduction(depth, moveCount);
            r += !PvNode + cutNode - improving - ss->ttPv;
            if (!capture) {
                const int h = hist_.quiet(~pos_.side_to_move(), threats, m) + (*contHist[0])[moved][m.to_sq()];
                r -= h / params::LmrHistoryDiv;
            }
            if (m == ss->killers[0] || m == ss->killers[1] || m == counter) --r;
            const int reduced = std::clamp(newDepth - r, 1, newDepth + 1);
            score = -search<NonPV>(ss + 1, -alpha - 1, -alpha, reduced, true);
            if (score > alpha && reduced < newDepth) {
                // The reduced search beat alpha; by how much sets the re-search's depth: well
                // above the best so far, one ply deeper; barely above it, one ply shallower
                // (no re-search at all when that is the depth just searched).
                newDepth += (score > bestScore + params::LmrDeeperMargin + params::LmrDeeperPerDepth * newDepth)
                            - (score < bestScore + newDepth);
                if (newDepth > reduced) score = -search<NonPV>(ss + 1, -alpha - 1, -alpha, newDepth, !cutNode);
            }
        } else score = -search<NonPV>(ss + 1, -alpha - 1, -alpha, newDepth, !cutNode);
        if (PvNode && moveCount > 1 && score > alpha && (RootNode || score < beta))
            score = -search<PV>(ss + 1, -beta, -alpha, newDepth, false);
        pos_.undo_move(m);

        if (shared_.stop.load(std::memory_order_relaxed)) return 0;

        if (RootNode) {
            RootMove& rm = *std::find_if(rootMoves.begin(), rootMoves.end(), [m](const RootMove& r) { return r.pv[0] == m; });
            rm.nodes += nodes.load(std::memory_order_relaxed) - nodesBefore;
            if (moveCount == 1 || score > alpha) {
                rm.score = score;
                rm.seldepth = selDepth_;
                rm.bound = score >= beta ? BOUND_LOWER : score <= alpha ? BOUND_UPPER : BOUND_EXACT;
                rm.pv.resize(1);
                for (const Move* c = pvTable_[ply + 1]; *c; ++c) rm.pv.push_back(*c);
            } else rm.score = -VALUE_INFINITE; // sorts behind the moves that were searched
        }

        if (score > bestScore) {
            bestScore = score;
            if (score > alpha) {
                bestMove = m;
                if (PvNode && !RootNode) update_pv(pv, m, pvTable_[ply + 1]);
                if (score >= beta) break;
                alpha = score;
            }
        }
        if (m != bestMove) {
            if (capture && captureCount < MaxCapturesTried) captures[captureCount++] = m;
            else if (!capture && quietCount < MaxQuietsTried) quiets[quietCount++] = m;
        }
    }

    if (moveCount == 0) return excluded ? alpha : inCheck ? mated_in(ply) : VALUE_DRAW;
    if (PvNode) bestScore = std::min(bestScore, tbCeiling);

    if (bestMove) {
        const int bonus = stat_bonus(depth);
        if (!pos_.is_capture(bestMove)) {
            if (bestMove.kind() != PROMOTION) update_quiet_stats(ss, bestMove, bonus, quiets, quietCount, threats);
        } else {
            const PieceType victim = bestMove.kind() == EN_PASSANT ? PAWN : type_of(pos_.piece_on(bestMove.to_sq()));
            history_update(hist_.capture[pos_.moved_piece(bestMove)][bestMove.to_sq()][victim], bonus);
        }
        for (int i = 0; i < captureCount; ++i) {
            const Move c = captures[i];
            const PieceType victim = c.kind() == EN_PASSANT ? PAWN : type_of(pos_.piece_on(c.to_sq()));
            history_update(hist_.capture[pos_.moved_piece(c)][c.to_sq()][victim], -bonus);
        }
    }

    if (!excluded && !(RootNode && pvIdx_ > 0)) {
        const Bound b = bestScore >= beta                                 ? BOUND_LOWER
                        : PvNode && bestMove && bestScore > originalAlpha ? BOUND_EXACT
                                                                          : BOUND_UPPER;
        shared_.tt.store(key, bestMove, score_to_tt(bestScore, ply), ss->staticEval, depth, b, ss->ttPv);
    }
    return bestScore;
}

template<Worker::NodeType NT>
int Worker::qsearch(Stack* ss, int alpha, int beta) {
    constexpr bool PvNode = NT == PV;
    const int ply = ss->ply;
    if (PvNode) {
        pvTable_[ply][0] = Move::none();
        selDepth_ = std::max(selDepth_, ply + 1);
    }
    if (check_time()) return 0;
    if (is_draw(ply)) return VALUE_DRAW;
    const bool inCheck = pos_.checkers();
    if (ply >= MAX_PLY) return inCheck ? VALUE_DRAW : evaluator_.evaluate(pos_);

    const Key key = pos_.key();
    TTData tte{};
    const bool ttHit = shared_.tt.probe(key, tte);
    const int ttScore = ttHit ? score_from_tt(tte.score, ply, pos_.rule50_count()) : VALUE_NONE;
    if (!PvNode && ttHit && ttScore != VALUE_NONE && (tte.bound & (ttScore >= beta ? BOUND_LOWER : BOUND_UPPER))) return ttScore;

    int bestScore, staticEval;
    if (inCheck) {
        bestScore = -VALUE_INFINITE;
        staticEval = VALUE_NONE;
    } else {
        staticEval = ttHit && tte.eval != VALUE_NONE ? tte.eval : evaluator_.evaluate(pos_);
        bestScore = staticEval;
        if (ttHit && ttScore != VALUE_NONE && (tte.bound & (ttScore > bestScore ? BOUND_LOWER : BOUND_UPPER)))
            bestScore = ttScore;
        // Stand pat: the side to move need not capture.
        if (bestScore >= beta) {
            if (!ttHit) shared_.tt.store(key, Move::none(), score_to_tt(bestScore, ply), staticEval, 0, BOUND_LOWER, false);
            return bestScore;
        }
        alpha = std::max(alpha, bestScore);
    }

    // Quiet history orders only evasions here, so only then are the threats worth finding.
    MovePicker mp(pos_, ttHit ? tte.move : Move::none(), hist_, inCheck ? pos_.attacks_by(~pos_.side_to_move()) : Bitboard(0));
    Move bestMove = Move::none();
    int moveCount = 0;
    for (Move m; (m = mp.next());) {
        ++moveCount;
        shared_.tt.prefetch(pos_.key_after(m)); // as in search(): the pruning tests below hide the load
        if (!inCheck) {
            if (m.kind() == PROMOTION && m.promotion_type() != QUEEN) continue;
            // Delta pruning: even winning the victim outright cannot lift us to alpha.
            const PieceType victim = m.kind() == EN_PASSANT ? PAWN : type_of(pos_.piece_on(m.to_sq()));
            if (m.kind() != PROMOTION && !pos_.gives_check(m) && staticEval + params::QsDeltaMargin + PieceValue[victim] <= alpha)
                continue;
            if (!see_ge(pos_, m, 0)) continue;
        } else if (bestScore > -VALUE_MATE_IN_MAX_PLY && !pos_.is_capture(m) && moveCount > params::QsEvasionLimit)
            continue; // enough evasions tried once one holds

        ss->move = m;
        ss->contHist = &hist_.continuation[pos_.is_capture(m)][pos_.moved_piece(m)][m.to_sq()];
        pos_.do_move(m);
        count_node();
        const int score = -qsearch<NT>(ss + 1, -beta, -alpha);
        pos_.undo_move(m);
        if (shared_.stop.load(std::memory_order_relaxed)) return 0;

        if (score > bestScore) {
            bestScore = score;
            if (score > alpha) {
                bestMove = m;
                if (PvNode) update_pv(pvTable_[ply], m, pvTable_[ply + 1]);
                if (score >= beta) break;
                alpha = score;
            }
        }
    }
    if (inCheck && bestScore == -VALUE_INFINITE) return mated_in(ply);

    shared_.tt.store(key, bestMove, score_to_tt(bestScore, ply), staticEval, 0, bestScore >= beta ? BOUND_LOWER : BOUND_UPPER,
                     false);
    return bestScore;
}

} // namespace jadoube
