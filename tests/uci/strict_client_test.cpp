// A GUI session as a strict client (python-chess, Cute Chess) lives it: the real
// binary over a pipe, every line it prints read with the UCI grammar and nothing
// looser, every move it names replayed with the engine's own Position from the
// position the client sent. A client that meets a line it cannot read, or a move
// that is not legal, drops the engine or forfeits the game.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <expected>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "board/movegen.h"
#include "laws/rules.h"
#include "notation/move_text.h"
#include "support/engine_process.h"

using namespace jadoube;
using namespace jadoube::test;
using namespace std::chrono_literals;

namespace {

constexpr const char* StartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

std::vector<std::string> words(const std::string& line) {
    std::vector<std::string> w;
    std::istringstream in(line);
    for (std::string t; in >> t;) w.push_back(t);
    return w;
}

std::string join(const std::vector<std::string>& w, std::size_t from, std::size_t to) {
    std::string s;
    for (std::size_t i = from; i < to; ++i) s += (s.empty() ? "" : " ") + w[i];
    return s;
}

// Decimal digits with an optional minus sign, nothing else: what int() of a strict
// client accepts and a C atoi would not catch ("12ms", "1e3", "").
std::optional<std::int64_t> integer(const std::string& text) {
    std::int64_t v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return v;
}

// Long algebraic coordinates as UCI writes them; the position decides the rest.
bool move_shaped(const std::string& t) {
    const auto file = [](char c) { return c >= 'a' && c <= 'h'; };
    const auto rank = [](char c) { return c >= '1' && c <= '8'; };
    return (t.size() == 4 || (t.size() == 5 && std::string_view("qrbn").find(t[4]) != std::string_view::npos)) && file(t[0])
           && rank(t[1]) && file(t[2]) && rank(t[3]);
}

// ---------------------------------------------------------------------------
// The grammar
// ---------------------------------------------------------------------------

struct OptionDecl {
    std::string name, type;
    std::optional<std::string> def;
    std::optional<std::int64_t> min, max;
    std::vector<std::string> vars;
};

// option name N type T [default D] [min M] [max M] [var V]*, names and values
// running to the next keyword.
std::expected<OptionDecl, std::string> parse_option(const std::string& line) {
    const auto w = words(line);
    if (w.size() < 5 || w[1] != "name") return std::unexpected("no 'name' after 'option'");
    std::size_t type = 2;
    while (type < w.size() && w[type] != "type") ++type;
    if (type == 2 || type + 1 >= w.size()) return std::unexpected("no name, or no 'type T'");
    OptionDecl o{join(w, 2, type), w[type + 1], {}, {}, {}, {}};
    const std::set<std::string> keywords{"default", "min", "max", "var"};
    std::set<std::string> seen;
    for (std::size_t i = type + 2; i < w.size();) {
        const std::string key = w[i++];
        if (!keywords.contains(key)) return std::unexpected("unknown token '" + key + "'");
        if (key != "var" && !seen.insert(key).second) return std::unexpected("'" + key + "' twice");
        std::size_t end = i;
        while (end < w.size() && !keywords.contains(w[end])) ++end;
        const std::string value = join(w, i, end);
        i = end;
        if (key == "default") o.def = value;
        else if (key == "var") o.vars.push_back(value);
        else {
            const auto n = integer(value);
            if (!n) return std::unexpected("'" + key + "' is not an integer: '" + value + "'");
            (key == "min" ? o.min : o.max) = n;
        }
    }
    const bool range = o.min || o.max;
    if (o.type == "check") {
        if (o.def != "true" && o.def != "false") return std::unexpected("check default is not true or false");
        if (range || !o.vars.empty()) return std::unexpected("check with min, max or var");
    } else if (o.type == "spin") {
        if (!o.def || !o.min || !o.max) return std::unexpected("spin without default, min and max");
        const auto d = integer(*o.def);
        if (!d || *d < *o.min || *d > *o.max) return std::unexpected("spin default not an integer within [min, max]");
        if (!o.vars.empty()) return std::unexpected("spin with var");
    } else if (o.type == "combo") {
        if (!o.def || o.vars.empty() || range) return std::unexpected("combo needs default and var, no min or max");
        if (std::find(o.vars.begin(), o.vars.end(), *o.def) == o.vars.end())
            return std::unexpected("combo default not among its vars");
    } else if (o.type == "button") {
        if (o.def || range || !o.vars.empty()) return std::unexpected("button with a value");
    } else if (o.type == "string") {
        if (!o.def || range || !o.vars.empty()) return std::unexpected("string needs a default and nothing else");
    } else {
        return std::unexpected("unknown type '" + o.type + "'");
    }
    return o;
}

struct Info {
    std::optional<std::int64_t> depth, seldepth, multipv;
    std::optional<std::int64_t> cp, mate;
    bool bound = false; // lowerbound or upperbound
    std::optional<std::array<std::int64_t, 3>> wdl;
    std::vector<std::string> pv;
    std::optional<std::string> currmove;
    bool text = false; // info string: free text to the end of the line
};

// The fields of the UCI text and no others; each once, each with values of its type.
std::expected<Info, std::string> parse_info(const std::string& line) {
    const auto w = words(line);
    if (w.size() < 2) return std::unexpected("an info line with no field");
    const std::set<std::string> keywords{"depth",    "seldepth",       "time",     "nodes", "pv",     "multipv", "score", "wdl",
                                         "currmove", "currmovenumber", "hashfull", "nps",   "tbhits", "cpuload", "string"};
    Info info;
    std::set<std::string> seen;
    std::size_t i = 1;
    // A count: a non-negative integer, at most `most`.
    const auto count = [&](const std::string& key, std::int64_t most) -> std::expected<std::int64_t, std::string> {
        const auto n = i < w.size() ? integer(w[i]) : std::nullopt;
        if (!n || *n < 0 || *n > most)
            return std::unexpected("'" + key + "' wants an integer in [0, " + std::to_string(most) + "]");
        ++i;
        return *n;
    };
    constexpr std::int64_t Any = INT64_MAX;
    while (i < w.size()) {
        const std::string key = w[i++];
        if (!keywords.contains(key)) return std::unexpected("unknown token '" + key + "'");
        if (!seen.insert(key).second) return std::unexpected("'" + key + "' twice");
        std::expected<std::int64_t, std::string> n;
        if (key == "string") {
            info.text = true;
            break;
        } else if (key == "score") {
            if (i + 1 >= w.size() || (w[i] != "cp" && w[i] != "mate")) return std::unexpected("score is not 'cp N' or 'mate N'");
            const auto v = integer(w[i + 1]);
            if (!v) return std::unexpected("score value is not an integer: '" + w[i + 1] + "'");
            (w[i] == "cp" ? info.cp : info.mate) = v;
            i += 2;
            if (i < w.size() && (w[i] == "lowerbound" || w[i] == "upperbound")) info.bound = true, ++i;
        } else if (key == "wdl") {
            std::array<std::int64_t, 3> v{};
            for (auto& x : v) {
                if (!(n = count("wdl", 1000))) return std::unexpected(n.error());
                x = *n;
            }
            info.wdl = v;
        } else if (key == "pv") {
            for (; i < w.size() && !keywords.contains(w[i]); ++i) {
                if (!move_shaped(w[i])) return std::unexpected("pv move not in coordinate form: '" + w[i] + "'");
                info.pv.push_back(w[i]);
            }
            if (info.pv.empty()) return std::unexpected("pv without a move");
        } else if (key == "currmove") {
            if (i >= w.size() || !move_shaped(w[i])) return std::unexpected("currmove without a move");
            info.currmove = w[i++];
        } else {
            const std::int64_t most = key == "hashfull" || key == "cpuload" ? 1000 : Any;
            if (!(n = count(key, most))) return std::unexpected(n.error());
            if ((key == "multipv" || key == "currmovenumber") && *n < 1) return std::unexpected(key + " below 1");
            if (key == "depth") info.depth = n.value();
            if (key == "seldepth") info.seldepth = n.value();
            if (key == "multipv") info.multipv = n.value();
        }
    }
    return info;
}

template<class T>
std::string why(const std::expected<T, std::string>& parsed) {
    return parsed ? "" : parsed.error();
}

// ---------------------------------------------------------------------------
// The client
// ---------------------------------------------------------------------------

// The legal move of pos that a text names, played; false when there is none.
bool play(Position& pos, const std::string& text) {
    const Move m = parse_uci_move(pos, text);
    if (!m) return false;
    pos.do_move(m);
    return true;
}

struct Search {
    std::vector<Info> infos;
    std::string best, ponder;
};

// Drives the engine as a strict GUI does: it knows the position it sent and the
// options it set, and reads every answer against them.
class StrictClient {
public:
    std::vector<OptionDecl> options;

