// Draws the search scores must be draws by the Laws (9.2): a position that occurred
// once in the game before the root and could recur is a twofold, and the game goes on
// from a twofold. The root's score stays the material's, not `cp 0`.
#include <doctest/doctest.h>

#include <optional>
#include <string>

#include "support/lines.h"
#include "support/uci_session.h"

using namespace jadoube::test;

namespace {

// White a queen up, both kings free to shuffle.
constexpr const char* QueenUp = "position fen 4k3/pppp4/8/8/8/8/PPPP4/3QK3 w - - 0 1 moves";
const std::string KingShuffle = " e1f1 e8f8 f1e1 f8e8"; // back at the start position, a second time

// The score of the last `info ... score cp N` line of a search.
std::optional<int> last_cp(const std::string& output) {
    std::optional<int> cp;
    for (const std::string& line : split_lines(output))
        if (const auto at = line.find(" score cp "); line.starts_with("info ") && at != std::string::npos)
            cp = std::stoi(line.substr(at + 10));
    return cp;
}

int root_score(const std::string& position) {
    Session s;
    s.send(position);
    const auto cp = last_cp(s.send_wait("go depth 8"));
    REQUIRE(cp.has_value());
    return *cp;
}

} // namespace

TEST_SUITE("search") {

TEST_CASE("9.2 a twofold before the root is no draw: a queen down to move shows the real score") {
    // Black to move can play ...Kf8, which recurs a position seen once before the root:
    // a second occurrence, not a draw, so the queen still counts.
    const int score = root_score(QueenUp + KingShuffle + " e1f1");
    CAPTURE(score);
    CHECK(score < -500);
}

TEST_CASE("9.2 a twofold root with the queen up to move shows the real score") {
    const int score = root_score(QueenUp + KingShuffle);
    CAPTURE(score);
    CHECK(score > 500);
}

TEST_CASE("9.2.1 a threefold the side to move can claim scores as a draw") {
    // After a second shuffle Black's ...Kf8 makes the third occurrence: 9.2.1 lets Black
    // claim, and a queen down that is what Black does.
    const int score = root_score(QueenUp + KingShuffle + KingShuffle + " e1f1");
    CHECK(score == 0);
}

} // TEST_SUITE
