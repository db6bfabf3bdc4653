// Opening books for datagen and matches: SAN moves and PGN games become openings.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <utility>

#include "datagen/book.h"
#include "notation/san.h"
#include "support/fens.h"
#include "support/files.h"
#include "support/position.h"

using namespace jadoube;
using test::CpwPerftFens;
using test::from_fen;
using test::Kiwipete;
using test::temp_path;

TEST_SUITE("nnue") {

TEST_CASE("book lines: SAN moves and PGN games become openings") {
    const Position start;
    CHECK(parse_san(start, "e4") == Move(SQ_E2, SQ_E4));
    CHECK(parse_san(start, "Nf3") == Move(SQ_G1, SQ_F3));
    CHECK(parse_san(start, "Nf3+!?") == Move(SQ_G1, SQ_F3));
    CHECK(parse_san(start, "Ke2") == Move::none());
    const Position kiwi = from_fen(Kiwipete);
    CHECK(parse_san(kiwi, "O-O") == Move::make<CASTLING>(SQ_E1, SQ_H1));
    CHECK(parse_san(kiwi, "O-O-O") == Move::make<CASTLING>(SQ_E1, SQ_A1));
    CHECK(parse_san(kiwi, "Nxd7") == Move(SQ_E5, SQ_D7));
    CHECK(parse_san(kiwi, "Bxa6") == Move(SQ_E2, SQ_A6));
    const Position promo = from_fen(CpwPerftFens[3]);
    CHECK(parse_san(promo, "gxf1=Q") == Move::make<PROMOTION>(SQ_G2, SQ_F1, QUEEN));
    CHECK(parse_san(promo, "g1N+") == Move::make<PROMOTION>(SQ_G2, SQ_G1, KNIGHT));
    CHECK(parse_san(promo, "g1") == Move::none()); // a promotion needs its piece

    const auto path = temp_path("book.pgn");
    {
        std::ofstream f(path);
        f << "[Event \"?\"]\n[Result \"*\"]\n\n1. e4 {comment} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 3.Bb5 a6 *\n\n"
             "[Event \"?\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 1/2-1/2\n";
    }
    const auto book = load_book(path.string());
    std::filesystem::remove(path);
    REQUIRE_MESSAGE(book.has_value(), (book ? "" : book.error()));
    REQUIRE(book->size() == 2);
    CHECK((*book)[0].fen == "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4");
    CHECK((*book)[1].fen == "8/3k4/8/8/4P3/8/8/4K3 w - - 1 2");
}

TEST_CASE("the committed match books (bench/books/ - scripts/match's defaults) load whole") {
    for (const auto& [name, chess960] : {std::pair{"standard.epd", false}, std::pair{"chess960.epd", true}}) {
        const std::string path = test::source_path(std::string("../bench/books/") + name).string();
        const auto book = load_book(path);
        REQUIRE_MESSAGE(book.has_value(), name << ": " << (book ? "" : book.error()));
        CHECK(book->size() == 1000);
        std::set<std::string> fens;
        int nonStandard = 0;
        for (const auto& o : *book) fens.insert(o.fen), nonStandard += o.chess960;
        CHECK(fens.size() == book->size());
        CHECK((chess960 ? nonStandard > 900 : nonStandard == 0));
        CHECK(test::read_text(path + ".meta").find("command: jadoube datagen --openings-only ") != std::string::npos);
    }
}

} // TEST_SUITE
