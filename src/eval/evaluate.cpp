#include "eval/evaluate.h"

#include "eval/hce.h"

namespace jadoube {

int evaluate(const Position& pos) { return hce::evaluate(pos); }

} // namespace jadoube
