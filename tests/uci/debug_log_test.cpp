// `Debug Log File` (uci/output.h): a copy of the session's traffic in a file, each
// line read marked "<< " and each line printed ">> ", in the order they happened;
// a file that cannot be written is refused and changes nothing.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "support/files.h"
#include "support/uci_session.h"

using namespace jadoube;
using test::has_line;
using test::read_text;
using test::Session;

TEST_SUITE("uci") {

TEST_CASE("Debug Log File copies what is read and printed - in order - until it is emptied") {
    const auto path = test::temp_path("debug.log");
    std::filesystem::remove(path);
    Session s;
    REQUIRE(s.send("setoption name Debug Log File value " + path.string()) == "");
    CHECK(s.send("isready") == "readyok\n");
    CHECK(s.errors("frobnicate") == 1);
    const auto searched = test::split_lines(s.send_wait("go depth 2"));
    REQUIRE(!searched.empty());
    REQUIRE(searched.back().starts_with("bestmove "));
    REQUIRE(s.send("setoption name Debug Log File value <empty>") == "");
    CHECK(s.send("isready") == "readyok\n"); // no longer copied

    const std::string log = read_text(path);
    CHECK(log.starts_with("<< isready\n>> readyok\n<< frobnicate\n>> info string error: "));
    CHECK(has_line(log, "<< go depth 2"));
    for (const std::string& line : searched) CHECK(has_line(log, ">> " + line)); // the search thread's lines too
    CHECK(log.ends_with("<< setoption name Debug Log File value <empty>\n"));
    std::filesystem::remove(path);
}

TEST_CASE("Debug Log File appends to a file that exists") {
    const auto path = test::temp_path("debug-append.log");
    std::filesystem::remove(path);
    for (int session = 0; session < 2; ++session) {
        Session s;
        REQUIRE(s.send("setoption name Debug Log File value " + path.string()) == "");
        CHECK(s.send("isready") == "readyok\n");
    }
    CHECK(read_text(path) == "<< isready\n>> readyok\n<< isready\n>> readyok\n");
    std::filesystem::remove(path);
}

TEST_CASE("Debug Log File refuses a file it cannot write and keeps the log it had") {
    const auto path = test::temp_path("debug-kept.log");
    std::filesystem::remove(path);
    Session s;
    REQUIRE(s.send("setoption name Debug Log File value " + path.string()) == "");
    const std::string refused = s.send("setoption name Debug Log File value /nonexistent-dir/x/debug.log");
    CHECK(refused.starts_with("info string error: setoption: Debug Log File: cannot open /nonexistent-dir/x/debug.log"));
    CHECK(s.send("isready") == "readyok\n");
    const std::string log = read_text(path);
    CHECK(has_line(log, ">> " + refused.substr(0, refused.size() - 1)));
    CHECK(log.ends_with("<< isready\n>> readyok\n")); // still the first file
    std::filesystem::remove(path);
}

} // TEST_SUITE
