#include "uci/options.h"

#include "util/text.h"

namespace jadoube {

namespace {

// Options::index() relies on the table being in OptionId order.
constexpr bool table_in_id_order() {
    for (std::size_t i = 0; i < OptionTable.size(); ++i)
        if (static_cast<std::size_t>(OptionTable[i].id) != i) return false;
    return true;
}
static_assert(table_in_id_order());

} // namespace

Options::Options() {
    for (const OptionSpec& o : OptionTable) values_[index(o.id)] = o.defaultValue, texts_[index(o.id)] = o.defaultText;
}

std::string Options::uci_listing() const {
    std::string s;
    for (const OptionSpec& o : OptionTable) {
        s += "option name " + std::string(o.name) + " type ";
        switch (o.type) {
        case OptionType::Check: s += std::string("check default ") + (o.defaultValue ? "true" : "false"); break;
        case OptionType::Spin:
            s += "spin default " + std::to_string(o.defaultValue) + " min " + std::to_string(o.min) + " max "
                 + std::to_string(o.max);
            break;
        case OptionType::Button: s += "button"; break;
        case OptionType::String: s += "string default " + std::string(o.defaultText); break;
        }
        s += '\n';
    }
    return s;
}

std::expected<OptionChange, std::string> Options::parse(std::string_view name, std::optional<std::string_view> value) const {
    using Err = std::unexpected<std::string>;
    const OptionSpec* spec = nullptr;
    for (const OptionSpec& o : OptionTable)
        if (text::iequals(o.name, name)) spec = &o;
    if (!spec) return Err("no option named " + text::quoted(name));
    const std::string optName(spec->name);

    switch (spec->type) {
    case OptionType::Button:
        if (value) return Err(optName + " is a button and takes no value");
        return OptionChange{spec->id, 0};
    case OptionType::Check:
        if (!value || value->empty()) return Err(optName + " needs a value, true or false");
        if (text::iequals(*value, "true")) return OptionChange{spec->id, 1};
        if (text::iequals(*value, "false")) return OptionChange{spec->id, 0};
        return Err(optName + " needs true or false, got " + text::quoted(*value));
    case OptionType::Spin: {
        if (!value || value->empty()) return Err(optName + " needs an integer value");
        const auto v = text::parse_int(*value);
        if (!v) return Err(optName + " needs an integer value, got " + text::quoted(*value));
        if (*v < spec->min || *v > spec->max)
            return Err(optName + " value " + std::to_string(*v) + " is outside " + std::to_string(spec->min) + ".."
                       + std::to_string(spec->max));
        return OptionChange{spec->id, *v};
    }
    case OptionType::String:
        // UCI writes an empty string as <empty>.
        if (!value || *value == "<empty>") return OptionChange{spec->id, 0, ""};
        return OptionChange{spec->id, 0, std::string(*value)};
    }
    return Err("option " + optName + " has an unknown type"); // unreachable
}

void Options::apply(const OptionChange& change) {
    if (spec(change.id).type == OptionType::String) texts_[index(change.id)] = change.text;
    else if (spec(change.id).type != OptionType::Button) values_[index(change.id)] = change.value;
}

} // namespace jadoube
