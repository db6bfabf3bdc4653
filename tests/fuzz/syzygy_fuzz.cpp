// libFuzzer target: arbitrary bytes as a Syzygy table file. The first byte picks
// which table (material and WDL or DTZ) the bytes claim to be; the rest is the
// file, written under that name into a directory of its own and loaded through
// SyzygyPath's path (Tablebases::load) and as a single Table. A file is either
// refused, in one line naming it, or accepted; an accepted one answers every
// probe of a fixed set of legal positions of its material with a value in range
// or "damaged", never a read outside the file (ASan) or undefined behaviour.
// Seeds (tests/fuzz/corpus/syzygy): real tables of tests/data/syzygy, each with
// its selector byte in front. Built and run by scripts/fuzz.
#include <unistd.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "../support/placements.h"
#include "laws/validate.h"
#include "syzygy/table.h"
#include "syzygy/tablebases.h"

using namespace jadoube;
using namespace jadoube::syzygy;

namespace {

// The materials a file may claim to be: pawnless and with pawns, symmetric and
// not, 3 and 4 men (the selector byte's low bits pick one, bit 7 the kind).
constexpr std::array Materials = {"KQvK", "KRvK", "KPvK", "KRvKP", "KBNvK", "KPvKP", "KRvKR", "KQvKB", "KRPvK", "KBvKP"};
constexpr int PositionsPerMaterial = 64;
constexpr std::uint8_t DtzBit = 0x80;

[[noreturn]] void fail(const char* what) {
    std::fprintf(stderr, "syzygy_fuzz: %s\n", what);
    __builtin_trap(); // libFuzzer reports and saves the input
}

// Legal positions of one material, both sides to move, from a fixed pseudo-random
// placement: the same every run, so a finding reproduces.
std::vector<Position> positions_of(std::string_view material) {
    std::vector<Position> out;
    std::uint64_t state = 0x9E3779B97F4A7C15ull;
    auto next = [&state] {
        state ^= state << 13, state ^= state >> 7, state ^= state << 17;
        return state;
    };
    const std::vector<char> men = test::men_of(material);
    while (out.size() < PositionsPerMaterial) {
        const test::Placement board = test::random_placement(men, next);
        if (auto pos = laws::setup(test::placement_fen(board, next() % 2 ? 'w' : 'b'), false)) out.push_back(std::move(*pos));
    }
    return out;
}

const std::vector<Position>& probe_set(std::size_t material) {
    static std::array<std::vector<Position>, Materials.size()> sets;
    if (sets[material].empty()) sets[material] = positions_of(Materials[material]);
    return sets[material];
}

const std::filesystem::path& work_dir() {
    static const std::filesystem::path dir = [] {
        auto d = std::filesystem::temp_directory_path() / ("jadoube-syzygy-fuzz-" + std::to_string(getpid()));
        std::filesystem::create_directories(d);
        return d;
    }();
    return dir;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    const std::size_t material = (data[0] & ~DtzBit) % Materials.size();
    const Kind kind = data[0] & DtzBit ? Kind::Dtz : Kind::Wdl;
    const std::string name = std::string(Materials[material]) + (kind == Kind::Dtz ? ".rtbz" : ".rtbw");
    const std::filesystem::path file = work_dir() / name;
    {
        std::ofstream out(file, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data + 1), std::streamsize(size - 1));
    }

    // Through SyzygyPath: every line is the summary or a refusal naming the file.
    Tablebases tables;
    for (const std::string& line : tables.load(work_dir().string())) {
        if (line.empty() || line.find('\n') != std::string::npos) fail("report line empty or multi-line");
        if (!line.starts_with("Syzygy: ") && line.find(name) == std::string::npos) fail("refusal does not name the file");
    }
    for (Position pos : probe_set(material)) {
        const std::string before = pos.fen();
        if (const auto wdl = tables.probe_wdl(pos); wdl && (*wdl < Loss || *wdl > Win)) fail("WDL out of range");
        (void)tables.probe_dtz(pos); // any value: a damaged map may hold any distance
        if (pos.fen() != before) fail("probe left the position changed");
    }

    // As one table: the stored value, captures not resolved.
    if (auto table = Table::open(file.string(), kind)) {
        for (const Position& pos : probe_set(material)) {
            if (kind == Kind::Wdl) {
                if (const auto wdl = table->wdl(pos); wdl && (*wdl < Loss || *wdl > Win)) fail("stored WDL out of range");
            } else {
                for (int wdl = Loss; wdl <= Win; ++wdl)
                    if (wdl != Draw) (void)table->dtz(pos, wdl);
            }
        }
    } else if (table.error().find(name) == std::string::npos) {
        fail("Table::open's refusal does not name the file");
    }
    std::filesystem::remove(file);
    return 0;
}
