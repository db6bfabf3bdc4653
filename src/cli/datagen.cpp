#include "cli/datagen.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <unistd.h>

#include "datagen/book.h"
#include "datagen/datagen.h"
#include "eval/evaluate.h"
#include "util/exit_code.h"
#include "util/text.h"

namespace jadoube {

namespace {

void usage() {
    std::cerr << "usage: jadoube datagen --output FILE (--games N | --positions N) [options]\n"
                 "       jadoube datagen --openings-only --output FILE --games N [options]\n"
                 "  --threads N          games played in parallel, 1 search thread each (default 1)\n"
                 "  --nodes N            node limit per move (default 8000)\n"
                 "  --book FILE          openings from an .epd or .pgn book (default: the start position)\n"
                 "  --chess960           without --book: a random Chess960 start array instead\n"
                 "  --openings-only      write each game's verified opening (EPD, one a line), play no game:\n"
                 "                       an opening book (bench/books/); --games counts the openings\n"
                 "  --random-plies N     N or N+1 random plies after the opening (default 8; 0 with --book)\n"
                 "  --seed N             games are a function of (seed, game number) (default 1)\n"
                 "  --hash MIB           hash table per game thread (default 16)\n"
                 "  --eval hce|nnue      the evaluation the games are played with (default hce)\n"
                 "  --eval-file FILE     a net for --eval nnue (default: the embedded one)\n"
                 "  --verify-nodes N     nodes of the opening check search (default 20000)\n"
                 "  --opening-limit CP   drop openings scoring beyond +-CP (default 300)\n"
                 "  --win-score CP       adjudicate a win after --win-plies plies beyond +-CP (default 1500)\n"
                 "  --win-plies N        (default 4)\n"
                 "  --draw-score CP      adjudicate a draw after --draw-plies plies within +-CP (default 10)\n"
                 "  --draw-plies N       (default 10)\n"
                 "  --draw-min-ply N     ... once the game ply is at least N (default 80)\n"
                 "  --max-plies N        a game this long is a draw (default 800)\n"
                 "  --overwrite          replace an existing output file\n"
                 "Writes FILE (format: nnue/README.md, or EPD) and FILE.meta; progress on stderr.\n";
}

std::string duration(double s) {
    if (s < 0 || s > 1e8) return "?";
    const long t = long(s + 0.5);
    char buf[32];
    if (t >= 3600) std::snprintf(buf, sizeof buf, "%ldh%02ldm", t / 3600, t / 60 % 60);
    else std::snprintf(buf, sizeof buf, "%ldm%02lds", t / 60, t % 60);
    return buf;
}

std::string progress_line(const datagen::Stats& s, const datagen::Config& c) {
    char buf[256];
    if (c.openingsOnly) {
        std::snprintf(buf, sizeof buf, "datagen: %llu openings, %llu dropped by the opening check, %.2f Mnps",
                      (unsigned long long)s.games, (unsigned long long)s.openingsDropped,
                      s.seconds > 0 ? double(s.nodes) / s.seconds / 1e6 : 0.0);
        return buf;
    }
    const double rate = s.seconds > 0 ? double(s.positions) / s.seconds : 0;
    double eta = -1;
    if (c.positions && rate > 0) eta = double(c.positions > s.positions ? c.positions - s.positions : 0) / rate;
    else if (c.games && s.games > 0) eta = double(c.games > s.games ? c.games - s.games : 0) * s.seconds / double(s.games);
    std::snprintf(buf, sizeof buf,
                  "datagen: %llu games, %llu positions (%llu quiet), %.0f pos/s, %.2f Mnps, +%llu =%llu -%llu, ETA %s",
                  (unsigned long long)s.games, (unsigned long long)s.positions,
                  (unsigned long long)(s.positions - s.filteredPositions), rate,
                  s.seconds > 0 ? double(s.nodes) / s.seconds / 1e6 : 0.0, (unsigned long long)s.whiteWins,
                  (unsigned long long)s.draws, (unsigned long long)s.blackWins, duration(eta).c_str());
    return buf;
}

void write_meta(const std::string& path, const std::string& commandLine, const datagen::Config& c, const std::string& bookPath,
                const datagen::Stats* s) {
    std::ofstream m(path + ".meta");
    m << "format: " << (c.openingsOnly ? "EPD openings, one a line, castling in X-FEN" : "viriformat games (nnue/README.md)")
      << '\n'
      << "command: " << commandLine << '\n'
      << "eval: " << c.eval.describe() << '\n'
      << "seed: " << c.seed;
    if (!c.openingsOnly) m << "\nnodes: " << c.nodes;
    m << "\nthreads: " << c.threads
      << "\nbook: " << (bookPath.empty() ? (c.chess960 ? "- (Chess960 start arrays)" : "-") : bookPath)
      << "\nrandom_plies: " << c.randomPlies << "\nverify_nodes: " << c.verifyNodes << "\nopening_limit: " << c.openingScoreLimit;
    if (!c.openingsOnly)
        m << "\nadjudication: win " << c.winScore << " cp x " << c.winPlies << " plies, draw " << c.drawScore << " cp x "
          << c.drawPlies << " plies from ply " << c.drawMinPly << ", max " << c.maxPlies << " plies";
    m << '\n';
    if (!s) {
        m << "status: running\n";
        return;
    }
    if (c.openingsOnly) {
        m << "status: complete\nopenings: " << s->games << "\nopenings_dropped: " << s->openingsDropped << "\nnodes: " << s->nodes
          << "\nseconds: " << s->seconds << '\n';
        return;
    }
    m << "status: complete\ngames: " << s->games << "\npositions: " << s->positions
      << "\nquiet_positions: " << s->positions - s->filteredPositions << "\nresults: +" << s->whiteWins << " =" << s->draws
      << " -" << s->blackWins << " (white's view)\nadjudicated: " << s->adjudicatedWins << " wins, " << s->adjudicatedDraws
      << " draws\nopenings_dropped: " << s->openingsDropped << "\nnodes: " << s->nodes << "\nbytes: " << s->bytes
      << "\nseconds: " << s->seconds << '\n';
}

} // namespace

int datagen_command(std::span<const std::string_view> args) {
    datagen::Config c;
    std::string bookPath, evalName = "hce", evalFile;
    bool overwrite = false, randomPliesGiven = false;
    std::string commandLine = "jadoube datagen";
    for (std::string_view a : args) commandLine += ' ' + std::string(a);

    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view key = args[i];
        if (key == "--help" || key == "-h") {
            usage();
            return ExitOk;
        }
        if (key == "--overwrite" || key == "--chess960" || key == "--openings-only") {
            bool& flag = key == "--overwrite" ? overwrite : key == "--chess960" ? c.chess960 : c.openingsOnly;
            flag = true;
            continue;
        }
        if (i + 1 >= args.size()) {
            std::cerr << "error: datagen: " << key << " needs a value\n";
            usage();
            return ExitUsage;
        }
        const std::string_view value = args[++i];
        if (key == "--output") {
            c.output = value;
            continue;
        }
        if (key == "--book") {
            bookPath = value;
            continue;
        }
        if (key == "--eval") {
            evalName = value;
            continue;
        }
        if (key == "--eval-file") {
            evalFile = value;
            continue;
        }
        const auto v = text::parse_int(value);
        struct IntOption {
            std::string_view name;
            std::int64_t min, max;
        };
        static constexpr IntOption IntOptions[] = {
            {"--threads", 1, 1024},    {"--games", 0, 1LL << 40},        {"--positions", 0, 1LL << 42},
            {"--nodes", 1, 1LL << 40}, {"--random-plies", 0, 200},       {"--seed", 0, INT64_MAX},
            {"--hash", 1, 1 << 20},    {"--verify-nodes", 1, 1LL << 40}, {"--opening-limit", 0, 32000},
            {"--win-score", 1, 32000}, {"--win-plies", 1, 1000},         {"--draw-score", 0, 32000},
            {"--draw-plies", 1, 1000}, {"--draw-min-ply", 0, 100000},    {"--max-plies", 1, 100000},
        };
        const IntOption* opt = nullptr;
        for (const IntOption& o : IntOptions)
            if (o.name == key) opt = &o;
        if (!opt) {
            std::cerr << "error: datagen: unknown option " << text::quoted(key) << '\n';
            usage();
            return ExitUsage;
        }
        if (!v || *v < opt->min || *v > opt->max) {
            std::cerr << "error: datagen: " << key << " needs an integer from " << opt->min << " to " << opt->max << ", got "
                      << text::quoted(value) << '\n';
            return ExitUsage;
        }
        const std::int64_t n = *v;
        if (key == "--threads") c.threads = int(n);
        else if (key == "--games") c.games = std::uint64_t(n);
        else if (key == "--positions") c.positions = std::uint64_t(n);
        else if (key == "--nodes") c.nodes = std::uint64_t(n);
        else if (key == "--random-plies") c.randomPlies = int(n), randomPliesGiven = true;
        else if (key == "--seed") c.seed = std::uint64_t(n);
        else if (key == "--hash") c.hashMiB = int(n);
        else if (key == "--verify-nodes") c.verifyNodes = std::uint64_t(n);
        else if (key == "--opening-limit") c.openingScoreLimit = int(n);
        else if (key == "--win-score") c.winScore = int(n);
        else if (key == "--win-plies") c.winPlies = int(n);
        else if (key == "--draw-score") c.drawScore = int(n);
        else if (key == "--draw-plies") c.drawPlies = int(n);
        else if (key == "--draw-min-ply") c.drawMinPly = int(n);
        else if (key == "--max-plies") c.maxPlies = int(n);
    }
    if (c.output.empty() || (c.games == 0 && c.positions == 0)) {
        std::cerr << "error: datagen: --output and one of --games or --positions are required\n";
        usage();
        return ExitUsage;
    }
    if (!overwrite && std::filesystem::exists(c.output)) {
        std::cerr << "error: datagen: " << c.output << " exists; pick another name or pass --overwrite\n";
        return ExitUsage;
    }
    if (c.openingsOnly && (c.games == 0 || c.positions != 0)) {
        std::cerr << "error: datagen: --openings-only counts its openings with --games\n";
        return ExitUsage;
    }
    if (c.chess960 && !bookPath.empty()) {
        std::cerr << "error: datagen: --chess960 replaces the start position; a --book brings its own\n";
        return ExitUsage;
    }
    if (evalName != "hce" && evalName != "nnue") {
        std::cerr << "error: datagen: --eval is hce or nnue, got " << text::quoted(evalName) << '\n';
        return ExitUsage;
    }
    if (!evalFile.empty()) {
        if (evalName != "nnue") {
            std::cerr << "error: datagen: --eval-file needs --eval nnue\n";
            return ExitUsage;
        }
        auto loaded = nnue::read_network_file(evalFile);
        if (!loaded) {
            std::cerr << "error: datagen: --eval-file: " << loaded.error() << '\n';
            return ExitFailure;
        }
        c.eval.net = std::move(*loaded);
    }
    c.eval.useNnue = evalName == "nnue";
    if (!bookPath.empty()) {
        auto book = load_book(bookPath);
        if (!book) {
            std::cerr << "error: datagen: " << book.error() << '\n';
            return ExitFailure;
        }
        c.book = std::move(*book);
        if (!randomPliesGiven) c.randomPlies = 0;
        std::cerr << "datagen: " << c.book.size() << " openings from " << bookPath << '\n';
    }

    write_meta(c.output, commandLine, c, bookPath, nullptr);
    const bool tty = isatty(STDERR_FILENO);
    double lastPrinted = -1e9;
    auto progress = [&](const datagen::Stats& s) {
        // A tty gets one line rewritten in place; a log a line every 10 s.
        if (tty) std::cerr << '\r' << progress_line(s, c) << "\033[K" << std::flush;
        else if (s.seconds - lastPrinted >= 10) std::cerr << progress_line(s, c) << '\n', lastPrinted = s.seconds;
    };
    const auto stats = datagen::run(c, progress);
    if (tty) std::cerr << '\r';
    if (!stats) {
        std::cerr << "error: datagen: " << stats.error() << '\n';
        return ExitFailure;
    }
    std::cerr << progress_line(*stats, c) << (tty ? "\033[K\n" : "\n");
    std::cerr << "datagen: done in " << duration(stats->seconds) << ", " << stats->bytes << " bytes written to " << c.output
              << '\n';
    write_meta(c.output, commandLine, c, bookPath, &*stats);
    return ExitOk;
}

} // namespace jadoube
