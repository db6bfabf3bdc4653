// Article 3 as a whole: the move generator's leaf counts against published tables.
#include <doctest/doctest.h>

#include <map>
#include <sstream>
#include <string>
#include <utility>

#include "board/movegen.h"
#include "board/perft.h"
#include "support/files.h"
#include "support/perft_suites.h"
#include "support/position.h"

using namespace jadoube;
using test::from_fen;

namespace {

// Runs every (position, depth) of a committed suite, tests/data/perft/FILE: the
// published counts the tests use, cross-checked against Stockfish
// (scripts/check-perft-data; each file's header says what it holds).
void check_suite(const std::string& file, bool chess960) {
    const auto cases = test::read_perft_suite(test::test_data("perft/" + file));
    REQUIRE_MESSAGE(!cases.empty(), "suite not found or empty: " << file);
    int checks = 0;
    for (const auto& c : cases) {
        Position pos = from_fen(c.fen, chess960);
        for (auto [depth, expected] : c.counts) {
            ++checks;
            const std::uint64_t got = perft(pos, depth);
            if (got != expected)
                FAIL_CHECK(file << " " << c.id << " d" << depth << ": expected " << expected << ", got " << got << " (" << c.fen
                                << ")");
        }
    }
    MESSAGE(file << ": " << checks << " checks");
    CHECK(checks > 0);
}

} // namespace

TEST_CASE("3.1-3.8 perft of the starting position") {
    Position pos;
    const std::uint64_t expected[] = {1, 20, 400, 8902, 197281, 4865609};
    for (int d = 0; d < 6; ++d) CHECK(perft(pos, d) == expected[d]);
}

TEST_CASE("3.8.2 castling - 3.7.3 en passant and 3.7.5 promotion: kiwipete") {
    Position pos = from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    CHECK(perft(pos, 1) == 48);
    CHECK(perft(pos, 2) == 2039);
    CHECK(perft(pos, 3) == 97862);
    CHECK(perft(pos, 4) == 4085603);
}

TEST_CASE("3.7.3 en passant that would expose the king along the rank is illegal") {
    // CPW position 3: b5xc6/e.p. style discoveries on the fifth rank.
    Position pos = from_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1");
    CHECK(perft(pos, 5) == 674624);
}

TEST_CASE("3.9 en passant capture that leaves an unrelated check unanswered is illegal") {
    // Unreachable (3.10.3) but counted below the Laws layer: the c6 square is set while
    // the f2 pawn checks, and d5xc6 e.p. does not answer that check.
    Position pos = from_fen("rnbqk1nr/bb3p1p/1q2r3/2pPp3/3P4/7P/1PP1NpPP/R1BQKBNR w KQkq c6 0 1");
    CHECK(perft(pos, 1) == 2);
    CHECK(perft(pos, 2) == 92);
    CHECK(perft(pos, 3) == 2528);
}

TEST_CASE("3.8.2 Chess960 castling with the rook shielding the king's destination") {
    // X-FEN: the b1 rook castles queenside; after it the king on c1 would face the a1 queen.
    Position pos = from_fen("4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1", true);
    CHECK(perft(pos, 1) == 19);
    CHECK(perft(pos, 4) == 405636);
}

TEST_CASE("bulk counting equals the length of the generated list") {
    Position pos = from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    for (Move m : MoveList<LEGAL>(pos)) {
        pos.do_move(m);
        CHECK(count_legal(pos) == MoveList<LEGAL>(pos).size());
        pos.undo_move(m);
    }
}

TEST_CASE("perft divide sums to perft") {
    Position pos;
    std::uint64_t sum = 0;
    const auto split = perft_divide(pos, 4);
    for (const auto& s : split) sum += s.nodes;
    CHECK(split.size() == 20);
    CHECK(sum == 197281);
}

TEST_SUITE("slow") {
TEST_CASE("perftsuite.epd: all 126 positions to depth 6") { check_suite("perftsuite.epd", false); }
TEST_CASE("fischer.epd: all 960 Chess960 positions to depth 5") { check_suite("fischer.epd", true); }
// ep-unrelated-check is left out of the file (Stockfish miscounts that unreachable
// position); the test "3.9 en passant capture that leaves ..." above counts it.
TEST_CASE("tricky.epd: every entry in Chess960 mode below the Laws layer") { check_suite("tricky.epd", true); }
TEST_CASE("random.epd: every position up to 10^6 nodes") { check_suite("random.epd", false); }
}

#ifdef JADOUBE_SHARED_DIR
// Optional (ctest label `shared`): registered only where CMake found ../shared
// beside the checkout. The committed counts must be the published ones, copied
// from the originals in ../shared/perft without a digit changed.
TEST_SUITE("shared") {
TEST_CASE("tests/data/perft holds the published counts of ../shared/perft") {
    const std::pair<const char*, const char*> files[] = {{"perftsuite.epd", "perftsuite.epd"},
                                                         {"fischer.epd", "fischer.epd"},
                                                         {"tricky.epd", "tricky.perft"},
                                                         {"random.epd", "random.perft"}};
    // A FEN as the suites write it: the first four fields (the .perft files have no counters).
    auto placement = [](const std::string& fen) {
        std::istringstream in(fen);
        std::string field, key;
        for (int i = 0; i < 4 && in >> field; ++i) key += (i ? " " : "") + field;
        return key;
    };
    for (const auto& [mine, published] : files) {
        const auto source = test::read_perft_suite(test::shared_path(std::string("perft/") + published));
        REQUIRE_MESSAGE(!source.empty(), "published suite not found or empty: " << published);
        std::multimap<std::string, const test::PerftCase*> byFen;
        for (const auto& c : source) byFen.emplace(placement(c.fen), &c);
        int counts = 0;
        for (const auto& c : test::read_perft_suite(test::test_data(std::string("perft/") + mine))) {
            for (auto [depth, n] : c.counts) {
                ++counts;
                bool found = false;
                for (auto [it, end] = byFen.equal_range(placement(c.fen)); it != end && !found; ++it)
                    for (auto [d, publishedN] : it->second->counts) found = found || (d == depth && publishedN == n);
                if (!found) FAIL_CHECK(mine << ": d" << depth << " " << n << " is not in " << published << " (" << c.fen << ")");
            }
        }
        MESSAGE(mine << ": " << counts << " counts found in " << published);
        CHECK(counts > 0);
    }
}
}
#endif
