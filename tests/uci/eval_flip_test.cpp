// `eval` (the static evaluation taken apart, notation/eval_report.h) and `flip`
// (the colour mirror, board/flip.h) through the UCI session: a position and its
// flip evaluate the same with the signs changed, in every line of the report.
#include <doctest/doctest.h>

#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>

#include "board/flip.h"
#include "engine/bench.h"
#include "eval/hce.h"
#include "support/lines.h"
#include "support/position.h"
#include "support/uci_session.h"

using namespace jadoube;
using namespace jadoube::test;

namespace {

// The signed centipawns after `prefix` on the line that starts with it ("+35 cp").
std::optional<int> cp_after(const std::string& report, std::string_view prefix) {
    for (const std::string& line : split_lines(report))
        if (line.starts_with(prefix)) {
            const std::size_t at = line.find_first_of("+-0123456789", prefix.size());
            if (at == std::string::npos) return std::nullopt;
            return std::stoi(line.substr(at));
        }
    return std::nullopt;
}

// The line of the term table that starts with the term's name (right-aligned).
std::string term_line(const std::string& report, std::string_view name) {
    for (const std::string& line : split_lines(report))
        if (line.find(std::string(name) + " |") != std::string::npos) return line;
    return "";
}

// The table's Total column (MG, EG) of one term line: its last two numbers.
std::pair<int, int> total_column(const std::string& line) {
    const std::size_t bar = line.rfind('|');
    std::istringstream in(line.substr(bar + 1));
    int mg = 0, eg = 0;
    in >> mg >> eg;
    return {mg, eg};
}

constexpr std::string_view Lines[] = {"Hand-crafted evaluation", "NNUE evaluation", "Final evaluation"};

} // namespace

TEST_SUITE("uci") {

TEST_CASE("eval lists every hand-crafted term and the three evaluations - from White's view") {
    Session s;
    const std::string report = s.send("eval");
    for (std::string_view name : hce::TermNames) CHECK_MESSAGE(!term_line(report, name).empty(), name);
    CHECK(!term_line(report, "Total").empty());
    for (std::string_view line : Lines) CHECK_MESSAGE(cp_after(report, line).has_value(), line);
    CHECK(report.find("NNUE evaluation") != std::string::npos);
    CHECK(report.find("net embedded") != std::string::npos);
    CHECK(report.find(", nnue\n") != std::string::npos);

    // Black to move: the hand-crafted line is hce::evaluate() with its sign turned to White's view.
    s.send("position startpos moves e2e4");
    const int hce = hce::evaluate(s.uci.position());
    CHECK(cp_after(s.send("eval"), "Hand-crafted evaluation") == -hce);
    CHECK(s.errors("eval now") == 1);
}

TEST_CASE("eval says which evaluation the search uses: UseNNUE false - a bare king - in check") {
    Session s;
    s.send("setoption name UseNNUE value false");
    std::string report = s.send("eval");
    CHECK(report.find(", hand-crafted (UseNNUE false)") != std::string::npos);
    CHECK(cp_after(report, "Final evaluation") == cp_after(report, "Hand-crafted evaluation"));

    s.send("setoption name UseNNUE value true");
    s.send("position fen 8/8/4k3/8/8/3QK3/8/8 b - - 0 1");
    report = s.send("eval");
    CHECK(report.find(", hand-crafted (a bare king)") != std::string::npos);
    CHECK(cp_after(report, "Final evaluation") == cp_after(report, "Hand-crafted evaluation"));

    s.send("position fen 4k3/8/8/8/8/8/8/4K2R b K - 0 1 moves e8f8 h1h8");
    report = s.send("eval");
    CHECK(has_line(report, "Final evaluation         none (in check)"));
}

TEST_CASE("flip replaces the position with its mirror - two flips give it back - and it takes no arguments") {
    Session s;
    s.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 moves a2a4");
    const std::string before = s.d_fen();
    const std::string mirror = flipped_fen(s.uci.position());
    CHECK(s.send("flip").empty());
    CHECK(s.fen() == from_fen(mirror).fen());
    // Black to move at move 1 after a2a4: White to move at move 1, en passant on a6.
    CHECK(s.d_fen() == "r3k2r/1ppbbppp/2n2q1P/pP2p3/3pn3/BN2PNP1/P1PPQPB1/R3K2R w KQkq a6 0 1");
    CHECK(s.send("flip").empty());
    CHECK(s.d_fen() == before);
    CHECK(s.errors("flip twice") == 1);
    CHECK(s.d_fen() == before);

    // Chess960 castling rights with inner rooks stay with their rooks.
    s.send("setoption name UCI_Chess960 value true");
    s.send("position fen 1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1");
    CHECK(s.send("flip").empty());
    CHECK(s.d_fen() == "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 b GBgb - 0 1");
}

TEST_CASE("eval of a position and of its flip agree with the signs changed - line by line") {
    Session s;
    int compared = 0;
    for (std::string_view fen : BenchPositions) {
        CAPTURE(fen);
        // A few bench set-ups carry clocks no game reaches (3.10.3): the session refuses them.
        if (!s.send("position fen " + std::string(fen)).empty()) continue;
        ++compared;
        const bool inCheck = s.uci.position().checkers() != 0;
        const std::string report = s.send("eval");
        if (const std::string refused = s.send("flip"); !refused.empty()) {
            // Only the start array's mirror is unreachable here: the men say no move was
            // played, so White is to move (3.10.3, 1.2).
            CHECK(fen == Position::StartFen);
            CHECK(refused.find("so White is to move") != std::string::npos);
            continue;
        }
        const std::string mirrored = s.send("eval");
        for (std::string_view line : Lines) {
            CAPTURE(line);
            const auto v = cp_after(report, line), m = cp_after(mirrored, line);
            if (inCheck && line == "Final evaluation") {
                CHECK(!v.has_value());
                CHECK(!m.has_value());
                continue;
            }
            REQUIRE(v.has_value());
            REQUIRE(m.has_value());
            CHECK(*m == -*v);
        }
        for (std::string_view name : hce::TermNames) {
            CAPTURE(name);
            const auto [mg, eg] = total_column(term_line(report, name));
            const auto [mgFlipped, egFlipped] = total_column(term_line(mirrored, name));
            CHECK(mgFlipped == -mg);
            CHECK(egFlipped == -eg);
        }
    }
    CHECK(compared >= 40);
}

} // TEST_SUITE("uci")
