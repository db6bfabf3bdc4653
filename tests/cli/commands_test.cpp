// The command line's identity: --version, --help, the usage on a wrong command,
// and the same version in UCI's `id name` and `compiler`.
#include <doctest/doctest.h>

#include <cstdint>
#include <sstream>
#include <string>

#include "eval/nnue_kernels.h"
#include "support/lines.h"
#include "support/run_binary.h"
#include "support/uci_session.h"
#include "util/exit_code.h"
#include "util/version.h"

using namespace jadoube;
using namespace jadoube::test;

TEST_SUITE("cli") {

TEST_CASE("jadoube --version names the release - the commit and the compiler - and exits 0") {
    const auto r = run_binary({"--version"}, "");
    CHECK(r.exitCode == ExitOk);
    CHECK(r.out == version::describe(nnue::kernels_description()) + "\n");
    CHECK(r.out.starts_with("Jadoube " + std::string(version::number()) + " (git "));
    CHECK(!version::git().empty());
    CHECK(version::number().find('.') != std::string_view::npos); // CMake's MAJOR.MINOR.PATCH
}

TEST_CASE("jadoube --help prints the usage on stdout and a wrong command prints it on stderr with exit 2") {
    const auto help = run_binary({"--help"}, "");
    CHECK(help.exitCode == ExitOk);
    CHECK(help.out.starts_with("usage: jadoube"));
    CHECK(help.out.find("jadoube bench [DEPTH [THREADS [HASH]]]") != std::string::npos); // as README.md says
    CHECK(help.err.empty());
    const auto wrong = run_binary({"--helpme"}, "");
    CHECK(wrong.exitCode == ExitUsage);
    CHECK(wrong.out.empty());
    CHECK(wrong.err == help.out);
}

TEST_CASE("jadoube perft --hash MB --threads N counts what jadoube perft counts and a bad size exits 2") {
    const char* kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    const auto plain = run_binary({"perft", "3", kiwipete}, "");
    CHECK(plain.exitCode == ExitOk);
    CHECK(has_line(plain.out, "Nodes searched: 97862"));
    const auto hashed = run_binary({"perft", "--hash", "1", "--threads", "2", "3", kiwipete}, "");
    CHECK(hashed.exitCode == ExitOk);
    CHECK(hashed.out == plain.out);
    for (const char* size : {"0", "-1", "x", "4194305"}) {
        CAPTURE(size);
        const auto bad = run_binary({"perft", "--hash", size, "3"}, "");
        CHECK(bad.exitCode == ExitUsage);
        CHECK(bad.out.empty());
        CHECK(bad.err.starts_with("error: perft --hash must be an integer from 1 to 4194304"));
    }
}

TEST_CASE("jadoube bench DEPTH THREADS HASH: the table's size comes third (16 MiB unless given) and a bad one exits 2") {
    const auto nodes_line = [](const std::string& out) {
        const auto at = out.find("Nodes searched");
        return at == std::string::npos ? std::string() : out.substr(at, out.find('\n', at) - at);
    };
    const auto plain = run_binary({"bench", "3"}, "");
    const auto sixteen = run_binary({"bench", "3", "1", "16"}, "");
    const auto larger = run_binary({"bench", "3", "1", "64"}, "");
    for (const auto* r : {&plain, &sixteen, &larger}) {
        CHECK(r->exitCode == ExitOk);
        CHECK(!nodes_line(r->out).empty());
    }
    CHECK(nodes_line(sixteen.out) == nodes_line(plain.out)); // the signature's table is the default
    for (const char* size : {"0", "-1", "x", "33554433"}) {
        CAPTURE(size);
        const auto bad = run_binary({"bench", "3", "1", size}, "");
        CHECK(bad.exitCode == ExitUsage);
        CHECK(bad.out.empty());
        CHECK(bad.err.starts_with("error: bench: expected [depth 1-"));
        CHECK(bad.err.find("[hash MiB 1-33554432]") != std::string::npos);
    }
    CHECK(run_binary({"bench", "3", "1", "16", "7"}, "").exitCode == ExitUsage); // one number too many
}

TEST_CASE(
    "jadoube bench with two threads also shows each thread's nodes summing to the total and where the main thread got there") {
    const auto value_of = [](const std::string& out, const std::string& label) {
        const auto at = out.find(label);
        return at == std::string::npos ? std::string() : out.substr(at + label.size(), out.find('\n', at) - at - label.size());
    };
    const auto two = run_binary({"bench", "4", "2"}, "");
    REQUIRE(two.exitCode == ExitOk);
    const std::string byThread = value_of(two.out, "Nodes by thread :");
    std::istringstream counts(byThread);
    std::uint64_t sum = 0, n = 0;
    int threads = 0;
    while (counts >> n) sum += n, ++threads;
    CHECK(threads == 2);
    CHECK(std::to_string(sum) == value_of(two.out, "Nodes searched  : "));
    const std::string main = value_of(two.out, "Main completed  : ");
    CHECK(main.ends_with(" of 46 positions"));
    CHECK(std::stoi(main) >= 0);
    CHECK(std::stoi(main) <= 46);
    const auto one = run_binary({"bench", "4"}, "");
    CHECK(one.out.find("Nodes by thread") == std::string::npos); // one thread: Stockfish's lines only
    CHECK(one.out.find("Main completed") == std::string::npos);
}

TEST_CASE("UCI id name carries the version - and `compiler` says what --version says") {
    Session s;
    CHECK(has_line(s.send("uci"), "id name " + version::engine_name()));
    CHECK(s.send("compiler") == "info string " + version::describe(nnue::kernels_description()) + "\n");
    CHECK(s.errors("compiler now") == 1);
}

} // TEST_SUITE("cli")
