#include "cli/commands.h"

#include <iostream>
#include <optional>
#include <string>

#include "board/perft.h"
#include "board/position.h"
#include "cli/arbiter.h"
#include "cli/datagen.h"
#include "engine/bench.h"
#include "engine/engine.h"
#include "eval/nnue_kernels.h"
#include "notation/perft_report.h"
#include "search/limits.h" // MaxThreads
#include "uci/bench_text.h"
#include "uci/session.h"
#include "util/exit_code.h"
#include "util/text.h"
#include "util/version.h"

namespace jadoube {

namespace {

using Args = std::span<const std::string_view>;

constexpr const char* Usage =
    "usage: jadoube                     UCI engine on stdin/stdout\n"
    "       jadoube perft [--threads N] [--hash MB] DEPTH [FEN]\n"
    "                                   move-generation count (divide), start position by default;\n"
    "                                   --hash MB: hashed perft with a table of MB MiB (the same counts)\n"
    "       jadoube bench [DEPTH [THREADS [HASH]]]  fixed-depth search of the bench positions: the node signature\n"
    "                                   (defaults 13, 1 thread, 16 MiB); more threads or MiB: time to depth\n"
    "       jadoube bench --fens        the bench positions, one FEN a line\n"
    "       jadoube arbiter [--lang en|ru] [FILE]  touch-move rulings on a game log (stdin without FILE)\n"
    "       jadoube datagen --output FILE (--games N | --positions N) [...]  self-play NNUE data (--help)\n"
    "       jadoube --version | --help\n";

// A wrong command line: the usage on stderr.
int usage() {
    std::cerr << Usage;
    return ExitUsage;
}

// jadoube perft [--threads N] [--hash MB] DEPTH [FEN...]: the FEN may come as one
// argument or as its fields.
int perft_command(Args args) {
    int threads = 1;
    std::size_t hashMiB = 0;
    while (args.size() >= 2 && (args[0] == "--threads" || args[0] == "--hash")) {
        const bool isThreads = args[0] == "--threads";
        const std::int64_t most = isThreads ? MaxThreads : MaxPerftHashMiB;
        const auto n = text::parse_int(args[1]);
        if (!n || *n < 1 || *n > most) {
            std::cerr << "error: perft " << args[0] << " must be an integer from 1 to " << most << ", got "
                      << text::quoted(args[1]) << '\n';
            return ExitUsage;
        }
        if (isThreads) threads = int(*n);
        else hashMiB = std::size_t(*n);
        args = args.subspan(2);
    }
    if (args.empty()) return usage();
    const auto depth = text::parse_int(args[0]);
    if (!depth || *depth < 1 || *depth > MaxPerftDepth) {
        std::cerr << "error: perft depth must be an integer from 1 to " << MaxPerftDepth << ", got " << text::quoted(args[0])
                  << '\n';
        return ExitUsage;
    }
    const std::string fen = args.size() > 1 ? text::join(args.subspan(1)) : std::string(Position::StartFen);
    // Standard first, so that castling prints as e1g1; Chess960 only for the
    // set-ups that standard chess cannot express (the counts are the same).
    Position pos;
    if (auto ok = pos.set(fen, false); !ok) {
        if (!pos.set(fen, true)) {
            std::cerr << "error: bad FEN " << text::quoted(fen) << ": " << ok.error() << '\n';
            return ExitUsage;
        }
    }
    // Perft counts Article 3's moves in any position the board takes, reachable or
    // not. The board core counts them directly: no Engine (search threads, hash
    // table, net), whose start-up was two thirds of a short perft's time.
    std::optional<PerftTable> table;
    if (hashMiB > 0) {
        auto made = PerftTable::create(hashMiB);
        if (!made) {
            std::cerr << "error: " << made.error() << '\n';
            return ExitFailure;
        }
        table = std::move(*made);
    }
    const auto splits = perft_divide(pos, int(*depth), threads, table ? &*table : nullptr);
    std::cout << perft_report(pos, splits) << std::flush;
    return ExitOk;
}

// jadoube bench [DEPTH [THREADS [HASH]]] | --fens: the same run as UCI `bench`.
int bench_command(Args args) {
    if (args.size() == 1 && args[0] == "--fens") {
        for (std::string_view fen : BenchPositions) std::cout << fen << '\n';
        std::cout << std::flush;
        return ExitOk;
    }
    const auto config = parse_bench_args(args);
    if (!config) {
        std::cerr << "error: " << config.error() << '\n';
        return ExitUsage;
    }
    const auto result = run_bench(*config, [](std::size_t i, std::uint64_t nodes) {
        std::cout << bench_position_line(i, nodes) << std::flush;
    });
    if (!result) {
        std::cerr << "error: " << result.error() << '\n';
        return ExitFailure;
    }
    std::cout << bench_summary(*result) << std::flush;
    return ExitOk;
}

} // namespace

bool command_may_search(Args args) { return args.empty() || args[0] != "perft"; }

int run_command_line(Args args) {
    if (args.empty()) return run_loop(std::cin, std::cout);
    const Args rest = args.subspan(1);
    if (args[0] == "perft") return perft_command(rest);
    if (args[0] == "bench") return bench_command(rest);
    if (args[0] == "arbiter") return arbiter_main(rest);
    if (args[0] == "datagen") return datagen_command(rest);
    if (args.size() == 1 && (args[0] == "--version" || args[0] == "-v")) {
        std::cout << version::describe(nnue::kernels_description()) << '\n';
        return ExitOk;
    }
    if (args.size() == 1 && (args[0] == "--help" || args[0] == "-h")) {
        std::cout << Usage;
        return ExitOk;
    }
    return usage();
}

} // namespace jadoube
