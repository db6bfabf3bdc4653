#include "engine/engine.h"

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

#include "board/flip.h"
#include "board/movegen.h"
#include "engine/tablebase_root.h"
#include "engine/touch_restriction.h"
#include "laws/validate.h"
#include "notation/move_text.h"
#include "search/search.h"

namespace jadoube {

namespace {

// A search for a move where the result is already settled (a game over by a rule
// that needs no claim): a few thousand nodes, a sensible move without a wait.
constexpr int EndedRootDepth = 4;

} // namespace

namespace {

// The board of an unreachable FEN with its moves played, where the FEN parses and
// the moves are legal: what perft can still count.
std::optional<Position> unreachable_board(std::string_view fen, std::span<const std::string_view> moves, bool chess960) {
    Position p;
    if (!p.set(fen, chess960)) return std::nullopt;
    for (std::string_view t : moves) {
        const Move m = parse_uci_move(p, t);
        if (!m || p.game_ply() >= Position::MaxGamePly) return std::nullopt;
        p.do_move(m);
    }
    return p;
}

// How many positions two games from one set-up share: the set-up and one more for
// each move they begin with alike.
std::size_t shared_positions(const std::vector<Move>& a, const std::vector<Move>& b) {
    return std::size_t(std::ranges::mismatch(a, b).in1 - a.begin()) + 1;
}

} // namespace

std::expected<void, PositionRefusal> Engine::set_position(std::string_view fen, std::span<const std::string_view> moves) {
    stop();
    auto set = set_game(fen, moves);
    if (set) refused_.reset();
    else {
        refused_ = RefusedPosition{std::string(fen), moves.size(), std::nullopt, set.error()};
        if (set.error().kind == PositionRefusal::Kind::Unreachable) refused_->board = unreachable_board(fen, moves, chess960_);
    }
    return set;
}

std::expected<void, PositionRefusal> Engine::set_game(std::string_view fen, std::span<const std::string_view> moves) {
    using Refusal = std::unexpected<PositionRefusal>;
    using Kind = PositionRefusal::Kind;
    auto parsed = laws::setup(fen, chess960_); // 3.10.3
    if (!parsed) {
        const bool unreachable = parsed.error().kind == FenError::Kind::Unreachable;
        return Refusal({.kind = unreachable ? Kind::Unreachable : Kind::BadFen, .detail = parsed.error().message});
    }
    Position next = std::move(*parsed);
    std::string startFen = next.fen(CastlingNotation::XFen);
    std::vector<Move> played;
    played.reserve(moves.size());
    for (std::size_t k = 0; k < moves.size(); ++k) {
        const std::string_view t = moves[k];
        const auto refuse = [&](Kind kind) {
            PositionRefusal r{.kind = kind, .detail = {}, .move = k + 1, .moveText = std::string(t), .before = next.fen()};
            // Only where no legal move exists (5.1.1, 5.2.1) is there nothing to play.
            if (kind != Kind::PastMaxPly && count_legal(next) == 0) r.ended = laws::game_state(next);
            return Refusal(std::move(r));
        };
        const Move m = parse_uci_move(next, t);
        if (!m) return refuse(is_uci_move_syntax(t) ? Kind::IllegalMove : Kind::NotAMove);
        if (next.game_ply() >= Position::MaxGamePly) return refuse(Kind::PastMaxPly);
        next.do_move(m);
        played.push_back(m);
    }
    pos_ = std::move(next);
    settled_ = startFen == startFen_ ? std::min(settled_, shared_positions(moves_, played)) : 0;
    startFen_ = std::move(startFen);
    moves_ = std::move(played);
    touch_ = TouchMove(pos_);
    return {};
}

void Engine::set_position(const Position& pos) {
    stop();
    refused_.reset();
    pos_ = pos;
    startFen_ = pos_.fen(CastlingNotation::XFen);
    moves_.clear();
    settled_ = 0;
    touch_ = TouchMove(pos_);
}

void Engine::play(Move m) {
    stop();
    pos_.do_move(m);
    moves_.push_back(m);
    touch_ = TouchMove(pos_);
}

std::expected<void, std::pair<std::string, std::string>> Engine::flip() {
    stop();
    const std::string fen = flipped_fen(pos_);
    auto flipped = laws::setup(fen, chess960_);
    // The mirror of a reachable position is not always reachable: the Laws are
    // colour-blind but for who moves first (1.2), and where the men fix how many
    // moves each side made (the start position's mirror, Black to move in the
    // initial array) the mirror is refused (3.10.3) and the position stays.
    if (!flipped) {
        // Named in the mode's own notation (KQkq in standard chess), not flipped_fen's file letters.
        Position mirror;
        return std::unexpected(std::pair{mirror.set(fen, chess960_) ? mirror.fen() : fen, flipped.error().message});
    }
    set_position(*flipped);
    return {};
}

std::expected<Position, std::string> Engine::replay(bool chess960) const {
    auto start = laws::setup(startFen_, chess960); // reachable in the new mode too (3.10.3)
    if (!start) return std::unexpected(start.error().message);
    Position p = std::move(*start);
    for (Move m : moves_) {
        // The move encoding is the same in both modes, so the moves stay legal;
        // checked all the same, a silent corruption would be worse than an error.
        if (!MoveList<LEGAL>(p).contains(m)) return std::unexpected("the game's move " + to_uci(m, p) + " does not replay");
        p.do_move(m);
    }
    return p;
}

std::optional<std::string> Engine::set_chess960(bool on) {
    if (on == chess960_) return std::nullopt;
    stop();
    auto rebuilt = replay(on);
    chess960_ = on;
    settled_ = 0;
    std::optional<std::string> why;
    if (rebuilt) pos_ = std::move(*rebuilt);
    else {
        why = std::move(rebuilt.error());
        (void)pos_.set(Position::StartFen, on); // the standard array is a Chess960 one too
        startFen_ = Position::StartFen;
        moves_.clear();
    }
    touch_ = TouchMove(pos_);
    return why;
}

void Engine::new_game() {
    stop();
    pool_.clear();
    touch_ = TouchMove(pos_);
}

SearchOptions Engine::search_options() const {
    return {.multiPV = search_.multiPV,
            .moveOverhead = search_.moveOverhead,
            .slowMover = search_.slowMover,
            .nodesTime = search_.nodesTime,
            .eval = eval_,
            .strength = search_.strength,
            .tablebases = {tablebases(), search_.tbProbeDepth, search_.tbProbeLimit, search_.tbFiftyMoveRule}};
}

void Engine::go(SearchLimits limits) {
    std::vector<std::string> ignored;
    const Move forced = restrict_to_permitted(touch_, limits, pos_, ignored); // Article 4
    stop(); // a go during a search: the old one answers first, so every go gets one bestmove
    for (const std::string& why : ignored) events_->ignored(why);

    // The game is over by a rule that needs no claim (5.2.2, 9.6.1, 9.6.2), at the
    // root or before it: there is nothing to search for. The GUI, which may not
    // apply the rule or may be playing on past it, still gets the rule and a legal
    // move (none only where none exists), picked by a shallow search.
    const laws::GameOutcome outcome = laws::game_outcome(pos_, settled_);
    if (outcome.ply == pos_.game_ply()) settled_ = moves_.size(); // no ending before the root
    if (laws::ending(outcome.state) == laws::Ending::Automatic) {
        events_->game_over(outcome, pos_);
        if (!forced) {
            SearchLimits quick;
            quick.depth = EndedRootDepth;
            quick.searchmoves = limits.searchmoves;
            return answer_now(think(quick).best, limits);
        }
        return answer_now(forced, limits);
    }
    // 9.2, 9.3: the player to move may claim a draw here (the engine cannot: the GUI or
    // the player does), so the root is worth at least the draw whatever the search finds.
    const bool claimable = laws::ending(outcome.state) == laws::Ending::Claimable;
    if (claimable) events_->draw_claimable(outcome.state, pos_);
    if (forced) return answer_now(forced, limits);

    std::optional<int> tbScore;
    if (tablebases())
        if (const auto answer = rank_tablebase_root(tables_, pos_, limits, search_.tbFiftyMoveRule)) {
            events_->tablebase_root(answer->root);
            tbScore = answer->score;
        }

    // pos_ stays as it is while the search runs: every call that changes it stops the search first.
    SearchCallbacks cb;
    cb.onIteration = [this, tbScore, claimable](const SearchReport& r) {
        SearchReport shown = r;
        // With the root in the tables their value is shown, unless the search found a mate.
        if (tbScore && !is_mate_score(r.score)) shown.score = *tbScore;
        // A claimable draw at the root: a worse line is not played, the claim is made.
        if (claimable && shown.score < VALUE_DRAW) {
            shown.score = VALUE_DRAW;
            if (shown.bound == BOUND_UPPER) shown.bound = BOUND_EXACT; // at most worse: the claim decides
        }
        events_->info(shown, pos_);
    };
    cb.onCurrmove = [this](int depth, Move m, int n) { events_->currmove(depth, m, n, pos_); };
    cb.onBestmove = [this](Move best, Move ponder) { events_->bestmove(best, ponder, pos_); };
    pool_.start(pos_, limits, search_options(), std::move(cb));
}

Thought Engine::think(const SearchLimits& limits) {
    stop();
    Thought t;
    SearchCallbacks cb;
    cb.onIteration = [&t](const SearchReport& r) {
        if (r.multipv == 1) t.score = r.score;
    };
    cb.onBestmove = [&t](Move best, Move ponder) { t.best = best, t.ponder = ponder; };
    pool_.start(pos_, limits, search_options(), std::move(cb));
    pool_.wait();
    t.nodes = pool_.nodes_searched();
    return t;
}

void Engine::answer_now(Move m, const SearchLimits& limits) {
    if (!limits.infinite && !limits.ponder) return events_->bestmove(m, Move::none(), pos_);
    heldBestmove_ = m;
    heldInfinite_ = limits.infinite;
}

void Engine::send_held_bestmove() {
    if (!heldBestmove_) return;
    const Move m = *heldBestmove_;
    heldBestmove_.reset();
    heldInfinite_ = false;
    events_->bestmove(m, Move::none(), pos_);
}

void Engine::stop() {
    pool_.stop();
    pool_.wait();
    send_held_bestmove();
}

void Engine::ponderhit() {
    pool_.ponderhit();
    if (!heldInfinite_) send_held_bestmove();
}

std::expected<PerftCount, PerftRefusal> Engine::perft(int depth, std::size_t hashMiB) const {
    if (refused_ && !refused_->board) return std::unexpected(PerftRefusal{PerftRefusal::Kind::RefusedPosition});
    std::optional<PerftTable> table;
    if (hashMiB > 0) {
        auto made = PerftTable::create(hashMiB);
        if (!made) return std::unexpected(PerftRefusal{PerftRefusal::Kind::Table, made.error()});
        table = std::move(*made);
    }
    PerftCount count{{}, refused_ ? *refused_->board : pos_, refused_.has_value()};
    count.splits = perft_divide(count.root, depth, threads_, table ? &*table : nullptr);
    return count;
}

std::expected<void, std::string> Engine::set_hash(std::size_t mib) {
    stop();
    return pool_.tt().resize(mib);
}

std::expected<void, std::string> Engine::set_threads(int n) {
    stop();
    auto ok = pool_.set_threads(n);
    if (ok) threads_ = n;
    return ok;
}

void Engine::clear_hash() {
    stop();
    pool_.tt().clear();
}

void Engine::set_search(const SearchSettings& s) {
    stop();
    search_ = s;
}

void Engine::set_eval(EvalSettings e) {
    stop();
    eval_ = std::move(e);
}

std::vector<std::string> Engine::load_tablebases(const std::string& paths) {
    stop();
    return tables_.load(paths);
}

} // namespace jadoube
