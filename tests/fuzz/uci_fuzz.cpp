// libFuzzer target: the UCI command stream. The input is split into lines (at '\n',
// as the engine's line reader does) and fed to a UciSession, its output going to a
// string stream that is read and emptied under the output lock after each line. The
// session lives for the whole process and is reset before each input with UCI
// commands (position startpos, every option back to its default but Hash at 1 MiB,
// debug off, ucinewgame), which leaves it as a new session would be: a new session
// per input spends most of its time allocating and clearing its 16 MiB table.
// Built and run by scripts/fuzz with tests/fuzz/uci.dict (never by CMake).
//
// Checked, per line: the session does not crash; a line other than `go` prints at
// most one `info string error:` line (a `go` one per bad part: it is never refused);
// a refused line leaves the position, the options and the debug flag as they were
// (uci/session.h: "full effect or, with exactly one error line, none at all"). Per
// input: every `go` (but `go perft`) gets exactly one `bestmove`, in order, by the
// time the input has been stopped; each bestmove
// (and its ponder move) is legal in the position searched and is one of the moves
// `obligation` permitted just before the `go` (the harness sends that read-only
// command before every `go` line to learn the set).
//
// Kept small so that an execution stays fast and memory low (the engine's own
// limits are not what is under test here):
//   - `go` is capped: depth at 4, movetime at 5 ms, perft at 3, and every search gets
//     a node limit of at most 2000 (`nodes 0` means no limit, so it becomes 2000;
//     `nodes 2000` is appended to a `go` with no `nodes`), so `go infinite`, `go
//     ponder` and clock-driven searches end their work quickly and then wait for
//     `stop`. Negative or malformed values are left alone: their errors are wanted.
//     At most MaxGoLines `go` lines run per input; later ones are skipped.
//   - `setoption name Hash` above 8 MiB becomes 8, `Threads` above 4 becomes 4 (values
//     beyond the option's range are kept, for the range error); `EvalFile` other than
//     the embedded net or <empty> is pointed at a file that does not exist, and so is
//     `Debug Log File` other than <empty>, so that a fuzzer never makes the engine
//     read or write a file (or a device) of this machine.
//   - `bench` lines are skipped: a fixed-depth benchmark takes seconds.
//   - `export_net` always names a file in a directory that does not exist (the error
//     path), so that a fuzzer never writes a file.
//   - Every input ends with `stop` and a wait for the search, so no search outlives
//     the input (and `quit` ends the input's lines the way the engine's loop does).
//     Before that `stop`, a last `go` without infinite/ponder gets up to SettleMs to
//     answer by itself, so that some searches run to their limit: every other line
//     that stops a search comes at once (the go/stop races).
//   - UseNNUE is a process-wide switch: the reset turns it off.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "board/movegen.h"
#include "fuzz_lines.h"
#include "notation/move_text.h"
#include "uci/options.h"
#include "uci/session.h"
#include "util/text.h"

using namespace jadoube;

