// The hand-crafted evaluation: material and piece-square tables (PeSTO's published
// values as the starting point), mobility, pawn structure, passed pawns, king safety
// and a few piece terms, each a midgame/endgame pair blended by game phase, then
// scaled down in known drawish endings.
#pragma once

#include <cstdint>
#include <string_view>

#include "board/position.h"

namespace jadoube::hce {

// A midgame and an endgame value packed into one 32-bit word (endgame in the high
// half, midgame in the low half, both signed 16-bit), so one addition updates both.
// Arithmetic is done on the unsigned word: wrap-around is the packing, not overflow.
class Score {
public:
    constexpr Score() = default;
    constexpr Score(int mg, int eg)
        : v_(static_cast<std::int32_t>((static_cast<std::uint32_t>(eg) << 16) + static_cast<std::uint32_t>(mg))) {}

    constexpr int mg() const { return static_cast<std::int16_t>(static_cast<std::uint16_t>(raw())); }
    constexpr int eg() const { return static_cast<std::int16_t>(static_cast<std::uint16_t>((raw() + 0x8000u) >> 16)); }

    constexpr Score operator+(Score o) const { return from_raw(raw() + o.raw()); }
    constexpr Score operator-(Score o) const { return from_raw(raw() - o.raw()); }
    constexpr Score operator-() const { return from_raw(0u - raw()); }
    constexpr Score operator*(int k) const { return from_raw(raw() * static_cast<std::uint32_t>(k)); }
    constexpr Score& operator+=(Score o) { return *this = *this + o; }
    constexpr Score& operator-=(Score o) { return *this = *this - o; }
    constexpr bool operator==(const Score&) const = default;

private:
    constexpr std::uint32_t raw() const { return static_cast<std::uint32_t>(v_); }
    static constexpr Score from_raw(std::uint32_t r) {
        Score s;
        s.v_ = static_cast<std::int32_t>(r);
        return s;
    }
    std::int32_t v_ = 0;
};

constexpr Score S(int mg, int eg) { return Score(mg, eg); }

// Game phase: knights and bishops 1, rooks 2, queens 4; 24 with all the pieces on.
constexpr int PHASE_MAX = 24;
// Scale factors for drawish endings are out of SCALE_NORMAL.
constexpr int SCALE_NORMAL = 128;

// Centipawns from the side to move's point of view, tempo included.
int evaluate(const Position& pos);

// 0 (bare kings and pawns) to PHASE_MAX (opening material or more).
int game_phase(const Position& pos);

// The terms of the evaluation, in the order `eval` lists them.
enum Term : std::uint8_t { MATERIAL, PAWNS, PASSED, MOBILITY, PIECES, KING_SAFETY, IMBALANCE, MOPUP, TERM_NB };
inline constexpr std::string_view TermNames[TERM_NB] = {
    "Material+PSQT", "Pawns", "Passed pawns", "Mobility", "Pieces", "King safety", "Bishop pair", "Mop-up",
};

// One evaluation taken apart: each term for each side, and the steps from their
// sum to the result. Filled by the same code as evaluate(), so they cannot differ.
struct Trace {
    Score terms[TERM_NB][COLOR_NB]{};
    int phase = 0;            // game_phase()
    int blended = 0;          // the terms' sum tapered by phase, White's view
    int tempo = 0;            // the side to move's bonus, White's view
    int scale = SCALE_NORMAL; // drawish endings: out of SCALE_NORMAL
    int result = 0;           // evaluate(): side to move's view
};

// For `eval` (notation/eval_report.h); not for the search, which wants evaluate().
Trace trace(const Position& pos);

} // namespace jadoube::hce
