// Hash and Threads at the ends of their ranges: what the machine cannot give is
// refused with one error line before anything is allocated, so the engine is never
// OOM-killed, and the old table or thread count stays in use.
#include <doctest/doctest.h>
#include <sched.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "notation/move_text.h"
#include "support/engine_process.h"
#include "support/lines.h"
#include "support/uci_session.h"
#include "util/memory.h"

using namespace jadoube;
using namespace jadoube::test;
using namespace std::chrono_literals;

namespace {

constexpr const char* ErrorPrefix = "info string error: ";
constexpr std::int64_t MaxHash = 33554432; // MiB: 32 TiB

// Read here rather than through the engine's own util/memory.h, so the test does
// not trust the code it checks.
std::optional<std::int64_t> meminfo_mib(const std::string& field) {
    std::ifstream in("/proc/meminfo");
    for (std::string line; std::getline(in, line);) {
        std::istringstream fields(line);
        std::string key;
        std::int64_t kib = 0;
        if (fields >> key >> kib && key == field + ":") return kib / 1024;
    }
    return std::nullopt;
}

// A search still answers with one legal bestmove and a hashfull within 0-1000.
void check_search(Session& s, const char* go) {
    CAPTURE(go);
    const std::string out = s.send_wait(go);
    REQUIRE(count_prefixed(out, "bestmove ") == 1);
    CHECK(count_prefixed(out, ErrorPrefix) == 0);
    const auto lines = split_lines(out);
    CHECK(parse_uci_move(s.uci.position(), lines.back().substr(9, 4)));
    for (const std::string& l : lines)
        if (const auto at = l.find(" hashfull "); at != std::string::npos) {
            const int permille = std::stoi(l.substr(at + 10));
            CHECK(permille >= 0);
            CHECK(permille <= 1000);
        }
}

// The one error line of a refused setoption, which must name what stays; returned.
std::string check_refused(Session& s, const std::string& line, const std::string& stays) {
    CAPTURE(line);
    const std::string out = s.send(line);
    CHECK(split_lines(out).size() == 1);
    CHECK(count_prefixed(out, ErrorPrefix) == 1);
    CHECK(out.find(stays) != std::string::npos);
    return out;
}

} // namespace

