#include "uci/info.h"

#include <cmath>

#include "notation/move_text.h"

namespace jadoube {

std::string format_score(int score) {
    if (!is_mate_score(score)) return "score cp " + std::to_string(score);
    const int moves = score > 0 ? (VALUE_MATE - score + 1) / 2 : -(VALUE_MATE + score) / 2;
    return "score mate " + std::to_string(moves);
}

void wdl(int score, int& w, int& d, int& l) {
    if (is_mate_score(score)) {
        w = score > 0 ? 1000 : 0, l = score > 0 ? 0 : 1000, d = 0;
        return;
    }
    constexpr double a = 200, b = 70;
    w = int(std::lround(1000 / (1 + std::exp((a - score) / b))));
    l = int(std::lround(1000 / (1 + std::exp((a + score) / b))));
    d = 1000 - w - l;
}

std::string format_info(const SearchReport& r, const Position& root, bool showWdl) {
    std::string s = "info depth " + std::to_string(r.depth) + " seldepth " + std::to_string(r.seldepth) + " multipv "
                    + std::to_string(r.multipv) + ' ' + format_score(r.score);
    if (r.bound == BOUND_LOWER) s += " lowerbound";
    else if (r.bound == BOUND_UPPER) s += " upperbound";
    if (showWdl) {
        int w, d, l;
        wdl(r.score, w, d, l);
        s += " wdl " + std::to_string(w) + ' ' + std::to_string(d) + ' ' + std::to_string(l);
    }
    const std::int64_t ms = std::max<std::int64_t>(r.timeMs, 0);
    s += " nodes " + std::to_string(r.nodes) + " nps "
         + std::to_string(r.nodes * 1000 / std::uint64_t(std::max<std::int64_t>(ms, 1))) + " hashfull "
         + std::to_string(r.hashfull) + (r.tbhits ? " tbhits " + std::to_string(*r.tbhits) : "") + " time " + std::to_string(ms);
    if (r.pv && !r.pv->empty()) {
        s += " pv";
        Position p = root;
        for (Move m : *r.pv) {
            s += ' ' + to_uci(m, p);
            p.do_move(m);
        }
    }
    return s + '\n';
}

std::string format_bestmove(Move best, Move ponder, const Position& root) {
    std::string s = "bestmove " + to_uci(best, root);
    if (best && ponder) {
        Position p = root;
        p.do_move(best);
        s += " ponder " + to_uci(ponder, p);
    }
    return s + '\n';
}

} // namespace jadoube
