// Article 4 (touch-move): the obligation engine, clause by clause. Each case
// sets up a position, plays events as the UCI commands write them, and checks
// the article that decided and the permitted moves (in UCI notation, in the
// engine's fixed order). src/laws/README.md (section 4) is the contract.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "board/movegen.h"
#include "laws/touchmove.h"
#include "notation/move_text.h"
#include "notation/touch_text.h"
#include "util/text.h"

using namespace jadoube;

namespace {

constexpr const char* Start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr const char* Castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
constexpr const char* CastleBlack = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
constexpr const char* Pawns = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1";
constexpr const char* Promo = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
constexpr const char* PromoCapture = "r3k3/1P6/8/8/8/8/8/R3K3 w - - 0 1";
constexpr const char* EnPassant = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
constexpr const char* KingSideAttacked = "r3k2r/8/8/8/2b5/8/8/R3K2R w KQkq - 0 1"; // f1 attacked by the c4 bishop
constexpr const char* NoRights = "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1";
constexpr const char* BoxedKing = "4k3/8/8/8/8/8/3PPP2/3QKB1R w K - 0 1";  // the king cannot move
constexpr const char* Fischer = "4k3/8/8/8/8/8/8/1R3K1R w HB - 0 1";        // 960: king f1, rooks b1 h1
constexpr const char* FischerD8 = "3rk3/8/8/8/8/8/8/1R3K1R w HB - 0 1";     // 960: d1 attacked, no queen-side castling
const std::string StartMoves =
    "a2a3 a2a4 b1a3 b1c3 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e2e3 e2e4 f2f3 f2f4 g1f3 g1h3 g2g3 g2g4 h2h3 h2h4";

struct Outcome {
    std::string article;
    std::string moves;
    std::vector<std::string> errors; // one per refused event, as UCI words it
    Basis basis;
    TouchMove events;
};

// Plays a script of events ("touch e1 h1; release e1 g1; promote q") on fen.
Outcome play(std::string_view fen, std::string_view script, bool chess960 = false) {
    Position pos;
    REQUIRE(pos.set(fen, chess960));
    TouchMove t(pos);
    std::vector<std::string> errors;
    while (!script.empty()) {
        const auto semi = script.find(';');
        const std::string_view line = script.substr(0, semi);
        script = semi == std::string_view::npos ? std::string_view{} : script.substr(semi + 1);
        const auto tokens = text::split_tokens(line);
        if (tokens.empty()) continue;
        const auto event = read_board_event(tokens[0], std::span(tokens).subspan(1));
        REQUIRE_MESSAGE(event, std::string(line));
        if (auto ok = t.apply(*event); !ok) errors.push_back(render(ok.error(), Lang::En));
    }
    const Obligation ob = t.obligation();
    return {std::string(article_number(ob.article)), moves_text(ob.moves, pos), errors, ob.basis, t};
}

std::string all_moves(std::string_view fen, bool chess960 = false) {
    Position pos;
    REQUIRE(pos.set(fen, chess960));
    return moves_text(TouchMove(pos).legal_moves(), pos);
}

void expect(std::string_view fen, std::string_view script, std::string_view article, std::string_view moves,
            bool chess960 = false) {
    CAPTURE(fen);
    CAPTURE(script);
    const Outcome o = play(fen, script, chess960);
    CHECK(o.errors.empty());
    CHECK(o.article == article);
    CHECK(o.moves == moves);
}

} // namespace

