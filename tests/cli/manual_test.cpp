// The manual page (src/cli/jadoube.6) against the program it documents: every
// command of the usage, every UCI option and the extra UCI commands are in it,
// so that neither can grow without the other.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

#include "support/lines.h"
#include "support/run_binary.h"
#include "uci/options.h"

using namespace jadoube;
using namespace jadoube::test;

namespace {

// The page as man shows its words: roff's escaped minus "\-" is a plain '-'.
std::string manual_text() {
    std::ifstream in(std::string(JADOUBE_TESTS_DIR) + "/../src/cli/jadoube.6");
    REQUIRE(in.good());
    std::ostringstream text;
    text << in.rdbuf();
    std::string s = text.str();
    for (std::size_t at; (at = s.find("\\-")) != std::string::npos;) s.erase(at, 1);
    return s;
}

// Whether a bold macro line (.B, .BR, .BI) begins with word: how the page heads
// the entry of a command or an option.
bool has_entry(const std::string& manual, std::string_view word) {
    for (const std::string& line : split_lines(manual)) {
        if (!line.starts_with(".B")) continue;
        const std::size_t space = line.find(' ');
        if (space == std::string::npos) continue;
        std::string_view rest = std::string_view(line).substr(space + 1);
        if (rest.starts_with('"')) rest.remove_prefix(1);
        if (rest.starts_with(word) && (rest.size() == word.size() || rest[word.size()] == ' ' || rest[word.size()] == '"'))
            return true;
    }
    return false;
}

} // namespace

TEST_SUITE("cli") {

TEST_CASE("the manual page documents every command of the usage - every UCI option and the extra UCI commands") {
    const std::string manual = manual_text();
    // The word one space after "jadoube" on each usage line: perft, bench, ...,
    // --version. `jadoube` alone (the UCI engine) has its description columns away.
    const auto help = run_binary({"--help"}, "");
    int commands = 0;
    for (const std::string& line : split_lines(help.out)) {
        const std::string rest = line.substr(line.find("jadoube") + std::string_view("jadoube").size());
        if (!rest.starts_with(' ') || rest.starts_with("  ")) continue;
        std::string word;
        std::istringstream(rest) >> word;
        ++commands;
        CHECK_MESSAGE(has_entry(manual, word), word);
    }
    CHECK(commands >= 6);
    for (const OptionSpec& spec : OptionTable) CHECK_MESSAGE(has_entry(manual, spec.name), spec.name);
    for (std::string_view command : {"d", "eval", "flip", "rules", "compiler", "bench", "export_net"})
        CHECK_MESSAGE(has_entry(manual, command), command);
}

} // TEST_SUITE("cli")
