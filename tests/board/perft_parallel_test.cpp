// Article 3 counted on many threads and with a hash table: the split into (root move,
// reply) tasks, and the hashed perft's sub-tree counts, must give the serial counts,
// root move by root move, at every thread count.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "board/movegen.h"
#include "board/perft.h"
#include "board/perft_table.h"
#include "support/position.h"

using namespace jadoube;
using test::from_fen;

namespace {

struct Case {
    const char* fen;
    bool chess960;
    int depth;
    std::uint64_t nodes; // published count
};

// Start position, kiwipete (castling, en passant, promotions), CPW position 3 (en
// passant along the rank), a position whose root moves include mates (sub-trees with
// no reply), and a Chess960 set-up.
constexpr Case Cases[] = {
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false, 5, 4865609},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false, 4, 4085603},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false, 5, 674624},
    {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", false, 4, 422333},
    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true, 4, 326672},
};

} // namespace

TEST_CASE("3.1-3.9 perft on 1 - 2 - 3 and 8 threads gives the serial counts move by move") {
    for (const Case& c : Cases) {
        CAPTURE(c.fen);
        const Position pos = from_fen(c.fen, c.chess960);
        const std::vector<PerftSplit> serial = perft_divide(pos, c.depth, 1);
        std::uint64_t total = 0;
        for (const PerftSplit& s : serial) total += s.nodes;
        CHECK(total == c.nodes);
        for (int threads : {2, 3, 8}) {
            CAPTURE(threads);
            const std::vector<PerftSplit> parallel = perft_divide(pos, c.depth, threads);
            REQUIRE(parallel.size() == serial.size());
            for (std::size_t i = 0; i < serial.size(); ++i) {
                CHECK(parallel[i].move == serial[i].move); // the same order: generation order
                CHECK(parallel[i].nodes == serial[i].nodes);
            }
        }
    }
}

TEST_CASE("3.1 perft divide on threads leaves the caller's position as it was") {
    const Position pos = from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    const std::string before = pos.fen();
    (void)perft_divide(pos, 4, 2);
    CHECK(pos.fen() == before);
}

TEST_CASE("5.1.1 root moves that mate count no leaves below them on any thread count") {
    // White mates at once with Ra8 (back rank); depth 4 puts that sub-tree under the split.
    const Position pos = from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    const auto serial = perft_divide(pos, 4, 1);
    const auto parallel = perft_divide(pos, 4, 2);
    REQUIRE(serial.size() == parallel.size());
    bool sawMate = false;
    for (std::size_t i = 0; i < serial.size(); ++i) {
        CHECK(serial[i].nodes == parallel[i].nodes);
        sawMate |= serial[i].nodes == 0;
    }
    CHECK(sawMate);
}

TEST_CASE("3.1-3.9 hashed perft on 1 - 2 - 3 and 8 threads gives the plain counts move by move") {
    // One small table for every case and thread count: 16,384 buckets, far fewer than
    // the sub-trees, so entries are replaced all the time and positions of different
    // cases meet in the same buckets. A count may only come back for its own position.
    auto table = PerftTable::create(1);
    REQUIRE(table);
    for (const Case& c : Cases) {
        CAPTURE(c.fen);
        const Position pos = from_fen(c.fen, c.chess960);
        const std::vector<PerftSplit> plain = perft_divide(pos, c.depth, 1);
        for (int threads : {1, 2, 3, 8}) {
            CAPTURE(threads);
            const std::vector<PerftSplit> hashed = perft_divide(pos, c.depth, threads, &*table);
            REQUIRE(hashed.size() == plain.size());
            for (std::size_t i = 0; i < plain.size(); ++i) {
                CHECK(hashed[i].move == plain[i].move);
                CHECK(hashed[i].nodes == plain[i].nodes);
            }
        }
    }
}

TEST_CASE("3.1 hashed perft counts each depth apart: a table filled at one depth answers the next") {
    Position pos;
    auto table = PerftTable::create(1);
    REQUIRE(table);
    const std::uint64_t expected[] = {1, 20, 400, 8902, 197281, 4865609};
    for (int d = 5; d >= 0; --d) CHECK(perft(pos, d, *table) == expected[d]); // deep first: the shallow counts are in it
    for (int d = 0; d < 6; ++d) CHECK(perft(pos, d, *table) == expected[d]);
}

TEST_CASE("hashed perft: a count comes back only for the same depth and both keys") {
    auto table = PerftTable::create(1);
    REQUIRE(table);
    const Position pos;
    const PerftTable::Probe p = PerftTable::probe_for(pos, 3);
    CHECK_FALSE(table->find(p)); // empty
    table->store(p, 8902);
    CHECK(table->find(p) == 8902);
    CHECK_FALSE(table->find({p.key, p.check, 4}));     // another depth
    CHECK_FALSE(table->find({p.key, p.check ^ 1, 3})); // a Zobrist collision: the verifier differs
    CHECK_FALSE(table->find({p.key ^ 1, p.check, 3})); // the verifier alone is not enough either
}

TEST_CASE("hashed perft: the verifier tells apart what the move tree depends on") {
    // Side to move, castling rights and en passant each change the legal moves.
    const char* fens[] = {
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1",    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",    "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2",
    };
    std::vector<Key> seen;
    for (const char* fen : fens) {
        CAPTURE(fen);
        const Key v = PerftTable::verifier(from_fen(fen));
        for (Key other : seen) CHECK(v != other);
        seen.push_back(v);
    }
    // Chess960: one placement and one set of rights, castling with different rooks
    // (the g- or the h-file rook) are different move trees.
    CHECK(PerftTable::verifier(from_fen("4k3/8/8/8/8/8/8/4K1RR w G - 0 1", true))
          != PerftTable::verifier(from_fen("4k3/8/8/8/8/8/8/4K1RR w H - 0 1", true)));
    // The halfmove clock and move number change nothing below the position.
    CHECK(PerftTable::verifier(from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1"))
          == PerftTable::verifier(from_fen("4k3/8/8/8/8/8/8/4K3 w - - 37 90")));
}

TEST_CASE("hashed perft: a table larger than the machine's memory is refused") {
    const auto table = PerftTable::create(std::size_t(1) << 40); // 1 EiB
    REQUIRE_FALSE(table);
    CHECK(table.error().find("MiB") != std::string::npos);
}
