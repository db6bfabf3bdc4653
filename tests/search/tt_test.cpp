// The hash table's life cycle: resize() takes the memory, prepare() writes it once
// (at `isready` or the next search), clear() empties it on request.
#include <doctest/doctest.h>

#include "search/tt.h"

using namespace jadoube;

namespace {

constexpr Key SomeKey = 0x9E3779B97F4A7C15ULL;
const Move SomeMove(SQ_E2, SQ_E4);

void store_one(TranspositionTable& tt) { tt.store(SomeKey, SomeMove, 31, 17, 9, BOUND_EXACT, true); }

} // namespace

TEST_CASE("a prepared table keeps what the searches stored: prepare() after the first does nothing") {
    TranspositionTable tt;
    tt.prepare();
    store_one(tt);
    tt.prepare(); // every later search and isready
    TTData data{};
    REQUIRE(tt.probe(SomeKey, data));
    CHECK(data.move == SomeMove);
    CHECK(data.score == 31);
    CHECK(data.eval == 17);
    CHECK(data.depth == 9);
}

TEST_CASE("a resized table is empty once prepared - and clear() empties a used one") {
    TranspositionTable tt;
    tt.prepare();
    store_one(tt);
    TTData data{};
    tt.clear();
    CHECK_FALSE(tt.probe(SomeKey, data));

    store_one(tt);
    REQUIRE(tt.resize(2));
    tt.prepare();
    CHECK_FALSE(tt.probe(SomeKey, data));
    CHECK(tt.hashfull() == 0);
}
