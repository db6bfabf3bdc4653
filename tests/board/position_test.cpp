// The board core's bookkeeping: FEN in and out, and make/unmake restoring every field.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "board/movegen.h"
#include "notation/move_text.h"
#include "support/files.h"
#include "support/perft_suites.h"
#include "support/position.h"

using namespace jadoube;
using test::from_fen;
using test::random_move;

namespace {

// Everything a position is, compared field by field after a round trip.
struct Snapshot {
    std::string fen;
    Key key;
    Bitboard checkers, pinned;
    int castling, rule50, ply;
    Square ep;
    std::size_t historySize;
    explicit Snapshot(const Position& p)
        : fen(p.fen()), key(p.key()), checkers(p.checkers()), pinned(p.pinned()), castling(p.castling_rights()),
          rule50(p.rule50_count()), ply(p.game_ply()), ep(p.ep_square()), historySize(p.history().size()) {}
    bool operator==(const Snapshot&) const = default;
};

// Incremental state must equal what a fresh parse of the same FEN derives.
void check_against_fresh_parse(const Position& pos) {
    const Position fresh = from_fen(pos.fen(), pos.is_chess960());
    CHECK(pos.key() == pos.compute_key());
    CHECK(pos.key() == fresh.key());
    CHECK(pos.checkers() == fresh.checkers());
    CHECK(pos.pinned() == fresh.pinned());
    CHECK(pos.ep_square() == fresh.ep_square());
}

// Plays a random game to its end or maxPlies, checking every ply, then takes it all back.
int random_game(Position& pos, std::mt19937_64& rng, int maxPlies) {
    const Snapshot start(pos);
    std::vector<Move> played;
    while (int(played.size()) < maxPlies) {
        const MoveList<LEGAL> moves(pos);
        if (moves.size() == 0) break;
        const Move m = random_move(moves, rng);
        const bool check = pos.gives_check(m);
        pos.do_move(m);
        CHECK(check == bool(pos.checkers()));
        check_against_fresh_parse(pos);
        played.push_back(m);
        if (pos.rule50_count() >= 150) break; // 9.6.2 ends such games anyway
    }
    for (auto it = played.rbegin(); it != played.rend(); ++it) pos.undo_move(*it);
    CHECK(Snapshot(pos) == start);
    return int(played.size());
}

} // namespace

TEST_CASE("FEN round trip: standard - X-FEN and Shredder-FEN castling") {
    for (const char* fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "8/8/8/8/8/8/8/K6k b - - 37 90"})
        CHECK(from_fen(fen).fen() == fen);
    // Shredder letters naming the corner rooks are accepted in standard chess.
    CHECK(from_fen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1").fen() == "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    // Chess960: Shredder-FEN out by default, X-FEN on request.
    const Position p960 = from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true);
    CHECK(p960.fen() == "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    CHECK(p960.fen(CastlingNotation::XFen) == "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
    CHECK(from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9", true).fen() == p960.fen());
    // An inner rook needs its file letter in X-FEN: K alone means the outermost (h) rook.
    CHECK(from_fen("1r2k1rr/8/8/8/8/8/8/1R2K1RR w GBgb - 0 1", true).fen(CastlingNotation::XFen)
          == "1r2k1rr/8/8/8/8/8/8/1R2K1RR w GQgq - 0 1");
}

TEST_CASE("3.8.2 a castling rook can shield its king's path only with the rank going on past it") {
    // Lifted, a rook uncovers only its rank beyond it: from the corner, nothing.
    const Position standard = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for (CastlingRights cr : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO}) CHECK(standard.castling_rook_shield(cr) == 0);
    // The b1 rook castles queenside: the king lands on c1, which the a1 queen would see past b1.
    const Position inner = from_fen("4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1", true);
    CHECK(inner.castling_rook_shield(WHITE_OOO) == square_bb(SQ_B1));
    // The f1 rook castles kingside: the king crosses e1 to g1, and f1's rank goes on to h1 past it.
    CHECK(inner.castling_rook_shield(WHITE_OO) == square_bb(SQ_F1));
}

