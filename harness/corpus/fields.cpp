// The corpus loader's field readers (checker.hpp): the words of a
// diagnostic, the keys of a map (Fields) and the typed values a FileChecker
// reads, each reporting what is wrong with it.
#include <algorithm>
#include <limits>

#include "corpus/checker.hpp"

namespace np::corpus::detail {

namespace {

constexpr std::string_view kBlank = " \t\r\n\v\f";

bool plugin_character(char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

}  // namespace

std::string_view trim(std::string_view s) {
    const auto first = s.find_first_not_of(kBlank);
    if (first == std::string_view::npos) return {};
    const auto last = s.find_last_not_of(kBlank);
    return s.substr(first, last - first + 1);
}

std::string quote(std::string_view s) { return "'" + std::string(s) + "'"; }

// A scalar as it appears in a sentence: quoted, shortened, line breaks shown.
std::string shown(std::string_view text) {
    std::string s;
    for (char c : text.substr(0, std::min<std::size_t>(text.size(), 40))) {
        if (c == '\n')
            s += "\\n";
        else
            s += c;
    }
    if (text.size() > 40) s += "...";
    return "\"" + s + "\"";
}

std::string describe(const Node& n) {
    switch (n.kind) {
        case Node::Kind::null: return "nothing";
        case Node::Kind::sequence: return n.children.empty() ? "an empty sequence" : "a sequence";
        case Node::Kind::map: return n.children.empty() ? "an empty map" : "a map";
        case Node::Kind::scalar: break;
    }
    return shown(n.text);
}

// The locations a reason gives, in the order row, column, box, value.
std::string locations(int row, int column, int box, int value) {
    std::string s;
    auto add = [&](const char* name, int v) {
        if (v <= 0) return;
        s += s.empty() ? " (" : ", ";
        s += name;
        s += " " + std::to_string(v);
    };
    add("row", row);
    add("column", column);
    add("box", box);
    add("value", value);
    return s.empty() ? s : s + ")";
}

std::string describe(const Reason& r) {
    return std::string(reason_code_name(r.code)) + locations(r.row, r.column, r.box, r.value);
}

// Up to three reasons for a sentence, then how many more.
std::string list_reasons(const std::vector<const Reason*>& reasons) {
    std::string s;
    for (std::size_t i = 0; i < reasons.size() && i < 3; ++i) {
        if (i > 0) s += "; ";
        s += describe(*reasons[i]);
    }
    if (reasons.size() > 3) s += "; and " + std::to_string(reasons.size() - 3) + " more";
    return s;
}

std::vector<const Reason*> all_of(const std::vector<Reason>& reasons) {
    std::vector<const Reason*> out;
    for (const auto& r : reasons) out.push_back(&r);
    return out;
}

Fields::Fields(FileChecker& checker, const Node& map, std::span<const std::string_view> known,
               std::string_view what)
    : map_(map) {
    slots_.reserve(known.size());
    for (auto k : known) slots_.push_back({k, nullptr, nullptr});
    for (std::size_t i = 0; i + 1 < map.children.size(); i += 2) {
        const Node& key = map.children[i];
        if (!key.is_scalar()) {
            checker.error(key, "a key must be a word, not " + describe(key));
            continue;
        }
        Slot* slot = find(key.text);
        if (!slot) {
            std::string names;
            for (const auto& s : slots_) names += (names.empty() ? "" : ", ") + std::string(s.name);
            checker.error(key, "unknown key " + quote(key.text) + " in " + std::string(what) +
                                   " (known keys: " + names + ")");
            continue;
        }
        if (slot->key) {
            checker.error(key, "the key " + quote(key.text) + " is repeated (first at line " +
                                   std::to_string(slot->key->line) + ")");
            continue;
        }
        slot->key = &key;
        slot->value = &map.children[i + 1];
    }
}

// ---------------------------------------------------------------- values

std::optional<std::string> FileChecker::string_value(const Node& n, std::string_view key) {
    if (n.is_scalar()) return n.text;
    error(n, quote(key) + " must be a string, not " + describe(n));
    return std::nullopt;
}

std::optional<uint64_t> FileChecker::unsigned_value(const Node& n, std::string_view key,
                                                    uint64_t min, uint64_t max) {
    constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();
    const std::string what = max != kMax ? "an integer from " + std::to_string(min) + " to " +
                                               std::to_string(max)
                             : min > 0   ? "an integer of at least " + std::to_string(min)
                                         : "a non-negative integer";
    if (!n.is_scalar()) {
        error(n, quote(key) + " must be " + what + ", not " + describe(n));
        return std::nullopt;
    }
    const std::string& t = n.text;
    const bool digits = !t.empty() && t.find_first_not_of("0123456789") == std::string::npos;
    if (n.quoted) {
        error(n, quote(key) + " must be " + what + ", not the quoted string " + shown(t) +
                     (digits ? " (write it without quotes)" : ""));
        return std::nullopt;
    }
    uint64_t v = 0;
    bool fits = digits;
    for (std::size_t i = 0; fits && i < t.size(); ++i) {
        const auto d = static_cast<uint64_t>(t[i] - '0');
        if (v > (kMax - d) / 10) fits = false;
        v = v * 10 + d;
    }
    if (digits && !fits) {
        error(n, quote(key) + " " + shown(t) + " is too large (at most " + std::to_string(kMax) + ")");
        return std::nullopt;
    }
    if (!fits || v < min || v > max) {
        error(n, quote(key) + " must be " + what + ", not " + shown(t));
        return std::nullopt;
    }
    return v;
}

std::optional<bool> FileChecker::bool_value(const Node& n, std::string_view key) {
    if (n.is_scalar() && !n.quoted) {
        if (n.text == "true" || n.text == "True" || n.text == "TRUE") return true;
        if (n.text == "false" || n.text == "False" || n.text == "FALSE") return false;
    }
    error(n, quote(key) + " must be true or false, not " + (n.quoted ? "the quoted string " : "") +
                 describe(n));
    return std::nullopt;
}

std::optional<Geometry> FileChecker::size_value(const Node* n) {
    if (!n) return Geometry{3, 3};
    auto text = string_value(*n, "size");
    if (!text) return std::nullopt;
    if (auto g = Geometry::parse(*text)) return g;
    error(*n, "size " + shown(*text) +
                  " is not a box shape: write RxC, the box's rows and columns, for example 3x3 "
                  "(9x9 grids) or 2x3 (6x6), with sides up to " +
                  std::to_string(NP_MAX_SIDE));
    return std::nullopt;
}

// A reason map: code (required), and 1-based row, column, box, value.
std::optional<ExpectedReason> FileChecker::reason_value(const Node& n, std::string_view what) {
    if (!n.is_map()) {
        error(n, std::string(what) + " must be a map with a 'code' (and row, column, box, value), not " +
                     describe(n));
        return std::nullopt;
    }
    const std::size_t before = errors_.size();
    Fields f(*this, n, {"code", "row", "column", "box", "value"}, what);
    ExpectedReason r;
    r.where = where(n);
    if (const Node* code = f.required(*this, "code", "the reason code")) {
        if (auto text = string_value(*code, "code")) {
            if (auto c = reason_code_from_name(*text))
                r.code = *c;
            else
                error(*code, "unknown reason code " + shown(*text) +
                                 " (wrong_length, bad_character, value_out_of_range, "
                                 "duplicate_in_row, duplicate_in_column, duplicate_in_box or breaks_constraint)");
        }
    }
    const std::pair<const char*, int*> places[] = {
        {"row", &r.row}, {"column", &r.column}, {"box", &r.box}, {"value", &r.value}};
    for (const auto& [name, slot] : places) {
        const Node* v = f[name];
        if (!v) continue;
        // Locations and values are 1-based.
        if (auto number = unsigned_value(*v, name, 1, NP_MAX_SIDE)) *slot = static_cast<int>(*number);
    }
    if (errors_.size() != before) return std::nullopt;
    return r;
}

// A plugin's name: the harness looks it up among the loaded plugins, so
// it is kept to the characters plugin names use.
std::optional<std::string> FileChecker::plugin_name(const Node& n, std::string_view what) {
    auto text = string_value(n, what);
    if (!text) return std::nullopt;
    if (!text->empty() && std::all_of(text->begin(), text->end(), plugin_character)) return text;
    error(n, "the plugin name " + shown(*text) + " may only use lower-case letters, digits, '_' and '-'");
    return std::nullopt;
}

}  // namespace np::corpus::detail
