// Small text helpers for the protocol layer: tokens, strict integers, and the
// checks that keep junk bytes away from the command handlers.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace jadoube::text {

// Tokens separated by any run of spaces and tabs (GUIs are not consistent).
std::vector<std::string_view> split_tokens(std::string_view line);

// The tokens joined by single spaces, so "Move   Overhead" names "Move Overhead".
std::string join(std::span<const std::string_view> tokens);

bool iequals(std::string_view a, std::string_view b);

// A whole-token decimal integer (optional sign); nullopt for anything else,
// including trailing characters and values beyond 64 bits.
std::optional<std::int64_t> parse_int(std::string_view s);

enum class HexCase { Lower, Upper };

// The low 'digits' hex digits of value, most significant first, zero-padded: the one
// hex formatter (keys, checksums, bytes in error messages).
std::string hex(std::uint64_t value, int digits, HexCase letters = HexCase::Lower);

// 's' in quotes for an error message, cut short so that a megabyte of junk
// does not come back as a megabyte of error.
std::string quoted(std::string_view s);

// Why the line is not text a GUI would send (a control byte, broken UTF-8),
// or nullopt when it is clean. Tabs are fine; they separate tokens.
std::optional<std::string> find_junk(std::string_view line);

} // namespace jadoube::text
