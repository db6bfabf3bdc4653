// The probes follow Ronald de Man's probing code (tbprobe.cpp, as in Stockfish's
// src/syzygy/tbprobe.cpp; AUTHORS): the alpha-beta over captures (his probe_ab),
// the en passant branches of probe_wdl and probe_dtz, the one-ply search where the
// DTZ table holds the other side to move, and the root ranking (Stockfish's
// root_probe and root_probe_wdl: the same formula, MAX_DTZ 1000 and 1000 - 101).
#include "syzygy/tablebases.h"

#include <algorithm>
#include <filesystem>
#include <limits>
#include <map>

#include "board/movegen.h"

namespace jadoube::syzygy {

namespace {

constexpr std::string_view WdlSuffix = ".rtbw", DtzSuffix = ".rtbz";
// SyzygyPath's list separator, as the system's PATH has it (Stockfish's choice too):
// Windows paths hold ':' after the drive letter.
#ifdef _WIN32
constexpr char PathSeparator = ';';
#else
constexpr char PathSeparator = ':';
#endif

// The DTZ a zeroing move gives: one ply to it, or 101 where the win or loss is cursed.
int dtz_of_zeroing(int wdl) { return wdl == Win ? 1 : wdl == Loss ? -1 : wdl == CursedWin ? 101 : wdl == BlessedLoss ? -101 : 0; }

bool is_capture_not_en_passant(const Position& pos, Move m) { return !pos.empty(m.to_sq()) && m.kind() != CASTLING; }
bool is_pawn_move(const Position& pos, Move m) { return type_of(pos.moved_piece(m)) == PAWN; }

// Root ranks: a sure win (or loss) within the fifty-move rule ranks 1000 (-1000);
// a win that the clock may spoil ranks lower the more plies it needs.
constexpr int SureRank = Tablebases::SureRank, FiftyMovePlies = 100;
constexpr int rank_of_dtz(int dtz, int clock) {
    if (dtz > 0) return dtz + clock < FiftyMovePlies ? SureRank : SureRank - (dtz + clock);
    if (dtz < 0) return -dtz * 2 + clock < FiftyMovePlies ? -SureRank : -SureRank + (-dtz + clock);
    return 0;
}
// Without DTZ: by class only; a cursed win ranks below a win, above a draw.
constexpr int CursedRank = 899;
constexpr int rank_of_wdl(int wdl) {
    constexpr int ranks[5] = {-SureRank, -CursedRank, 0, CursedRank, SureRank};
    return ranks[wdl + 2];
}

} // namespace

void Tablebases::clear() {
    byKey_.clear();
    entries_.clear();
    maxMen_ = 0;
}

std::vector<std::string> Tablebases::load(std::string_view path) {
    clear();
    std::vector<std::string> report;
    if (path.empty() || path == "<empty>") return report;

    // name -> file, per kind; the first directory that has a name keeps it.
    std::map<std::string, std::string> wdlFiles, dtzFiles;
    int directories = 0;
    for (std::size_t from = 0; from <= path.size();) {
        std::size_t to = path.find(PathSeparator, from);
        if (to == std::string_view::npos) to = path.size();
        const std::string dir(path.substr(from, to - from));
        from = to + 1;
        if (dir.empty()) continue;
        std::error_code ec;
        std::filesystem::directory_iterator it(dir, ec);
        if (ec) {
            report.push_back("SyzygyPath: " + dir + ": " + ec.message());
            continue;
        }
        ++directories;
        for (const auto& file : it) {
            const std::string name = file.path().filename().string();
            if (name.size() <= WdlSuffix.size()) continue;
            const std::string stem = name.substr(0, name.size() - WdlSuffix.size());
            const std::string_view suffix = std::string_view(name).substr(stem.size());
            if (!material_key(stem)) continue;
            if (suffix == WdlSuffix) wdlFiles.emplace(stem, file.path().string());
            else if (suffix == DtzSuffix) dtzFiles.emplace(stem, file.path().string());
        }
    }

    int dtzCount = 0;
    for (const auto& [stem, wdlPath] : wdlFiles) {
        auto wdl = Table::open(wdlPath, Kind::Wdl);
        if (!wdl) {
            report.push_back("refused " + wdl.error());
            continue;
        }
        auto entry = std::make_unique<Entry>();
        entry->wdl = std::make_unique<Table>(std::move(*wdl));
        if (const auto z = dtzFiles.find(stem); z != dtzFiles.end()) {
            if (auto dtz = Table::open(z->second, Kind::Dtz); dtz) {
                entry->dtz = std::make_unique<Table>(std::move(*dtz));
                ++dtzCount;
            } else {
                report.push_back("refused " + dtz.error());
            }
        }
        const MaterialKey key = *material_key(stem);
        if (byKey_.contains(key)) continue; // KQvKR and KRvKQ are one table
        byKey_[key] = entry.get();
        byKey_[mirrored(key)] = entry.get();
        maxMen_ = std::max(maxMen_, men(key));
        entries_.push_back(std::move(entry));
    }
    report.push_back("Syzygy: " + std::to_string(entries_.size()) + " WDL and " + std::to_string(dtzCount) + " DTZ tables from "
                     + std::to_string(directories) + (directories == 1 ? " directory" : " directories") + ", up to "
                     + std::to_string(maxMen_) + " men");
    return report;
}

const Tablebases::Entry* Tablebases::find(const Position& pos) const {
    const auto it = byKey_.find(material_key(pos));
    return it == byKey_.end() ? nullptr : it->second;
}

bool Tablebases::probeable(const Position& pos) const {
    return maxMen_ > 0 && !pos.castling_rights() && popcount(pos.pieces()) <= maxMen_;
}

std::optional<int> Tablebases::table_wdl(const Position& pos) const {
    if (popcount(pos.pieces()) == 2) return Draw; // the two kings: no table needed
    const Entry* e = find(pos);
    if (!e) return std::nullopt;
    return e->wdl->wdl(pos);
}

// The value with every capture considered (the table's value assumes the best
// move is not a capture where one does better), by alpha-beta over captures.
// captureIsBest: a capture is at least as good as every other move, so the best
// move zeroes the halfmove clock.
std::optional<int> Tablebases::probe_captures(Position& pos, int alpha, int beta, bool& captureIsBest) const {
    captureIsBest = false;
    for (const Move m : MoveList<LEGAL>(pos)) {
        if (!is_capture_not_en_passant(pos, m)) continue;
        pos.do_move(m);
        bool ignored;
        const std::optional<int> child = probe_captures(pos, -beta, -alpha, ignored);
        pos.undo_move(m);
        if (!child) return std::nullopt;
        const int v = -*child;
        if (v > alpha) {
            if (v >= beta) {
                captureIsBest = true;
                return v;
            }
            alpha = v;
        }
    }
    const std::optional<int> v = table_wdl(pos);
    if (!v) return std::nullopt;
    if (alpha >= *v) {
        captureIsBest = alpha > Draw;
        return alpha;
    }
    return v;
}

std::optional<Tablebases::EnPassant> Tablebases::best_en_passant(Position& pos) const {
    EnPassant ep{Loss - 1, true};
    for (const Move m : MoveList<LEGAL>(pos)) {
        if (m.kind() != EN_PASSANT) {
            ep.only = false;
            continue;
        }
        pos.do_move(m);
        bool ignored;
        const std::optional<int> child = probe_captures(pos, Loss, Win, ignored);
        pos.undo_move(m);
        if (!child) return std::nullopt;
        ep.wdl = std::max(ep.wdl, -*child);
    }
    return ep;
}

std::optional<int> Tablebases::probe_wdl(Position& pos) const {
    if (!probeable(pos)) return std::nullopt;
    bool captureIsBest;
    std::optional<int> v = probe_captures(pos, Loss, Win, captureIsBest);
    if (!v || pos.ep_square() == SQ_NONE) return v;

    // En passant is not in the tables: the best en passant capture counts where
    // it is better, or where it is the only legal move.
    const std::optional<EnPassant> ep = best_en_passant(pos);
    if (!ep) return std::nullopt;
    if (ep->wdl >= Loss && (ep->wdl >= *v || (*v == Draw && ep->only))) v = ep->wdl;
    return v;
}

std::optional<int> Tablebases::dtz_without_en_passant(Position& pos) const {
    bool captureIsBest;
    const std::optional<int> wdl = probe_captures(pos, Loss, Win, captureIsBest);
    if (!wdl) return std::nullopt;
    if (*wdl == Draw) return 0;
    if (captureIsBest) return dtz_of_zeroing(*wdl);

    // A winning pawn move zeroes the clock at once.
    if (*wdl > 0)
        for (const Move m : MoveList<LEGAL>(pos)) {
            if (!is_pawn_move(pos, m) || is_capture_not_en_passant(pos, m) || m.kind() == EN_PASSANT) continue;
            pos.do_move(m);
            const std::optional<int> child = probe_wdl(pos);
            pos.undo_move(m);
            if (!child) return std::nullopt;
            if (-*child == *wdl) return dtz_of_zeroing(*wdl);
        }

    const Entry* e = find(pos);
    if (!e || !e->dtz) return std::nullopt;
    const DtzRead read = e->dtz->dtz(pos, *wdl);
    if (read.status == DtzRead::Damaged) return std::nullopt;
    if (read.status == DtzRead::Value) return dtz_of_zeroing(*wdl) + (*wdl > 0 ? read.value : -read.value);

    // The table holds the other side to move: one ply of search over it.
    if (*wdl > 0) {
        int best = std::numeric_limits<int>::max();
        for (const Move m : MoveList<LEGAL>(pos)) {
            if (is_pawn_move(pos, m) || is_capture_not_en_passant(pos, m)) continue;
            pos.do_move(m);
            const std::optional<int> child = probe_dtz(pos);
            const bool mate = pos.checkers() && MoveList<LEGAL>(pos).size() == 0;
            pos.undo_move(m);
            if (!child) return std::nullopt;
            const int v = -*child;
            if (v == 1 && mate) best = 1;
            else if (v > 0) best = std::min(best, v + 1);
        }
        return best;
    }
    int best = -1;
    for (const Move m : MoveList<LEGAL>(pos)) {
        pos.do_move(m);
        std::optional<int> v;
        if (pos.rule50_count() == 0) {
            if (*wdl == Loss) v = -1;
            else {
                bool ignored;
                const std::optional<int> child = probe_captures(pos, CursedWin, Win, ignored);
                if (child) v = *child == Win ? 0 : -101;
            }
        } else if (const std::optional<int> child = probe_dtz(pos)) {
            v = -*child - 1;
        }
        pos.undo_move(m);
        if (!v) return std::nullopt;
        best = std::min(best, *v);
    }
    return best;
}

std::optional<int> Tablebases::probe_dtz(Position& pos) const {
    if (!probeable(pos)) return std::nullopt;
    std::optional<int> v = dtz_without_en_passant(pos);
    if (!v || pos.ep_square() == SQ_NONE) return v;

    const std::optional<EnPassant> best = best_en_passant(pos);
    if (!best) return std::nullopt;
    if (best->wdl < Loss) return v;
    // An en passant capture zeroes the clock: its DTZ is that of a zeroing move.
    const int ep = dtz_of_zeroing(best->wdl);
    const bool onlyEnPassant = best->only;
    const int d = *v;
    if (d < -100) {
        if (ep >= 0) v = ep;
    } else if (d < 0) {
        if (ep >= 0 || ep < -100) v = ep;
    } else if (d > 100) {
        if (ep > 0) v = ep;
    } else if (d > 0) {
        if (ep == 1) v = ep;
    } else if (ep >= 0) {
        v = ep;
    } else if (onlyEnPassant) {
        v = ep;
    }
    return v;
}

std::optional<Tablebases::RootRanking> Tablebases::rank_root(Position& pos, const std::vector<Move>& allowed,
                                                             bool fiftyMoveRule) const {
    if (!probeable(pos)) return std::nullopt;
    const std::optional<int> rootWdl = probe_wdl(pos);
    if (!rootWdl) return std::nullopt;
    const int clock = pos.rule50_count();
    struct Scored {
        Move move;
        int wdl;
        std::optional<int> dtz;
    };
    std::vector<Scored> scored;
    for (const Move m : MoveList<LEGAL>(pos)) {
        if (!allowed.empty() && std::find(allowed.begin(), allowed.end(), m) == allowed.end()) continue;
        pos.do_move(m);
        std::optional<int> dtz, wdl = probe_wdl(pos);
        if (wdl) wdl = -*wdl;
        if (pos.checkers() && MoveList<LEGAL>(pos).size() == 0) dtz = 1; // mate
        else if (pos.rule50_count() == 0) {
            if (wdl) dtz = dtz_of_zeroing(*wdl);
        } else if (const std::optional<int> child = probe_dtz(pos)) {
            // One ply further than the child's distance, on the mover's side.
            dtz = -*child > 0 ? -*child + 1 : -*child < 0 ? -*child - 1 : 0;
        }
        pos.undo_move(m);
        if (!wdl) return std::nullopt;
        scored.push_back({m, *wdl, dtz});
    }
    if (scored.empty()) return std::nullopt;
    // With a DTZ for every move, by distance and clock; else by class alone.
    const bool byDtz = std::all_of(scored.begin(), scored.end(), [](const Scored& s) { return s.dtz.has_value(); });
    std::vector<std::pair<Move, int>> ranked;
    for (const Scored& s : scored) ranked.emplace_back(s.move, byDtz ? rank_of_dtz(*s.dtz, clock) : rank_of_wdl(s.wdl));
    // Without the fifty-move rule every win is sure, every loss certain.
    if (!fiftyMoveRule)
        for (auto& [m, r] : ranked) r = r > 0 ? SureRank : r < 0 ? -SureRank : 0;
    const int best = std::max_element(ranked.begin(), ranked.end(), [](auto& a, auto& b) { return a.second < b.second; })->second;
    RootRanking result{{}, fiftyMoveRule ? *rootWdl : *rootWdl > 0 ? Win : *rootWdl < 0 ? Loss : Draw, probe_dtz(pos), best};
    for (const auto& [m, r] : ranked)
        if (r == best) result.best.push_back(m);
    return result;
}

} // namespace jadoube::syzygy
