// The Syzygy tables found on SyzygyPath, and the two probes an engine needs: the
// win/draw/loss class of a position (for the search) and its distance to the next
// capture or pawn move (for choosing a move at the root that keeps the win, or
// the draw, under the fifty-move rule). A table stores its material only; a
// capture or en passant capture that changes the material, or does better than
// the table's value, is resolved here by a short search.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "board/position.h"
#include "syzygy/table.h"

namespace jadoube::syzygy {

// For the side to move, assuming the halfmove clock is zero: a win, or a cursed
// win that the fifty-move rule turns into a draw; the same for a loss.
enum Wdl : int { Loss = -2, BlessedLoss = -1, Draw = 0, CursedWin = 1, Win = 2 };

class Tablebases {
public:
    // Replaces the tables with those in path's directories (':' separates them;
    // "" or "<empty>" is none). Every file is mapped and its header checked now;
    // its pages are read only when probed. Returns a line per refused file
    // (naming it and why) and a summary line.
    std::vector<std::string> load(std::string_view path);
    void clear();

    // The most men of any material with a WDL table; 0 with none.
    int max_men() const { return maxMen_; }
    std::size_t size() const { return entries_.size(); }

    // nullopt where a table is missing or damaged, the position has castling
    // rights or more men than max_men. pos is restored before returning.
    std::optional<int> probe_wdl(Position& pos) const;
    // Plies to a zeroing move with best play, signed as the WDL class: 1..100 a
    // win, above 100 a cursed win, 0 a draw, negative the same for a loss. Values
    // may be one ply long where that cannot change the result (Syzygy's rounding).
    std::optional<int> probe_dtz(Position& pos) const;

    // The root moves (of `allowed`, or all legal ones where it is empty) that keep
    // the best result the tables promise, counting the halfmove clock: every move
    // that still wins within the fifty-move rule ranks alike, so the search picks
    // among them and the clock keeps shrinking the choice; otherwise the best
    // class, and among cursed wins or losses the fewest (most) plies. nullopt
    // where the tables do not cover the position.
    struct RootRanking {
        std::vector<Move> best;
        int wdl;                 // the root's class (Syzygy50MoveRule off: cursed counts as won)
        std::optional<int> dtz;  // the root's DTZ, where a DTZ table was there
        int rank;                // the best moves' rank, SureRank a sure win ... -SureRank a sure loss
    };
    static constexpr int SureRank = 1000;
    // Ranks from ResultRank up (down from -ResultRank) keep the tables' result under the
    // fifty-move rule: a win within its hundred plies, or a loss the opponent converts
    // before a fifty-move draw is in sight (ranked below sure only to prefer the
    // longest resistance). Between them lie the cursed wins and blessed losses.
    static constexpr int ResultRank = SureRank - 100;
    std::optional<RootRanking> rank_root(Position& pos, const std::vector<Move>& allowed, bool fiftyMoveRule) const;

private:
    struct Entry {
        std::unique_ptr<Table> wdl, dtz;
    };
    const Entry* find(const Position& pos) const;
    bool probeable(const Position& pos) const;
    std::optional<int> table_wdl(const Position& pos) const;
    std::optional<int> probe_captures(Position& pos, int alpha, int beta, bool& captureIsBest) const;
    std::optional<int> dtz_without_en_passant(Position& pos) const;
    // The best WDL among the en passant captures (below Loss with none), and
    // whether they are the only legal moves.
    struct EnPassant {
        int wdl;
        bool only;
    };
    std::optional<EnPassant> best_en_passant(Position& pos) const;

    std::vector<std::unique_ptr<Entry>> entries_;
    std::unordered_map<MaterialKey, const Entry*> byKey_; // each material under both colourings
    int maxMen_ = 0;
};

} // namespace jadoube::syzygy