TEST_SUITE("touchmove") {

// ---------------------------------------------------------------------------
// The contract's examples
// ---------------------------------------------------------------------------

TEST_CASE("contract 4.3.1 startpos touch g1: the knight's moves") { expect(Start, "touch g1", "4.3.1", "g1f3 g1h3"); }

TEST_CASE("contract 4.5 startpos touch d1: the queen cannot move so all 20 moves") {
    expect(Start, "touch d1", "4.5", StartMoves);
}

TEST_CASE("contract 4.2.1 startpos adjust d1: no obligation") { expect(Start, "adjust d1", "none", StartMoves); }

TEST_CASE("contract 4.4.1 touch e1 h1: castle king side") { expect(Castle, "touch e1 h1", "4.4.1", "e1g1"); }

TEST_CASE("contract 4.4.2 touch h1 e1: the rook's moves") {
    expect(Castle, "touch h1 e1", "4.4.2", "h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8");
}

TEST_CASE("contract 4.3.2 touch d5: the pawn takes it") { expect(Pawns, "touch d5", "4.3.2", "e4d5"); }

TEST_CASE("contract 4.3.3 touch e1 d5: the king cannot take so the king moves") {
    expect(Pawns, "touch e1 d5", "4.3.3", "e1d1 e1d2 e1e2 e1f1 e1f2");
}

TEST_CASE("contract reading 4.3.1 touch g1 e1 h1: the knight touched first binds") {
    expect("r3k2r/8/8/8/8/8/8/R3K1NR w KQkq - 0 1", "touch g1 e1 h1", "4.3.1", "g1e2 g1f3 g1h3");
}

TEST_CASE("contract reading 4.4.2 touch a1 e1 h1: the a1 rook must move") {
    expect(Castle, "touch a1 e1 h1", "4.4.2", "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1");
}

TEST_CASE("contract reading: touch e4 g1 with e4 empty changes nothing") {
    const Outcome o = play(Start, "touch e4 g1");
    REQUIRE(o.errors.size() == 1);
    CHECK(o.errors[0] == "no piece on e4; nothing changed");
    CHECK(o.events.touched().empty());
    CHECK(o.article == "none");
    CHECK(o.moves == StartMoves);
}

TEST_CASE("contract reading 4.4.4 promote with no touch narrows every move to the chosen piece") {
    expect(Promo, "promote q", "4.4.4", "b7b8q");
}

// ---------------------------------------------------------------------------
// 4.2.1 adjusting
// ---------------------------------------------------------------------------

TEST_CASE("4.2.1 adjusting an opponent's piece obliges nothing") { expect(Pawns, "adjust d5", "none", all_moves(Pawns)); }

TEST_CASE("4.2.1 adjusting several pieces obliges nothing") { expect(Start, "adjust g1 b1 e2 e7", "none", StartMoves); }

TEST_CASE("4.2.1 adjust then touch the same piece: the touch binds") {
    const Outcome o = play(Start, "adjust g1; touch g1");
    CHECK(o.article == "4.3.1");
    CHECK(o.moves == "g1f3 g1h3");
    CHECK(o.events.adjusted().size() == 1);
}

TEST_CASE("4.2.1 an adjustment after a touch does not lift the obligation") {
    expect(Start, "touch b1; adjust b1", "4.3.1", "b1a3 b1c3");
}

TEST_CASE("4.2.1 adjusting an empty square is an error and changes nothing") {
    const Outcome o = play(Start, "touch g1; adjust e4");
    REQUIRE(o.errors.size() == 1);
    CHECK(o.errors[0] == "no piece on e4; nothing changed");
    CHECK(o.events.adjusted().empty());
    CHECK(o.moves == "g1f3 g1h3");
}

TEST_CASE("4.2.1 adjustment does not forfeit a claim but a touch does") {
    CHECK_FALSE(play(Start, "adjust d1").events.forfeits_claim());
    CHECK(play(Start, "touch d1").events.forfeits_claim());
    CHECK(play(Start, "release g1 g4").events.forfeits_claim());
    CHECK(play(Promo, "promote q").events.forfeits_claim());
}

// ---------------------------------------------------------------------------
// 4.3.1 own pieces
// ---------------------------------------------------------------------------

TEST_CASE("4.3.1 black to move: the touched knight") {
    expect("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "touch g8", "4.3.1", "g8f6 g8h6");
}

TEST_CASE("4.3.1 order of touches: the first touched piece decides") {
    expect(Start, "touch g1 b1", "4.3.1", "g1f3 g1h3");
    expect(Start, "touch b1 g1", "4.3.1", "b1a3 b1c3");
}

TEST_CASE("4.3.1 touches in separate events keep their order") { expect(Start, "touch b1; touch g1", "4.3.1", "b1a3 b1c3"); }

TEST_CASE("4.3.1 a square touched again keeps its first place") {
    expect(Start, "touch g1 b1 g1", "4.3.1", "g1f3 g1h3");
    expect(Start, "touch b1; touch g1; touch b1", "4.3.1", "b1a3 b1c3");
    CHECK(play(Start, "touch b1; touch g1; touch b1").events.touched().size() == 2);
}

TEST_CASE("4.3.1 the first touched piece that can move: an immovable queen is passed over") {
    expect(Start, "touch d1 c1 g1 b1", "4.3.1", "g1f3 g1h3");
}

TEST_CASE("4.3.1 a pinned touched knight cannot move so the next touched piece decides") {
    expect("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "touch e2 e1", "4.3.1", "e1d1 e1d2 e1f1 e1f2");
}

TEST_CASE("4.3.1 a pinned bishop moves along the pin only") {
    expect("4k3/8/8/8/1b6/8/3B4/4K3 w - - 0 1", "touch d2", "4.3.1", "d2b4 d2c3");
}

TEST_CASE("4.3.1 touch in check: only the touched piece's moves that meet the check") {
    expect("4k3/8/8/8/8/8/2N5/r3K3 w - - 0 1", "touch c2", "4.3.1", "c2a1");
}

TEST_CASE("4.3.1 touch in check: the king's escapes") {
    expect("4k3/8/8/8/8/8/2N5/r3K3 w - - 0 1", "touch e1", "4.3.1", "e1d2 e1e2 e1f2");
}

TEST_CASE("4.3.1 touching the king alone allows castling on both sides") {
    expect(Castle, "touch e1", "4.3.1", "e1c1 e1d1 e1d2 e1e2 e1f1 e1f2 e1g1");
}

TEST_CASE("4.3.1 touching a rook alone does not allow castling") {
    expect(Castle, "touch h1", "4.3.1", "h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8");
}

TEST_CASE("4.3.1 a touched pawn on the seventh rank: its four promotions") {
    expect(Promo, "touch b7", "4.3.1", "b7b8q b7b8r b7b8b b7b8n");
}

TEST_CASE("4.3.1 a touched pawn that can take en passant") { expect(EnPassant, "touch e5", "4.3.1", "e5d6 e5e6"); }

TEST_CASE("4.3.1 own pieces none of which can move: any legal move (4.5)") { expect(Start, "touch a1 d1 h1", "4.5", StartMoves); }

// ---------------------------------------------------------------------------
// 4.3.2 opponent's pieces
// ---------------------------------------------------------------------------

TEST_CASE("4.3.2 every legal capture of the touched piece by any own piece") {
    expect("4k3/8/8/2PpP3/8/8/8/3QK3 w - d6 0 1", "touch d5", "4.3.2", "c5d6 d1d5 e5d6");
}

TEST_CASE("4.3.2 en passant capture of the touched pawn") { expect(EnPassant, "touch d5", "4.3.2", "e5d6"); }

TEST_CASE("4.3.2 the first touched opponent piece that can be captured") {
    expect("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "touch e8 d5", "4.3.2", "e4d5");
}

TEST_CASE("4.3.2 the opponent's king cannot be captured: any legal move (4.5)") { expect(Start, "touch e8", "4.5", StartMoves); }

TEST_CASE("4.3.2 a capture only a pinned piece could make does not count") {
    expect("4k3/4r3/8/8/3p4/8/4N3/4K3 w - - 0 1", "touch d4", "4.5", "e1d1 e1d2 e1f1 e1f2");
}

TEST_CASE("4.3.2 touching the checking piece: its capture") {
    expect("4k3/8/8/8/8/8/2N5/r3K3 w - - 0 1", "touch a1", "4.3.2", "c2a1");
}

TEST_CASE("4.3.2 capture on the promotion square: the rook's capture and the four promotions") {
    expect(PromoCapture, "touch a8", "4.3.2", "a1a8 b7a8q b7a8r b7a8b b7a8n");
}

TEST_CASE("4.3.2 black captures a touched white piece") {
    expect("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", "touch e4", "4.3.2", "d5e4");
}

// ---------------------------------------------------------------------------
// 4.3.3 pieces of both colours
// ---------------------------------------------------------------------------

TEST_CASE("4.3.3 own then opponent: the first own piece takes the first opponent piece") {
    expect(Pawns, "touch e4 d5", "4.3.3", "e4d5");
}

TEST_CASE("4.3.3 opponent then own: the capture is still the one required") { expect(Pawns, "touch d5 e4", "4.3.3", "e4d5"); }

TEST_CASE("4.3.3 capture impossible: the first touched piece that can be captured") {
    expect("4k3/8/8/3p4/4P3/8/8/1N2K3 w - - 0 1", "touch d5 b1", "4.3.3", "e4d5");
}

TEST_CASE("4.3.3 capture impossible: the first touched piece that can move") {
    expect("4k3/8/8/3p4/4P3/8/8/1N2K3 w - - 0 1", "touch b1 d5", "4.3.3", "b1a3 b1c3 b1d2");
}

TEST_CASE("4.3.3 only the first own and the first opponent piece make the required capture") {
    // e4 could take d5 but b1 was the first own piece touched.
    expect("4k3/8/8/3p4/4P3/8/8/1N2K3 w - - 0 1", "touch b1 e4 d5", "4.3.3", "b1a3 b1c3 b1d2");
    expect("4k3/8/8/3p4/4P3/8/8/1N2K3 w - - 0 1", "touch e4 b1 d5", "4.3.3", "e4d5");
}

TEST_CASE("4.3.3 an immovable first piece is passed over in touch order") {
    expect(Start, "touch d1 e7 g1", "4.3.3", "g1f3 g1h3");
}

TEST_CASE("4.3.3 en passant is the capture of the touched pawn") { expect(EnPassant, "touch e5 d5", "4.3.3", "e5d6"); }

TEST_CASE("4.3.3 nothing touched can move or be captured: any legal move (4.5)") {
    expect(Start, "touch d1 e7", "4.5", StartMoves);
}

TEST_CASE("4.3.3 a pinned first own piece cannot make the capture") {
    // The e2 knight is pinned: it may not take d4; the d4 pawn cannot be taken otherwise; the king moves.
    expect("4k3/4r3/8/8/3p4/8/4N3/4K3 w - - 0 1", "touch e2 d4 e1", "4.3.3", "e1d1 e1d2 e1f1 e1f2");
}

// ---------------------------------------------------------------------------
// 4.4 king and rook
// ---------------------------------------------------------------------------

TEST_CASE("4.4.1 king then queen-side rook: castle queen side") { expect(Castle, "touch e1 a1", "4.4.1", "e1c1"); }

TEST_CASE("4.4.1 black king then rook") { expect(CastleBlack, "touch e8 h8", "4.4.1", "e8g8"); }

TEST_CASE("4.4.1 king and rook in separate events") { expect(Castle, "touch e1; touch a1", "4.4.1", "e1c1"); }

TEST_CASE("4.4.1 the first own rook touched after the king decides") { expect(Castle, "touch e1 h1 a1", "4.4.1", "e1g1"); }

TEST_CASE("4.4.1 an opponent's piece touched between king and rook does not matter") {
    expect(Castle, "touch e1 a8 h1", "4.4.1", "e1g1");
}

TEST_CASE("4.4.3 king then rook castling illegal: other king moves") {
    expect(KingSideAttacked, "touch e1 h1", "4.4.3", "e1c1 e1d1 e1d2 e1f2");
}

TEST_CASE("4.4.3 king then rook with no castling rights: the king's moves") {
    expect(NoRights, "touch e1 h1", "4.4.3", "e1d1 e1d2 e1e2 e1f1 e1f2");
}

TEST_CASE("4.4.3 a rook off its original square makes castling illegal") {
    expect("4k3/8/8/8/7R/8/8/4K3 w - - 0 1", "touch e1 h4", "4.4.3", "e1d1 e1d2 e1e2 e1f1 e1f2");
}

TEST_CASE("4.4.3 in check castling is illegal: the king's escapes") {
    expect("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", "touch e1 h1", "4.4.3", "e1d1 e1e2 e1f1");
}

TEST_CASE("4.4.3 the king has no legal move: any legal move (4.5)") {
    expect(BoxedKing, "touch e1 h1", "4.5", all_moves(BoxedKing));
}

TEST_CASE("4.4.2 rook then king: the rook cannot move so the king moves without that castling") {
    expect("r3k2r/8/8/8/8/8/7P/R3K1NR w KQkq - 0 1", "touch h1 e1", "4.4.2", "e1c1 e1d1 e1d2 e1e2 e1f1 e1f2");
}

TEST_CASE("4.4.2 rook before the king bars only its own side: the other castling stays") {
    expect("r3k2r/8/8/8/8/8/P7/RN2K2R w KQkq - 0 1", "touch a1 e1 h1", "4.4.2", "e1d1 e1d2 e1e2 e1f1 e1f2 e1g1");
}

TEST_CASE("4.4.2 a piece touched before the rook and king binds first") {
    expect("r3k2r/8/8/8/8/8/8/R3K1NR w KQkq - 0 1", "touch g1 h1 e1", "4.3.1", "g1e2 g1f3 g1h3");
}

TEST_CASE("4.4.2 black rook then king") {
    expect(CastleBlack, "touch a8 e8", "4.4.2", "a8a1 a8a2 a8a3 a8a4 a8a5 a8a6 a8a7 a8b8 a8c8 a8d8");
}

TEST_CASE("4.4 an opponent's rook touched after the king is 4.3.3 not castling") {
    expect(Castle, "touch e1 h8", "4.3.3", "e1c1 e1d1 e1d2 e1e2 e1f1 e1f2 e1g1");
}

// ---------------------------------------------------------------------------
// 4.4.4 / 4.6 promotion
// ---------------------------------------------------------------------------

TEST_CASE("4.4.4 promote after touching the pawn: only the chosen piece") {
    expect(Promo, "touch b7; promote n", "4.3.1", "b7b8n");
}

TEST_CASE("4.4.4 promote before the release: the release keeps the choice") {
    expect(Promo, "promote r; release b7 b8", "4.7", "b7b8r");
}

TEST_CASE("4.4.4 promote after the release on the promotion square") {
    expect(Promo, "release b7 b8", "4.7", "b7b8q b7b8r b7b8b b7b8n");
    expect(Promo, "release b7 b8; promote b", "4.7", "b7b8b");
}

TEST_CASE("4.4.4 the first choice is final: a second promote changes nothing") {
    expect(Promo, "promote q; promote n", "4.4.4", "b7b8q");
}

TEST_CASE("4.4.4 promote narrows a capture set to the promotion with that piece") {
    expect(PromoCapture, "touch a8; promote q", "4.3.2", "b7a8q");
}

TEST_CASE("4.4.4 promote leaves a set with no promotion as it is") {
    expect(Promo, "touch e1; promote q", "4.3.1", "e1d1 e1d2 e1e2 e1f1 e1f2");
}

TEST_CASE("4.4.4 promote with no pawn able to promote is an error") {
    const Outcome o = play("1n2k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "promote q");
    REQUIRE(o.errors.size() == 1);
    CHECK(o.errors[0] == "no pawn can promote; nothing changed");
    CHECK(o.events.promotion() == NO_PIECE_TYPE);
    CHECK(o.article == "none");
    CHECK(play(Start, "promote q").errors.size() == 1);
}

TEST_CASE("4.4.4 promote with nothing movable touched: 4.4.4 decides") {
    expect("4k3/1P6/8/8/8/8/8/3QK3 w - - 0 1", "touch e8; promote q", "4.4.4", "b7b8q");
}

TEST_CASE("4.6.3 the pawn let go on the promotion square by capture") {
    expect(PromoCapture, "release b7 a8", "4.7", "b7a8q b7a8r b7a8b b7a8n");
    expect(PromoCapture, "release b7 a8; promote n", "4.7", "b7a8n");
}

TEST_CASE("4.4.4 black promotes") { expect("4k3/8/8/8/8/8/6p1/4K3 b - - 0 1", "promote n", "4.4.4", "g2g1n"); }

// ---------------------------------------------------------------------------
// 4.7 releases
// ---------------------------------------------------------------------------

TEST_CASE("4.7 a piece let go on a square: that move only") {
    const Outcome o = play(Start, "release g1 f3");
    CHECK(o.errors.empty());
    CHECK(o.article == "4.7");
    CHECK(o.moves == "g1f3");
    REQUIRE(o.events.touched().size() == 1); // implies a touch of g1
    CHECK(o.events.touched()[0] == SQ_G1);
}

TEST_CASE("4.7 a release decides before earlier touches") { expect(Start, "touch b1; release g1 f3", "4.7", "g1f3"); }

TEST_CASE("4.7.1 a capture let go on the captured piece's square") { expect(Pawns, "release e4 d5", "4.7", "e4d5"); }

TEST_CASE("4.7 en passant: the pawn let go behind the captured pawn") { expect(EnPassant, "release e5 d6", "4.7", "e5d6"); }

TEST_CASE("4.7 the first release is final: a later one changes nothing and is no error") {
    expect(Start, "release g1 f3; release g1 h3", "4.7", "g1f3");
    expect(Start, "release g1 f3; release b1 c3", "4.7", "g1f3");
}

TEST_CASE("4.7 release to a square no legal move reaches: error but the piece counts as touched") {
    const Outcome o = play(Start, "release g1 g4");
    REQUIRE(o.errors.size() == 1);
    CHECK(o.errors[0] == "no legal move takes the knight on g1 to g4; the knight counts as touched");
    CHECK(o.article == "4.3.1");
    CHECK(o.moves == "g1f3 g1h3");
    CHECK_FALSE(o.events.released());
}

TEST_CASE("4.7 an unreachable release does not fix: a later release does") {
    const Outcome o = play(Start, "release g1 g4; release g1 h3");
    CHECK(o.errors.size() == 1);
    CHECK(o.article == "4.7");
    CHECK(o.moves == "g1h3");
}

TEST_CASE("4.7 an unreachable release of an opponent's piece counts as touching it") {
    const Outcome o = play(Pawns, "release d5 d4");
    REQUIRE(o.errors.size() == 1);
    CHECK(o.article == "4.3.2");
    CHECK(o.moves == "e4d5");
}

TEST_CASE("4.7 a piece put back on its own square is touched not moved") {
    const Outcome o = play(Start, "release b1 b1");
    CHECK(o.errors.size() == 1);
    CHECK(o.article == "4.3.1");
    CHECK(o.moves == "b1a3 b1c3");
}

TEST_CASE("4.7 release from an empty square is an error and counts as nothing") {
    const Outcome o = play(Start, "release e4 e5");
    REQUIRE(o.errors.size() == 1);
    CHECK(o.errors[0] == "no piece on e4; nothing changed");
    CHECK(o.events.touched().empty());
    CHECK(o.article == "none");
}

TEST_CASE("4.7 an unreachable release of a pinned piece: the pinned piece is touched") {
    const Outcome o = play("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "release e2 c3");
    CHECK(o.errors.size() == 1);
    CHECK(o.article == "4.5");
}

// ---------------------------------------------------------------------------
// 4.7.2 the king let go two squares sideways
// ---------------------------------------------------------------------------

TEST_CASE("4.7.2 king let go on g1 with castling legal: castling") { expect(Castle, "release e1 g1", "4.7.2", "e1g1"); }

TEST_CASE("4.7.2 king let go on c1 with castling legal: castling") { expect(Castle, "release e1 c1", "4.7.2", "e1c1"); }

TEST_CASE("4.7.2 black king let go on c8") { expect(CastleBlack, "release e8 c8", "4.7.2", "e8c8"); }

TEST_CASE("4.7.2 king let go two squares when castling is illegal: other king moves with the other castling") {
    expect(KingSideAttacked, "release e1 g1", "4.7.2", "e1c1 e1d1 e1d2 e1f2");
}

TEST_CASE("4.7.2 king let go two squares with no castling rights: no error and the king moves") {
    expect(NoRights, "release e1 g1", "4.7.2", "e1d1 e1d2 e1e2 e1f1 e1f2");
}

TEST_CASE("4.7.2 king let go two squares and it has no other move: any legal move (4.5)") {
    expect(BoxedKing, "release e1 g1", "4.5", all_moves(BoxedKing));
}

TEST_CASE("4.7.2 the rook let go after the king is a later release: nothing changes") {
    expect(Castle, "release e1 g1; release h1 f1", "4.7.2", "e1g1");
}

TEST_CASE("4.7.2 a king off its original square let go two squares away is an error") {
    const Outcome o = play("4k3/8/8/8/8/8/4K3/8 w - - 0 1", "release e2 g2");
    CHECK(o.errors.size() == 1);
    CHECK(o.article == "4.3.1");
}

TEST_CASE("4.7.2 touches before the king's release do not matter") {
    expect(Castle, "touch a1 e1; release e1 g1", "4.7.2", "e1g1");
}

// ---------------------------------------------------------------------------
// Chess960
// ---------------------------------------------------------------------------

TEST_CASE("Chess960 4.4.1 king then rook: castling written king takes rook") {
    expect(Fischer, "touch f1 h1", "4.4.1", "f1h1", true);
    expect(Fischer, "touch f1 b1", "4.4.1", "f1b1", true);
}

TEST_CASE("Chess960 4.4.3 castling with the touched rook illegal: the king's moves with the other castling") {
    expect(FischerD8, "touch f1 b1", "4.4.3", "f1e1 f1e2 f1f2 f1g1 f1g2 f1h1", true);
}

TEST_CASE("Chess960 4.7.2 king let go on its c-file destination: castling") {
    expect(Fischer, "release f1 c1", "4.7.2", "f1b1", true);
}

TEST_CASE("Chess960 4.7.2 king let go on the castling rook's square: castling") {
    expect(Fischer, "release f1 b1", "4.7.2", "f1b1", true);
    expect(Fischer, "release f1 h1", "4.7.2", "f1h1", true);
}

TEST_CASE("Chess960 4.7 king let go on g1 one step away: the step and the castling both stand") {
    expect(Fischer, "release f1 g1", "4.7", "f1g1 f1h1", true);
}

TEST_CASE("Chess960 4.7.2 castling on that side illegal: the king's other moves") {
    expect(FischerD8, "release f1 c1", "4.7.2", "f1e1 f1e2 f1f2 f1g1 f1g2 f1h1", true);
}

TEST_CASE("Chess960 4.7.2 with no castling rights the king has no known original square") {
    const Outcome o = play("4k3/8/8/8/8/8/8/1R3K1R w - - 0 1", "release f1 c1", true);
    CHECK(o.errors.size() == 1);
    CHECK(o.article == "4.3.1");
    CHECK(o.moves == "f1e1 f1e2 f1f2 f1g1 f1g2");
}

TEST_CASE("Chess960 4.4.2 rook then king: the rook's moves without castling") {
    expect(Fischer, "touch h1 f1", "4.4.2", "h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8", true);
}

TEST_CASE("Chess960 4.3.1 touching the king alone allows both castlings") {
    expect(Fischer, "touch f1", "4.3.1", "f1b1 f1e1 f1e2 f1f2 f1g1 f1g2 f1h1", true);
}

TEST_CASE("Chess960 4.4.1 the king already on its castling square castles by touching king then rook") {
    expect("4k3/8/8/8/8/8/8/1R4KR w HB - 0 1", "touch g1 h1", "4.4.1", "g1h1", true);
}

// ---------------------------------------------------------------------------
// Errors and the no-legal-move case
// ---------------------------------------------------------------------------

TEST_CASE("errors: every event is refused when the side to move is mated") {
    const char* mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    const Outcome o = play(mated, "touch e1; adjust e1; release e1 f2; promote q");
    REQUIRE(o.errors.size() == 4);
    for (const std::string& e : o.errors) CHECK(e == "the side to move has no legal move, so there is nothing to touch");
    CHECK(o.events.touched().empty());
    CHECK(o.article == "none");
    CHECK(o.moves.empty());
}

TEST_CASE("errors: every event is refused when the side to move is stalemated") {
    const Outcome o = play("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "touch h8");
    CHECK(o.errors.size() == 1);
    CHECK(o.events.touched().empty());
}

TEST_CASE("errors: an event with one bad square is void as a whole") {
    const Outcome o = play(Start, "touch g1; touch b1 e5 d1");
    CHECK(o.errors.size() == 1);
    REQUIRE(o.events.touched().size() == 1);
    CHECK(o.moves == "g1f3 g1h3");
}

TEST_CASE("errors: the text readers refuse bad squares and arguments") {
    const auto read = [](std::string_view line) {
        const auto tokens = text::split_tokens(line);
        return read_board_event(tokens[0], std::span(tokens).subspan(1));
    };
    CHECK_FALSE(read("touch"));
    CHECK_FALSE(read("touch e9"));
    CHECK_FALSE(read("touch E2"));
    CHECK_FALSE(read("adjust"));
    CHECK_FALSE(read("release e2"));
    CHECK_FALSE(read("release e2 e4 e5"));
    CHECK_FALSE(read("promote"));
    CHECK_FALSE(read("promote k"));
    CHECK_FALSE(read("promote qq"));
    CHECK(read("promote Q"));
    CHECK(render(read("touch e9").error(), Lang::En) == "touch: 'e9' is not a square");
}

TEST_CASE("the permitted set is always a subset of the legal moves") {
    const char* fens[] = {Start, Castle, Pawns, Promo, PromoCapture, EnPassant, KingSideAttacked, BoxedKing};
    const char* scripts[] = {"touch e1 h1",         "touch a1 e1", "touch d5 e4",   "release e1 g1",
                             "touch b7; promote q", "touch e8 a8", "release a1 a8", "touch h1 e1 a1"};
    for (const char* fen : fens)
        for (const char* script : scripts) {
            CAPTURE(fen);
            CAPTURE(script);
            Position pos;
            REQUIRE(pos.set(fen, false));
            TouchMove t(pos);
            std::string_view rest = script;
            while (!rest.empty()) { // events that do not fit this position are refused; the rest apply
                const auto semi = rest.find(';');
                const auto tokens = text::split_tokens(rest.substr(0, semi));
                rest = semi == std::string_view::npos ? std::string_view{} : rest.substr(semi + 1);
                if (auto e = read_board_event(tokens[0], std::span(tokens).subspan(1))) (void)t.apply(*e);
            }
            const Obligation ob = t.obligation();
            const MoveList<LEGAL> legal(pos);
            CHECK(ob.moves.size() > 0);
            for (Move m : ob.moves) CHECK(legal.contains(m));
        }
}

TEST_CASE("article numbers are written as the contract writes them") {
    CHECK(article_number(Article::None) == "none");
    CHECK(article_number(Article::A4_3_1) == "4.3.1");
    CHECK(article_number(Article::A4_4_4) == "4.4.4");
    CHECK(article_number(Article::A4_5) == "4.5");
    CHECK(article_number(Article::A4_7_2) == "4.7.2");
}

} // TEST_SUITE
