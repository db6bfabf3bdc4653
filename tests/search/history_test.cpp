// Quiet history (src/search/history.h): a quiet move's record is kept per side and per
// threat, so what the search learnt of a move that leaves an attacked square, or enters
// one, says nothing of the same move where the opponent attacks neither.
#include <doctest/doctest.h>

#include <memory>

#include "board/bitboard.h"
#include "search/history.h"

using namespace jadoube;

namespace {

std::unique_ptr<Histories> fresh() {
    auto h = std::make_unique<Histories>();
    h->clear();
    return h;
}

const Move KnightOut = Move(SQ_F3, SQ_G5); // a quiet knight move, its squares named below

} // namespace

TEST_SUITE("search") {

TEST_CASE("quiet history: a move out of a threat is recorded apart from the same move unthreatened") {
    const auto h = fresh();
    const Bitboard fromAttacked = square_bb(SQ_F3);
    history_update(h->quiet(WHITE, fromAttacked, KnightOut), 400);
    CHECK(h->quiet(WHITE, fromAttacked, KnightOut) > 0);
    CHECK(h->quiet(WHITE, Bitboard(0), KnightOut) == 0);
    CHECK(h->quiet(WHITE, square_bb(SQ_G5), KnightOut) == 0);               // into a threat instead
    CHECK(h->quiet(WHITE, fromAttacked | square_bb(SQ_G5), KnightOut) == 0); // both
    CHECK(h->quiet(BLACK, fromAttacked, KnightOut) == 0);                    // the other side's move
}

TEST_CASE("quiet history: attacks on other squares leave a move's record where it was") {
    const auto h = fresh();
    history_update(h->quiet(WHITE, Bitboard(0), KnightOut), -300);
    const Bitboard elsewhere = ~(square_bb(SQ_F3) | square_bb(SQ_G5));
    CHECK(h->quiet(WHITE, elsewhere, KnightOut) == h->quiet(WHITE, Bitboard(0), KnightOut));
    CHECK(h->quiet(WHITE, elsewhere, KnightOut) < 0);
}

} // TEST_SUITE
