#include "search/params.h"

#include <algorithm>

#include "util/text.h"

#ifdef JADOUBE_TUNE
#include <array>

#include "search/search.h"
#endif

namespace jadoube::params {

#ifdef JADOUBE_TUNE

namespace {

#define JADOUBE_TABLE_ROW(name, def, lo, hi, why) TunableParam{#name, &name, def, lo, hi},
const std::array Table = {JADOUBE_SEARCH_PARAMS(JADOUBE_TABLE_ROW)};
#undef JADOUBE_TABLE_ROW

} // namespace

std::span<const TunableParam> tunable_params() { return Table; }

void set_tunable(const TunableParam& p, int value) {
    *p.value = value;
    init_reductions(); // the LMR table is built from LmrBase and LmrDivisor
}

#else // normal build: the parameters are constants, nothing to tune

std::span<const TunableParam> tunable_params() { return {}; }
void set_tunable(const TunableParam&, int) {}

#endif

const TunableParam* find_tunable(std::string_view name) {
    const auto params = tunable_params();
    const auto it = std::ranges::find_if(params, [name](const TunableParam& p) { return text::iequals(p.name, name); });
    return it == params.end() ? nullptr : &*it;
}

} // namespace jadoube::params
