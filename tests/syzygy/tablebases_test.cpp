// The Syzygy reader against the tables in tests/data/syzygy: its values equal an
// independent reader's, agree with a search one ply deep over themselves, and a
// damaged file is refused or read safely.
#include <doctest/doctest.h>

#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include "board/movegen.h"
#include "support/files.h"
#include "support/placements.h"
#include "support/position.h"
#include "syzygy/table.h"
#include "syzygy/tablebases.h"

using namespace jadoube;
using syzygy::Tablebases;

namespace {

const Tablebases& test_tables() {
    static const Tablebases t = [] {
        Tablebases tb;
        const auto report = tb.load(test::test_data("syzygy").string());
        REQUIRE(report.size() == 1); // the summary only: nothing refused
        return tb;
    }();
    return t;
}

// Every legal placement of the men of `material` (e.g. "KPvK") with either side
// to move, every stride-th one handed to check.
template<typename Check>
long for_each_position(const std::string& material, int stride, Check check) {
    const std::vector<char> men = test::men_of(material);
    test::Placement board{};
    long seen = 0, checked = 0;
    const auto place = [&](auto& self, std::size_t i) -> void {
        if (i == men.size()) {
            for (char stm : {'w', 'b'}) {
                if (seen++ % stride) continue;
                Position pos;
                if (!pos.set(test::placement_fen(board, stm), false)) continue; // kings adjacent, side not to move in check
                check(pos);
                ++checked;
            }
            return;
        }
        for (int sq = 0; sq < 64; ++sq) {
            if (board[std::size_t(sq)] || !test::may_stand(men[i], sq)) continue;
            board[std::size_t(sq)] = men[i];
            self(self, i + 1);
            board[std::size_t(sq)] = 0;
        }
    };
    place(place, 0);
    return checked;
}

// Random legal placements of the men of `material` with either side to move: for
// 5 men, where every placement would be billions.
template<typename Check>
void for_random_positions(const std::string& material, int count, std::uint64_t seed, Check check) {
    std::mt19937_64 rng(seed);
    const std::vector<char> men = test::men_of(material);
    for (int found = 0, tries = 0; found < count; ++tries) {
        REQUIRE(tries < 100 * count); // most placements are legal: a loop here is a bug
        Position pos;
        const test::Placement board = test::random_placement(men, rng);
        if (!pos.set(test::placement_fen(board, rng() % 2 ? 'w' : 'b'), false))
            continue; // kings adjacent, side not to move in check
        check(pos);
        ++found;
    }
}

// Tally of positions checked against their moves.
struct OnePly {
    long checked = 0, wins = 0;
};

// The WDL of a position is the best of its moves' (a mated child is a loss for
// it, a capture down to fewer men that table's value): checks the reader against
// itself, where a misread value would stand out against its neighbours'.
void check_one_ply(const Tablebases& tb, Position& pos, OnePly& tally) {
    const MoveList<LEGAL> moves(pos);
    if (moves.size() == 0) return;
    const std::optional<int> wdl = tb.probe_wdl(pos);
    REQUIRE(wdl);
    int best = syzygy::Loss;
    for (const Move m : moves) {
        pos.do_move(m);
        const std::optional<int> child = tb.probe_wdl(pos);
        pos.undo_move(m);
        REQUIRE(child);
        best = std::max(best, -*child);
    }
    if (*wdl != best) FAIL_CHECK(pos.fen() << ": WDL " << *wdl << ", best move gives " << best);
    // DTZ: a win is as far from its zeroing move as the best move makes it;
    // Syzygy may round a distance up by one ply.
    if (*wdl == syzygy::Win) {
        ++tally.wins;
        const std::optional<int> dtz = tb.probe_dtz(pos);
        REQUIRE(dtz);
        int nearest = 1000;
        for (const Move m : moves) {
            const bool zeroing = !pos.empty(m.to_sq()) || type_of(pos.moved_piece(m)) == PAWN;
            pos.do_move(m);
            const std::optional<int> child = tb.probe_dtz(pos);
            const bool mate = pos.checkers() && MoveList<LEGAL>(pos).size() == 0;
            pos.undo_move(m);
            REQUIRE(child);
            if (*child < 0 && (zeroing || mate)) nearest = 1;
            else if (*child < 0) nearest = std::min(nearest, 1 - *child);
        }
        if (*dtz != nearest && *dtz != nearest - 1) FAIL_CHECK(pos.fen() << ": DTZ " << *dtz << ", the best move's " << nearest);
    }
    ++tally.checked;
}

void check_one_ply_every(const std::string& material, int stride) {
    OnePly tally;
    const long positions = for_each_position(material, stride, [&](Position& pos) { check_one_ply(test_tables(), pos, tally); });
    MESSAGE(material << ": " << tally.checked << " of " << positions << " positions with a move, " << tally.wins << " wins");
    CHECK(tally.checked > 1000);
    CHECK(tally.wins > 500);
}

} // namespace

