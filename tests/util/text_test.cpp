// Text helpers (util/text.h): tokens, strict integers, hex digits, quoting, junk detection.
#include <doctest/doctest.h>

#include "util/text.h"

using namespace jadoube::text;

TEST_SUITE("uci") {

TEST_CASE("split_tokens splits on runs of spaces and tabs") {
    const auto t = split_tokens(" \tgo  perft\t\t3 ");
    REQUIRE(t.size() == 3);
    CHECK(t[0] == "go");
    CHECK(t[1] == "perft");
    CHECK(t[2] == "3");
    CHECK(split_tokens("").empty());
    CHECK(split_tokens(" \t ").empty());
}

TEST_CASE("parse_int accepts whole decimal tokens only") {
    CHECK(parse_int("0") == 0);
    CHECK(parse_int("-17") == -17);
    CHECK(parse_int("+17") == 17);
    CHECK(parse_int("9223372036854775807") == INT64_MAX);
    CHECK_FALSE(parse_int("9223372036854775808"));
    CHECK_FALSE(parse_int(""));
    CHECK_FALSE(parse_int("+"));
    CHECK_FALSE(parse_int("+-1"));
    CHECK_FALSE(parse_int("1.5"));
    CHECK_FALSE(parse_int("12abc"));
    CHECK_FALSE(parse_int("0x10"));
}

TEST_CASE("iequals ignores ASCII case only") {
    CHECK(iequals("UCI_Chess960", "uci_chess960"));
    CHECK_FALSE(iequals("Hash", "Hash "));
}

TEST_CASE("hex writes the low digits of a value - zero-padded - in either case") {
    CHECK(hex(0, 4) == "0000");
    CHECK(hex(0xAB, 2) == "ab");
    CHECK(hex(0xAB, 2, HexCase::Upper) == "AB");
    CHECK(hex(0x1F, 4, HexCase::Upper) == "001F");
    CHECK(hex(0x123456789ABCDEF0ULL, 16) == "123456789abcdef0");
    CHECK(hex(0x123456789ABCDEF0ULL, 3) == "ef0"); // the low digits only
    CHECK(hex(~0ULL, 16, HexCase::Upper) == "FFFFFFFFFFFFFFFF");
}

TEST_CASE("quoted cuts long text short") {
    CHECK(quoted("abc") == "'abc'");
    const std::string q = quoted(std::string(1000, 'x'));
    CHECK(q.size() < 100);
    CHECK(q.find("1000 bytes") != std::string::npos);
}

TEST_CASE("find_junk flags control bytes and broken UTF-8 but not tabs or valid UTF-8") {
    CHECK_FALSE(find_junk("go\tperft 1"));
    CHECK_FALSE(find_junk("Größe ♞ 𝄞"));
    CHECK(find_junk(std::string("a\0b", 3)));
    CHECK(find_junk("a\x7f"));
    CHECK(find_junk("\xff"));
    CHECK(find_junk("\xe2\x99"));          // truncated
    CHECK(find_junk("\xed\xa0\x80"));      // surrogate
    CHECK(find_junk("\xf4\x90\x80\x80"));  // past U+10FFFF
}

} // TEST_SUITE
