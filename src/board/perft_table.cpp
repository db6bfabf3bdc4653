#include "board/perft_table.h"

#include <cstring>

#include "util/random.h"

namespace jadoube {

std::expected<PerftTable, std::string> PerftTable::create(std::size_t sizeMiB) {
    const std::size_t count = sizeMiB * MiB / sizeof(Bucket);
    if (count == 0) return std::unexpected("perft hash must be at least 1 MiB");
    const auto raw = allocate_table(sizeMiB, 0, "perft hash");
    if (!raw) return std::unexpected("perft hash: " + raw.error());
    std::memset(*raw, 0, count * sizeof(Bucket)); // all-zero words: every entry empty (depth 0)
    PerftTable t;
    t.buckets_.reset(static_cast<Bucket*>(*raw));
    t.bucketCount_ = count;
    return t;
}

Key PerftTable::verifier(const Position& pos) {
    std::uint64_t state = std::uint64_t(pos.side_to_move()) | std::uint64_t(pos.castling_rights()) << 1
                          | std::uint64_t(pos.ep_square()) << 8;
    // The rook each right castles with: in Chess960 one placement and one set of rights
    // can belong to games whose castling rooks differ, and a table may serve several roots.
    int shift = 16;
    for (CastlingRights cr : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO}) {
        if (pos.can_castle(cr)) state |= std::uint64_t(pos.castling_rook_square(cr)) << shift;
        shift += 8;
    }
    const std::uint64_t words[] = {pos.pieces(WHITE), pos.pieces(PAWN),  pos.pieces(KNIGHT), pos.pieces(BISHOP),
                                   pos.pieces(ROOK),  pos.pieces(QUEEN), pos.pieces(KING),   state};
    std::uint64_t h = 0;
    for (std::uint64_t w : words) h = SplitMix64{h ^ w}.next();
    return h;
}

} // namespace jadoube