TEST_SUITE("syzygy") {

TEST_CASE("Syzygy: WDL and DTZ equal an independent reader's on 600 positions - en passant and 5 men included") {
    const Tablebases& tb = test_tables();
    CHECK(tb.size() == 39);
    CHECK(tb.max_men() == 5);
    std::ifstream in(test::test_data("syzygy/expected.epd"));
    REQUIRE(in);
    int positions = 0, enPassant = 0, fiveMen = 0;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        const std::size_t a = line.find(" ; wdl "), b = line.find(" ; dtz ");
        REQUIRE(b != std::string::npos);
        Position pos = test::from_fen(line.substr(0, a));
        const int wantWdl = std::stoi(line.substr(a + 7)), wantDtz = std::stoi(line.substr(b + 7));
        enPassant += pos.ep_square() != SQ_NONE;
        fiveMen += popcount(pos.pieces()) == 5;
        const std::optional<int> wdl = tb.probe_wdl(pos), dtz = tb.probe_dtz(pos);
        REQUIRE(wdl);
        REQUIRE(dtz);
        CHECK_MESSAGE(*wdl == wantWdl, line);
        CHECK_MESSAGE(*dtz == wantDtz, line);
        ++positions;
    }
    CHECK(positions == 600);
    CHECK(enPassant == 100);
    CHECK(fiveMen == 100);
}

TEST_CASE("Syzygy: a win - draw or loss is the best of its moves' - and a win's DTZ its best move's plus one") {
    check_one_ply_every("KQvK", 151);
    check_one_ply_every("KRvK", 151);
    check_one_ply_every("KPvK", 97);
    check_one_ply_every("KRvKP", 12007);
}

TEST_CASE("Syzygy: the same holds for 5 men - whose moves reach the 4-man tables by captures") {
    // K+N+N v K+B is nearly always drawn; the other three give the wins.
    long wins = 0;
    for (const std::string material : {"KNNvKB", "KBBvKB", "KBNvKB", "KRNvKR"}) {
        OnePly tally;
        for_random_positions(material, 1500, 20261125, [&](Position& pos) { check_one_ply(test_tables(), pos, tally); });
        MESSAGE(material << ": " << tally.checked << " positions with a move, " << tally.wins << " wins");
        CHECK(tally.checked > 1400);
        wins += tally.wins;
    }
    CHECK(wins > 300);
}

TEST_CASE("Syzygy: no table answers where the position has castling rights - more men or a missing table") {
    const Tablebases& tb = test_tables();
    Position castling = test::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    CHECK(!tb.probe_wdl(castling));
    Position six = test::from_fen("4k3/8/8/8/8/8/8/RQ1BK2R w - - 0 1");
    CHECK(!tb.probe_wdl(six));
    Position noTable = test::from_fen("4k3/8/8/8/8/8/8/RQ2K2R w - - 0 1");
    CHECK(!tb.probe_wdl(noTable));
    Tablebases none;
    CHECK(none.load("").empty());
    Position kqk = test::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    CHECK(!none.probe_wdl(kqk));
    CHECK(none.max_men() == 0);
}

TEST_CASE("Syzygy: damaged - truncated and misnamed files are refused by name - and the rest still answer") {
    namespace fs = std::filesystem;
    const fs::path dir = test::temp_path("syzygy");
    fs::remove_all(dir);
    fs::create_directories(dir);
    const auto copy = [&](const std::string& from, const std::string& to, std::size_t keep) {
        std::vector<std::uint8_t> bytes = test::read_bytes(test::test_data("syzygy/" + from));
        if (keep < bytes.size()) bytes.resize(keep);
        std::ofstream(dir / to, std::ios::binary)
            .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    };
    copy("KPvK.rtbw", "KPvK.rtbw", SIZE_MAX);
    copy("KRvKP.rtbw", "KRvKP.rtbw", 64 * 20 + 16); // the right shape of size, cut short
    copy("KQvK.rtbw", "KQvK.rtbw", 100);            // not 64n + 16 bytes
    copy("KRvK.rtbz", "KRvK.rtbw", SIZE_MAX);       // a DTZ file under a WDL name
    copy("KRvK.rtbz", "KXvK.rtbw", SIZE_MAX);       // not a material: not a table, ignored
    Tablebases tb;
    const std::vector<std::string> report = tb.load((dir / "missing").string() + ":" + dir.string());
    std::string all;
    for (const auto& line : report) all += line + '\n';
    MESSAGE(all);
    CHECK(all.find("missing") != std::string::npos);
    CHECK(all.find("KRvKP.rtbw: truncated") != std::string::npos);
    CHECK(all.find("KQvK.rtbw: not a Syzygy table") != std::string::npos);
    CHECK(all.find("KRvK.rtbw: not a Syzygy WDL table") != std::string::npos);
    CHECK(all.find("KXvK") == std::string::npos);
    CHECK(tb.size() == 1);
    Position kpk = test::from_fen("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1");
    CHECK(tb.probe_wdl(kpk) == test_tables().probe_wdl(kpk));
    Position krk = test::from_fen("8/8/8/4k3/8/8/8/R3K3 b - - 0 1");
    CHECK(!tb.probe_wdl(krk));
    fs::remove_all(dir);
}

