// Positions shared by several test files.
#pragma once

namespace jadoube::test {

// The Chess Programming Wiki's six perft positions: the start, kiwipete (castling,
// en passant, pins), a rook ending with en passant checks, underpromotions on both
// sides (Black to move), promotions with castling, and a middlegame one ply after
// a promotion.
inline constexpr const char* CpwPerftFens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
};
inline constexpr const char* Kiwipete = CpwPerftFens[1];

} // namespace jadoube::test
