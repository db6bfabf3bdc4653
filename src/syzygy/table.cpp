// One table file: its header parsed and its values decoded. The decoding follows
// Ronald de Man's probing code (tbcore.c: setup_pairs, decompress_pairs): the pair
// symbols' run lengths, the canonical Huffman bases, the index points and the block
// stepping by the per-block counts; the bounds checks on a damaged file are ours.
#include "syzygy/table.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "board/bitboard.h"

namespace jadoube::syzygy {

namespace {

constexpr std::uint8_t WdlMagic[4] = {0x71, 0xE8, 0x23, 0x5D};
constexpr std::uint8_t DtzMagic[4] = {0xD7, 0x66, 0x0C, 0xA5};
// A file is a whole number of 64-byte lines plus a 16-byte checksum.
constexpr std::size_t LineBytes = 64, ChecksumBytes = 16;
// Codes are read 32 bits at a time from a 64-bit buffer: no code may be longer.
constexpr int MaxCodeLength = 32;

// Header flags.
constexpr std::uint8_t SplitFlag = 1, PawnsFlag = 2;           // byte 4 of the file
constexpr std::uint8_t SingleValueFlag = 0x80;                 // a stream's first byte
constexpr std::uint8_t DtzMappedFlag = 2, DtzWideMapFlag = 16; // a DTZ stream's flags
// DTZ values are stored halved (in moves) unless the flag for the class is set.
constexpr std::uint8_t DtzWinPliesFlag = 4, DtzLossPliesFlag = 8;

std::uint16_t u16(const std::uint8_t* p) {
    std::uint16_t v;
    std::memcpy(&v, p, 2);
    return v; // little-endian, as this machine
}
std::uint32_t u32(const std::uint8_t* p) {
    std::uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
}
std::uint32_t be32(const std::uint8_t* p) { return std::byteswap(u32(p)); }
std::uint64_t be64(const std::uint8_t* p) {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    return std::byteswap(v);
}

constexpr int nibble_shift(PieceType pt, Color c) { return 4 * (pt - 1) + 24 * c; }

constexpr char PieceLetters[] = "PNBRQK";

// How many lead pieces a pawnless table places together: three when at least
// three kinds of piece occur once (kings included), else the two kings.
int lead_pieces(MaterialKey key) {
    int unique = 0;
    for (int shift = 0; shift < 48; shift += 4) unique += ((key >> shift) & 15) == 1;
    return unique >= 3 ? 3 : 2;
}

} // namespace

MaterialKey material_key(const Position& pos) {
    MaterialKey k = 0;
    for (Color c : {WHITE, BLACK})
        for (PieceType pt = PAWN; pt <= KING; pt = PieceType(pt + 1))
            k += MaterialKey(popcount(pos.pieces(c, pt))) << nibble_shift(pt, c);
    return k;
}

std::optional<MaterialKey> material_key(std::string_view name) {
    const std::size_t v = name.find('v');
    if (v == std::string_view::npos || name.size() > std::size_t(MaxMen + 1)) return std::nullopt;
    MaterialKey k = 0;
    for (std::size_t i = 0; i < name.size(); ++i) {
        if (i == v) continue;
        const char* letter = std::strchr(PieceLetters, name[i]);
        if (!letter || !*letter) return std::nullopt;
        const Color c = i < v ? WHITE : BLACK;
        k += MaterialKey(1) << nibble_shift(PieceType(letter - PieceLetters + 1), c);
    }
    for (Color c : {WHITE, BLACK})
        if (((k >> nibble_shift(KING, c)) & 15) != 1) return std::nullopt;
    return k;
}

MaterialKey mirrored(MaterialKey key) { return (key >> 24) | ((key & 0xFFFFFF) << 24); }

int men(MaterialKey key) {
    int n = 0;
    for (int shift = 0; shift < 48; shift += 4) n += int((key >> shift) & 15);
    return n;
}

// The header is read with a cursor that refuses to step past the file's end.
namespace {

struct Cursor {
    const std::uint8_t* begin;
    const std::uint8_t* p;
    const std::uint8_t* end;
    bool ok = true;
    bool need(std::size_t n) {
        ok = ok && std::size_t(end - p) >= n;
        return ok;
    }
    void skip(std::size_t n) {
        if (need(n)) p += n;
    }
    void align(std::size_t to) {
        const std::size_t off = std::size_t(p - begin), pad = (to - off % to) % to;
        skip(pad);
    }
};

// Piece order and factors of one side of one group, from its header bytes: the
// order byte (which of the groups comes where in the index) and the piece list.
void read_layout(Layout& L, int men, int leadCount, int otherPawns, int order, int order2, int pawnGroup, bool hasPawns) {
    L.group.fill(0);
    L.group[0] = std::uint8_t(leadCount);
    if (otherPawns) L.group[std::size_t(leadCount)] = std::uint8_t(otherPawns);
    for (int i = leadCount + otherPawns; i < men;) {
        for (int j = i; j < men && L.pieces[std::size_t(j)] == L.pieces[std::size_t(i)]; ++j) ++L.group[std::size_t(i)];
        i += L.group[std::size_t(i)];
    }
    const Maps& m = TheMaps;
    std::uint64_t f = 1;
    if (!hasPawns) {
        int free = 64 - leadCount;
        for (int i = leadCount, k = 0; i < men || k == order; ++k) {
            if (k == order) {
                L.factor[0] = f;
                f *= leadCount == 3 ? ThreeLeadPlacements : KingPairPlacements;
            } else {
                L.factor[std::size_t(i)] = f;
                f *= binomial(free, L.group[std::size_t(i)]);
                free -= L.group[std::size_t(i)];
                i += L.group[std::size_t(i)];
            }
        }
    } else {
        int i = leadCount + (order2 < 15 ? otherPawns : 0);
        int free = 64 - i;
        for (int k = 0; i < men || k == order || k == order2; ++k) {
            if (k == order) {
                L.factor[0] = f;
                f *= m.pawnFactor[std::size_t(leadCount - 1)][std::size_t(pawnGroup)];
            } else if (k == order2) {
                L.factor[std::size_t(leadCount)] = f;
                f *= binomial(48 - leadCount, otherPawns);
            } else {
                L.factor[std::size_t(i)] = f;
                f *= binomial(free, L.group[std::size_t(i)]);
                free -= L.group[std::size_t(i)];
                i += L.group[std::size_t(i)];
            }
        }
    }
    L.size = f;
}

// A stream's header: either one value for every position, or the Huffman code
// (code lengths, lowest symbol per length) and the symbol pairs.
bool read_stream(Stream& s, Cursor& c, std::uint64_t tableSize) {
    if (!c.need(2)) return false;
    s.flags = c.p[0];
    if (s.flags & SingleValueFlag) {
        s.singleValue = true;
        s.value = c.p[1];
        c.skip(2);
        return true;
    }
    if (!c.need(12)) return false;
    s.blockBits = c.p[1];
    s.indexBits = c.p[2];
    s.dataBlocks = u32(c.p + 4);
    s.blocks = s.dataBlocks + c.p[3];
    s.maxLength = c.p[8];
    s.minLength = c.p[9];
    if (s.blockBits < 3 || s.blockBits > 30 || s.indexBits < 1 || s.indexBits > 40 || s.minLength < 1 || s.maxLength < s.minLength
        || s.maxLength > MaxCodeLength)
        return false;
    const int lengths = s.maxLength - s.minLength + 1;
    c.skip(10);
    if (!c.need(std::size_t(2 * lengths + 2))) return false;
    s.lowestSymbol = c.p;
    s.symbolCount = u16(c.p + 2 * lengths);
    c.skip(std::size_t(2 * lengths + 2));
    s.symbols = c.p;
    c.skip(std::size_t(3 * s.symbolCount + (s.symbolCount & 1)));
    if (!c.ok || s.symbolCount == 0) return false;
    s.indices = (tableSize + (std::uint64_t(1) << s.indexBits) - 1) >> s.indexBits;

    // Each symbol is a value or a pair of earlier symbols; the run it stands for
    // is computed once. A pair that refers to itself is a damaged file.
    s.runLength.assign(std::size_t(s.symbolCount), 0);
    std::vector<std::uint8_t> state(std::size_t(s.symbolCount), 0); // 0 new, 1 open, 2 done
    std::vector<int> stack;
    for (int root = 0; root < s.symbolCount; ++root) {
        if (state[std::size_t(root)] == 2) continue;
        stack.push_back(root);
        while (!stack.empty()) {
            const int sym = stack.back();
            const std::uint8_t* w = s.symbols + 3 * sym;
            const int left = ((w[1] & 0xF) << 8) | w[0], right = (w[2] << 4) | (w[1] >> 4);
            if (right == 0xFFF) {
                s.runLength[std::size_t(sym)] = 0;
                state[std::size_t(sym)] = 2;
                stack.pop_back();
                continue;
            }
            if (left >= s.symbolCount || right >= s.symbolCount) return false;
            state[std::size_t(sym)] = 1;
            bool pending = false;
            for (int child : {left, right}) {
                if (state[std::size_t(child)] == 1) return false;
                if (state[std::size_t(child)] == 0) stack.push_back(child), pending = true;
            }
            if (pending) continue;
            const int run = s.runLength[std::size_t(left)] + s.runLength[std::size_t(right)] + 1;
            if (run > 255) return false;
            s.runLength[std::size_t(sym)] = std::uint8_t(run);
            state[std::size_t(sym)] = 2;
            stack.pop_back();
        }
    }

    // Canonical Huffman: the smallest code of each length, left-aligned in 64 bits.
    s.base.assign(std::size_t(lengths), 0);
    for (int i = lengths - 2; i >= 0; --i)
        s.base[std::size_t(i)] = (s.base[std::size_t(i) + 1] + u16(s.lowestSymbol + 2 * i) - u16(s.lowestSymbol + 2 * i + 2)) / 2;
    for (int i = 0; i < lengths; ++i) s.base[std::size_t(i)] <<= 64 - (s.minLength + i);
    return true;
}

} // namespace

std::expected<Table, std::string> Table::open(const std::string& path, Kind kind) {
    Table t;
    t.path_ = path;
    t.kind_ = kind;
    t.file_ = std::make_unique<MappedFile>();
    if (auto ok = t.file_->open(path); !ok) return std::unexpected(ok.error());
    if (auto ok = t.parse(); !ok) return std::unexpected(path + ": " + ok.error());
    return t;
}

std::expected<void, std::string> Table::parse() {
    const std::uint8_t* data = file_->data();
    const std::size_t size = file_->size();
    if (size < LineBytes + ChecksumBytes || size % LineBytes != ChecksumBytes)
        return std::unexpected("not a Syzygy table: " + std::to_string(size) + " bytes is not 64n + 16");
    if (std::memcmp(data, kind_ == Kind::Wdl ? WdlMagic : DtzMagic, 4) != 0)
        return std::unexpected(std::string("not a Syzygy ") + (kind_ == Kind::Wdl ? "WDL" : "DTZ") + " table: wrong magic bytes");

    // The material comes from the file's name; the header must agree with it.
    const std::string name = [&] {
        std::string base = path_.substr(path_.find_last_of('/') + 1);
        return base.substr(0, base.find('.'));
    }();
    const std::optional<MaterialKey> named = material_key(name);
    if (!named) return std::unexpected("the name " + name + " is not a material such as KQvKR");
    men_ = men(*named);
    const int whitePawns = int(*named & 15), blackPawns = int((*named >> 24) & 15);
    hasPawns_ = whitePawns + blackPawns > 0;
    if (bool(data[4] & PawnsFlag) != hasPawns_) return std::unexpected("the header's pawn flag contradicts the name");
    // The lead pawns are the side with fewer (but some); the other side's follow.
    if (blackPawns > 0 && (whitePawns == 0 || blackPawns < whitePawns)) pawns_ = {blackPawns, whitePawns};
    else pawns_ = {whitePawns, blackPawns};
    symmetric_ = *named == mirrored(*named);
    const bool split = data[4] & SplitFlag;
    const int sides = kind_ == Kind::Wdl && split ? 2 : 1;
    const int groups = hasPawns_ ? 4 : 1;
    if (kind_ == Kind::Wdl && !split && !symmetric_)
        return std::unexpected("a one-sided WDL table for material that is not symmetric");

    Cursor c{data, data + 5, data + size};
    const int leadCount = hasPawns_ ? pawns_[0] : lead_pieces(*named);
    const int otherPawns = hasPawns_ ? pawns_[1] : 0;
    const int orderBytes = hasPawns_ && otherPawns ? 2 : 1;
    for (int g = 0; g < groups; ++g) {
        if (!c.need(std::size_t(orderBytes + men_)))
            return std::unexpected("truncated: the header runs past the end of the file");
        for (int side = 0; side < sides; ++side) {
            const int shift = 4 * side;
            Layout& L = layout_[std::size_t(g)][std::size_t(side)];
            for (int i = 0; i < men_; ++i) {
                const int code = (c.p[orderBytes + i] >> shift) & 15;
                if ((code & 7) == 0 || (code & 7) > KING) return std::unexpected("a piece code out of range");
                L.pieces[std::size_t(i)] = std::uint8_t(code);
            }
            const int order = (c.p[0] >> shift) & 15;
            const int order2 = orderBytes == 2 ? (c.p[1] >> shift) & 15 : 15;
            read_layout(L, men_, leadCount, otherPawns, order, order2, g, hasPawns_);
        }
        c.skip(std::size_t(orderBytes + men_));
    }
    c.align(2);

    // The table's own colours are those of its first piece list.
    key_ = 0;
    for (int i = 0; i < men_; ++i) {
        const std::uint8_t code = layout_[0][0].pieces[std::size_t(i)];
        key_ += MaterialKey(1) << nibble_shift(PieceType(code & 7), Color(code >> 3));
    }
    if (key_ != *named && key_ != mirrored(*named)) return std::unexpected("the pieces listed are not the name's");

    for (int g = 0; g < groups; ++g)
        for (int side = 0; side < sides; ++side)
            if (!read_stream(stream_[std::size_t(g)][std::size_t(side)], c, layout_[std::size_t(g)][std::size_t(side)].size))
                return std::unexpected(c.ok ? "damaged compression header"
                                            : "truncated: the header runs past the end of the file");
    if (kind_ == Kind::Dtz) {
        dtzMap_ = c.p;
        for (int g = 0; g < groups; ++g) {
            Stream& s = stream_[std::size_t(g)][0];
            if (!(s.flags & DtzMappedFlag)) continue;
            if (s.flags & DtzWideMapFlag) {
                c.align(2);
                for (auto& start : s.mapStart) {
                    if (!c.need(2)) return std::unexpected("truncated: the DTZ value map runs past the end of the file");
                    start = std::uint16_t((c.p + 2 - dtzMap_) / 2);
                    c.skip(2 + 2 * std::size_t(u16(c.p)));
                }
            } else {
                for (auto& start : s.mapStart) {
                    if (!c.need(1)) return std::unexpected("truncated: the DTZ value map runs past the end of the file");
                    start = std::uint16_t(c.p + 1 - dtzMap_);
                    c.skip(1 + std::size_t(c.p[0]));
                }
            }
        }
        c.align(2);
    }
    // Then, stream after stream, the index points, the block sizes and the blocks.
    const auto each_coded_stream = [&](auto&& place) {
        for (int g = 0; g < groups; ++g)
            for (int side = 0; side < sides; ++side)
                if (Stream& s = stream_[std::size_t(g)][std::size_t(side)]; !s.singleValue) place(s);
    };
    each_coded_stream([&](Stream& s) {
        s.indexTable = c.p;
        c.skip(6 * s.indices);
    });
    each_coded_stream([&](Stream& s) {
        s.sizeTable = c.p;
        c.skip(2 * s.blocks);
    });
    each_coded_stream([&](Stream& s) {
        c.align(LineBytes);
        s.blockData = c.p;
        c.skip(s.dataBlocks << s.blockBits);
    });
    if (!c.ok) return std::unexpected("truncated: the header describes more data than the file holds");
    return {};
}

namespace {

// The men sq[first, first + len), alike, as a combination of the squares the men
// before them leave free, counted from square `lowest` (8 for pawns).
std::uint64_t combination(std::array<int, MaxMen>& sq, int first, int len, int lowest) {
    std::sort(sq.begin() + first, sq.begin() + first + len);
    std::uint64_t s = 0;
    for (int k = first; k < first + len; ++k) {
        const int p = sq[std::size_t(k)];
        int taken = 0;
        for (int l = 0; l < first; ++l) taken += p > sq[std::size_t(l)];
        s += binomial(p - taken - lowest, k - first + 1);
    }
    return s;
}

} // namespace

Table::Lookup Table::locate(const Position& pos) const {
    // The table stores one colour as its "white": with the other colour to play
    // that role, colours swap and the board turns over (ranks mirrored).
    const Color stm = pos.side_to_move();
    const bool swap = symmetric_ ? stm == BLACK : material_key(pos) != key_;
    const int side = symmetric_ ? 0 : int((stm == BLACK) != swap);
    const int colourFlip = swap ? 8 : 0, rankFlip = swap && hasPawns_ ? 56 : 0;
    const int layoutSide = kind_ == Kind::Wdl ? side : 0;

    std::array<int, MaxMen> sq{};
    int n = 0;
    const auto collect = [&](const Layout& L) {
        while (n < men_) {
            const int code = L.pieces[std::size_t(n)] ^ colourFlip;
            Bitboard b = pos.pieces(Color(code >> 3), PieceType(code & 7));
            if (!b) break; // cannot happen with this table's material
            while (b && n < men_) sq[std::size_t(n++)] = pop_lsb(b) ^ rankFlip;
        }
    };
    const Maps& m = TheMaps;
    int g = 0;
    if (hasPawns_) {
        const int code = layout_[0][0].pieces[0] ^ colourFlip;
        Bitboard b = pos.pieces(Color(code >> 3), PieceType(code & 7));
        while (b && n < men_) sq[std::size_t(n++)] = pop_lsb(b) ^ rankFlip;
        // The lead pawn nearest the a-file edge (then the lowest rank) picks the group.
        for (int i = 1; i < pawns_[0]; ++i)
            if (m.flap[std::size_t(sq[0])] > m.flap[std::size_t(sq[std::size_t(i)])]) std::swap(sq[0], sq[std::size_t(i)]);
        g = mirror_file(sq[0] & 7);
    }
    const Layout& L = layout_[std::size_t(g)][std::size_t(layoutSide)];
    collect(L);

    // Encode (board/encoding.h): first the lead pieces, reduced by symmetry...
    std::uint64_t index;
    int i;
    const auto flip_all = [&](int mask) {
        for (int k = 0; k < men_; ++k) sq[std::size_t(k)] ^= mask;
    };
    if (!hasPawns_) {
        if (sq[0] & 4) flip_all(7);
        if (sq[0] & 32) flip_all(56);
        const int leads = L.group[0];
        int first = 0;
        while (first < men_ - 1 && off_diagonal(sq[std::size_t(first)]) == 0) ++first;
        if (first < leads && off_diagonal(sq[std::size_t(first)]) > 0)
            for (int k = 0; k < men_; ++k) sq[std::size_t(k)] = flip_diagonal(sq[std::size_t(k)]);
        if (leads == 3) {
            const int a = sq[0], b = sq[1], c = sq[2];
            const int bi = b > a, ci = (c > a) + (c > b);
            if (off_diagonal(a)) index = std::uint64_t(m.triangle[std::size_t(a)] * 63 * 62 + (b - bi) * 62 + (c - ci));
            else if (off_diagonal(b))
                index = std::uint64_t(6 * 63 * 62 + m.diagonal[std::size_t(a)] * 28 * 62 + m.lower[std::size_t(b)] * 62 + c - ci);
            else if (off_diagonal(c))
                index = std::uint64_t(6 * 63 * 62 + 4 * 28 * 62 + m.diagonal[std::size_t(a)] * 7 * 28
                                      + (m.diagonal[std::size_t(b)] - bi) * 28 + m.lower[std::size_t(c)]);
            else
                index = std::uint64_t(6 * 63 * 62 + 4 * 28 * 62 + 4 * 7 * 28 + m.diagonal[std::size_t(a)] * 7 * 6
                                      + (m.diagonal[std::size_t(b)] - bi) * 6 + (m.diagonal[std::size_t(c)] - ci));
        } else {
            index = std::uint64_t(m.kingPair[std::size_t(m.triangle[std::size_t(sq[0])])][std::size_t(sq[1])]);
        }
        index *= L.factor[0];
        i = leads;
    } else {
        if (sq[0] & 4) flip_all(7);
        const int leads = L.group[0];
        std::sort(sq.begin() + 1, sq.begin() + leads,
                  [&](int x, int y) { return m.pawnTwist[std::size_t(x)] > m.pawnTwist[std::size_t(y)]; });
        const int t = leads - 1;
        index = m.pawnIndex[std::size_t(t)][std::size_t(m.flap[std::size_t(sq[0])])];
        for (int k = t; k >= 1; --k) index += binomial(m.pawnTwist[std::size_t(sq[std::size_t(k)])], t - k + 1);
        index *= L.factor[0];
        i = leads;
        if (pawns_[1]) {
            // The other side's pawns: among the 48 pawn squares the leads leave.
            index += combination(sq, i, pawns_[1], 8) * L.factor[std::size_t(i)];
            i += pawns_[1];
        }
    }
    // ...then each group of like pieces, as a combination of the squares left.
    while (i < men_) {
        const int len = L.group[std::size_t(i)];
        index += combination(sq, i, len, 0) * L.factor[std::size_t(i)];
        i += len;
    }
    return {side, g, index};
}

int Table::decode(const Stream& s, std::uint64_t index) const {
    if (s.singleValue) return s.value;
    const std::uint8_t* const end = file_->data() + file_->size();
    const std::uint64_t point = index >> s.indexBits;
    if (point >= s.indices) return -1;
    const std::uint8_t* entry = s.indexTable + 6 * point;
    std::uint64_t block = u32(entry);
    if (block >= s.blocks) return -1; // an index point of a damaged file may name any block
    std::int64_t lit = std::int64_t(index & ((std::uint64_t(1) << s.indexBits) - 1)) - (std::int64_t(1) << (s.indexBits - 1));
    lit += u16(entry + 4);
    // The index point names a block near the value; step to the block that holds it.
    while (lit < 0) {
        if (block == 0) return -1;
        --block;
        lit += u16(s.sizeTable + 2 * block) + 1;
    }
    while (block < s.blocks && lit > u16(s.sizeTable + 2 * block)) {
        lit -= u16(s.sizeTable + 2 * block) + 1;
        ++block;
    }
    if (block >= s.dataBlocks) return -1;

    const std::uint8_t* p = s.blockData + (block << s.blockBits);
    // The decoder may read a little past its block's last code, never past the file.
    if (end - p < 8) return -1;
    std::uint64_t code = be64(p);
    p += 8;
    int spent = 0; // bits of code used since the last refill
    int sym;
    for (;;) {
        int len = s.minLength;
        while (code < s.base[std::size_t(len - s.minLength)]) ++len;
        sym = u16(s.lowestSymbol + 2 * (len - s.minLength)) + int((code - s.base[std::size_t(len - s.minLength)]) >> (64 - len));
        if (sym >= s.symbolCount) return -1;
        if (lit < s.runLength[std::size_t(sym)] + 1) break;
        lit -= s.runLength[std::size_t(sym)] + 1;
        code <<= len;
        spent += len;
        if (spent >= 32) {
            spent -= 32;
            if (end - p < 4) return -1;
            code |= std::uint64_t(be32(p)) << spent;
            p += 4;
        }
    }
    // Descend the symbol's pair tree to the value at the offset left.
    while (s.runLength[std::size_t(sym)]) {
        const std::uint8_t* w = s.symbols + 3 * sym;
        const int left = ((w[1] & 0xF) << 8) | w[0];
        if (lit < s.runLength[std::size_t(left)] + 1) sym = left;
        else {
            lit -= s.runLength[std::size_t(left)] + 1;
            sym = (w[2] << 4) | (w[1] >> 4);
        }
    }
    const std::uint8_t* w = s.symbols + 3 * sym;
    return kind_ == Kind::Wdl ? w[0] : ((w[1] & 0xF) << 8) | w[0];
}

std::optional<int> Table::wdl(const Position& pos) const {
    const Lookup at = locate(pos);
    const int v = decode(stream_[std::size_t(at.group)][std::size_t(at.side)], at.index);
    if (v < 0 || v > 4) return std::nullopt;
    return v - 2;
}

DtzRead Table::dtz(const Position& pos, int wdl) const {
    const Lookup at = locate(pos);
    const Stream& s = stream_[std::size_t(at.group)][0];
    if (!symmetric_ && (s.flags & 1) != at.side) return {DtzRead::OtherSide, 0};
    int v = decode(s, at.index);
    if (v < 0) return {DtzRead::Damaged, 0};
    if (s.flags & DtzMappedFlag) {
        // Stored values index a map per WDL class: win, loss, cursed win, blessed loss.
        static constexpr int MapOf[5] = {1, 3, 0, 2, 0};
        const std::size_t at16 = s.mapStart[std::size_t(MapOf[wdl + 2])] + std::size_t(v);
        const auto mapBytes = std::size_t(file_->data() + file_->size() - dtzMap_);
        if (s.flags & DtzWideMapFlag) {
            if (2 * at16 + 2 > mapBytes) return {DtzRead::Damaged, 0};
            v = u16(dtzMap_ + 2 * at16);
        } else {
            if (at16 + 1 > mapBytes) return {DtzRead::Damaged, 0};
            v = dtzMap_[at16];
        }
    }
    // Moves unless the table stores plies for this class; cursed classes always in moves.
    static constexpr std::uint8_t PliesFlag[5] = {DtzLossPliesFlag, 0, 0, 0, DtzWinPliesFlag};
    if (!(s.flags & PliesFlag[wdl + 2]) || (wdl & 1)) v *= 2;
    return {DtzRead::Value, v};
}

} // namespace jadoube::syzygy
