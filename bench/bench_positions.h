// The fixed positions every micro-benchmark runs on, so that the figures of
// movegen, make/unmake and perft can be compared position by position.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "board/position.h"

namespace jadoube::bench {

struct BenchPosition {
    std::string_view fen;
    bool chess960;
};

inline constexpr BenchPosition Startpos{Position::StartFen, false};
// Kiwipete (CPW perft position 2): castling, en passant, promotions, pins.
inline constexpr BenchPosition Kiwipete{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false};
// CPW perft position 3: rook-and-pawn endgame, en passant discovered checks.
inline constexpr BenchPosition Cpw3{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false};
// CPW perft position 4: white king in check-heavy middle game, promotions.
inline constexpr BenchPosition Cpw4{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", false};
// A Chess960 start with castling rights written Shredder-style (UCI_Chess960).
inline constexpr BenchPosition Chess960{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true};

// The position, or exit: a benchmark on a position that did not parse measures nothing.
inline Position make_position(const BenchPosition& bp) {
    Position pos;
    if (const auto ok = pos.set(bp.fen, bp.chess960); !ok) {
        std::fprintf(stderr, "bench: bad FEN '%.*s': %s\n", int(bp.fen.size()), bp.fen.data(), ok.error().c_str());
        std::exit(1);
    }
    return pos;
}

} // namespace jadoube::bench

// Registers benchmark FUNC once per fixed position, named FUNC/<position>.
#define JADOUBE_BENCH_POSITIONS(FUNC)                                                                                            \
    BENCHMARK_CAPTURE(FUNC, startpos, ::jadoube::bench::Startpos);                                                               \
    BENCHMARK_CAPTURE(FUNC, kiwipete, ::jadoube::bench::Kiwipete);                                                               \
    BENCHMARK_CAPTURE(FUNC, cpw3, ::jadoube::bench::Cpw3);                                                                       \
    BENCHMARK_CAPTURE(FUNC, cpw4, ::jadoube::bench::Cpw4);                                                                       \
    BENCHMARK_CAPTURE(FUNC, chess960, ::jadoube::bench::Chess960)
