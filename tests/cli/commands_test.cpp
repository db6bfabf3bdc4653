// The command line's identity: --version, --help, the usage on a wrong command,
// and the same version in UCI's `id name` and `compiler`.
#include <doctest/doctest.h>

#include <string>

#include "support/lines.h"
#include "support/run_binary.h"
#include "support/uci_session.h"
#include "util/exit_code.h"
#include "util/version.h"

using namespace jadoube;
using namespace jadoube::test;

TEST_SUITE("cli") {

TEST_CASE("jadoube --version names the release, the commit and the compiler, and exits 0") {
    const auto r = run_binary({"--version"}, "");
    CHECK(r.exitCode == ExitOk);
    CHECK(r.out == version::describe() + "\n");
    CHECK(r.out.starts_with("Jadoube " + std::string(version::number()) + " (git "));
    CHECK(!version::git().empty());
    CHECK(version::number().find('.') != std::string_view::npos); // CMake's MAJOR.MINOR.PATCH
}

TEST_CASE("jadoube --help prints the usage on stdout and a wrong command prints it on stderr with exit 2") {
    const auto help = run_binary({"--help"}, "");
    CHECK(help.exitCode == ExitOk);
    CHECK(help.out.starts_with("usage: jadoube"));
    CHECK(help.out.find("jadoube bench [DEPTH [THREADS]]") != std::string::npos); // as README.md says
    CHECK(help.err.empty());
    const auto wrong = run_binary({"--helpme"}, "");
    CHECK(wrong.exitCode == ExitUsage);
    CHECK(wrong.out.empty());
    CHECK(wrong.err == help.out);
}

TEST_CASE("UCI id name carries the version, and `compiler` says what --version says") {
    Session s;
    CHECK(has_line(s.send("uci"), "id name " + version::engine_name()));
    CHECK(s.send("compiler") == "info string " + version::describe() + "\n");
    CHECK(s.errors("compiler now") == 1);
}

} // TEST_SUITE("cli")
