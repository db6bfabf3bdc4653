// Data generation: whole games played deterministically from a seed whatever the
// thread count, the `datagen --eval` choice of evaluation, the draw rules that
// end generated games, and opening books (--openings-only).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli/datagen.h"
#include "datagen/book.h"
#include "datagen/datagen.h"
#include "datagen/format.h"
#include "support/files.h"
#include "support/position.h"

using namespace jadoube;
using test::from_fen;
using test::read_bytes;
using test::temp_path;

TEST_SUITE("nnue") {

TEST_CASE("datagen plays whole games deterministically from a seed") {
    datagen::Config c;
    c.games = 3;
    c.nodes = 600;
    c.verifyNodes = 2000;
    c.seed = 11;
    c.hashMiB = 1;
    c.output = temp_path("a.vf").string();
    const auto a = datagen::run(c);
    REQUIRE_MESSAGE(a.has_value(), (a ? "" : a.error()));
    CHECK(a->games == 3);
    CHECK(a->whiteWins + a->draws + a->blackWins == 3);
    c.output = temp_path("b.vf").string();
    c.threads = 2;
    const auto b = datagen::run(c);
    REQUIRE(b.has_value());
    CHECK(b->positions == a->positions);
    CHECK(b->bytes == a->bytes);
    const auto bytesA = read_bytes(temp_path("a.vf"));
    CHECK(bytesA.size() == a->bytes);

    std::ifstream in(temp_path("a.vf"), std::ios::binary);
    const auto read = datagen::read_games(in, [](const datagen::RecordedPosition&) {});
    REQUIRE(read.has_value());
    CHECK(read->games == 3);
    CHECK(read->positions == a->positions);
    CHECK(read->filtered == a->filteredPositions);

    // One thread: the same bytes again.
    c.threads = 1;
    c.output = temp_path("c.vf").string();
    REQUIRE(datagen::run(c).has_value());
    CHECK(read_bytes(temp_path("c.vf")) == bytesA);
    for (const char* f : {"a.vf", "b.vf", "c.vf"}) std::filesystem::remove(temp_path(f));
}

TEST_CASE("datagen --eval: games played with the net say so and differ from the hand-crafted ones") {
    auto play = [](const char* eval, const char* file) {
        const std::string out = temp_path(file).string();
        const std::vector<std::string_view> args = {"--output", out, "--games", "1", "--nodes", "400", "--verify-nodes", "1000",
                                                    "--hash",   "1", "--seed",  "5", "--eval",  eval,  "--overwrite"};
        REQUIRE(datagen_command(args) == 0);
        return std::pair{read_bytes(out), test::read_text(out + ".meta")};
    };
    const auto [netGame, netMeta] = play("nnue", "nnue.vf");
    const auto [hceGame, hceMeta] = play("hce", "hce.vf");
    CHECK(netMeta.find("eval: nnue, net embedded\n") != std::string::npos);
    CHECK(hceMeta.find("eval: hand-crafted\n") != std::string::npos);
    CHECK(netGame != hceGame); // same seed and opening, other evaluation: other scores

    const std::string out = temp_path("bad.vf").string();
    CHECK(datagen_command(std::vector<std::string_view>{"--output", out, "--games", "1", "--eval", "lc0"}) == 2);
    CHECK(datagen_command(std::vector<std::string_view>{"--output", out, "--games", "1", "--eval-file", "x.nnue"}) == 2);
    CHECK(datagen_command(std::vector<std::string_view>{"--output", out, "--games", "1", "--eval", "nnue", "--eval-file",
                                                        "/nonexistent.nnue"})
          == 1);
    CHECK(!std::filesystem::exists(out));
    for (const char* f : {"nnue.vf", "nnue.vf.meta", "hce.vf", "hce.vf.meta"}) std::filesystem::remove(temp_path(f));
}

TEST_CASE("datagen --openings-only writes balanced openings as EPD - from Chess960 start arrays with --chess960") {
    for (const bool chess960 : {false, true}) {
        CAPTURE(chess960);
        auto make = [chess960](const char* file) {
            const std::string out = temp_path(file).string();
            std::vector<std::string_view> args = {"--openings-only", "--output", out, "--games", "40", "--random-plies", "6"};
            for (const char* a : {"--verify-nodes", "2000", "--opening-limit", "80", "--hash", "1", "--seed", "3", "--overwrite"})
                args.push_back(a);
            if (chess960) args.push_back("--chess960");
            REQUIRE(datagen_command(args) == 0);
            return out;
        };
        const std::string out = make("openings-a.epd");
        const auto book = load_book(out); // as datagen --book reads it
        REQUIRE_MESSAGE(book.has_value(), (book ? "" : book.error()));
        CHECK(book->size() == 40);
        int nonStandard = 0;
        std::set<std::string> distinct;
        std::istringstream lines(test::read_text(out));
        for (std::string fen; std::getline(lines, fen);) {
            distinct.insert(fen);
            Position pos;
            const bool needs960 = !pos.set(fen, false);
            REQUIRE_MESSAGE((!needs960 || pos.set(fen, true)), fen);
            CHECK_MESSAGE((pos.game_ply() == 6 || pos.game_ply() == 7), fen); // 6 or 7 random plies from move 1
            CHECK(datagen::game_over(pos) == std::nullopt);
            nonStandard += needs960;
        }
        CHECK((chess960 ? nonStandard > 0 : nonStandard == 0));
        CHECK(distinct.size() == book->size()); // every game draws its own opening
        const std::string meta = test::read_text(out + ".meta");
        CHECK(meta.find("format: EPD openings") != std::string::npos);
        CHECK(meta.find("command: jadoube datagen --openings-only ") != std::string::npos);
        CHECK(meta.find("status: complete\nopenings: 40\n") != std::string::npos);
        CHECK(read_bytes(make("openings-b.epd")) == read_bytes(out)); // the seed decides
        for (const char* f : {"openings-a.epd", "openings-a.epd.meta", "openings-b.epd", "openings-b.epd.meta"})
            std::filesystem::remove(temp_path(f));
    }
    const std::string out = temp_path("bad.epd").string();
    CHECK(datagen_command(std::vector<std::string_view>{"--openings-only", "--output", out, "--positions", "5"}) == 2);
    CHECK(datagen_command(std::vector<std::string_view>{"--output", out, "--games", "1", "--chess960", "--book", "x.epd"}) == 2);
    CHECK(!std::filesystem::exists(out));
}

TEST_CASE("datagen game end: 5.1.1 mate - 5.2.2 dead positions - 9.2 threefold and 9.3 fifty moves from the Laws") {
    using datagen::game_over;
    const auto draw = std::optional(datagen::Outcome::Draw);
    CHECK(game_over(from_fen("8/8/4k3/8/8/3K4/8/8 w - - 0 1")) == draw);
    CHECK(game_over(from_fen("8/8/4k3/8/8/3KN3/8/8 w - - 0 1")) == draw);
    CHECK(game_over(from_fen("8/8/4kb2/8/8/3KB3/8/8 w - - 0 1")) == draw); // f6 and e3: both dark
    CHECK(!game_over(from_fen("8/8/4k1b1/8/8/3KB3/8/8 w - - 0 1")));       // g6 is light
    CHECK(!game_over(from_fen("8/8/4k3/8/8/3KNN2/8/8 w - - 0 1")));
    CHECK(game_over(from_fen("8/8/4k3/8/8/3K4/R7/8 w - - 100 80")) == draw);
    CHECK(game_over(from_fen("8/8/4k3/1p1p1p1p/1P1P1P1P/8/4K3/8 w - - 0 1")) == draw); // a locked pawn wall
    CHECK(game_over(from_fen("6k1/8/8/8/8/8/5PPP/r5K1 w - - 0 1")) == datagen::Outcome::BlackWin); // 5.1.1
    CHECK(game_over(from_fen("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1")) == draw);                       // 5.2.1
    Position pos;
    for (int i = 0; i < 2; ++i)
        for (Move m : {Move(SQ_G1, SQ_F3), Move(SQ_G8, SQ_F6), Move(SQ_F3, SQ_G1), Move(SQ_F6, SQ_G8)}) {
            CHECK(!game_over(pos));
            pos.do_move(m);
        }
    CHECK(game_over(pos) == draw); // the start position a third time
}

} // TEST_SUITE
