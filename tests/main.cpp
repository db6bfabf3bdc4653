// The doctest main, and a tally of the test cases each run of it ran.
//
// ctest runs this binary once per test case (doctest_discover_tests), naming the
// case by its name. A name the discovery mishandles runs nothing and still passes:
// a `;` splits it into two ctest tests that match no test case, a `,` loses its
// TEST_SUITE label, a `[` can join the names after it into one. So when
// JADOUBE_TEST_TALLY names a file, each run appends a line with the number of test
// cases it ran, and scripts/test checks that every ctest test ran exactly one and
// that together they ran as many as doctest counts (`--count`).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

namespace {

struct RunTally : doctest::IReporter {
    explicit RunTally(const doctest::ContextOptions&) {}

    void test_run_end(const doctest::TestRunStats& stats) override {
        const char* path = std::getenv("JADOUBE_TEST_TALLY");
        if (!path || !*path) return;
        // One write to a file opened for appending: the lines of runs that ctest
        // starts in parallel do not interleave.
        const std::string line = std::to_string(stats.numTestCasesPassingFilters) + '\n';
        const int fd = ::open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
        if (fd < 0) return; // the count check then finds a run missing and says so
        (void)!::write(fd, line.data(), line.size());
        ::close(fd);
    }

    void report_query(const doctest::QueryData&) override {}
    void test_run_start() override {}
    void test_case_start(const doctest::TestCaseData&) override {}
    void test_case_reenter(const doctest::TestCaseData&) override {}
    void test_case_end(const doctest::CurrentTestCaseStats&) override {}
    void test_case_exception(const doctest::TestCaseException&) override {}
    void subcase_start(const doctest::SubcaseSignature&) override {}
    void subcase_end() override {}
    void log_assert(const doctest::AssertData&) override {}
    void log_message(const doctest::MessageData&) override {}
    void test_case_skipped(const doctest::TestCaseData&) override {}
};

} // namespace

REGISTER_LISTENER("run_tally", 1, RunTally);
