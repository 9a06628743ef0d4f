// The variant keys of a puzzle entry (docs/corpus-format.md, "Variant
// puzzles"): `regions`, `constraints` and `negative` read into an
// np::Puzzle, every problem reported at its node; then the puzzle is
// checked whole by validate_variant and handed to the parsed grid.
#include <algorithm>
#include <map>
#include <memory>

#include "corpus/checker.hpp"
#include "corpus/variant_form.hpp"

namespace np::corpus::detail {

namespace {

constexpr uint64_t kMaxNumber = 1000000;  // sums and values: validate_variant says what is in range

struct RowColumn {
    int row = 0, column = 0;  // 1-based as written
};

// "r3c10" (case-insensitive), each number 1 to 3 digits; nullopt otherwise.
std::optional<RowColumn> row_column(std::string_view t) {
    auto number = [&](std::size_t& i, int& out) {
        const std::size_t start = i;
        out = 0;
        while (i < t.size() && i - start < 4 && t[i] >= '0' && t[i] <= '9') out = out * 10 + (t[i++] - '0');
        return i > start && i - start <= 3;
    };
    RowColumn rc;
    std::size_t i = 0;
    if (t.empty() || (t[i] != 'r' && t[i] != 'R')) return std::nullopt;
    ++i;
    if (!number(i, rc.row) || i >= t.size() || (t[i] != 'c' && t[i] != 'C')) return std::nullopt;
    ++i;
    if (!number(i, rc.column) || i != t.size()) return std::nullopt;
    return rc;
}

std::string known_kinds() {
    std::string s;
    for (int k = 0; k < kKindCount; ++k) s += (k ? ", " : "") + std::string(kind_key(static_cast<Kind>(k)));
    return s;
}

// Reads the variant keys for a grid of side n.
class VariantReader {
public:
    VariantReader(FileChecker& checker, int side) : c_(checker), n_(side) {}

    void regions(const Node& node, Puzzle& p);
    void constraints(const Node& list, VariantRead& out);
    void negative(const Node& list, Puzzle& p);

private:
    void item(const Node& node, VariantRead& out);
    std::optional<Kind> kind_of(const Node& map);
    void map_item(const Node& node, Kind kind, VariantRead& out);
    void cells_fields(const Fields& f, Shape shape, Constraint& c);
    void clue_fields(const Fields& f, Shape shape, Constraint& c);
    void little_killer_cells(const Fields& f, Constraint& c);
    void arrow_fields(const Fields& f, Constraint& c);
    bool region_rows(const Node& node, std::vector<std::string>& rows);

    std::optional<int> cell(const Node& node);
    std::optional<Clue> clue(const Node& node);
    std::vector<int> cells(const Node& node, std::string_view key);
    std::optional<int> number(const Node& node, std::string_view key) {
        auto v = c_.unsigned_value(node, key, 0, kMaxNumber);
        return v ? std::optional<int>(static_cast<int>(*v)) : std::nullopt;
    }

