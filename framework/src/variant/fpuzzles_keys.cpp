// f-puzzles' names: the cosmetic keys ignored on purpose, the order keys
// are written in, cell names ("R3C4") both ways, and the readers of an
// entry's fields that every rule key shares.
#include <algorithm>
#include <charconv>
#include <limits>

#include "fpuzzles_internal.hpp"
#include "numplace/fpuzzles.hpp"

namespace np::fpz {

// Keys f-puzzles (and the solvers that extend its format) write that carry
// no rule: drawn lines, shapes and text, cages without a rule, fog of war,
// and the editor's and solver's settings. docs/fpuzzles.md lists them.
const std::vector<std::string_view>& cosmetic_keys() {
    static const std::vector<std::string_view> keys = {
        "line",          "rectangle",    "circle", "text",
        "cage",          "fogofwar",     "foglight", "disabledlogic",
        "truecandidatesoptions", "highlightConflicts",
    };
    return keys;
}

// The order of the keys written: f-puzzles' own as far as its published
// puzzles show it (size, title, author, ruleset, grid, the global rules,
// then the rule lists), the keys f-puzzles lacks beside their neighbours.
const std::vector<std::string_view>& written_key_order() {
    static const std::vector<std::string_view> keys = {
        "size",          "title",         "author",        "ruleset",       "grid",
        "diagonal+",     "diagonal-",     "antiknight",    "antiking",      "disjointgroups",
        "nonconsecutive", "extraregion",  "odd",           "even",          "minimum",
        "maximum",       "rowindexer",    "columnindexer", "boxindexer",    "thermometer",
        "palindrome",    "renban",        "whispers",      "regionsumline", "betweenline",
        "entropicline",  "clone",         "arrow",         "killercage",    "littlekillersum",
        "sandwichsum",   "xsum",          "skyscraper",    "negative",      "difference",
        "ratio",         "xv",            "quadruple",     "solution",
    };
    return keys;
}

void fail(const std::string& where, const std::string& why) {
    throw Failure{where.empty() ? why : where + ": " + why};
}

std::string clip(std::string_view text) {
    if (text.size() <= 40) return std::string(text);
    std::size_t cut = 40;  // not inside a UTF-8 sequence
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    return std::string(text.substr(0, cut)) + "...";
}

std::string shown(const Json& value) {
    if (value.is_array()) return "an array";
    if (value.is_object()) return "an object";
    if (!value.is_string()) return value.dump();
    return Json(clip(value.get_ref<const std::string&>())).dump();
}

namespace {

// Digits at text[at...]: the number and the position after it.
std::optional<std::pair<int, std::size_t>> digits_at(std::string_view text, std::size_t at) {
    int value = 0;
    const char* first = text.data() + at;
    const char* last = text.data() + text.size();
    if (at >= text.size() || *first < '0' || *first > '9') return std::nullopt;
    const auto [end, ec] = std::from_chars(first, last, value);
    if (ec != std::errc{} || end - first > 3) return std::nullopt;
    return std::pair{value, static_cast<std::size_t>(end - text.data())};
}

std::string grid_name(int side) { return std::to_string(side) + "x" + std::to_string(side); }

const std::string& name_text(const Json& name, const std::string& where) {
    if (!name.is_string()) fail(where, "a cell is named by a string like \"R1C1\", not " + shown(name));
    return name.get_ref<const std::string&>();
}

}  // namespace

std::optional<RowColumn> parse_cell_name(std::string_view text) {
    if (text.empty() || text[0] != 'R') return std::nullopt;
    const auto row = digits_at(text, 1);
    if (!row || row->second >= text.size() || text[row->second] != 'C') return std::nullopt;
    const auto column = digits_at(text, row->second + 1);
    if (!column || column->second != text.size()) return std::nullopt;
    return RowColumn{row->first - 1, column->first - 1};
}

std::string cell_name(int row, int column) {
    std::string name = "R";  // appended, not added: GCC 12 warns falsely of "R" + std::string
    name += std::to_string(row + 1);
    name += 'C';
    name += std::to_string(column + 1);
    return name;
}

const Json& field(const Json& entry, const char* name, const std::string& where) {
    if (!entry.is_object()) fail(where, "an entry is an object, not " + shown(entry));
    const auto it = entry.find(name);
    if (it == entry.end()) fail(where, std::string("has no \"") + name + "\"");
    return *it;
}

int read_cell(const Json& name, const std::string& where, int side) {
    const std::string& text = name_text(name, where);
    const auto rc = parse_cell_name(text);
    if (!rc) fail(where, "'" + clip(text) + "' is not a cell name like R1C1");
    if (rc->row < 0 || rc->row >= side || rc->column < 0 || rc->column >= side)
        fail(where, "'" + clip(text) + "' is outside the " + grid_name(side) + " grid");
    return rc->row * side + rc->column;
}

RowColumn read_outside(const Json& name, const std::string& where, int side) {
    const std::string& text = name_text(name, where);
    const auto rc = parse_cell_name(text);
    if (!rc) fail(where, "'" + clip(text) + "' is not a cell name like R0C1");
    const auto in = [side](int v) { return v >= 0 && v < side; };
    const auto near = [side](int v) { return v >= -1 && v <= side; };
    if (!near(rc->row) || !near(rc->column) || (in(rc->row) && in(rc->column)))
        fail(where, "'" + clip(text) + "' is not one step outside the " + grid_name(side) + " grid");
    return *rc;
}

std::vector<int> read_cells(const Json& list, const std::string& where, int side) {
    if (!list.is_array()) fail(where, "a list of cells is an array, not " + shown(list));
    std::vector<int> cells;
    for (std::size_t i = 0; i < list.size(); ++i)
        cells.push_back(read_cell(list[i], where + "[" + std::to_string(i) + "]", side));
    return cells;
}

std::optional<int> number_of(const Json& value, const std::string& at) {
    if (value.is_null()) return std::nullopt;
    if (value.is_number_integer()) {
        const auto v = value.get<long long>();
        if (v < std::numeric_limits<int>::min() / 2 || v > std::numeric_limits<int>::max() / 2)
            fail(at, shown(value) + " is out of range");
        return static_cast<int>(v);
    }
    if (!value.is_string()) fail(at, shown(value) + " is not a number");
    const std::string& text = value.get_ref<const std::string&>();
    if (text.empty()) return std::nullopt;
    const bool minus = text[0] == '-';
    const auto digits = digits_at(text, minus ? 1 : 0);
    if (!digits || digits->second != text.size()) fail(at, "'" + clip(text) + "' is not a number");
    return minus ? -digits->first : digits->first;
}

std::optional<int> read_number(const Json& entry, const char* name, const std::string& where) {
    const auto it = entry.find(name);
    if (it == entry.end()) return std::nullopt;
    return number_of(*it, where + "." + name);
}

}  // namespace np::fpz

namespace np {

bool fpuzzles_key_is_cosmetic(std::string_view key) {
    const auto& keys = fpz::cosmetic_keys();
    return std::find(keys.begin(), keys.end(), key) != keys.end();
}

}  // namespace np
