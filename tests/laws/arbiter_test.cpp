// The arbiter mode: game logs in, one ruling per event line out, in English and
// Russian; claims under 4.8; malformed logs. In-process through run_arbiter,
// and on the real binary over pipes with the sample logs in tests/laws/logs.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "cli/arbiter.h"
#include "laws/arbiter.h"
#include "laws/rulings.h"
#include "notation/touch_text.h"
#include "support/files.h"
#include "support/lines.h"
#include "support/run_binary.h"

using namespace jadoube;
using jadoube::test::read_text;
using jadoube::test::run_binary;
using jadoube::test::split_lines;

namespace {

struct Run {
    std::vector<std::string> out;
    std::string err;
    int code;
};

Run arbiter(const std::string& log, Lang lang = Lang::En) {
    std::istringstream in(log);
    std::ostringstream out, err;
    const int code = run_arbiter(in, out, err, lang);
    return {split_lines(out.str()), err.str(), code};
}

std::string log_path(const char* name) { return test::source_path(std::string("laws/logs/") + name).string(); }

const std::vector<std::string> ContractEn = {
    "ok",
    "ok",
    "violation 4.3.1: the pawn on e2 was touched and can move (e2e3 e2e4)",
    "upheld: g1f3 is taken back; White must play e2e3 or e2e4",
    "ok",
    "ok",
    "violation 4.3.1: the knight on g8 was touched and can move (g8f6 g8h6)",
    "ok",
    "rejected 4.8: White touched a piece before claiming",
    "ok",
    "ok",
    "rejected 4.8: Black touched a piece before claiming",
    "ok",
    "rejected: the last move broke no rule",
};

const std::vector<std::string> ContractRu = {
    "в порядке",
    "в порядке",
    "нарушение 4.3.1: тронули пешку на e2, и эта фигура может сделать ход (e2e3 e2e4)",
    "удовлетворено: ход g1f3 отменяется; Белые должны сыграть e2e3 или e2e4",
    "в порядке",
    "в порядке",
    "нарушение 4.3.1: тронули коня на g8, и эта фигура может сделать ход (g8f6 g8h6)",
    "в порядке",
    "отклонено 4.8: Белые тронули фигуру до заявления",
    "в порядке",
    "в порядке",
    "отклонено 4.8: Чёрные тронули фигуру до заявления",
    "в порядке",
    "отклонено: последний ход правил не нарушил",
};

} // namespace

