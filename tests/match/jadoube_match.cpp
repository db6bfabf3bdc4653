// jadoube_match: the test suite's game driver (tests/support/uci_match.h) as a
// command, for scripts: scripts/cross plays the Windows build under wine against
// the Linux build with it, where no match runner (fastchess is no Debian package)
// can be counted on.
//
//   jadoube_match [--games N] [--tc SECONDS+INC] [--timemargin MS] [--book EPD]
//                 [--option NAME=VALUE]... -- PROGRAM [ARGS...] -- PROGRAM [ARGS...]
//
// Games come in pairs from the book's first N/2 positions, each with both colours;
// every engine gets Hash 16, Threads 1 and the --option settings. Prints each game
// and the score; exit status 0 when no engine made a fault (illegal move, time
// loss, crash or stall), 1 when one did, 2 on bad arguments.
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "support/uci_match.h"

using namespace jadoube::test;

namespace {

int usage(const std::string& why) {
    std::cerr << "jadoube_match: " << why
              << "\nusage: jadoube_match [--games N] [--tc SECONDS+INC] [--timemargin MS] [--book EPD]"
                 " [--option NAME=VALUE]... -- PROGRAM [ARGS...] -- PROGRAM [ARGS...]\n";
    return 2;
}

// "1+0.01" -> 1000 ms + 10 ms.
bool parse_tc(const std::string& text, TimeControl& tc) {
    const auto plus = text.find('+');
    try {
        tc.baseMs = std::llround(std::stod(text.substr(0, plus)) * 1000);
        tc.incMs = plus == std::string::npos ? 0 : std::llround(std::stod(text.substr(plus + 1)) * 1000);
    } catch (const std::exception&) { return false; }
    return tc.baseMs > 0 && tc.incMs >= 0;
}

} // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    int games = 20;
    TimeControl tc;
    std::string book = std::string(JADOUBE_SOURCE_DIR) + "/bench/books/standard.epd";
    std::vector<std::pair<std::string, std::string>> options{{"Hash", "16"}, {"Threads", "1"}};
    std::vector<std::vector<std::string>> commands;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool hasValue = i + 1 < args.size();
        if (a == "--") {
            commands.emplace_back();
        } else if (!commands.empty()) {
            commands.back().push_back(a);
        } else if (a == "--games" && hasValue) {
            games = std::atoi(args[++i].c_str());
            if (games < 2 || games % 2) return usage("--games must be a positive even number");
        } else if (a == "--tc" && hasValue) {
            if (!parse_tc(args[++i], tc)) return usage("--tc wants SECONDS+INC, such as 1+0.01");
        } else if (a == "--timemargin" && hasValue) {
            tc.marginMs = std::atoll(args[++i].c_str());
        } else if (a == "--book" && hasValue) {
            book = args[++i];
        } else if (a == "--option" && hasValue) {
            const std::string& o = args[++i];
            const auto eq = o.find('=');
            if (eq == std::string::npos) return usage("--option wants NAME=VALUE");
            options.emplace_back(o.substr(0, eq), o.substr(eq + 1));
        } else {
            return usage("unknown argument '" + a + "'");
        }
    }
    if (commands.size() != 2 || commands[0].empty() || commands[1].empty()) return usage("two engines, each after --");
    std::array<EngineCommand, 2> engines;
    for (int i = 0; i < 2; ++i) {
        const auto& c = commands[std::size_t(i)];
        std::string name = std::filesystem::path(c.back()).filename().string();
        engines[std::size_t(i)] = {name + (i ? "#2" : "#1"), c[0], {c.begin() + 1, c.end()}, options};
    }
    const auto openings = read_openings(book, std::size_t(games / 2));
    if (openings.size() != std::size_t(games / 2))
        return usage("the book " + book + " has fewer than " + std::to_string(games / 2) + " positions");

    const MatchResult r = play_match(engines, openings, tc, std::cout);
    std::cout << "Score of " << engines[0].name << " vs " << engines[1].name << ": " << r.wins[0] << " - " << r.wins[1] << " - "
              << r.draws << " [" << r.games.size() << " games]\n";
    for (int i = 0; i < 2; ++i) {
        std::cout << engines[std::size_t(i)].name << " faults:";
        for (Fault f : {Fault::IllegalMove, Fault::TimeLoss, Fault::Crash})
            std::cout << " " << fault_name(f) << " " << r.faults[std::size_t(i)][std::size_t(f)] << ",";
        std::cout << "\n";
        const ClockStats& c = r.clocks[std::size_t(i)];
        std::cout << engines[std::size_t(i)].name << " clock: " << c.moves << " moves, longest " << c.mostUsedMs
                  << " ms, least left " << (c.moves ? c.leastLeftMs : 0) << " ms, outside its search "
                  << (c.moves ? double(c.relayMs) / c.moves : 0.0) << " ms a move on average and " << c.mostRelayMs
                  << " ms at most\n";
    }
    return r.fault_count() == 0 ? 0 : 1;
}
