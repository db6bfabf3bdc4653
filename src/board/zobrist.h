// Zobrist keys, generated at compile time from a fixed seed so that keys (and
// therefore hash-dependent node counts) are identical on every build.
#pragma once

#include "board/types.h"
#include "util/random.h"

namespace jadoube::zobrist {

struct Keys {
    Key psq[PIECE_NB][SQUARE_NB]{};
    Key enpassant[FILE_NB]{};
    Key castling[CASTLING_RIGHT_NB]{};
    Key side{};
};

constexpr Keys make_keys() {
    Keys k{};
    Xorshift64Star rng{1070372ULL};
    auto next = [&rng] { return rng.next(); };
    for (auto& piece : k.psq)
        for (Key& key : piece) key = next();
    for (Key& key : k.enpassant) key = next();
    // Castling keys combine per-right keys, so that losing one right is one xor.
    Key single[4] = {next(), next(), next(), next()};
    for (int cr = 0; cr < CASTLING_RIGHT_NB; ++cr)
        for (int i = 0; i < 4; ++i)
            if (cr & (1 << i)) k.castling[cr] ^= single[i];
    k.side = next();
    return k;
}

inline constexpr Keys keys = make_keys();

constexpr Key psq(Piece p, Square s) { return keys.psq[p][s]; }
constexpr Key enpassant(File f) { return keys.enpassant[f]; }
constexpr Key castling(int rights) { return keys.castling[rights]; }
constexpr Key side() { return keys.side; }

} // namespace jadoube::zobrist
