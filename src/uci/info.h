// The search's reports as UCI text: `info` lines and `bestmove`.
#pragma once

#include <string>

#include "board/position.h"
#include "search/search.h"

namespace jadoube {

// `score cp N` or `score mate N` (moves, negative when being mated).
std::string format_score(int score);
// `info depth ... pv ...` for one line of the search; root is the searched position.
std::string format_info(const SearchReport& r, const Position& root, bool showWdl);
std::string format_bestmove(Move best, Move ponder, const Position& root);
// Win/draw/loss per mille for a score: a logistic model (50% wins at +200 cp).
void wdl(int score, int& w, int& d, int& l);

} // namespace jadoube
