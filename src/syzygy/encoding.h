// How a Syzygy table numbers its positions: the pieces' squares, reduced by the
// board's symmetries, become one index into the table (src/syzygy/README.md
// describes the scheme). Every numbering here is fixed by the file format; the
// tables are computed at compile time from their definitions, not typed in.
// They are Ronald de Man's, from his probing code (tbcore.c; AUTHORS): triangle,
// lower and flap keep his names; diagonal is his diag, pawnTwist ptwist, kingPair
// KK_idx, pawnIndex pawnidx and pawnFactor pfactor. Table::locate (table.cpp)
// encodes as his encode_piece and encode_pawn do.
#pragma once

#include <array>
#include <cstdint>
#include <utility>

#include "board/types.h"

namespace jadoube::syzygy {

inline constexpr int MaxMen = 7; // the largest tables published

// Rank minus file: zero on the a1-h8 diagonal, positive above it.
constexpr int off_diagonal(int sq) { return (sq >> 3) - (sq & 7); }
// The square mirrored in the a1-h8 diagonal.
constexpr int flip_diagonal(int sq) { return ((sq >> 3) | (sq << 3)) & 63; }
constexpr int mirror_file(int file) { return file < 4 ? file : 7 - file; }

// Binomial coefficient, 0 when k > n or n < 0.
constexpr std::uint64_t binomial(int n, int k) {
    if (k < 0 || n < 0 || k > n) return 0;
    std::uint64_t r = 1;
    for (int i = 1; i <= k; ++i) r = r * std::uint64_t(n - k + i) / std::uint64_t(i);
    return r;
}

struct Maps {
    // The lead piece of a pawnless table stands in the a1-d1-d4 triangle; its ten
    // squares are numbered b1 c1 d1 c2 d2 d3 (off the diagonal) then a1 b2 c3 d4.
    std::array<std::int8_t, 64> triangle{};
    // Squares strictly below the a1-h8 diagonal, numbered in square order (28 of
    // them), then the diagonal 28-35; squares above take their mirror's number.
    std::array<std::int8_t, 64> lower{};
    // a1-h8 diagonal 0-7, h1-a8 diagonal 8-15.
    std::array<std::int8_t, 64> diagonal{};
    // A lead pawn on files a-d, ranks 2-7: 6 * file + rank - 1 (mirrored files alike).
    std::array<std::int8_t, 64> flap{};
    // The other lead pawns: from the d/e files outwards and from rank 7 down, so
    // that pawns later in a canonical order have higher numbers.
    std::array<std::int8_t, 64> pawnTwist{};
    // The two kings of a table with no third unique piece: 462 placements, the
    // first king in the triangle; both on the diagonal come last.
    std::array<std::array<std::int16_t, 64>, 10> kingPair{};
    // Index of the lead pawns per count less one (0-4) and lead-pawn flap square,
    // and the number of placements per file group a-d.
    std::array<std::array<std::uint32_t, 24>, 5> pawnIndex{};
    std::array<std::array<std::uint32_t, 4>, 5> pawnFactor{};
};

constexpr Maps make_maps() {
    Maps m{};
    constexpr int triangleOrder[10] = {SQ_B1, SQ_C1, SQ_D1, SQ_C2, SQ_D2, SQ_D3, SQ_A1, SQ_B2, SQ_C3, SQ_D4};
    for (int sq = 0; sq < 64; ++sq) {
        int f = mirror_file(sq & 7), r = mirror_file(sq >> 3);
        if (r > f) std::swap(f, r);
        for (int i = 0; i < 10; ++i)
            if (triangleOrder[i] == 8 * r + f) m.triangle[std::size_t(sq)] = std::int8_t(i);
        const int file = sq & 7, rank = sq >> 3;
        if (file == rank) m.diagonal[std::size_t(sq)] = std::int8_t(rank);
        else if (file + rank == 7) m.diagonal[std::size_t(sq)] = std::int8_t(8 + rank);
        if (rank >= 1 && rank <= 6) {
            m.flap[std::size_t(sq)] = std::int8_t(6 * mirror_file(file) + rank - 1);
            m.pawnTwist[std::size_t(sq)] = std::int8_t(12 * (3 - mirror_file(file)) + 2 * (6 - rank) + (file < 4));
        }
    }
    int below = 0;
    for (int sq = 0; sq < 64; ++sq)
        if ((sq & 7) > (sq >> 3)) m.lower[std::size_t(sq)] = std::int8_t(below++);
    for (int sq = 0; sq < 64; ++sq) {
        if (off_diagonal(sq) == 0) m.lower[std::size_t(sq)] = std::int8_t(28 + (sq >> 3));
        else if (off_diagonal(sq) > 0) m.lower[std::size_t(sq)] = m.lower[std::size_t(flip_diagonal(sq))];
    }

    // Kings: never adjacent; with the first on the diagonal the second is not above it.
    int code = 0, bothOnDiagonal = 0;
    std::array<std::pair<int, int>, 64> deferred{};
    for (auto& row : m.kingPair) row.fill(-1);
    for (int i = 0; i < 10; ++i) {
        const int k1 = triangleOrder[i];
        for (int k2 = 0; k2 < 64; ++k2) {
            const int df = (k1 & 7) - (k2 & 7), dr = (k1 >> 3) - (k2 >> 3);
            if (df >= -1 && df <= 1 && dr >= -1 && dr <= 1) continue;
            if (off_diagonal(k1) == 0 && off_diagonal(k2) > 0) continue;
            if (off_diagonal(k1) == 0 && off_diagonal(k2) == 0) deferred[std::size_t(bothOnDiagonal++)] = {i, k2};
            else m.kingPair[std::size_t(i)][std::size_t(k2)] = std::int16_t(code++);
        }
    }
    for (int d = 0; d < bothOnDiagonal; ++d)
        m.kingPair[std::size_t(deferred[std::size_t(d)].first)][std::size_t(deferred[std::size_t(d)].second)] = std::int16_t(
            code++);

    for (int leads = 0; leads < 5; ++leads)
        for (int j = 0, sum = 0; j < 24; ++j) {
            if (j % 6 == 0) sum = 0;
            m.pawnIndex[std::size_t(leads)][std::size_t(j)] = std::uint32_t(sum);
            const int sq = 8 * (j % 6 + 1) + j / 6;
            sum += leads == 0 ? 1 : int(binomial(m.pawnTwist[std::size_t(sq)], leads));
            if (j % 6 == 5) m.pawnFactor[std::size_t(leads)][std::size_t(j / 6)] = std::uint32_t(sum);
        }
    return m;
}

inline constexpr Maps TheMaps = make_maps();
static_assert(TheMaps.kingPair[6][SQ_C3] == 441 && TheMaps.kingPair[9][SQ_H8] == 461, "462 king pairs, diagonal last");
static_assert(TheMaps.triangle[SQ_E4] == 9 && TheMaps.lower[SQ_H8] == 35 && TheMaps.pawnTwist[SQ_A2] == 47);

// Placements of the three unique lead pieces (enc 111) and of the two kings (enc K2).
inline constexpr std::uint64_t ThreeLeadPlacements = 31332;
inline constexpr std::uint64_t KingPairPlacements = 462;

} // namespace jadoube::syzygy