    // uci: id name, id author, the options, uciok; nothing else but info string.
    void handshake() {
        engine_.send("uci");
        int names = 0, authors = 0;
        while (true) {
            const std::string line = next(30s);
            const auto w = words(line);
            if (line == "uciok") break;
            if (w.size() >= 3 && w[0] == "id" && (w[1] == "name" || w[1] == "author")) {
                ++(w[1] == "name" ? names : authors);
            } else if (line.starts_with("option ")) {
                const auto o = parse_option(line);
                CHECK_MESSAGE(o, "option line: " << line << " -- " << why(o));
                if (o) options.push_back(*o);
            } else {
                CHECK_MESSAGE(is_info_string(line), "not part of the uci answer: " << line);
            }
        }
        CHECK(names == 1);
        CHECK(authors == 1);
    }

    const OptionDecl* option(const std::string& name) const {
        for (const auto& o : options)
            if (o.name == name) return &o;
        return nullptr;
    }

    void set_option(const std::string& name, const std::string& value) {
        INFO("option " << name);
        REQUIRE(option(name));
        engine_.send("setoption name " + name + " value " + value);
        if (name == "MultiPV") multiPv_ = std::stoi(value);
        if (name == "UCI_ShowWDL") showWdl_ = value == "true";
        if (name == "UCI_Chess960") chess960_ = value == "true";
    }

