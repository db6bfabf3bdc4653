// Article 3 counted on many threads: the split into (root move, reply) tasks must give
// the serial counts, root move by root move, at every thread count.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "board/movegen.h"
#include "board/perft.h"
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

TEST_CASE("3.1-3.9 perft on 1, 2, 3 and 8 threads gives the serial counts move by move") {
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
