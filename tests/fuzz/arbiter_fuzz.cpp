// libFuzzer target: the arbiter's game-log reader (cli/arbiter: run_arbiter) over
// arbitrary text, read once in English and once in Russian.
// Built and run by scripts/fuzz (never by CMake: tests/fuzz is excluded there).
//
// Checked (cli/arbiter.h and src/laws/README.md, section 5 "Arbiter mode"):
//   - the reader does not crash and returns 0 or ExitFailure;
//   - one ruling line for each event line (a line that is neither blank nor a
//     comment) up to the end, or up to the first malformed line, where it stops;
//   - a malformed log gives exactly one line on the error stream, "line N: ..." /
//     "строка N: ...", N being an event line of the input; a log read to its end
//     gives none;
//   - both languages agree on the exit status, the number of rulings and N;
//   - every ruling is worded: one non-empty line with no slot left unfilled ('{').
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "cli/arbiter.h"
#include "fuzz_lines.h"
#include "laws/rulings.h"
#include "util/text.h"

using namespace jadoube;

namespace {

[[noreturn]] void fail(const char* what) {
    std::fprintf(stderr, "arbiter_fuzz: %s\n", what);
    __builtin_trap(); // libFuzzer reports and saves the input
}

using fuzz::lines_of;

// Whether the reader sees an event on this line (not blank, not only a comment):
// a trailing '\r' goes first, then the comment ("\r# x" is the event "\r").
bool is_event_line(std::string_view line) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (const auto hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    return !text::split_tokens(line).empty();
}

// A control byte makes any line malformed, a comment too: the log is text.
bool has_control_byte(std::string_view line) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    for (const unsigned char c : line)
        if (c < 0x20 && c != '\t') return true;
    return false;
}

struct Result {
    int code;
    std::size_t rulings;
    std::size_t errorLine; // 0 when read to the end
};

Result read(std::string_view log, Lang lang, const std::vector<std::string_view>& lines) {
    std::istringstream in{std::string(log), std::ios::binary};
    std::ostringstream out, err;
    const int code = run_arbiter(in, out, err, lang);
    if (code != 0 && code != ExitFailure) fail("exit status");

    Result r{code, 0, 0};
    for (std::string_view l : lines_of(out.str())) {
        if (l.empty() || l.find('{') != std::string_view::npos) fail("a ruling is empty or has an unfilled slot");
        ++r.rulings;
    }
    const std::string e = err.str();
    if (code == 0) {
        if (!e.empty()) fail("error text with exit status 0");
    } else {
        if (e.empty() || e.back() != '\n' || e.find('\n') + 1 != e.size()) fail("the error is not exactly one line");
        const std::string_view prefix = lang == Lang::En ? "line " : "строка ";
        if (!e.starts_with(prefix)) fail("the error does not start with its line number");
        std::size_t i = prefix.size(), n = 0;
        while (i < e.size() && e[i] >= '0' && e[i] <= '9' && n < 1000000) n = n * 10 + std::size_t(e[i++] - '0');
        if (i == prefix.size() || i >= e.size() || e[i] != ':') fail("line number");
        if (n < 1 || n > lines.size() || !(is_event_line(lines[n - 1]) || has_control_byte(lines[n - 1])))
            fail("the error names a line that is neither an event nor has a control byte");
        r.errorLine = n;
    }
    // One ruling for each event line before the end, or before the malformed line.
    const std::size_t upTo = r.errorLine ? r.errorLine - 1 : lines.size();
    std::size_t events = 0;
    for (std::size_t k = 0; k < upTo; ++k) events += is_event_line(lines[k]);
    if (r.rulings != events) fail("not one ruling per event line");
    return r;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 4096) return 0; // a few hundred events; longer logs only slow the search down
    const std::string_view log(reinterpret_cast<const char*>(data), size);
    const auto lines = lines_of(log);
    const Result en = read(log, Lang::En, lines);
    const Result ru = read(log, Lang::Ru, lines);
    if (en.code != ru.code || en.rulings != ru.rulings || en.errorLine != ru.errorLine) fail("the languages disagree");
    return 0;
}
