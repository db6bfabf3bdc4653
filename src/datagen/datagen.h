// Self-play data generation for the NNUE trainer: games at a fixed node budget per
// move, one search thread per game, several games in parallel, written whole to
// one file in the format of datagen/format.h. Typed configuration only: the
// command line is parsed in cli/datagen and books are read by datagen/book.
//
// A game: an opening (a book line, the start position or with chess960 a random
// Chess960 start array, then 8-9 uniformly random legal plies by default), a
// verification search that drops unbalanced openings, then self-play until mate, stalemate, a draw by threefold
// repetition, the fifty-move rule or insufficient material, or an adjudication:
// a win when the score stays beyond +-winScore for winPlies plies in a row (or a
// mate score is found), a draw when |score| <= drawScore for drawPlies plies
// once the game is drawMinPly plies old, or a draw at maxPlies. With openingsOnly
// the games stop after the verification search: each writes its opening as an EPD
// line instead, which makes an opening book for matches (bench/books/).
#pragma once

#include <cstdint>
#include <expected>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "board/position.h"
#include "datagen/format.h"
#include "eval/evaluate.h"

namespace jadoube::datagen {

struct Opening {
    std::string fen;
    bool chess960 = false;
};

struct Config {
    int threads = 1;
    std::uint64_t games = 0;     // stop starting games after this many (0: no limit)
    std::uint64_t positions = 0; // ... or once this many positions are written (0: no limit)
    std::uint64_t nodes = 8000;  // node limit of each move's search
    int randomPlies = 8;         // random plies after the opening: randomPlies or randomPlies + 1
    std::vector<Opening> book;   // openings picked at random; empty: the start position
    bool chess960 = false;       // without a book: a random Chess960 start array instead
    bool openingsOnly = false;   // write each game's verified opening (an EPD line), play nothing
    std::uint64_t seed = 1;
    std::string output;          // file, created (or truncated) by run()
    int hashMiB = 16;            // per game thread
    EvalSettings eval;           // what the games are played with
    // Opening check: a search of this many nodes (and at most depth 10) must score
    // within +-openingScoreLimit, or the opening is drawn again.
    std::uint64_t verifyNodes = 20000;
    int openingScoreLimit = 300;
    // Adjudication (centipawns, plies).
    int winScore = 1500, winPlies = 4;
    int drawScore = 10, drawPlies = 10, drawMinPly = 80;
    int maxPlies = 800;
};

struct Stats {
    std::uint64_t games = 0;             // with openingsOnly: openings written
    std::uint64_t positions = 0;         // written (one per move played, or per opening)
    std::uint64_t filteredPositions = 0; // of which in check / noisy best move
    std::uint64_t openingsDropped = 0;   // failed the verification search
    std::uint64_t whiteWins = 0, draws = 0, blackWins = 0;
    std::uint64_t adjudicatedWins = 0, adjudicatedDraws = 0;
    std::uint64_t nodes = 0;
    std::uint64_t bytes = 0;
    double seconds = 0;
};

// Plays games until the limits are reached and writes them to config.output.
// progress, when set, is called about once a second from the calling thread
// while games are being played. Errors: the output cannot be written, a book FEN is invalid.
std::expected<Stats, std::string> run(const Config& config, const std::function<void(const Stats&)>& progress = {});

// How a data game stands at pos, as the Laws say (laws::game_state): checkmate is
// the mating side's win; stalemate, a dead position, fivefold and seventy-five
// moves are draws, and so are the claimable draws (9.2 threefold, 9.3 fifty
// moves), which either engine would claim. nullopt while the game goes on.
std::optional<Outcome> game_over(const Position& pos);

} // namespace jadoube::datagen