    void send(const std::string& line) { engine_.send(line); }

    // isready -> readyok, with nothing but info string before it: a bestmove here
    // would be a second one for the last go.
    void sync() {
        engine_.send("isready");
        for (std::string line; (line = next(30s)) != "readyok";) CHECK_MESSAGE(is_info_string(line), "while idle: " << line);
    }

    void position(const std::string& fen, const std::vector<std::string>& moves = {}) {
        REQUIRE(root_.set(fen, chess960_));
        std::string command = fen == StartFen ? "position startpos" : "position fen " + fen;
        if (!moves.empty()) command += " moves";
        for (const auto& m : moves) {
            REQUIRE_MESSAGE(play(root_, m), "the client's own move " << m);
            command += ' ' + m;
        }
        engine_.send(command);
    }
    const Position& root() const { return root_; }

    // One go, read to its bestmove. A search that must wait (infinite, ponder) is
    // watched for a while first, then given `release` (stop, ponderhit).
    Search search(const std::string& go, const char* release = nullptr) {
        CAPTURE(go);
        engine_.send(go);
        Search s;
        const auto read_until = [&](std::chrono::milliseconds timeout) {
            const auto deadline = EngineProcess::Clock::now() + timeout;
            while (s.best.empty()) {
                const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - EngineProcess::Clock::now());
                const auto line = engine_.read_line(std::max(left, 0ms));
                if (!line) return;
                take(*line, s);
            }
        };
        if (release) {
            read_until(300ms);
            CHECK_MESSAGE(s.best.empty(), "bestmove before " << release);
            engine_.send(release);
        }
        read_until(30s);
        REQUIRE_MESSAGE(!s.best.empty(), "no bestmove");
        check_multipv(s);
        sync();
        return s;
    }

    int quit() {
        engine_.send("quit");
        while (const auto line = engine_.read_line(2s)) CHECK_MESSAGE(is_info_string(*line), "after quit: " << *line);
        return engine_.wait_exit(30s);
    }

private:
    EngineProcess engine_;
    Position root_;
    bool chess960_ = false, showWdl_ = false;
    int multiPv_ = 1;

    static bool is_info_string(const std::string& line) { return line == "info string" || line.starts_with("info string "); }

    std::string next(std::chrono::milliseconds timeout) {
        const auto line = engine_.read_line(timeout);
        REQUIRE_MESSAGE(line, "no answer");
        return *line;
    }

    void take(const std::string& line, Search& s) {
        INFO("line: " << line);
        const auto w = words(line);
        if (!w.empty() && w[0] == "bestmove") return take_bestmove(w, s);
        REQUIRE_MESSAGE((!w.empty() && w[0] == "info"), "neither info nor bestmove");
        const auto info = parse_info(line);
        REQUIRE_MESSAGE(info, why(info));
        if (info->text) return;
        check_info(*info);
        s.infos.push_back(*info);
    }