TEST_CASE("Syzygy: bytes changed at random in a table never make a probe read outside the file") {
    namespace fs = std::filesystem;
    const fs::path dir = test::temp_path("syzygy-flips");
    const std::vector<std::uint8_t> good = test::read_bytes(test::test_data("syzygy/KRvKP.rtbw"));
    std::vector<Position> sample;
    for_each_position("KRvKP", 4999, [&](Position& pos) { sample.push_back(pos); });
    std::mt19937_64 rng(20261125);
    constexpr int Variants = 40;
    int loaded = 0, dataLoaded = 0, answered = 0;
    for (int variant = 0; variant < Variants; ++variant) {
        fs::remove_all(dir);
        fs::create_directories(dir);
        std::vector<std::uint8_t> bytes = good;
        // Odd variants change bytes of the first line, where the header keeps the piece
        // order and the code lengths: such a table may be refused. Even ones change only
        // the second half of the file, compressed values that loading never reads (it
        // reads the header and checks the file's size against it): every one loads.
        const bool header = variant % 2;
        const int flips = 1 + int(rng() % 16);
        for (int f = 0; f < flips; ++f) {
            const std::size_t at = header ? rng() % 64 : good.size() / 2 + rng() % (good.size() - good.size() / 2);
            bytes[at] = std::uint8_t(rng());
        }
        std::ofstream(dir / "KRvKP.rtbw", std::ios::binary)
            .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
        Tablebases tb;
        const std::vector<std::string> report = tb.load(dir.string());
        CAPTURE(variant);
        REQUIRE(tb.size() <= 1);
        if (tb.size() == 0) {
            CHECK(header);
            // Refused by name: the report's first line says which file and why.
            REQUIRE(!report.empty());
            CHECK(report.front().starts_with("refused "));
            CHECK(report.front().find("KRvKP.rtbw") != std::string::npos);
            continue;
        }
        ++loaded;
        dataLoaded += !header;
        for (Position& pos : sample) answered += tb.probe_wdl(pos).has_value();
    }
    MESSAGE(loaded << " of " << Variants << " damaged tables loaded, " << answered << " probes answered");
    CHECK(dataLoaded == Variants / 2);
    fs::remove_all(dir);
}

TEST_CASE("Syzygy: four 0xFF bytes at any offset of a table never make a probe read outside the file") {
    // Every offset, not a random few: a damaged index point (the block a value is
    // in) once sent the decoder 4 GB past its table, found by tests/fuzz/syzygy_fuzz.
    namespace fs = std::filesystem;
    const fs::path dir = test::temp_path("syzygy-sweep");
    fs::remove_all(dir);
    fs::create_directories(dir);
    const fs::path file = dir / "KQvKB.rtbw";
    const std::vector<std::uint8_t> good = test::read_bytes(test::test_data("syzygy/KQvKB.rtbw"));
    std::vector<Position> sample;
    for_each_position("KQvKB", 500009, [&](Position& pos) { sample.push_back(pos); });
    std::vector<std::optional<int>> want;
    {
        const auto table = syzygy::Table::open(test::test_data("syzygy/KQvKB.rtbw").string(), syzygy::Kind::Wdl);
        REQUIRE(table);
        for (const Position& pos : sample) want.push_back(table->wdl(pos));
    }
    // A table file ends with a 16-byte checksum of the rest, which no reader reads:
    // a run wholly inside it must change nothing.
    constexpr std::size_t Run = 4, ChecksumBytes = 16;
    int opened = 0, checksumOpened = 0;
    long answered = 0, changed = 0, checksumChanged = 0;
    for (std::size_t at = 0; at + Run <= good.size(); ++at) {
        std::vector<std::uint8_t> bytes = good;
        std::fill_n(bytes.begin() + std::ptrdiff_t(at), Run, std::uint8_t(0xFF));
        std::ofstream(file, std::ios::binary | std::ios::trunc)
            .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
        const bool inChecksum = at >= good.size() - ChecksumBytes;
        auto table = syzygy::Table::open(file.string(), syzygy::Kind::Wdl);
        if (!table) continue;
        ++opened;
        checksumOpened += inChecksum;
        for (std::size_t i = 0; i < sample.size(); ++i) {
            const auto wdl = table->wdl(sample[i]);
            answered += wdl.has_value();
            changed += wdl != want[i];
            checksumChanged += inChecksum && wdl != want[i];
        }
    }
    MESSAGE(opened << " of " << good.size() - Run + 1 << " damaged tables opened, " << answered << " probes of " << sample.size()
                   << " positions each answered, " << changed << " answers changed or refused");
    // A read outside the file is seen only if it crashes the run (tests/fuzz/syzygy_fuzz
    // hunts for those); what is checked here is that the damage reached the decoder,
    // and that bytes the reader never reads change nothing.
    CHECK(changed > 0);
    CHECK(checksumOpened == int(ChecksumBytes - Run + 1));
    CHECK(checksumChanged == 0);
    fs::remove_all(dir);
}

} // TEST_SUITE
