#include "datagen/book.h"

#include <fstream>
#include <optional>

#include "board/movegen.h"
#include "notation/san.h"
#include "util/text.h"

namespace jadoube {

namespace {

using Err = std::unexpected<std::string>;

bool ends_with(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && text::iequals(s.substr(s.size() - suffix.size()), suffix);
}

// Standard first (castling then prints as e1g1), Chess960 when only it can hold the set-up.
std::expected<datagen::Opening, std::string> opening_from_fen(const std::string& fen) {
    Position pos;
    if (pos.set(fen, false)) return datagen::Opening{fen, false};
    if (auto ok = pos.set(fen, true); !ok) return Err(ok.error());
    return datagen::Opening{fen, true};
}

std::expected<std::vector<datagen::Opening>, std::string> load_epd(std::istream& in, const std::string& path) {
    std::vector<datagen::Opening> book;
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const auto tokens = text::split_tokens(line);
        if (tokens.empty() || tokens[0].starts_with('#')) continue;
        if (tokens.size() < 4) return Err(path + ":" + std::to_string(n) + ": an EPD line needs 4 fields");
        auto o = opening_from_fen(text::join(std::span(tokens).first(4)));
        if (!o) return Err(path + ":" + std::to_string(n) + ": " + o.error());
        book.push_back(std::move(*o));
    }
    return book;
}

// PGN: tag pairs, then movetext with comments ({...}, ;...), variations (...),
// NAGs ($n), move numbers and a result. Only [FEN] and the main line matter.
std::expected<std::vector<datagen::Opening>, std::string> load_pgn(std::istream& in, const std::string& path) {
    std::vector<datagen::Opening> book;
    std::string fen(Position::StartFen);
    bool chess960 = false;
    std::optional<Position> pos;
    int gameNo = 0;
    auto finish = [&] {
        if (pos) book.push_back({pos->fen(), pos->is_chess960()});
        pos.reset();
        fen = Position::StartFen;
        chess960 = false;
    };
    auto begin = [&]() -> std::expected<void, std::string> {
        ++gameNo;
        Position p;
        if (auto ok = p.set(fen, chess960); !ok) {
            if (chess960 || !p.set(fen, true))
                return Err(path + ": game " + std::to_string(gameNo) + ": bad FEN tag: " + ok.error());
        }
        pos = std::move(p);
        return {};
    };

    std::string line;
    int depth = 0;        // variation nesting
    bool comment = false; // inside {...}
    for (int n = 1; std::getline(in, line); ++n) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!comment && depth == 0 && line.starts_with('[')) {
            if (pos) finish();
            const auto q1 = line.find('"'), q2 = line.rfind('"');
            if (q1 != std::string::npos && q2 > q1) {
                const std::string name = line.substr(1, line.find(' ') - 1), value = line.substr(q1 + 1, q2 - q1 - 1);
                if (name == "FEN") fen = value;
                if (name == "Variant" && (text::iequals(value, "chess960") || text::iequals(value, "fischerandom")))
                    chess960 = true;
            }
            continue;
        }
        std::size_t i = 0;
        while (i < line.size()) {
            const char c = line[i];
            if (comment) {
                comment = c != '}';
                ++i;
                continue;
            }
            if (c == '{') {
                comment = true, ++i;
                continue;
            }
            if (c == ';') break;
            if (c == '(') {
                ++depth, ++i;
                continue;
            }
            if (c == ')') {
                depth = std::max(0, depth - 1), ++i;
                continue;
            }
            if (c == ' ' || c == '\t') {
                ++i;
                continue;
            }
            std::size_t j = i;
            while (j < line.size() && std::string_view(" \t{}();").find(line[j]) == std::string_view::npos) ++j;
            std::string_view tok(line.data() + i, j - i);
            i = j;
            if (depth > 0) continue;
            if (tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*") {
                if (!pos)
                    if (auto ok = begin(); !ok) return Err(ok.error());
                finish();
                continue;
            }
            if (tok.starts_with('$')) continue;
            // Move numbers, possibly fused with the move: "12.", "12...", "12.e4".
            std::size_t k = 0;
            while (k < tok.size() && tok[k] >= '0' && tok[k] <= '9') ++k;
            if (k > 0 && k < tok.size() && tok[k] == '.') {
                while (k < tok.size() && tok[k] == '.') ++k;
                tok.remove_prefix(k);
            } else if (k == tok.size()) continue;
            if (tok.empty()) continue;
            if (!pos)
                if (auto ok = begin(); !ok) return Err(ok.error());
            const Move m = parse_san(*pos, tok);
            if (!m)
                return Err(path + ":" + std::to_string(n) + ": game " + std::to_string(gameNo) + ": '" + std::string(tok)
                           + "' is not a legal move in " + pos->fen());
            pos->do_move(m);
        }
    }
    if (pos) finish();
    return book;
}

} // namespace

std::expected<std::vector<datagen::Opening>, std::string> load_book(const std::string& path) {
    std::ifstream in(path);
    if (!in) return Err("cannot open book " + path);
    auto book = ends_with(path, ".pgn") ? load_pgn(in, path) : load_epd(in, path);
    if (book && book->empty()) return Err("book " + path + " has no openings");
    return book;
}

} // namespace jadoube
