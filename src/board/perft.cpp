#include "board/perft.h"

#include <atomic>

#include <system_error>
#include <thread>
#include <vector>

#include "board/movegen.h"
#include "board/perft_board.h"

namespace jadoube {

namespace {

std::uint64_t count_tree(Position& pos, int depth, PerftTable& table);

// The sum over the legal moves of the sub-trees below them; depth >= 2.
[[gnu::always_inline]] inline std::uint64_t count_children(Position& pos, int depth, PerftTable& table) {
    Move moves[MOVE_BUFFER];
    const Move* end = generate<LEGAL>(pos, moves);
    std::uint64_t nodes = 0;
    for (const Move* m = moves; m != end; ++m) {
        pos.do_move(*m);
        nodes += depth == 2 ? count_legal(pos) : count_tree(pos, depth - 1, table);
        pos.undo_move(*m);
    }
    return nodes;
}

// flatten: make/unmake and the leaf count are inlined into the loop (about a tenth
// fewer instructions a node than calls into position.cpp; Callgrind,
// bench/log/2026-11-25-perft-vs-stockfish.md).
// Hashed perft walks Position, whose Zobrist key the table is probed with; plain
// perft walks the copy-made board (count_copied, below).
[[gnu::flatten]] std::uint64_t count_tree(Position& pos, int depth, PerftTable& table) {
    if (depth <= 0) return 1;
    if (depth == 1) return count_legal(pos);
    if (depth >= PerftTable::MinDepth) {
        const PerftTable::Probe probe = PerftTable::probe_for(pos, depth);
        if (const auto known = table.find(probe)) return *known;
        const std::uint64_t nodes = count_children(pos, depth, table);
        table.store(probe, nodes);
        return nodes;
    }
    return count_children(pos, depth, table);
}

// Plain perft on the copy-made board: each child is a copy with the move made,
// nothing is unmade and no key is kept (board/perft_board.h).
[[gnu::flatten]] std::uint64_t count_copied(const PerftBoard& board, int depth) {
    if (depth <= 0) return 1;
    if (depth == 1) return count_legal(board);
    Move moves[MOVE_BUFFER];
    const Move* end = generate_legal(board, moves);
    std::uint64_t nodes = 0;
    if (depth == 2)
        for (const Move* m = moves; m != end; ++m) nodes += count_legal(board.leaf_after(*m));
    else
        for (const Move* m = moves; m != end; ++m) nodes += count_copied(board.after(*m), depth - 1);
    return nodes;
}

} // namespace

std::uint64_t perft(Position& pos, int depth) { return count_copied(PerftBoard(pos), depth); }
std::uint64_t perft(Position& pos, int depth, PerftTable& table) { return count_tree(pos, depth, table); }

namespace {

// Below this depth a tree is counted in well under a millisecond: tasks would cost
// more than they save.
constexpr int MinParallelDepth = 4;

// One task: the sub-tree under a root move and one reply to it.
struct PerftTask {
    std::size_t root; // index into the split
    Move reply;       // Move::none() when the root move leaves no reply
};

} // namespace

std::vector<PerftSplit> perft_divide(const Position& pos, int depth, int threads, PerftTable* table) {
    const auto subtree = [table](Position& p, int d) { return table ? perft(p, d, *table) : perft(p, d); };
    Position work = pos; // make/unmake on a copy: the caller's position stays as it was
    std::vector<PerftSplit> split;
    for (Move m : MoveList<LEGAL>(work)) split.push_back({m, 0});
    if (threads <= 1 || depth < MinParallelDepth) {
        for (PerftSplit& s : split) {
            work.do_move(s.move);
            s.nodes = subtree(work, depth - 1);
            work.undo_move(s.move);
        }
        return split;
    }

    std::vector<PerftTask> tasks;
    for (std::size_t i = 0; i < split.size(); ++i) {
        work.do_move(split[i].move);
        const MoveList<LEGAL> replies(work);
        if (replies.size() == 0) tasks.push_back({i, Move::none()}); // mate or stalemate: a leaf-less sub-tree
        for (Move r : replies) tasks.push_back({i, r});
        work.undo_move(split[i].move);
    }
    // Plain threads taking the next task from one counter: a perft is short (a tenth
    // of a second is common), and TBB's start-up (its library and worker threads)
    // cost a few milliseconds of it, the counter nothing. A task is a sub-tree two
    // plies down, small enough that the last one to finish leaves the others idle
    // for little time.
    std::vector<std::atomic<std::uint64_t>> counts(split.size());
    std::atomic<std::size_t> next{0};
    const auto runTasks = [&] {
        Position local = pos;
        for (std::size_t t; (t = next.fetch_add(1, std::memory_order_relaxed)) < tasks.size();) {
            const PerftTask& task = tasks[t];
            if (task.reply == Move::none()) continue; // no reply: depth - 1 >= 1 plies below counts 0 leaves
            local.do_move(split[task.root].move);
            local.do_move(task.reply);
            counts[task.root].fetch_add(subtree(local, depth - 2), std::memory_order_relaxed);
            local.undo_move(task.reply);
            local.undo_move(split[task.root].move);
        }
    };
    // All `threads` counters are new threads and the caller only waits. When the
    // caller counted too, Linux often queued the new thread behind it on the
    // caller's CPU until the next load balance, a few milliseconds later: a tenth
    // of a 40 ms perft on two threads (position 5 of the perft page, 45.0 against
    // 41.4 ms, medians of 21 runs; bench/log/2026-12-01-perft-vs-ellxor.md). A
    // caller asleep in join leaves its CPU to them at once.
    {
        std::vector<std::jthread> counters;
        for (int i = 0; i < threads; ++i) {
            try {
                counters.emplace_back(runTasks);
            } catch (const std::system_error&) {
                break; // the system gives no more threads: those running share the tasks
            }
        }
        if (counters.empty()) runTasks(); // not even one: the caller counts alone
    } // the counters join here
    for (std::size_t i = 0; i < split.size(); ++i) split[i].nodes = counts[i].load(std::memory_order_relaxed);
    return split;
}

} // namespace jadoube
