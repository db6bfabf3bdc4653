// Entry point: the UCI loop by default, or a one-shot tool named by argv[1].
#include <algorithm>
#include <iostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <tbb/global_control.h>

#include "board/position.h"
#include "uci/arbiter_cli.h"
#include "uci/datagen.h"
#include "uci/perft_report.h"
#include "uci/text.h"
#include "uci/uci.h"

namespace {

using namespace jadoube;

constexpr int ExitUsage = 2;

int usage() {
    std::cerr << "usage: jadoube                     UCI engine on stdin/stdout\n"
                 "       jadoube perft DEPTH [FEN]   move-generation count (divide), start position by default\n"
                 "       jadoube bench [DEPTH]       fixed-depth search of the bench positions: the node signature\n"
                 "       jadoube arbiter [--lang en|ru] [FILE]  touch-move rulings on a game log (stdin without FILE)\n"
                 "       jadoube datagen --output FILE (--games N | --positions N) [...]  self-play NNUE data (--help)\n";
    return ExitUsage;
}

// jadoube perft DEPTH [FEN...]: the FEN may come as one argument or as its fields.
int perft_command(const std::vector<std::string_view>& args) {
    if (args.empty()) return usage();
    const auto depth = text::parse_int(args[0]);
    if (!depth || *depth < 1 || *depth > MaxPerftDepth) {
        std::cerr << "error: perft depth must be an integer from 1 to " << MaxPerftDepth << ", got "
                  << text::quoted(args[0]) << '\n';
        return ExitUsage;
    }
    const std::string fen = args.size() > 1 ? text::join(std::span(args).subspan(1)) : std::string(Position::StartFen);
    // Standard first, so that castling prints as e1g1; Chess960 only for the
    // set-ups that standard chess cannot express (the counts are the same).
    Position pos;
    if (auto ok = pos.set(fen, false); !ok) {
        if (!pos.set(fen, true)) {
            std::cerr << "error: bad FEN " << text::quoted(fen) << ": " << ok.error() << '\n';
            return ExitUsage;
        }
    }
    std::cout << perft_report(pos, int(*depth)) << std::flush;
    return 0;
}

int dispatch(const std::vector<std::string_view>& args) {
    if (args.empty()) return jadoube::run_loop(std::cin, std::cout);
    const std::vector<std::string_view> rest(args.begin() + 1, args.end());
    if (args[0] == "perft") return perft_command(rest);
    if (args[0] == "arbiter") return arbiter_main(rest);
    if (args[0] == "datagen") return datagen_command(rest);
    if (args[0] == "bench") {
        // The same command as UCI `bench`, so both give the same signature.
        UciSession session(std::cout);
        std::string line = "bench";
        for (std::string_view a : rest) line += ' ' + std::string(a);
        session.handle_line(line);
        return 0;
    }
    return usage();
}

} // namespace

int main(int argc, char* argv[]) {
    // TBB's worker threads are not joined at exit by default: they would still be
    // running while static destructors run, and memcheck reports their stacks as
    // possibly lost. Joining them here makes every shutdown deterministic.
    tbb::task_scheduler_handle workers{tbb::attach{}};
    const int status = dispatch({argv + std::min(argc, 1), argv + argc});
    tbb::finalize(workers, std::nothrow);
    return status;
}
