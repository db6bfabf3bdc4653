// libFuzzer target: arbitrary bytes as a FEN, through the parser (Position::set_fen)
// and the 3.10.3 validator (laws::setup), in standard and Chess960 mode. Accepted
// positions must round-trip through FEN unchanged, and then a few legal moves (picked
// by the input's bytes) are played with the rules of Articles 5 and 9 asked at each.
// Built and run by scripts/fuzz (never by CMake: tests/fuzz is excluded there).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "board/movegen.h"
#include "laws/rules.h"
#include "laws/validate.h"

using namespace jadoube;

namespace {

[[noreturn]] void fail(const char* what) {
    __builtin_trap(); // libFuzzer reports and saves the input
    (void)what;
}

void exercise(std::string_view text, bool chess960, const std::uint8_t* data, std::size_t size) {
    auto parsed = laws::setup(text, chess960);
    if (!parsed) {
        const std::string& why = parsed.error().message;
        if (why.empty() || why.find('\n') != std::string::npos) fail("refusal message empty or multi-line");
        return;
    }
    Position& pos = *parsed;
    if (pos.key() != pos.compute_key() || pos.pawn_key() != pos.compute_pawn_key()) fail("key");

    // An accepted position written out reads back, accepted, as the same position.
    const std::string fen = pos.fen();
    auto again = laws::setup(fen, chess960);
    if (!again) fail("accepted position's own FEN refused");
    if (again->fen() != fen || again->key() != pos.key()) fail("FEN round trip");

    // A few moves, the rules at each.
    for (std::size_t i = 0; i < 8; ++i) {
        (void)laws::game_state(pos);
        (void)laws::draw_in_search(pos, 0);
        if (laws::repetition_count(pos) < 1) fail("repetition count");
        const MoveList<LEGAL> moves(pos);
        if (moves.size() == 0) break;
        if (count_legal(pos) != moves.size()) fail("count_legal");
        const std::uint8_t pick = size ? data[i % size] : 0;
        pos.do_move(*(moves.begin() + pick % moves.size()));
        if (pos.key() != pos.compute_key()) fail("key after move");
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 512) return 0; // a FEN is short; longer inputs only slow the search down
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    exercise(text, false, data, size);
    exercise(text, true, data, size);
    return 0;
}