    void check_info(const Info& info) {
        Position p = root_;
        for (const auto& m : info.pv) REQUIRE_MESSAGE(play(p, m), "illegal PV move " << m);
        if (info.currmove) CHECK_MESSAGE(parse_uci_move(root_, *info.currmove), "illegal currmove");
        if (info.cp || info.mate) CHECK_MESSAGE(info.wdl.has_value() == showWdl_, "wdl with UCI_ShowWDL " << showWdl_);
        // seldepth is the deepest ply a PV node of this line's search reached. It is not
        // bounded by depth: reductions at PV nodes (IIR), draws and mate distance pruning
        // can end every branch of a line short of the nominal depth, in secondary MultiPV
        // lines above all (Stockfish reports the same). What it does bound: the PV walked
        // those plies, and the node after the PV's last move was searched too.
        if (info.seldepth && !info.pv.empty()) CHECK(*info.seldepth > std::int64_t(info.pv.size()));
        if (info.wdl) CHECK((*info.wdl)[0] + (*info.wdl)[1] + (*info.wdl)[2] == 1000);
        if (info.mate) check_mate_score(*info.mate, info);
        if (info.cp && info.wdl) CHECK(((*info.wdl)[0] >= (*info.wdl)[2]) == (*info.cp >= 0));
    }

    // Mate N: the side to move mates in N moves (N > 0) or is mated in -N (N < 0);
    // mate 0 only where it is mated already. A PV long enough ends in that mate.
    void check_mate_score(std::int64_t mate, const Info& info) {
        if (mate == 0) {
            CHECK(laws::is_checkmate(root_));
            return;
        }
        const std::size_t plies = mate > 0 ? std::size_t(2 * mate - 1) : std::size_t(-2 * mate);
        if (info.wdl)
            CHECK(*info.wdl == (mate > 0 ? std::array<std::int64_t, 3>{1000, 0, 0} : std::array<std::int64_t, 3>{0, 0, 1000}));
        if (info.pv.size() < plies) return;
        Position p = root_;
        for (std::size_t i = 0; i < plies; ++i) REQUIRE(play(p, info.pv[i]));
        CHECK_MESSAGE(laws::is_checkmate(p), "mate " << mate << " but the PV does not mate");
    }

    void take_bestmove(const std::vector<std::string>& w, Search& s) {
        REQUIRE_MESSAGE((w.size() == 2 || (w.size() == 4 && w[2] == "ponder")), "bestmove M [ponder P]");
        s.best = w[1];
        if (w.size() == 4) s.ponder = w[3];
        Position p = root_;
        if (MoveList<LEGAL>(p).size() == 0) {
            CHECK_MESSAGE(s.best == "0000", "the null move is the only answer without a legal move");
            CHECK(s.ponder.empty());
            return;
        }
        REQUIRE_MESSAGE(play(p, s.best), "illegal bestmove " << s.best);
        if (!s.ponder.empty()) CHECK_MESSAGE(play(p, s.ponder), "illegal ponder move " << s.ponder);
    }

    // The lines come in blocks multipv 1, 2, ... up to MultiPV (or the number of
    // legal moves), deepest block last. When a stop cuts an iteration short, the
    // last block shows the lines it had not reached yet at the depth before, as
    // Stockfish's does.
    void check_multipv(const Search& s) {
        const std::int64_t wanted = std::min<std::int64_t>(multiPv_, std::int64_t(MoveList<LEGAL>(root_).size()));
        std::vector<std::vector<const Info*>> blocks;
        for (const Info& i : s.infos) {
            if (i.pv.empty() || i.bound) continue;
            REQUIRE((i.depth && i.multipv));
            if (*i.multipv == 1) blocks.emplace_back();
            REQUIRE_MESSAGE(!blocks.empty(), "a block that does not start with multipv 1");
            blocks.back().push_back(&i);
        }
        std::int64_t lastDepth = 0;
        for (const auto& block : blocks) {
            REQUIRE(std::int64_t(block.size()) == wanted);
            std::int64_t depth = 0;
            for (const Info* i : block) depth = std::max(depth, *i->depth);
            CHECK(depth >= lastDepth);
            lastDepth = depth;
            for (std::size_t k = 0; k < block.size(); ++k) {
                CHECK(*block[k]->multipv == std::int64_t(k + 1));
                CHECK(*block[k]->depth >= depth - 1);
            }
        }
    }
};

std::int64_t last_depth(const Search& s) { return s.infos.empty() ? -1 : s.infos.back().depth.value_or(-1); }

const Info& last_line(const Search& s, std::int64_t multipv) {
    const auto it = std::find_if(s.infos.rbegin(), s.infos.rend(), [&](const Info& i) { return i.multipv == multipv; });
    REQUIRE(it != s.infos.rend());
    return *it;
}

} // namespace