TEST_SUITE("touchmove") {

// ---------------------------------------------------------------------------
// Rulings
// ---------------------------------------------------------------------------

TEST_CASE("arbiter contract rulings in English") {
    const Run r = arbiter(read_text(log_path("contract.log")));
    CHECK(r.code == 0);
    CHECK(r.err.empty());
    CHECK(r.out == ContractEn);
}

TEST_CASE("arbiter contract rulings in Russian") {
    const Run r = arbiter(read_text(log_path("contract.log")), Lang::Ru);
    CHECK(r.code == 0);
    CHECK(r.out == ContractRu);
}

TEST_CASE("arbiter a lawful move is ok and comments and blank lines get no ruling") {
    const Run r = arbiter("# a comment\n\nstartpos\n   \nmove e2e4 # trailing comment\r\n");
    CHECK(r.code == 0);
    CHECK(r.out == std::vector<std::string>{"ok", "ok"});
}

TEST_CASE("arbiter 4.3.2 violation: a touched piece not captured") {
    const Run r = arbiter("fen 4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1\ntouch d5\nmove e4e5\n");
    CHECK(r.out.back() == "violation 4.3.2: the pawn on d5 was touched and can be captured (e4d5)");
}

TEST_CASE("arbiter 4.3.3 violation wording for the capture and for the walk") {
    Run r = arbiter("fen 4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1\ntouch e4 d5\nmove e4e5\n");
    CHECK(r.out.back()
          == "violation 4.3.3: the pawn on e4 and the pawn on d5 were touched, and the one can take the other (e4d5)");
    r = arbiter("fen 4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1\ntouch e1 d5\nmove e4d5\n");
    CHECK(r.out.back() == "violation 4.3.3: the king on e1 is the first touched piece that can move (e1d1 e1d2 e1e2 e1f1 e1f2)");
    r = arbiter("fen 4k3/8/8/3p4/4P3/8/8/1N2K3 w - - 0 1\ntouch d5 b1\nmove b1c3\n");
    CHECK(r.out.back() == "violation 4.3.3: the pawn on d5 is the first touched piece that can be captured (e4d5)");
}

TEST_CASE("arbiter 4.4.1 and 4.4.3 violations in both languages") {
    const std::string log = "fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\ntouch e1 h1\nmove e1f1\n";
    CHECK(arbiter(log).out.back()
          == "violation 4.4.1: the king and then the rook on h1 were touched, and castling with that rook is legal (e1g1)");
    CHECK(arbiter(log, Lang::Ru).out.back()
          == "нарушение 4.4.1: тронули короля, затем ладью на h1, и рокировка с этой ладьёй возможна (e1g1)");
    const std::string illegal = "fen r3k2r/8/8/8/2b5/8/8/R3K2R w KQkq - 0 1\ntouch e1 h1\nmove h1g1\n";
    CHECK(arbiter(illegal).out.back()
          == "violation 4.4.3: the king and then the rook on h1 were touched, but castling with that rook is illegal, "
             "so the king must move (e1c1 e1d1 e1d2 e1f2)");
    CHECK(arbiter(illegal, Lang::Ru).out.back()
          == "нарушение 4.4.3: тронули короля, затем ладью на h1, но рокировка с этой ладьёй невозможна, "
             "поэтому ход делает король (e1c1 e1d1 e1d2 e1f2)");
}

TEST_CASE("arbiter 4.4.2 violation: castling after touching the rook first") {
    const Run r = arbiter("fen r3k2r/8/8/8/8/8/7P/R3K1NR w KQkq - 0 1\ntouch h1 e1\nmove a1d1\n");
    CHECK(r.out.back()
          == "violation 4.4.2: the rook on h1 was touched before the king, so the king must move without castling with "
             "that rook (e1c1 e1d1 e1d2 e1e2 e1f1 e1f2)");
}

TEST_CASE("arbiter 4.7 violation and upheld claim with a promotion chosen") {
    const Run r = arbiter(read_text(log_path("promotion.log")));
    CHECK(r.code == 0);
    CHECK(r.out
          == std::vector<std::string>{
              "ok", "ok", "ok",
              "violation 4.7: the pawn on b7 was let go on b8, and a queen was chosen for the promotion (b7b8q)",
              "upheld: b7b8n is taken back; White must play b7b8q", "ok"});
    const Run ru = arbiter(read_text(log_path("promotion.log")), Lang::Ru);
    CHECK(ru.out[3] == "нарушение 4.7: пешку с b7 поставили на b8 и отпустили, а для превращения выбрана фигура: ферзь (b7b8q)");
    CHECK(ru.out[4] == "удовлетворено: ход b7b8n отменяется; Белые должны сыграть b7b8q");
}

TEST_CASE("arbiter 4.4.4 violation: promotion to another piece than the one chosen") {
    const Run r = arbiter("fen 4k3/1P6/8/8/8/8/8/4K3 w - - 0 1\npromote r\nmove b7b8q\n");
    CHECK(r.out.back() == "violation 4.4.4: a rook was chosen for the promotion (b7b8r)");
    CHECK(arbiter("fen 4k3/1P6/8/8/8/8/8/4K3 w - - 0 1\npromote r\nmove b7b8q\n", Lang::Ru).out.back()
          == "нарушение 4.4.4: для превращения выбрана фигура: ладья (b7b8r)");
}

TEST_CASE("arbiter 4.7.2 castling sample log") {
    const Run r = arbiter(read_text(log_path("castling.log")));
    CHECK(r.code == 0);
    CHECK(r.out
          == std::vector<std::string>{
              "ok", "ok", "ok", "ok",
              "violation 4.4.1: the king and then the rook on h8 were touched, and castling with that rook is legal (e8g8)",
              "upheld: e8f8 is taken back; Black must play e8g8", "ok"});
}

TEST_CASE("arbiter 4.7.2 violation wording in both languages") {
    const std::string log = "fen r3k2r/8/8/8/2b5/8/8/R3K2R w KQkq - 0 1\nrelease e1 g1\nmove a1b1\n";
    CHECK(arbiter(log).out.back()
          == "violation 4.7.2: the king was let go on g1, but castling on that side is illegal, so the king must move "
             "(e1c1 e1d1 e1d2 e1f2)");
    CHECK(arbiter(log, Lang::Ru).out.back()
          == "нарушение 4.7.2: короля поставили на g1 и отпустили, но рокировка в эту сторону невозможна, "
             "поэтому ход делает король (e1c1 e1d1 e1d2 e1f2)");
}

TEST_CASE("arbiter Chess960 sample log: castling written king takes rook") {
    const Run r = arbiter(read_text(log_path("chess960.log")));
    CHECK(r.code == 0);
    CHECK(r.out
          == std::vector<std::string>{"ok", "ok",
                                      "violation 4.7.2: the king was let go on c1, and castling on that side is legal (f1b1)"});
}

TEST_CASE("arbiter 4.7 a release no legal move reaches is void but counts as a touch") {
    const Run r = arbiter("startpos\nrelease g1 g4\nmove b1c3\n");
    CHECK(r.code == 0);
    CHECK(r.out[1] == "void: no legal move takes the knight on g1 to g4; it counts as touched");
    CHECK(r.out[2] == "violation 4.3.1: the knight on g1 was touched and can move (g1f3 g1h3)");
    CHECK(arbiter("startpos\nrelease g1 g4\n", Lang::Ru).out[1]
          == "не засчитано: ни один возможный ход не ведёт коня с g1 на g4; фигура считается тронутой");
}

TEST_CASE("arbiter a kept release is ok") {
    CHECK(arbiter("startpos\nrelease g1 f3\nmove g1f3\n").out == std::vector<std::string>{"ok", "ok", "ok"});
}

// ---------------------------------------------------------------------------
// Claims (4.8)
// ---------------------------------------------------------------------------

TEST_CASE("4.8 claim with no move yet is rejected") {
    CHECK(arbiter("startpos\nclaim\n").out.back() == "rejected: no move has been made to claim against");
}

TEST_CASE("4.8 an adjustment does not forfeit the claim") {
    const Run r = arbiter("startpos\ntouch e2\nmove g1f3\nadjust e7 d8\nclaim\n");
    CHECK(r.out.back() == "upheld: g1f3 is taken back; White must play e2e3 or e2e4");
}

TEST_CASE("4.8 a release forfeits the claim") {
    const Run r = arbiter("startpos\ntouch e2\nmove g1f3\nrelease g8 g5\nclaim\n");
    CHECK(r.out.back() == "rejected 4.8: Black touched a piece before claiming");
}

TEST_CASE("4.8 touching an opponent's piece forfeits the claim too") {
    const Run r = arbiter("startpos\ntouch e2\nmove g1f3\ntouch f3\nclaim\n");
    CHECK(r.out.back() == "rejected 4.8: Black touched a piece before claiming");
}

TEST_CASE("4.8 an upheld claim leaves the obligation in force") {
    const Run r = arbiter("startpos\ntouch e2\nmove g1f3\nclaim\nmove g1f3\nclaim\nmove e2e3\n");
    CHECK(r.out
          == std::vector<std::string>{"ok", "ok", "violation 4.3.1: the pawn on e2 was touched and can move (e2e3 e2e4)",
                                      "upheld: g1f3 is taken back; White must play e2e3 or e2e4",
                                      "violation 4.3.1: the pawn on e2 was touched and can move (e2e3 e2e4)",
                                      "upheld: g1f3 is taken back; White must play e2e3 or e2e4", "ok"});
}

TEST_CASE("4.8 the offender cannot claim back after an upheld claim") {
    const Run r = arbiter("startpos\nmove e2e4\ntouch g8\nmove b8c6\nclaim\nclaim\n");
    CHECK(r.out[4] == "upheld: b8c6 is taken back; Black must play g8f6 or g8h6");
    CHECK(r.out[5] == "rejected 4.8: Black touched a piece before claiming");
}

TEST_CASE("4.8 upheld lists three or more moves with commas") {
    const Run r = arbiter("startpos\ntouch e1\nmove e2e4\nmove e7e5\ntouch e1\nmove g1f3\nclaim\n");
    CHECK(r.out.back() == "upheld: g1f3 is taken back; White must play e1e2");
    const Run many = arbiter("fen 4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1\ntouch e1\nmove e4e5\nclaim\n");
    CHECK(many.out.back() == "upheld: e4e5 is taken back; White must play e1d1, e1d2, e1e2, e1f1 or e1f2");
    const Run ru = arbiter("fen 4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1\ntouch e1\nmove e4e5\nclaim\n", Lang::Ru);
    CHECK(ru.out.back() == "удовлетворено: ход e4e5 отменяется; Белые должны сыграть e1d1, e1d2, e1e2, e1f1 или e1f2");
}

TEST_CASE("4.8 a new game forgets the moves") {
    CHECK(arbiter("startpos\ntouch e2\nmove g1f3\nstartpos\nclaim\n").out.back()
          == "rejected: no move has been made to claim against");
}

// ---------------------------------------------------------------------------
// Malformed logs
// ---------------------------------------------------------------------------

TEST_CASE("arbiter malformed: an illegal move stops the log with its line number") {
    const Run r = arbiter(read_text(log_path("malformed.log")));
    CHECK(r.code == ExitFailure);
    CHECK(r.out == std::vector<std::string>{"ok", "ok"});
    CHECK(r.err == "line 4: move: 'e7e4' is not legal in rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n");
    const Run ru = arbiter(read_text(log_path("malformed.log")), Lang::Ru);
    CHECK(ru.err
          == "строка 4: move: ход 'e7e4' невозможен в позиции rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n");
}

TEST_CASE("arbiter malformed: each kind of bad line") {
    const auto err = [](const std::string& log) {
        const Run r = arbiter(log);
        CHECK(r.code == ExitFailure);
        return r.err;
    };
    CHECK(err("touch e2\n") == "line 1: touch: no position yet; a log starts with startpos or fen\n");
    CHECK(err("move e2e4\n") == "line 1: move: no position yet; a log starts with startpos or fen\n");
    CHECK(err("claim\n") == "line 1: claim: no position yet; a log starts with startpos or fen\n");
    CHECK(err("startpos\nhello\n") == "line 2: unknown event 'hello'\n");
    CHECK(err("startpos\ntouch\n") == "line 2: touch: expected one or more squares\n");
    CHECK(err("startpos\ntouch e4\n") == "line 2: touch: no piece on e4; nothing changed\n");
    CHECK(err("startpos\ntouch z9\n") == "line 2: touch: 'z9' is not a square\n");
    CHECK(err("startpos\nrelease e2\n") == "line 2: release: expected two squares, FROM and TO\n");
    CHECK(err("startpos\npromote x\n") == "line 2: promote: expected one of q r b n\n");
    CHECK(err("startpos\npromote q\n") == "line 2: promote: no pawn can promote; nothing changed\n");
    CHECK(err("startpos\nmove\n") == "line 2: move: expected one move in UCI notation\n");
    CHECK(err("startpos\nmove e2\n") == "line 2: move: 'e2' is not a UCI move\n");
    CHECK(err("startpos\nclaim now\n") == "line 2: claim: takes no arguments, got 'now'\n");
    CHECK(err("startpos extra\n") == "line 1: startpos: takes no arguments, got 'extra'\n");
    CHECK(err("fen 8/8/8/8/8/8/8/8 w - - 0 1\n").starts_with("line 1: fen: bad FEN '8/8/8/8/8/8/8/8 w - - 0 1': "));
    CHECK(err("fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\ntouch e1\n")
          == "line 2: touch: the side to move has no legal move, so there is nothing to touch\n");
}

TEST_CASE("arbiter malformed: an empty log is well formed") {
    const Run r = arbiter("");
    CHECK(r.code == 0);
    CHECK(r.out.empty());
}

// ---------------------------------------------------------------------------
// The message table
// ---------------------------------------------------------------------------

TEST_CASE("rulings table: every reachable article and case has both columns") {
    const std::pair<Article, Basis> reachable[] = {
        {Article::None, Basis::Free},          {Article::A4_3_1, Basis::PieceMoves}, {Article::A4_3_2, Basis::PieceCaptures},
        {Article::A4_3_3, Basis::CaptureWith}, {Article::A4_3_3, Basis::PieceMoves}, {Article::A4_3_3, Basis::PieceCaptures},
        {Article::A4_4_1, Basis::Castling},    {Article::A4_4_2, Basis::PieceMoves}, {Article::A4_4_2, Basis::KingNoCastling},
        {Article::A4_4_3, Basis::KingMoves},   {Article::A4_4_4, Basis::Promotion},  {Article::A4_5, Basis::NothingMovable},
        {Article::A4_5, Basis::KingStuck},     {Article::A4_7, Basis::Released},     {Article::A4_7_2, Basis::Castling},
        {Article::A4_7_2, Basis::KingMoves},
    };
    for (auto [article, basis] : reachable)
        for (Lang lang : {Lang::En, Lang::Ru}) {
            CAPTURE(article_number(article));
            CAPTURE(int(basis));
            CHECK_FALSE(phrase(article, case_of(basis), lang).empty());
        }
    for (Case c : {Case::Ok, Case::Violation, Case::Upheld, Case::RejectedNoRule, Case::RejectedNoMove, Case::ReleaseVoid,
                   Case::Or, Case::ErrNoLegalMove, Case::ErrNoPiece, Case::ErrUnreachable, Case::ErrNoPromotion, Case::ErrLine,
                   Case::PromotionChosen})
        for (Lang lang : {Lang::En, Lang::Ru}) CHECK_FALSE(phrase(c, lang).empty());
    CHECK_FALSE(phrase(Article::A4_8, Case::RejectedTouched, Lang::Ru).empty());
}

TEST_CASE("rulings table: fill replaces named slots only") {
    CHECK(fill("the {piece} on {square}", {{"piece", "knight"}, {"square", "g1"}}) == "the knight on g1");
    CHECK(fill("{unknown} {x", {{"x", "1"}}) == "{unknown} {x");
    CHECK(piece_word(KNIGHT, Form::Accusative, Lang::Ru) == "коня");
    CHECK(piece_word(ROOK, Form::Accusative, Lang::Ru) == "ладью");
    CHECK(piece_word(QUEEN, Form::Nominative, Lang::Ru) == "ферзь");
    CHECK(side_word(BLACK, Lang::Ru) == "Чёрные");
}

// ---------------------------------------------------------------------------
// The binary: `jadoube arbiter [--lang en|ru] [FILE]`
// ---------------------------------------------------------------------------

TEST_CASE("arbiter binary reads a log file in English and exits 0") {
    const auto r = run_binary({"arbiter", log_path("contract.log")}, "");
    CHECK(r.exitCode == 0);
    CHECK(r.err.empty());
    CHECK(split_lines(r.out) == ContractEn);
}

TEST_CASE("arbiter binary reads standard input in Russian and exits 0") {
    const auto r = run_binary({"arbiter", "--lang", "ru"}, read_text(log_path("contract.log")));
    CHECK(r.exitCode == 0);
    CHECK(split_lines(r.out) == ContractRu);
}

TEST_CASE("arbiter a control byte in a log line stops the log with its line number") {
    const Run en = arbiter("startpos\r\nmove e2e4\n\x01oops\n");
    CHECK(en.code != 0);
    CHECK(en.out == std::vector<std::string>{"ok", "ok"});
    CHECK(en.err == "line 3: control byte \\x01 in the line (a log is text)\n");
    const Run ru = arbiter("startpos\n\x07\n", Lang::Ru);
    CHECK(ru.err == "строка 2: управляющий байт \\x07 в строке (журнал должен быть текстом)\n");
}

TEST_CASE("arbiter binary Chess960 and promotion logs") {
    const auto c = run_binary({"arbiter", log_path("chess960.log")}, "");
    CHECK(c.exitCode == 0);
    CHECK(split_lines(c.out).back() == "violation 4.7.2: the king was let go on c1, and castling on that side is legal (f1b1)");
    const auto p = run_binary({"arbiter", "--lang=ru", log_path("promotion.log")}, "");
    CHECK(p.exitCode == 0);
    CHECK(split_lines(p.out).back() == "в порядке");
}

TEST_CASE("arbiter binary malformed log: non-zero exit and the line number on stderr") {
    const auto r = run_binary({"arbiter", log_path("malformed.log")}, "");
    CHECK(r.exitCode == ExitFailure);
    CHECK(split_lines(r.out) == std::vector<std::string>{"ok", "ok"});
    CHECK(r.err.starts_with("line 4: "));
    const auto ru = run_binary({"arbiter", "--lang", "ru"}, "startpos\nmove e2e5\n");
    CHECK(ru.exitCode == ExitFailure);
    CHECK(ru.err.starts_with("строка 2: "));
}

TEST_CASE("arbiter binary usage errors") {
    CHECK(run_binary({"arbiter", "--lang", "fr"}, "").exitCode == ExitUsage);
    CHECK(run_binary({"arbiter", "/nonexistent/file.log"}, "").exitCode == ExitUsage);
    CHECK(run_binary({"arbiter", "a.log", "b.log"}, "").exitCode == ExitUsage);
}

} // TEST_SUITE
