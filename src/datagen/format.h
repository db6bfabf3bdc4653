// The training-data format: viriformat (Viridithas' game format, also written by
// Stormphrax and read by bullet), so that other tools can read our data too.
//
// A file is a sequence of games. A game is
//   - its start position as a 32-byte marlinformat PackedBoard, whose wdl byte
//     holds the game's result from White's view (0 Black won, 1 draw, 2 White won);
//   - one 4-byte record per move played: u16 move, i16 search score of the
//     position before the move, in centipawns from White's point of view;
//   - a 4-byte zero terminator.
// All little-endian. Every position of the game gets the game's result as its
// WDL label. Positions are not flagged in the file: whether the side to move is
// in check or the move played (the search's best move) is a capture or a
// promotion is read off the replayed position (RecordedPosition::filtered).
// nnue/README.md has the byte-level description.
#pragma once

#include <array>
#include <cstdint>
#include <expected>
#include <functional>
#include <iosfwd>
#include <span>
#include <string>
#include <vector>

#include "board/position.h"

namespace jadoube::datagen {

// A game's result from White's point of view, as marlinformat stores it.
enum class Outcome : std::uint8_t { BlackWin = 0, Draw = 1, WhiteWin = 2 };

constexpr std::size_t PACKED_BOARD_BYTES = 32;
constexpr std::size_t MOVE_RECORD_BYTES = 4;
using PackedBoard = std::array<std::uint8_t, PACKED_BOARD_BYTES>;

// marlinformat: u64 occupancy; 32 x 4-bit pieces in square order (type 0-5 =
// pawn..king, 6 = rook that still has a castling right; +8 for Black); u8
// stm << 7 | en passant square (64 = none); u8 halfmove clock; u16 fullmove
// number; i16 score (White's view); u8 wdl; u8 extra (bit 0: Chess960).
PackedBoard pack_board(const Position& pos, int scoreWhite, Outcome outcome);
// The position (with no history) and, optionally, the wdl and score fields.
std::expected<Position, std::string> unpack_board(const PackedBoard& packed, Outcome* outcome = nullptr,
                                                  int* scoreWhite = nullptr);

// viriformat move: from (bits 0-5), to (6-11), promotion piece - knight (12-13),
// kind (14-15: 0 normal, 1 en passant, 2 castling as king-takes-rook, 3 promotion).
std::uint16_t encode_move(Move m);
Move decode_move(std::uint16_t v);

// One game being recorded.
class GameRecord {
public:
    void start(const Position& pos);
    void push(Move m, int scoreWhite);
    std::size_t plies() const { return moves_.size(); }
    // The serialised game with its result, appended to out.
    void write(std::vector<std::uint8_t>& out, Outcome outcome) const;

private:
    PackedBoard start_{};
    std::vector<std::array<std::uint8_t, MOVE_RECORD_BYTES>> moves_;
};

// One position as read back: the position before the move, the move the search
// chose there, its score (White's view) and the game's result.
struct RecordedPosition {
    const Position& pos;
    Move move;
    int scoreWhite;
    Outcome outcome;
    // Side to move in check, or the best move is a capture or a promotion: the
    // trainer skips these (their score is not a quiet evaluation).
    bool filtered;
    std::uint64_t game; // 0-based index of the game in the stream
};

struct ReadStats {
    std::uint64_t games = 0, positions = 0, filtered = 0;
};

// Replays every game of the stream and calls f for each recorded position. A
// truncated or corrupt game (an illegal move, a bad packed board) ends the read
// with an error that says which game; games before it have been delivered.
std::expected<ReadStats, std::string> read_games(std::istream& in, const std::function<void(const RecordedPosition&)>& f);

} // namespace jadoube::datagen