namespace {

constexpr std::size_t MaxInput = 4096;
constexpr int MaxGoLines = 12;
constexpr int SettleMs = 100;
constexpr std::int64_t MaxNodes = 2000, MaxDepth = 4, MaxMovetime = 5, MaxPerft = 3, MaxHash = 8, MaxThreads = 4;
constexpr std::string_view ErrorPrefix = "info string error:";
constexpr std::string_view MissingNet = "/nonexistent/jadoube-fuzz.nnue";
constexpr std::string_view UnwritableLog = "/nonexistent/jadoube-fuzz.log";

[[noreturn]] void fail(const char* what) {
    std::fprintf(stderr, "uci_fuzz: %s\n", what);
    __builtin_trap(); // libFuzzer reports and saves the input
}

std::string join(const std::vector<std::string>& tokens) {
    std::string s;
    for (const std::string& t : tokens) {
        if (!s.empty()) s += ' ';
        s += t;
    }
    return s;
}

// v capped at cap when it is an integer in (cap, limit]; the token as it was otherwise.
std::string cap_value(const std::string& token, std::int64_t cap, std::int64_t limit, bool zeroIsUnlimited = false) {
    const auto v = text::parse_int(token);
    if (!v || *v < 0 || *v > limit) return token;
    if (*v > cap || (zeroIsUnlimited && *v == 0)) return std::to_string(cap);
    return token;
}

// The `go` line made cheap (see the header). perft: true for `go perft`.
std::string cheap_go(std::vector<std::string> tokens, bool& perft) {
    bool nodes = false;
    perft = false;
    for (std::size_t i = 1; i < tokens.size(); ++i) {
        const std::string& k = tokens[i];
        if (k == "perft") perft = true;
        if (k == "nodes") nodes = true;
        if (i + 1 >= tokens.size()) continue;
        std::string& v = tokens[i + 1];
        if (k == "depth") v = cap_value(v, MaxDepth, INT64_MAX);
        else if (k == "movetime") v = cap_value(v, MaxMovetime, INT64_MAX);
        else if (k == "perft") v = cap_value(v, MaxPerft, INT64_MAX);
        else if (k == "hash") v = cap_value(v, MaxHash, INT64_MAX); // a perft's table, as Hash
        else if (k == "nodes") v = cap_value(v, MaxNodes, INT64_MAX, true);
    }
    if (!perft && !nodes) tokens.insert(tokens.end(), {"nodes", std::to_string(MaxNodes)});
    return join(tokens);
}

// `setoption` with Hash, Threads, EvalFile and Debug Log File kept harmless (see the header).
std::string cheap_setoption(std::vector<std::string> tokens) {
    if (tokens.size() < 2 || tokens[1] != "name") return join(tokens);
    std::size_t v = 2;
    while (v < tokens.size() && tokens[v] != "value") ++v;
    std::vector<std::string_view> nameTokens(tokens.begin() + 2, tokens.begin() + std::ptrdiff_t(v));
    const std::string name = text::join(nameTokens);
    if (v + 2 == tokens.size()) { // exactly one value token
        std::string& value = tokens[v + 1];
        if (text::iequals(name, "Hash")) value = cap_value(value, MaxHash, Options::spec(OptionId::Hash).max);
        if (text::iequals(name, "Threads")) value = cap_value(value, MaxThreads, Options::spec(OptionId::Threads).max);
    }
    const bool net = text::iequals(name, "EvalFile"), log = text::iequals(name, "Debug Log File");
    if ((net || log) && v < tokens.size()) {
        std::vector<std::string_view> valueTokens(tokens.begin() + std::ptrdiff_t(v) + 1, tokens.end());
        const std::string value = text::join(valueTokens);
        if (!value.empty() && value != "<empty>" && !(net && value == EmbeddedNetName)) {
            tokens.resize(v + 1);
            tokens.emplace_back(net ? MissingNet : UnwritableLog);
        }
    }
    return join(tokens);
}

using fuzz::lines_of;

struct Snapshot {
    std::string fen;
    Key key;
    std::vector<std::int64_t> values;
    std::vector<std::string> texts;
    bool debug;

    explicit Snapshot(const UciSession& s) : fen(s.position().fen()), key(s.position().key()), debug(s.debug()) {
        for (const OptionSpec& o : OptionTable) {
            values.push_back(s.options().value(o.id));
            texts.push_back(s.options().text(o.id));
        }
    }
    bool operator==(const Snapshot&) const = default;
};

// A `go` that was accepted and has not answered yet.
struct PendingGo {
    Position root;
    std::vector<std::string> permitted; // as `obligation` listed them
};

class Harness {
public:
    Harness() : uci_(out_) {}

    // Back to a fresh session's state (with Hash at 1 MiB), cheaply: a new session
    // would allocate and clear a 16 MiB table and 4 MiB of histories for every input.
    void reset() {
        pending_.clear();
        goLines_ = 0;
        lastGoBounded_ = false;
        const auto send = [&](std::string_view line) {
            if (!uci_.handle_line(line)) fail("reset line quit");
        };
        send("stop");
        uci_.wait_search();
        send("position startpos"); // forgets the touches; any position may switch 960 off
        const Options& o = uci_.options();
        const auto spin = [&](OptionId id, std::int64_t v) {
            if (o.value(id) != v) send("setoption name " + std::string(Options::spec(id).name) + " value " + std::to_string(v));
        };
        const auto check = [&](OptionId id) {
            if (o.check(id)) send("setoption name " + std::string(Options::spec(id).name) + " value false");
        };
        check(OptionId::UciChess960);
        spin(OptionId::Threads, 1);
        spin(OptionId::Hash, 1);
        spin(OptionId::MultiPV, 1);
        spin(OptionId::MoveOverhead, Options::spec(OptionId::MoveOverhead).defaultValue);
        check(OptionId::UciShowWDL);
        check(OptionId::Ponder);
        check(OptionId::UseNNUE);
        if (o.text(OptionId::EvalFile) != EmbeddedNetName) send("setoption name EvalFile value <embedded>");
        send("debug off");
        send("ucinewgame"); // the table and the histories cleared
        if (count_errors(take()) != 0) fail("reset refused");
    }