TEST_CASE("Chess960 start arrays are numbered as published - all 960 set up and distinct") {
    CHECK(chess960_start_fen(518) == Position::StartFen);
    CHECK(chess960_start_fen(0) == "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    CHECK(chess960_start_fen(959) == "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1");
    std::set<std::string> arrays;
    for (int n = 0; n < 960; ++n) {
        const std::string fen = chess960_start_fen(n);
        Position pos;
        CHECK_MESSAGE(pos.set(fen, true), fen);
        arrays.insert(fen);
    }
    CHECK(arrays.size() == 960);
}

TEST_CASE("FEN: four fields get counters 0 1") {
    CHECK(from_fen("4k3/8/8/8/8/8/8/4K3 b - -").fen() == "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

TEST_CASE("3.7.3 en passant square is kept only when a capture there is legal") {
    // No black pawn can take on e3: the square is dropped, so the key matches the plain position.
    const Position a = from_fen("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1");
    CHECK(a.ep_square() == SQ_NONE);
    CHECK(a.key() == from_fen("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1").key());
    // The d4 pawn can take, so the right to capture makes it a different position (9.2.2).
    const Position b = from_fen("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    CHECK(b.ep_square() == SQ_E3);
    CHECK(b.key() != from_fen("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1").key());
}

TEST_CASE("3.7.4 en passant field: the named square is kept for laws/validate and used only when safe and legal") {
    // Reachability of the field is laws/validate's question (tests/laws); the board
    // keeps what the FEN said and plays through the square only when it can.
    const Position a = from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1");
    CHECK(a.fen_ep_square() == SQ_E6);
    CHECK(a.ep_square() == SQ_NONE);
    CHECK(a.key() == from_fen(std::string(Position::StartFen)).key());
    const Position b = from_fen("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    CHECK(b.fen_ep_square() == SQ_E3);
    CHECK(b.ep_square() == SQ_E3);
    CHECK(from_fen("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1").fen_ep_square() == SQ_NONE);
}

TEST_CASE("FEN errors say whether the text is malformed or the board unreachable") {
    Position pos;
    const auto kind = [&](const char* fen) {
        const auto r = pos.set_fen(fen, false);
        REQUIRE_MESSAGE(!r.has_value(), fen);
        return r.error().kind;
    };
    CHECK(kind("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0") == FenError::Kind::Syntax);
    CHECK(kind("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1") == FenError::Kind::Syntax);
    CHECK(kind("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0") == FenError::Kind::Syntax);
    CHECK(kind("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1") == FenError::Kind::Unreachable);
    CHECK(kind("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1") == FenError::Kind::Unreachable);
    CHECK(kind("rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") == FenError::Kind::Unreachable);
}

TEST_CASE("FEN errors name what is wrong and leave the position unchanged") {
    Position pos = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    const Snapshot before(pos);
    const std::pair<const char*, const char*> bad[] = {
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -  0", "6 fields"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "invalid character 'X'"},
        {"\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "invalid character '\\x0a'"}, // one line
        {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "invalid character '9'"},
        {"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 squares"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "8 ranks"},
        {"rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "two digits"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1", "same right twice"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1", "invalid character 'x'"},
        {"rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "no rook on that side"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "en passant field"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "halfmove clock"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "fullmove number"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1000000000", "fullmove number"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2000000000 1", "halfmove clock"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 01", "fullmove number"},
        {"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "one black king"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1", "one white king"},
        {"rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1", "pawn on the first or last rank"},
        {"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "side not to move is in check"},
        {"QQQQkQQQ/QQQQQQQQ/Q7/8/8/8/8/4K3 w - - 0 1", "more than 16"},
        {"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GB - 0 1", "UCI_Chess960"},
        {"", "6 fields"},
    };
    for (auto [fen, reason] : bad) {
        const auto result = pos.set(fen, false);
        REQUIRE_MESSAGE(!result.has_value(), std::string(fen));
        CHECK_MESSAGE(result.error().find(reason) != std::string::npos, std::string(fen) << " -> " << result.error());
        CHECK(Snapshot(pos) == before);
    }
}

TEST_CASE("9.6.2 the counters hold any game: read up to their bounds - written back - and never wrap") {
    // The largest values a FEN may carry come back as they went in.
    for (const char* fen : {"4k3/8/8/8/8/8/8/R3K3 w - - 200 120", "4k3/8/8/8/8/8/8/R3K3 b - - 1999999997 999999999"}) {
        CHECK(from_fen(fen).fen() == fen);
    }
    CHECK(Position::MaxGamePly == 1'999'999'997);
    // A clock past 65,535 (16 bits) keeps counting.
    Position pos = from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 65534 40000");
    for (const char* m : {"a1a2", "e8d8", "a2a1"}) pos.do_move(parse_uci_move(pos, m));
    CHECK(pos.rule50_count() == 65537);
    CHECK(pos.fen() == "3k4/8/8/8/8/8/8/R3K3 b - - 65537 40001");
}

TEST_CASE("staged generation: tactical and quiet moves partition the legal moves") {
    for (const char* fen : {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                            "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
                            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1"}) {
        const Position pos = from_fen(fen);
        const MoveList<LEGAL> all(pos);
        const MoveList<TACTICAL> tactical(pos);
        const MoveList<QUIETS> quiets(pos);
        CHECK(tactical.size() + quiets.size() == all.size());
        for (Move m : tactical) CHECK((all.contains(m) && (pos.is_capture(m) || m.kind() == PROMOTION)));
        for (Move m : quiets) CHECK((all.contains(m) && !pos.is_capture(m) && m.kind() != PROMOTION));
        if (pos.checkers()) CHECK(MoveList<EVASIONS>(pos).size() == all.size());
    }
}

TEST_CASE("3.1-3.9 a move from elsewhere (the TT - any 16 bits) is legal exactly when the generator lists it") {
    int positions = 0, inCheck = 0, withEp = 0, withCastling = 0, withPromotion = 0;
    std::vector<bool> listed(1 << 16);
    const auto check_all_moves = [&](const Position& pos, const MoveList<LEGAL>& moves) {
        std::fill(listed.begin(), listed.end(), false);
        for (Move m : moves) {
            listed[m.raw()] = true;
            withCastling += m.kind() == CASTLING;
            withPromotion += m.kind() == PROMOTION;
            withEp += m.kind() == EN_PASSANT;
        }
        for (int raw = 0; raw < (1 << 16); ++raw)
            if (is_legal(pos, Move(std::uint16_t(raw))) != listed[std::size_t(raw)]) {
                FAIL_CHECK(pos.fen() << ": move " << to_uci(Move(std::uint16_t(raw)), pos) << " (" << raw << ")"
                                     << std::string(listed[std::size_t(raw)] ? " listed, refused" : " accepted, not listed"));
                break;
            }
        ++positions;
        inCheck += bool(pos.checkers());
    };
    // En passant pinned along the rank (3.7.3), en passant not answering a check (3.9),
    // a Chess960 rook shielding its king's destination (3.8.2).
    for (const char* fen :
         {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
          "rnbqk1nr/bb3p1p/1q2r3/2pPp3/3P4/7P/1PP1NpPP/R1BQKBNR w KQkq c6 0 1"}) {
        const Position pos = from_fen(fen);
        check_all_moves(pos, MoveList<LEGAL>(pos));
    }
    const Position shield = from_fen("4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1", true);
    check_all_moves(shield, MoveList<LEGAL>(shield));

    // Random games from the perft suites, every sixth position and each one with an en passant square.
    std::mt19937_64 rng(20261126);
    const auto suite = test::read_perft_suite(test::test_data("perft/perftsuite.epd"));
    const auto fischer = test::read_perft_suite(test::test_data("perft/fischer.epd"));
    REQUIRE(suite.size() > 100);
    REQUIRE(fischer.size() == 960);
    for (int game = 0; game < 36; ++game) {
        const bool c960 = game % 3 == 2;
        const auto& src = c960 ? fischer[rng() % fischer.size()] : suite[rng() % suite.size()];
        Position pos = from_fen(src.fen, c960);
        for (int ply = 0; ply < 60; ++ply) {
            const MoveList<LEGAL> moves(pos);
            if (ply % 6 == 0 || pos.ep_square() != SQ_NONE) check_all_moves(pos, moves);
            if (moves.size() == 0) break;
            pos.do_move(random_move(moves, rng));
        }
    }
    MESSAGE(positions << " positions, " << inCheck << " in check; en passant, castling and promotion moves: " << withEp << ", "
                      << withCastling << ", " << withPromotion);
    CHECK(positions > 200);
    // The cases a TT move can get wrong are all among them.
    CHECK(inCheck > 0);
    CHECK(withEp > 0);
    CHECK(withCastling > 0);
    CHECK(withPromotion > 0);
}

TEST_CASE("make/unmake restores every field over thousands of random moves - and keys match a recount") {
    std::mt19937_64 rng(20261121);
    const auto suite = test::read_perft_suite(test::test_data("perft/perftsuite.epd"));
    const auto fischer = test::read_perft_suite(test::test_data("perft/fischer.epd"));
    REQUIRE(suite.size() > 100);
    REQUIRE(fischer.size() == 960);
    int plies = 0;
    for (int game = 0; game < 60; ++game) {
        const bool c960 = game % 3 == 2;
        const auto& src = c960 ? fischer[rng() % fischer.size()] : suite[rng() % suite.size()];
        Position pos = from_fen(src.fen, c960);
        plies += random_game(pos, rng, 400);
    }
    MESSAGE(plies << " plies checked");
    CHECK(plies > 5000);
}

TEST_CASE(
    "key_after is do_move's key for each move that neither castles nor takes nor makes an en passant square nor changes a "
    "castling "
    "right") {
    std::mt19937_64 rng(20261127);
    const auto suite = test::read_perft_suite(test::test_data("perft/perftsuite.epd"));
    int exact = 0;
    for (const auto& entry : suite) {
        Position pos = from_fen(entry.fen);
        for (int ply = 0; ply < 40; ++ply) {
            const MoveList<LEGAL> moves(pos);
            if (moves.size() == 0) break;
            for (const Move m : moves) {
                const bool special = m.kind() == CASTLING || m.kind() == EN_PASSANT;
                const int rights = pos.castling_rights();
                const Key hint = pos.key_after(m);
                pos.do_move(m);
                if (!special && pos.castling_rights() == rights && pos.ep_square() == SQ_NONE) {
                    CHECK_MESSAGE(hint == pos.key(), entry.fen);
                    ++exact;
                }
                pos.undo_move(m);
            }
            pos.do_move(random_move(moves, rng));
        }
    }
    CHECK(exact > 50000);
}

TEST_CASE("attacks_by: the start position's sides attack their first three ranks but the corners") {
    const Position pos = from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    const Bitboard corners = square_bb(SQ_A1) | square_bb(SQ_H1) | square_bb(SQ_A8) | square_bb(SQ_H8);
    CHECK(pos.attacks_by(WHITE) == ((rank_bb(RANK_1) | rank_bb(RANK_2) | rank_bb(RANK_3)) & ~corners));
    CHECK(pos.attacks_by(BLACK) == ((rank_bb(RANK_8) | rank_bb(RANK_7) | rank_bb(RANK_6)) & ~corners));
}

TEST_CASE("attacks_by holds exactly the squares attacked_by names - in every suite position") {
    const auto suite = test::read_perft_suite(test::test_data("perft/perftsuite.epd"));
    const auto fischer = test::read_perft_suite(test::test_data("perft/fischer.epd"));
    int positions = 0;
    for (const auto* list : {&suite, &fischer})
        for (const auto& entry : *list) {
            const Position pos = from_fen(entry.fen, list == &fischer);
            for (Color c : {WHITE, BLACK}) {
                Bitboard expected = 0;
                for (Square s = SQ_A1; s < SQUARE_NB; ++s)
                    if (pos.attacked_by(c, s, pos.pieces())) expected |= square_bb(s);
                CHECK_MESSAGE(pos.attacks_by(c) == expected, entry.fen);
            }
            ++positions;
        }
    CHECK(positions > 1000);
}

TEST_CASE("without_history is the same position with one state - and moves from it agree") {
    std::mt19937_64 rng(20261124);
    for (int game = 0; game < 20; ++game) {
        const bool c960 = game % 2;
        Position pos = c960 ? from_fen(chess960_start_fen(int(rng() % 960)), true) : Position{};
        for (int ply = 0; ply < 200; ++ply) {
            const MoveList<LEGAL> moves(pos);
            if (moves.size() == 0) break;
            Position here = pos.without_history();
            CHECK(here.history().size() == 1);
            Snapshot want(pos);
            want.historySize = 1;
            CHECK(Snapshot(here) == want);
            CHECK(MoveList<LEGAL>(here).size() == moves.size());
            const Move m = random_move(moves, rng);
            pos.do_move(m);
            here.do_move(m);
            CHECK(here.fen() == pos.fen());
            CHECK(here.key() == pos.key());
        }
    }
}

TEST_CASE("null move flips the side and restores everything") {
    Position pos = from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    const Snapshot before(pos);
    pos.do_null_move();
    CHECK(pos.side_to_move() == BLACK);
    CHECK(pos.ep_square() == SQ_NONE);
    CHECK(pos.key() == pos.compute_key());
    pos.undo_null_move();
    CHECK(Snapshot(pos) == before);
}