TEST_SUITE("limits") {

TEST_CASE("available memory is known and no more than the machine has") {
    const auto total = meminfo_mib("MemTotal");
    if (!total) {
        MESSAGE("no /proc/meminfo: skipped");
        return;
    }
    const auto avail = available_memory();
    REQUIRE(avail);
    CHECK(*avail >= MiB);
    CHECK(std::int64_t(*avail / MiB) <= *total);
}

TEST_CASE("Hash at its maximum of 32 TiB is refused and the old table kept") {
    Session s;
    REQUIRE(s.send("setoption name Hash value 2") == "");
    const std::string out = check_refused(s, "setoption name Hash value " + std::to_string(MaxHash), "Hash stays 2 MiB");
    MESSAGE(out);
    CHECK(out.find(std::to_string(MaxHash) + " MiB asked") != std::string::npos);
    CHECK(out.find("MiB of memory is available") != std::string::npos);
    CHECK(s.uci.options().value(OptionId::Hash) == 2);
    check_search(s, "go depth 8");
}

TEST_CASE("Hash just above the available memory is refused and the old table kept") {
    const auto avail = meminfo_mib("MemAvailable");
    if (!avail) {
        MESSAGE("no /proc/meminfo: skipped");
        return;
    }
    Session s;
    // 1 GiB above what is free now plus the current table: free memory moves while
    // other processes run, and the engine counts its old table as free.
    const std::int64_t ask = std::min(*avail + 16 + 1024, MaxHash);
    check_refused(s, "setoption name Hash value " + std::to_string(ask), "Hash stays 16 MiB");
    CHECK(s.uci.options().value(OptionId::Hash) == 16);
    check_search(s, "go depth 8");
}

TEST_CASE("Hash changes from 1 to 64 and back to 1 and searches with each") {
    Session s;
    for (const std::int64_t mib : {1, 64, 1}) {
        CAPTURE(mib);
        CHECK(s.send("setoption name Hash value " + std::to_string(mib)) == "");
        CHECK(s.uci.options().value(OptionId::Hash) == mib);
        check_search(s, "go depth 6");
    }
}

TEST_CASE("the engine binary survives a refused Hash and keeps answering") {
    EngineProcess e;
    std::vector<std::string> seen;
    for (const std::int64_t mib : {MaxHash, meminfo_mib("MemAvailable").value_or(MaxHash - 1024) + 1024}) {
        e.send("setoption name Hash value " + std::to_string(std::min(mib, MaxHash)));
        e.send("isready");
        seen.clear();
        REQUIRE(e.wait_for("readyok", 30s, &seen));
        CHECK(count_prefixed(seen.front(), ErrorPrefix) == 1);
        CHECK(seen.size() == 2);
    }
    e.send("go depth 5");
    CHECK(e.wait_for("bestmove ", 30s));
    CHECK(e.wait_exit(30s) == 0);
}

TEST_CASE("Threads 1024 searches with one legal bestmove or is refused cleanly") {
    Session s;
    const auto t0 = std::chrono::steady_clock::now();
    const std::string out = s.send("setoption name Threads value 1024");
    if (out.empty()) {
        CHECK(s.uci.options().value(OptionId::Threads) == 1024);
        check_search(s, "go depth 3");
    } else {
        // A machine without the memory or the thread room for 1024 says so and stays at 1.
        MESSAGE(out);
        CHECK(split_lines(out).size() == 1);
        CHECK(count_prefixed(out, ErrorPrefix) == 1);
        CHECK(out.find("Threads stays 1") != std::string::npos);
        CHECK(s.uci.options().value(OptionId::Threads) == 1);
    }
    CHECK(s.send("setoption name Threads value 1") == "");
    CHECK(s.uci.options().value(OptionId::Threads) == 1);
    check_search(s, "go depth 5");
    MESSAGE("Threads 1024 and back: "
            << std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count() << " ms");
}

// An address-space limit makes both refusals real on any machine: the stacks of a
// thousand threads and a 2 GiB table do not fit in 1 GiB. The shell sets the limit
// for the engine alone: set in this process, it would also starve the threads an
// earlier in-process search left running (a test run aborted that way).
// Sanitizers need terabytes of address space for their shadow memory: skipped there.
TEST_CASE("under a 1 GiB address-space limit Threads 1024 and Hash 2048 are refused cleanly") {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    MESSAGE("skipped under a sanitizer");
#else
    EngineProcess e("/bin/sh", std::vector<std::string>{"-c", "ulimit -v 1048576 && exec \"$0\"", JADOUBE_BINARY});
    const std::pair<const char*, const char*> refused[] = {
        {"setoption name Threads value 1024", "Threads stays 1"},
        {"setoption name Hash value 2048", "Hash stays 16 MiB"},
    };
    for (const auto& [line, stays] : refused) {
        CAPTURE(line);
        e.send(line);
        e.send("isready");
        std::vector<std::string> seen;
        REQUIRE(e.wait_for("readyok", 30s, &seen));
        REQUIRE(seen.size() == 2);
        MESSAGE(seen[0]);
        CHECK(seen[0].starts_with(ErrorPrefix));
        CHECK(seen[0].find(stays) != std::string::npos);
    }
    e.send("setoption name Threads value 2");
    e.send("go depth 5");
    CHECK(e.wait_for("bestmove ", 30s));
    CHECK(e.wait_exit(30s) == 0);
#endif
}

// More threads than CPUs: a search raises TBB's limit on parallelism for as long as it
// runs. Where the process may use one CPU only (taskset, a one-CPU container), the
// limit fell back to that one CPU afterwards and the engine hung at quit, in TBB's
// finalize (src/main.cpp). The engine inherits this test's affinity, narrowed to one
// CPU for the fork and restored at once.
TEST_CASE("Threads 2 on one CPU: the search answers and the engine quits") {
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    REQUIRE(sched_getaffinity(0, sizeof allowed, &allowed) == 0);
    int cpu = 0;
    while (!CPU_ISSET(cpu, &allowed)) ++cpu;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    REQUIRE(sched_setaffinity(0, sizeof one, &one) == 0);
    EngineProcess e;
    REQUIRE(sched_setaffinity(0, sizeof allowed, &allowed) == 0);
    e.send("setoption name Threads value 2");
    e.send("go depth 6");
    CHECK(e.wait_for("bestmove ", 30s));
    e.send("go depth 6");
    CHECK(e.wait_for("bestmove ", 30s));
    e.send("quit");
    CHECK(e.wait_exit(30s) == 0);
}

TEST_CASE("Threads 0 and 1025 are refused and the old count kept") {
    Session s;
    REQUIRE(s.send("setoption name Threads value 2") == "");
    for (const char* line : {"setoption name Threads value 0", "setoption name Threads value 1025"}) {
        CAPTURE(line);
        const std::string out = s.send(line);
        CHECK(split_lines(out).size() == 1);
        CHECK(count_prefixed(out, ErrorPrefix) == 1);
        CHECK(s.uci.options().value(OptionId::Threads) == 2);
    }
    check_search(s, "go depth 5");
}

} // TEST_SUITE