TEST_SUITE("clients") {

TEST_CASE("a whole GUI session reads line by line under the strict UCI grammar") {
    StrictClient gui;
    gui.handshake();
    for (const char* name : {"Hash", "Threads", "MultiPV", "UCI_ShowWDL", "Ponder", "UCI_Chess960", "Move Overhead"})
        CHECK_MESSAGE(gui.option(name), "no option " << name);
    gui.set_option("Hash", "32");
    gui.set_option("Threads", "2");
    gui.set_option("MultiPV", "3");
    gui.set_option("UCI_ShowWDL", "true");
    gui.set_option("Ponder", "true");
    gui.sync();
    gui.send("ucinewgame");
    gui.sync();

    // A game as a GUI sends it: the whole move list every time, each kind of go.
    std::vector<std::string> game{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5"};
    gui.position(StartFen, game);
    CHECK(last_depth(gui.search("go depth 8")) == 8);
    game.push_back("a7a6");
    gui.position(StartFen, game);
    gui.search("go movetime 300");
    for (const char* m : {"b5a4", "g8f6", "e1g1"}) game.push_back(m);
    gui.position(StartFen, game);
    gui.search("go wtime 3000 btime 3000 winc 30 binc 30");

    gui.position(StartFen, {"e2e4", "c7c5"});
    gui.search("go infinite", "stop");
    // The GUI plays its move and the reply it expects, and lets the engine think on it.
    gui.position(StartFen, {"e2e4", "c7c5", "g1f3", "d7d6"});
    gui.search("go ponder wtime 2000 btime 2000 winc 20 binc 20", "ponderhit");

    gui.set_option("UCI_Chess960", "true");
    gui.send("ucinewgame");
    gui.sync();
    // Both kings can castle long at once (king and rook only change places), so
    // the lines are full of king-takes-rook castling, which play() reads strictly.
    gui.position("bbrkqnrn/pppppppp/8/8/8/8/PPPPPPPP/BBRKQNRN w GCgc - 0 1", {"d2d4", "d7d5", "d1c1"});
    gui.search("go depth 7");
    gui.set_option("UCI_Chess960", "false");
    gui.send("ucinewgame");
    gui.sync();

    gui.position("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    const Search mateInOne = gui.search("go depth 6");
    Position after = gui.root();
    REQUIRE(play(after, mateInOne.best));
    CHECK(laws::is_checkmate(after));
    CHECK(last_line(mateInOne, 1).mate == std::optional<std::int64_t>(1));

    gui.position("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    const Search mated = gui.search("go depth 6");
    CHECK(mated.best == "0000");
    REQUIRE(mated.infos.size() == 1);
    CHECK(mated.infos.front().mate == std::optional<std::int64_t>(0));

    CHECK(gui.quit() == 0);
}

TEST_CASE("the strict grammar refuses what a strict client refuses") {
    CHECK(parse_info(
        "info depth 3 seldepth 5 multipv 1 score cp -12 wdl 46 890 64 nodes 61 nps 61000 hashfull 0 time 0 pv d7d5 e4d5"));
    CHECK(parse_info("info string anything at all, even depth x"));
    CHECK(parse_info("info depth 9 score mate -3 upperbound currmove e7e8q currmovenumber 4"));
    for (const char* bad :
         {"info", "info depth", "info depth 3.5", "info depth -1", "info depth 3 depth 4", "info score 12", "info score cp",
          "info score cp 1e3", "info wdl 500 500", "info hashfull 1001", "info pv", "info pv e2e4 O-O", "info pv e7e8Q",
          "info currmove e1", "info multipv 0", "info refutation e2e4", "info nodes 12k"}) {
        CAPTURE(std::string(bad));
        CHECK_FALSE(parse_info(bad));
    }
    CHECK(parse_option("option name Move Overhead type spin default 10 min 0 max 5000"));
    CHECK(parse_option("option name Style type combo default Normal var Solid var Normal var Risky"));
    CHECK(parse_option("option name Clear Hash type button"));
    CHECK(parse_option("option name EvalFile type string default <empty>"));
    for (const char* bad : {"option name Hash type spin default 16 min 1", "option name Hash type spin default 0 min 1 max 8",
                            "option name Ponder type check default maybe", "option name Clear Hash type button default x",
                            "option name Style type combo default Wild var Solid", "option name X type text default y",
                            "option type check default true", "option name P type check default true min 0"}) {
        CAPTURE(std::string(bad));
        CHECK_FALSE(parse_option(bad));
    }
}

} // TEST_SUITE