    FileChecker& c_;
    int n_;
};

std::optional<int> VariantReader::cell(const Node& node) {
    if (!node.is_scalar()) {
        c_.error(node, "a cell is written r<row>c<column> (1-based, e.g. r1c1), not " + describe(node));
        return std::nullopt;
    }
    const auto rc = row_column(node.text);
    if (!rc) {
        c_.error(node, "the cell " + shown(node.text) + " is malformed: write r<row>c<column>, 1-based, e.g. r1c1");
        return std::nullopt;
    }
    if (rc->row < 1 || rc->row > n_ || rc->column < 1 || rc->column > n_) {
        const std::string side = std::to_string(n_);
        c_.error(node, "the cell " + shown(node.text) + " is outside the " + side + "x" + side + " grid");
        return std::nullopt;
    }
    return (rc->row - 1) * n_ + rc->column - 1;
}

// An outside clue: row 0 or N+1, or column 0 or N+1, the other 0..N+1.
std::optional<Clue> VariantReader::clue(const Node& node) {
    const auto rc = node.is_scalar() ? row_column(node.text) : std::nullopt;
    if (!rc) {
        c_.error(node, "a clue is written r<row>c<column> one step outside the grid (row or column 0 or " +
                           std::to_string(n_ + 1) + ", e.g. r0c1), not " + describe(node));
        return std::nullopt;
    }
    const bool inside_row = rc->row >= 1 && rc->row <= n_, inside_column = rc->column >= 1 && rc->column <= n_;
    if (rc->row > n_ + 1 || rc->column > n_ + 1 || (inside_row && inside_column)) {
        c_.error(node, "the clue " + shown(node.text) + " is not one step outside the grid (row or column 0 or " +
                           std::to_string(n_ + 1) + ")");
        return std::nullopt;
    }
    return Clue{rc->row - 1, rc->column - 1};
}

// A list of cells; a single cell may be written alone (cells: r1c1).
// Empty after reporting.
std::vector<int> VariantReader::cells(const Node& node, std::string_view key) {
    std::vector<int> out;
    if (node.is_scalar()) {
        if (auto one = cell(node)) out.push_back(*one);
        return out;
    }
    if (!node.is_sequence() || node.children.empty()) {
        c_.error(node, quote(key) + " must be a non-empty list of cells, for example [r1c1, r1c2], not " +
                           describe(node));
        return out;
    }
    bool ok = true;
    for (const Node& item : node.children) {
        auto one = cell(item);
        ok = ok && one;
        if (one) out.push_back(*one);
    }
    if (!ok) out.clear();
    return out;
}

// ---------------------------------------------------------------- regions

// The rows of a region map, spaces dropped; false after reporting.
bool VariantReader::region_rows(const Node& node, std::vector<std::string>& rows) {
    const std::string side = std::to_string(n_);
    if (!node.is_sequence() || node.children.size() != static_cast<std::size_t>(n_)) {
        c_.error(node, "'regions' must be none or a list of " + side + " rows of " + side +
                           " region labels each, not " + describe(node));
        return false;
    }
    bool ok = true;
    for (const Node& row : node.children) {
        std::string labels;
        if (row.is_scalar())
            for (char ch : row.text)
                if (ch != ' ' && ch != '\t') labels += ch;
        if (!row.is_scalar() || labels.size() != static_cast<std::size_t>(n_)) {
            c_.error(row, "a row of 'regions' must be " + side + " region labels (one character a cell), not " +
                              describe(row));
            ok = false;
        }
        rows.push_back(labels);
    }
    return ok;
}

// none, or a map: N labels of N cells each; region numbers follow the
// labels' order (A, B, C ... are regions 0, 1, 2 ...).
void VariantReader::regions(const Node& node, Puzzle& p) {
    if (node.is_scalar() && !node.quoted && node.text == "none") {
        p.regions = RegionLayout::none;
        return;
    }
    std::vector<std::string> rows;
    if (!region_rows(node, rows)) return;
    std::map<char, int> count;
    for (const std::string& row : rows)
        for (char label : row) ++count[label];
    for (const auto& [label, cells] : count)
        if (cells != n_) {
            c_.error(node, "region " + quote(std::string(1, label)) + " has " + std::to_string(cells) +
                               " cells, not " + std::to_string(n_) + " (a jigsaw has " + std::to_string(n_) +
                               " regions of " + std::to_string(n_) + " cells)");
            return;
        }
    std::map<char, int> number;
    for (const auto& [label, cells] : count) number.emplace(label, static_cast<int>(number.size()));
    p.regions = RegionLayout::irregular;
    for (const std::string& row : rows)
        for (char label : row) p.region_of.push_back(static_cast<uint8_t>(number[label]));
}

// ---------------------------------------------------------------- negative

void VariantReader::negative(const Node& list, Puzzle& p) {
    if (!list.is_sequence()) {
        c_.error(list, "'negative' must be a list of kinds, for example [xv, ratio], not " + describe(list));
        return;
    }
    for (const Node& item : list.children) {
        const auto kind = item.is_scalar() ? kind_from_key(item.text) : std::nullopt;
        if (!kind || (*kind != Kind::xv && *kind != Kind::difference && *kind != Kind::ratio)) {
            c_.error(item, "a negative rule is xv, difference or ratio, not " + describe(item));
            continue;
        }
        if (p.has_negative(*kind)) {
            c_.error(item, "the negative rule " + quote(item.text) + " is repeated");
            continue;
        }
        p.negative.push_back(*kind);
    }
}

// ---------------------------------------------------------------- constraints

void VariantReader::constraints(const Node& list, VariantRead& out) {
    if (!list.is_sequence()) {
        c_.error(list, "'constraints' must be a list of constraints, not " + describe(list));
        return;
    }
    for (const Node& node : list.children) item(node, out);
}

void VariantReader::item(const Node& node, VariantRead& out) {
    if (node.is_map()) {
        if (auto kind = kind_of(node)) map_item(node, *kind, out);
        return;
    }
    const auto kind = node.is_scalar() ? kind_from_key(node.text) : std::nullopt;
    if (!kind) {
        c_.error(node, "unknown constraint " + describe(node) + " (a kind's key: " + known_kinds() + ")");
        return;
    }
    if (!kind_is_global(*kind)) {
        c_.error(node, "the kind " + quote(node.text) + " needs its cells: write it as a map, {kind: " + node.text +
                           ", cells: [...], ...}");
        return;
    }
    out.puzzle.constraints.push_back(Constraint{*kind, {}, {}, std::nullopt});
    out.items.push_back(&node);
}

// The kind a constraint's map names; nullopt after reporting.
std::optional<Kind> VariantReader::kind_of(const Node& map) {
    for (std::size_t i = 0; i + 1 < map.children.size(); i += 2) {
        const Node& key = map.children[i];
        if (!key.is_scalar() || key.text != "kind") continue;
        const Node& value = map.children[i + 1];
        const auto kind = value.is_scalar() ? kind_from_key(value.text) : std::nullopt;
        if (!kind) c_.error(value, "unknown constraint kind " + describe(value) + " (" + known_kinds() + ")");
        return kind;
    }
    c_.error(map, "missing required key 'kind' (the constraint's kind, e.g. killercage)");
    return std::nullopt;
}

void VariantReader::map_item(const Node& node, Kind kind, VariantRead& out) {
    const std::size_t before = c_.error_count();
    const Shape shape = shape_of(kind);
    const auto keys = keys_of(shape);
    const Fields f(c_, node, keys, "a " + std::string(kind_key(kind)) + " constraint");
    Constraint c{kind, {}, {}, std::nullopt};
    switch (shape) {
    case Shape::global: break;
    case Shape::arrow: arrow_fields(f, c); break;
    case Shape::little_killer: case Shape::outside_sum: case Shape::skyscraper: clue_fields(f, shape, c); break;
    default: cells_fields(f, shape, c); break;
    }
    if (c_.error_count() != before) return;
    if (shape != Shape::single) {
        out.puzzle.constraints.push_back(std::move(c));
        out.items.push_back(&node);
        return;
    }
    for (int cell : c.cells[0]) {  // one constraint a cell
        out.puzzle.constraints.push_back(Constraint{kind, {{cell}}, {}, std::nullopt});
        out.items.push_back(&node);
    }
}

// The kinds with `cells` and perhaps a value: single cells, groups, lines,
// cages, dots, clones and quadruples.
void VariantReader::cells_fields(const Fields& f, Shape shape, Constraint& c) {
    if (const Node* cells_node = f.required(c_, "cells", "its cells, e.g. [r1c1, r1c2]"))
        c.cells.push_back(cells(*cells_node, "cells"));
    const int fallback = default_value(c.kind, n_);
    if (shape == Shape::cage) {
        if (const Node* sum = f["sum"])
            if (auto v = number(*sum, "sum")) c.values.push_back(*v);
    } else if (shape == Shape::valued_line || shape == Shape::dot) {
        const Node* value = fallback ? f["value"] : f.required(c_, "value", "5 (V) or 10 (X)");
        if (value) {
            if (auto v = number(*value, "value")) c.values.push_back(*v);
        } else if (fallback) {
            c.values.push_back(fallback);
        }
    } else if (shape == Shape::clone) {
        if (const Node* clone = f.required(c_, "clone", "the cells that copy 'cells', in the same order"))
            c.cells.push_back(cells(*clone, "clone"));
    } else if (shape == Shape::quadruple) {
        const Node* digits = f.required(c_, "digits", "the digits that appear in the four cells");
        if (digits && (!digits->is_sequence() || digits->children.empty()))
            c_.error(*digits, "'digits' must be a non-empty list of digits, for example [1, 2], not " +
                                  describe(*digits));
        else if (digits)
            for (const Node& d : digits->children)
                if (auto v = number(d, "digits")) c.values.push_back(*v);
    }
}

void VariantReader::arrow_fields(const Fields& f, Constraint& c) {
    if (const Node* circle = f.required(c_, "circle", "the circle's cells, e.g. [r1c1]"))
        c.cells.push_back(cells(*circle, "circle"));
    const Node* lines = f.required(c_, "lines", "one or more lines, each a list of cells from the circle out");
    if (!lines) return;
    if (!lines->is_sequence() || lines->children.empty()) {
        c_.error(*lines, "'lines' must be a non-empty list of lines, for example [[r1c2, r1c3]], not " +
                             describe(*lines));
        return;
    }
    for (const Node& line : lines->children) {
        if (line.is_scalar()) {
            c_.error(line, "a line of 'lines' is a list of cells, for example [r1c2, r1c3], not " + describe(line));
            continue;
        }
        c.cells.push_back(cells(line, "lines"));
    }
}

// The outside clues: clue, the number, and the cells (optional: derived
// from the clue; a little killer's from its direction).
void VariantReader::clue_fields(const Fields& f, Shape shape, Constraint& c) {
    if (const Node* at = f.required(c_, "clue", "where the clue sits, e.g. r0c1"))
        c.clue = clue(*at);
    const char* number_key = shape == Shape::skyscraper ? "value" : "sum";
    if (const Node* v = f.required(c_, number_key, shape == Shape::skyscraper ? "the count" : "the sum"))
        if (auto value = number(*v, number_key)) c.values.push_back(*value);
    if (shape == Shape::little_killer) return little_killer_cells(f, c);
    if (const Node* given = f["cells"]) {
        c.cells.push_back(cells(*given, "cells"));
    } else if (c.clue) {
        c.cells.push_back(line_from_clue(*c.clue, n_));
        if (c.cells[0].empty())
            c_.error(*f["clue"], "the clue " + shown(f["clue"]->text) + " is at a corner, beside no row or column");
    }
}

// A little killer's diagonal: from `direction` (UL, UR, DL, DR) or `cells`.
void VariantReader::little_killer_cells(const Fields& f, Constraint& c) {
    const Node* direction = f["direction"];
    const Node* given = f["cells"];
    if (direction && given) {
        c_.error(*given, "give a little killer's 'direction' or its 'cells', not both");
        return;
    }
    if (given) {
        c.cells.push_back(cells(*given, "cells"));
        return;
    }
    if (!direction) {
        f.required(c_, "direction", "UL, UR, DL or DR: where the diagonal runs from the clue");
        return;
    }
    const std::string d = direction->is_scalar() ? direction->text : "";
    if (d != "UL" && d != "UR" && d != "DL" && d != "DR") {
        c_.error(*direction, "'direction' must be UL, UR, DL or DR, not " + describe(*direction));
        return;
    }
    if (!c.clue) return;
    c.cells.push_back(walk_from(*c.clue, d[0] == 'U' ? -1 : 1, d[1] == 'L' ? -1 : 1, n_));
    if (c.cells[0].empty()) c_.error(*direction, "the diagonal from the clue going " + d + " misses the grid");
}

}  // namespace

std::optional<VariantRead> read_variant(FileChecker& checker, const VariantNodes& nodes, int side) {
    const std::size_t before = checker.error_count();
    VariantReader reader(checker, side);
    VariantRead out;
    if (nodes.regions) reader.regions(*nodes.regions, out.puzzle);
    if (nodes.constraints) reader.constraints(*nodes.constraints, out);
    if (nodes.negative) reader.negative(*nodes.negative, out.puzzle);
    if (checker.error_count() != before) return std::nullopt;
    return out;
}

std::optional<Geometry> FileChecker::variant_size(const Node* n) {
    if (!n) return Geometry{1, 9};
    if (n->is_scalar() && !n->quoted && !n->text.empty() &&
        n->text.find_first_not_of("0123456789") == std::string::npos && n->text.size() <= 2) {
        const int side = std::stoi(n->text);
        if (side >= 2 && side <= static_cast<int>(NP_MAX_SIDE)) return Geometry{1, side};
    }
    if (n->is_scalar() && !n->quoted)
        if (auto g = Geometry::parse(n->text)) return Geometry{1, g->side()};
    error(*n, "size " + describe(*n) + " is not a grid size: with 'regions' write the side (size: 7) or a box shape "
                                       "RxC, with sides from 2 to " + std::to_string(NP_MAX_SIDE));
    return std::nullopt;
}

void FileChecker::attach_variant(const VariantNodes& v, const Node* puzzle_node, std::optional<ParseResult>& puzzle,
                                 int side) {
    auto read = read_variant(*this, v, side);
    if (!read || !puzzle) return;
    if (!parsed(*puzzle)) {
        error(*puzzle_node, "the puzzle does not parse for its size: " + std::get<Reason>(*puzzle).message +
                                " (a variant puzzle's givens must parse)");
        puzzle.reset();
        return;
    }
    Grid& grid = std::get<Grid>(*puzzle);
    Puzzle& p = read->puzzle;
    p.grid = grid;
    if (p.is_classic()) return;  // `constraints: []` and nothing else: a classic puzzle
    if (auto issue = validate_variant(p)) {
        const Node* at = issue->constraint >= 0 ? read->items[static_cast<std::size_t>(issue->constraint)]
                         : v.regions       ? v.regions
                         : v.negative      ? v.negative
                                           : puzzle_node;
        error(*at, "the variant is not well formed: " + issue->message);
        puzzle.reset();
        return;
    }
    grid.variant = std::make_shared<const Puzzle>(std::move(p));
}

}  // namespace np::corpus::detail