    // Feeds one line; returns false on quit.
    bool feed(std::string_view line) {
        // Read the line as the session will: '\r' dropped, refused whole if it has junk.
        std::string_view clean = line;
        if (!clean.empty() && clean.back() == '\r') clean.remove_suffix(1);
        std::string rewritten;
        bool isGo = false, perft = false;
        if (!text::find_junk(clean)) {
            const auto views = text::split_tokens(clean);
            std::vector<std::string> tokens(views.begin(), views.end());
            if (!tokens.empty() && tokens[0] == "bench") return true;
            if (!tokens.empty() && tokens[0] == "export_net") {
                rewritten = "export_net " + std::string(MissingNet);
                line = rewritten;
            }
            if (!tokens.empty() && tokens[0] == "go") {
                if (++goLines_ > MaxGoLines) return true;
                isGo = true;
                rewritten = cheap_go(std::move(tokens), perft);
                line = rewritten;
            } else if (!tokens.empty() && tokens[0] == "setoption") {
                rewritten = cheap_setoption(std::move(tokens));
                line = rewritten;
            }
        }

        std::vector<std::string> permitted;
        if (isGo) {
            if (!uci_.handle_line("obligation")) fail("obligation quit");
            const Digest d = digest(take());
            if (d.errors != 0 || d.obligations != 1) fail("obligation is not exactly one line");
            permitted = d.obligation;
        }

        const Snapshot before(uci_);
        const bool go_on = uci_.handle_line(line);
        const std::string printed = take();
        const int errors = count_errors(printed);
        if (errors > 1 && !isGo) fail("more than one error line for one command");
        if (errors >= 1 && Snapshot(uci_) != before) fail("a refused command changed the state");
        if (isGo && !perft) { // never refused: its bad parts are left out
            pending_.push_back({uci_.position(), std::move(permitted)});
            lastGoBounded_ = rewritten.find(" infinite") == std::string::npos && rewritten.find(" ponder") == std::string::npos;
        }
        (void)digest(printed);
        return go_on;
    }

    // Stops the search and checks that every accepted go has answered.
    void finish() {
        // A last search with limits is given a moment to finish on its own (the lines
        // before it stop searches as soon as they come): searches then run to the end.
        for (int ms = 0; lastGoBounded_ && !pending_.empty() && ms < SettleMs; ++ms) {
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
            const std::string printed = take();
            if (count_errors(printed) != 0) fail("an error line from a search");
            (void)digest(printed);
        }
        if (!uci_.handle_line("stop")) fail("stop quit");
        uci_.wait_search();
        const std::string printed = take();
        if (count_errors(printed) != 0) fail("stop refused");
        (void)digest(printed);
        if (!pending_.empty()) fail("an accepted go got no bestmove");
    }

private:
    struct Digest {
        int errors = 0;
        int obligations = 0;
        std::vector<std::string> obligation; // the moves of the last obligation line
    };

    std::string take() {
        std::string text;
        uci_.output().inspect([&] {
            text = out_.str();
            out_.str("");
        });
        return text;
    }

    static int count_errors(const std::string& printed) {
        int n = 0;
        for (std::string_view l : lines_of(printed)) n += l.starts_with(ErrorPrefix);
        return n;
    }

    // Counts what the digest needs and checks every bestmove against its go.
    Digest digest(const std::string& printed) {
        Digest d;
        for (std::string_view l : lines_of(printed)) {
            if (l.starts_with(ErrorPrefix)) ++d.errors;
            if (l.starts_with("info string touchmove article ")) {
                ++d.obligations;
                d.obligation.clear();
                const auto tokens = text::split_tokens(l);
                for (std::size_t i = 6; i < tokens.size(); ++i) d.obligation.emplace_back(tokens[i]);
            }
            if (l.starts_with("bestmove ")) check_bestmove(l);
        }
        return d;
    }

    void check_bestmove(std::string_view line) {
        if (pending_.empty()) fail("a bestmove with no go");
        const PendingGo go = std::move(pending_.front());
        pending_.pop_front();
        const auto tokens = text::split_tokens(line);
        if (tokens.size() != 2 && !(tokens.size() == 4 && tokens[2] == "ponder")) fail("bestmove line shape");
        const MoveList<LEGAL> legal(go.root);
        if (legal.size() == 0) {
            if (tokens[1] != "0000" || tokens.size() != 2) fail("bestmove with no legal move");
            return;
        }
        const Move best = parse_uci_move(go.root, tokens[1]);
        if (!best) fail("illegal bestmove");
        bool allowed = false;
        for (const std::string& m : go.permitted) allowed |= m == tokens[1];
        if (!allowed) fail("bestmove outside the permitted set");
        if (tokens.size() == 4) {
            Position after = go.root;
            after.do_move(best);
            if (!parse_uci_move(after, tokens[3])) fail("illegal ponder move");
        }
    }

    std::ostringstream out_;
    UciSession uci_; // after out_: it writes there until it is destroyed
    std::deque<PendingGo> pending_;
    int goLines_ = 0;
    bool lastGoBounded_ = false; // the last accepted go has neither infinite nor ponder
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > MaxInput) return 0;
    static Harness& h = *new Harness; // one session for the process, reset for each input
    h.reset();
    for (std::string_view line : lines_of({reinterpret_cast<const char*>(data), size}))
        if (!h.feed(line)) break;
    h.finish();
    return 0;
}
