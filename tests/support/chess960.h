// Chess960 start positions by number, for tests that play from every array.
#pragma once

#include <array>
#include <string>

namespace jadoube::test {

// Chess960 start array number n (0-959), Scharnagl's numbering; n = 518 is the standard one.
inline std::string chess960_fen(int n) {
    std::array<char, 8> r{};
    auto place = [&r](int nth, char piece) { // on the nth empty square
        for (int f = 0; f < 8; ++f)
            if (!r[f] && nth-- == 0) {
                r[f] = piece;
                return;
            }
    };
    r[std::size_t(2 * (n % 4) + 1)] = 'B', n /= 4; // light-squared bishop: b, d, f or h
    r[std::size_t(2 * (n % 4))] = 'B', n /= 4;     // dark-squared bishop: a, c, e or g
    place(n % 6, 'Q'), n /= 6;
    constexpr int knights[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
    place(knights[n][1], 'N'), place(knights[n][0], 'N'); // the later one first keeps the count right
    place(0, 'R'), place(0, 'K'), place(0, 'R');
    std::string white(r.begin(), r.end()), black;
    for (char c : white) black += char(c | 0x20);
    return black + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w KQkq - 0 1";
}

} // namespace jadoube::test
