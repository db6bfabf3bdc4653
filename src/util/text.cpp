#include "util/text.h"

#include <charconv>

namespace jadoube::text {

namespace {

constexpr bool is_blank(char c) { return c == ' ' || c == '\t'; }

constexpr std::size_t QuoteLimit = 64;

std::string hex_byte(unsigned char c) { return "0x" + hex(c, 2, HexCase::Upper); }

// Length of the UTF-8 sequence starting at s[i], or 0 when it is malformed
// (overlong forms, surrogates and code points past U+10FFFF included).
std::size_t utf8_sequence_length(std::string_view s, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char lead = byte(i);
    std::size_t len;
    unsigned char lo = 0x80, hi = 0xBF; // allowed range of the second byte
    if (lead >= 0xC2 && lead <= 0xDF) len = 2;
    else if (lead >= 0xE0 && lead <= 0xEF) {
        len = 3;
        if (lead == 0xE0) lo = 0xA0;
        if (lead == 0xED) hi = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        len = 4;
        if (lead == 0xF0) lo = 0x90;
        if (lead == 0xF4) hi = 0x8F;
    } else return 0;
    if (i + len > s.size()) return 0;
    if (byte(i + 1) < lo || byte(i + 1) > hi) return 0;
    for (std::size_t k = 2; k < len; ++k)
        if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
    return len;
}

} // namespace

std::vector<std::string_view> split_tokens(std::string_view line) {
    std::vector<std::string_view> tokens;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && is_blank(line[i])) ++i;
        std::size_t j = i;
        while (j < line.size() && !is_blank(line[j])) ++j;
        if (j > i) tokens.push_back(line.substr(i, j - i));
        i = j;
    }
    return tokens;
}

std::string join(std::span<const std::string_view> tokens) {
    std::string s;
    for (std::string_view t : tokens) {
        if (!s.empty()) s += ' ';
        s += t;
    }
    return s;
}

bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z') x = char(x | 0x20);
        if (y >= 'A' && y <= 'Z') y = char(y | 0x20);
        if (x != y) return false;
    }
    return true;
}

std::optional<std::int64_t> parse_int(std::string_view s) {
    const bool plus = !s.empty() && s[0] == '+'; // from_chars rejects '+'
    if (plus) s.remove_prefix(1);
    if (s.empty() || (plus && (s[0] == '+' || s[0] == '-'))) return std::nullopt;
    std::int64_t v = 0;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return v;
}

std::string hex(std::uint64_t value, int digits, HexCase letters) {
    const char* const alphabet = letters == HexCase::Upper ? "0123456789ABCDEF" : "0123456789abcdef";
    std::string s(std::size_t(digits), '0');
    for (int i = digits - 1; i >= 0; --i, value >>= 4) s[std::size_t(i)] = alphabet[value & 15];
    return s;
}

std::string quoted(std::string_view s) {
    // Built by appending: GCC 12 warns falsely (-Wrestrict, bug 105329) on "'" + std::string.
    std::string q(1, '\'');
    if (s.size() <= QuoteLimit) {
        q.append(s);
        q += '\'';
        return q;
    }
    std::size_t cut = QuoteLimit;
    // Do not split a UTF-8 sequence: back up to a lead byte.
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
    q.append(s.substr(0, cut));
    q += "...' (";
    q += std::to_string(s.size());
    q += " bytes)";
    return q;
}

std::optional<std::string> find_junk(std::string_view line) {
    for (std::size_t i = 0; i < line.size();) {
        const auto c = static_cast<unsigned char>(line[i]);
        if (c < 0x80) {
            if ((c < 0x20 && c != '\t') || c == 0x7F)
                return "line has the control byte " + hex_byte(c) + " at column " + std::to_string(i + 1);
            ++i;
            continue;
        }
        const std::size_t len = utf8_sequence_length(line, i);
        if (len == 0)
            return "line has the byte " + hex_byte(c) + " at column " + std::to_string(i + 1) + ", which is not valid UTF-8";
        i += len;
    }
    return std::nullopt;
}

} // namespace jadoube::text
