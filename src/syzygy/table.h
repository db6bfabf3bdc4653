// One Syzygy table file, WDL (.rtbw) or DTZ (.rtbz): mapped into memory, its
// header checked against the file's size, and the stored value of a position
// read back: the position's index (encoding.h) located in a block of
// Huffman-coded symbols, each of which expands to a run of values.
#pragma once

#include <array>
#include <cstdint>
#include <expected>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "board/position.h"
#include "syzygy/encoding.h"
#include "util/mapped_file.h"

namespace jadoube::syzygy {

enum class Kind : std::uint8_t { Wdl, Dtz };

// A material signature: 4 bits per piece type and colour, white's in the low half.
using MaterialKey = std::uint64_t;
MaterialKey material_key(const Position& pos);
// "KQvKR": white's men before the v. nullopt for a name that is not a table's.
std::optional<MaterialKey> material_key(std::string_view name);
MaterialKey mirrored(MaterialKey key);
int men(MaterialKey key);

// The compressed values of one side to move of one pawn-file group.
struct Stream {
    bool singleValue = false;
    int value = 0; // the single value
    int blockBits = 0, indexBits = 0, minLength = 0, maxLength = 0;
    std::uint64_t blocks = 0, dataBlocks = 0, indices = 0;
    const std::uint8_t* indexTable = nullptr; // per 2^indexBits values: u32 block, u16 offset
    const std::uint8_t* sizeTable = nullptr;  // per block: u16 values in it, less one
    const std::uint8_t* blockData = nullptr;
    const std::uint8_t* lowestSymbol = nullptr; // u16 per code length, from minLength
    const std::uint8_t* symbols = nullptr;      // 3 bytes a symbol: two 12-bit halves
    int symbolCount = 0;
    std::vector<std::uint8_t> runLength; // values a symbol stands for, less one
    std::vector<std::uint64_t> base;     // smallest left-aligned code per length
    // DTZ: flags, and where the value maps for each WDL class start.
    std::uint8_t flags = 0;
    std::array<std::uint16_t, 4> mapStart{};
};

// The order pieces are indexed in and the index's factors, for one side to move
// of one pawn-file group.
struct Layout {
    std::array<std::uint8_t, MaxMen> pieces{}; // piece codes, as in board/types.h
    std::array<std::uint8_t, MaxMen> group{};  // at a group's first piece: its length
    std::array<std::uint64_t, MaxMen> factor{};
    std::uint64_t size = 0;
};

// A DTZ table holds one side to move; a position of the other side is answered
// by a search one ply deep (tablebases.cpp).
struct DtzRead {
    enum Status : std::uint8_t { Value, OtherSide, Damaged } status;
    int value;
};

class Table {
public:
    // Maps and checks the file; the error names the file and what is wrong.
    static std::expected<Table, std::string> open(const std::string& path, Kind kind);

    MaterialKey key() const { return key_; }
    // WDL: -2 loss, -1 blessed loss, 0 draw, 1 cursed win, 2 win, for the side to
    // move, as stored (captures not resolved); nullopt where the file is damaged.
    // The position's material must be this table's.
    std::optional<int> wdl(const Position& pos) const;
    // DTZ: the stored distance in plies for the side to move, whose WDL class is wdl.
    DtzRead dtz(const Position& pos, int wdl) const;

    Table(Table&&) = default;
    Table& operator=(Table&&) = default;

private:
    Table() = default;
    std::expected<void, std::string> parse();
    // The table's side and pawn-file group for pos, and the position's index.
    struct Lookup {
        int side, group;
        std::uint64_t index;
    };
    Lookup locate(const Position& pos) const;
    int decode(const Stream& s, std::uint64_t index) const;

    std::unique_ptr<MappedFile> file_;
    std::string path_;
    Kind kind_ = Kind::Wdl;
    MaterialKey key_ = 0;
    bool symmetric_ = false, hasPawns_ = false;
    int men_ = 0;
    std::array<int, 2> pawns_{}; // lead pawns, then the other side's pawns
    // [group][side]; a pawnless table has one group, a DTZ table one side.
    std::array<std::array<Layout, 2>, 4> layout_{};
    std::array<std::array<Stream, 2>, 4> stream_{};
    const std::uint8_t* dtzMap_ = nullptr;
};

} // namespace jadoube::syzygy
