#include "search/params.h"

#ifdef JADOUBE_TUNE
#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>

#include "search/search.h"
#endif

namespace jadoube::params {

#ifdef JADOUBE_TUNE

namespace {

#define JADOUBE_TABLE_ROW(name, def, lo, hi, why) TunableParam{#name, &name, def, lo, hi},
const std::array Table = {JADOUBE_SEARCH_PARAMS(JADOUBE_TABLE_ROW)};
#undef JADOUBE_TABLE_ROW

// UCI option names match case-insensitively.
const TunableParam* find(std::string_view name) {
    const auto same = [name](const TunableParam& p) {
        return std::ranges::equal(p.name, name, [](char a, char b) { return std::tolower(a) == std::tolower(b); });
    };
    const auto it = std::ranges::find_if(Table, same);
    return it == Table.end() ? nullptr : &*it;
}

} // namespace

std::span<const TunableParam> tunable_params() { return Table; }

bool is_tunable(std::string_view name) { return find(name) != nullptr; }

std::expected<void, std::string> set_tunable(std::string_view name, std::string_view value) {
    const TunableParam* p = find(name);
    if (!p) return std::unexpected("no tunable parameter named " + std::string(name));
    int v = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
    if (ec != std::errc() || end != value.data() + value.size() || value.empty())
        return std::unexpected(std::string(p->name) + " needs an integer value");
    if (v < p->min || v > p->max)
        return std::unexpected(std::string(p->name) + " value " + std::to_string(v) + " is outside " + std::to_string(p->min) + ".."
                               + std::to_string(p->max));
    *p->value = v;
    init_reductions(); // the LMR table is built from LmrBase and LmrDivisor
    return {};
}

std::string tunable_uci_listing() {
    std::string s;
    for (const TunableParam& p : Table)
        s += "option name " + std::string(p.name) + " type spin default " + std::to_string(p.defaultValue) + " min "
           + std::to_string(p.min) + " max " + std::to_string(p.max) + '\n';
    return s;
}

#else // normal build: the parameters are constants, nothing to tune

std::span<const TunableParam> tunable_params() { return {}; }
bool is_tunable(std::string_view) { return false; }
std::expected<void, std::string> set_tunable(std::string_view name, std::string_view) {
    return std::unexpected("no tunable parameter named " + std::string(name) + " (not a JADOUBE_TUNE build)");
}
std::string tunable_uci_listing() { return {}; }

#endif

} // namespace jadoube::params
