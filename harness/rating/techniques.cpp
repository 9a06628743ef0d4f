// The vocabulary of techniques and the shape of each one's step
// (techniques.hpp; docs/rating.md, "A step's name must fit its pattern").
#include "rating/techniques.hpp"

#include <algorithm>
#include <array>
#include <set>

namespace np::rating {

namespace {

// What a technique's step is allowed to be. Every name of the vocabulary
// has one; docs/logic.md gives the pattern logic reports for each.
enum class Shape {
    full_house,      // one placement, whole cells of one unit with it
    naked_single,    // one placement, its own cell whole
    hidden_single,   // one placement, its value in one unit with it
    locked,          // one value, its pattern in one unit
    naked_subset,    // k whole cells of one unit
    hidden_subset,   // at most k values in one unit, no whole cell
    fish,            // one value in exactly k base lines, eliminations outside them
    two_lines,       // one value in exactly two parallel lines (skyscraper)
    row_and_column,  // one value in one row and one column (kite)
    one_value,       // one value (colouring, x-chain)
    wing,            // exactly k whole cells, one value eliminated
    locked_wing,     // exactly k whole cells, not in one unit (a doubly linked wing)
    w_wing,          // two whole cells and one value of one unit
    whole_cells,     // whole cells only, at least k of them
    nishio,          // one value across the grid
    chain,           // anything but placements (an AIC's nodes are many kinds)
    forcing,         // anything: placements and eliminations from any facts
    rectangle,       // four whole cells in two rows and two columns, and one value
    loop,            // six or more whole cells, an even number, and one value
    bug,             // one placement from whole cells
    direct,          // one placement alone, from at most k + 1 values' places (no whole cell)
    constraint,      // a variant's constraint on its own cells: whole cells only, eliminations only
};

struct Named {
    std::string_view name;
    Shape shape;
    int k;
};

constexpr std::array kVocabulary{
    Named{"full house", Shape::full_house, 0},
    Named{"naked single", Shape::naked_single, 0},
    Named{"hidden single", Shape::hidden_single, 0},
    Named{"locked candidates (pointing)", Shape::locked, 0},
    Named{"locked candidates (claiming)", Shape::locked, 0},
    Named{"naked pair", Shape::naked_subset, 2},
    Named{"naked triple", Shape::naked_subset, 3},
    Named{"naked quad", Shape::naked_subset, 4},
    Named{"hidden pair", Shape::hidden_subset, 2},
    Named{"hidden triple", Shape::hidden_subset, 3},
    Named{"hidden quad", Shape::hidden_subset, 4},
    Named{"skyscraper", Shape::two_lines, 2},
    Named{"two-string kite", Shape::row_and_column, 0},
    Named{"simple colouring", Shape::one_value, 0},
    Named{"x-chain", Shape::one_value, 0},
    Named{"x-cycle", Shape::one_value, 0},
    Named{"empty rectangle", Shape::one_value, 0},
    Named{"grouped x-chain", Shape::one_value, 0},
    Named{"xy-wing", Shape::wing, 3},
    Named{"xyz-wing", Shape::wing, 3},
    Named{"wxyz-wing", Shape::wing, 4},
    Named{"vwxyz-wing", Shape::wing, 5},
    Named{"uvwxyz-wing", Shape::wing, 6},
    Named{"doubly linked wxyz-wing", Shape::locked_wing, 4},
    Named{"doubly linked vwxyz-wing", Shape::locked_wing, 5},
    Named{"doubly linked uvwxyz-wing", Shape::locked_wing, 6},
    Named{"w-wing", Shape::w_wing, 0},
    Named{"xy-chain", Shape::whole_cells, 3},
    Named{"y-cycle", Shape::whole_cells, 2},
    Named{"als-xz", Shape::whole_cells, 2},
    Named{"als-xy-wing", Shape::whole_cells, 3},
    Named{"aligned pair exclusion", Shape::whole_cells, 2},
    Named{"aligned triple exclusion", Shape::whole_cells, 3},
    Named{"alternating inference chain", Shape::chain, 0},
    Named{"xy-cycle", Shape::chain, 0},
    Named{"nishio", Shape::nishio, 0},
    Named{"cell forcing chain", Shape::forcing, 0},
    Named{"unit forcing chain", Shape::forcing, 0},
    Named{"dynamic forcing chain", Shape::forcing, 0},
    Named{"forcing net", Shape::forcing, 0},
    Named{"nested forcing net", Shape::forcing, 0},
    Named{"unique rectangle type 1", Shape::rectangle, 0},
    Named{"unique rectangle type 2", Shape::rectangle, 0},
    Named{"unique rectangle type 4", Shape::rectangle, 0},
    Named{"unique loop type 1", Shape::loop, 0},
    Named{"unique loop type 2", Shape::loop, 0},
    Named{"unique loop type 4", Shape::loop, 0},
    Named{"bug+1", Shape::bug, 0},
    Named{"direct pointing", Shape::direct, 1},
    Named{"direct claiming", Shape::direct, 1},
    Named{"direct hidden pair", Shape::direct, 2},
    Named{"direct hidden triple", Shape::direct, 3},
    Named{"bug type 2", Shape::whole_cells, 2},
    // A variant constraint's own deduction (docs/variants.md, "Explained
    // variants"): not in the rating table, so a variant's explanation is
    // unrated.
    Named{"cage combinations", Shape::constraint, 0},
    Named{"innies and outies", Shape::constraint, 0},
    Named{"law of leftovers", Shape::constraint, 0},
    Named{"thermometer", Shape::constraint, 0},
    Named{"arrow sum", Shape::constraint, 0},
    Named{"kropki white dot", Shape::constraint, 0},
    Named{"kropki black dot", Shape::constraint, 0},
    Named{"difference dot", Shape::constraint, 0},
    Named{"ratio dot", Shape::constraint, 0},
    Named{"xv pair", Shape::constraint, 0},
    Named{"whispers", Shape::constraint, 0},
    Named{"renban run", Shape::constraint, 0},
    Named{"palindrome", Shape::constraint, 0},
    Named{"clone", Shape::constraint, 0},
    Named{"minimum", Shape::constraint, 0},
    Named{"maximum", Shape::constraint, 0},
    Named{"entropic line", Shape::constraint, 0},
    Named{"non-consecutive", Shape::constraint, 0},
    Named{"negative xv", Shape::constraint, 0},
    Named{"negative white dot", Shape::constraint, 0},
    Named{"negative black dot", Shape::constraint, 0},
    Named{"odd cell", Shape::constraint, 0},
    Named{"even cell", Shape::constraint, 0},
    Named{"little killer sum", Shape::constraint, 0},
    Named{"sandwich sum", Shape::constraint, 0},
    Named{"x-sum", Shape::constraint, 0},
    Named{"skyscraper clue", Shape::constraint, 0},
    Named{"between line", Shape::constraint, 0},
    Named{"region sum line", Shape::constraint, 0},
    Named{"quadruple", Shape::constraint, 0},
    Named{"row indexer", Shape::constraint, 0},
    Named{"column indexer", Shape::constraint, 0},
    Named{"box indexer", Shape::constraint, 0},
};

std::optional<Named> named(std::string_view name) {
    for (const Named& n : kVocabulary)
        if (n.name == name) return n;
    if (const auto fish = fish_named(name)) return Named{name, Shape::fish, fish->size};
    return std::nullopt;
}

// What the host sees of a step, gathered once.
struct Seen {
    const Step& step;
    const Geometry& g;
    int n;
    std::set<int> whole;         // cells the pattern names whole
    std::set<int> values;        // values the pattern names (0 left out)
    std::set<int> valued_cells;  // cells of the entries with a value
    std::set<int> cells;         // every cell of the pattern
    std::set<int> eliminated;    // values the eliminations remove
    std::vector<std::vector<int>> groups;  // a variant's groups of different digits (distinct_groups), else none
};

Seen seen_of(const Step& step, const Geometry& g, const Puzzle* variant) {
    Seen s{step, g, g.side(), {}, {}, {}, {}, {}, {}};
    if (variant != nullptr) {
        s.groups = distinct_groups(*variant);
        for (auto& group : s.groups) std::sort(group.begin(), group.end());
    }
    for (const Candidate& c : step.pattern) {
        s.cells.insert(c.cell);
        if (c.value == 0) s.whole.insert(c.cell);
        else s.values.insert(c.value), s.valued_cells.insert(c.cell);
    }
    for (const Candidate& c : step.eliminations) s.eliminated.insert(c.value);
    return s;
}

int row_of(const Seen& s, int cell) { return cell / s.n; }
int column_of(const Seen& s, int cell) { return cell % s.n; }
int box_of(const Seen& s, int cell) { return s.g.box_of(cell / s.n, cell % s.n); }

template <class UnitOf>
std::set<int> units_of(const Seen& s, const std::set<int>& cells, UnitOf unit_of) {
    std::set<int> out;
    for (int c : cells) out.insert(unit_of(s, c));
    return out;
}

// True when every cell lies in one row, one column or one box (for a
// variant: one of its groups of different digits, regions and cages too).
bool one_unit(const Seen& s, const std::set<int>& cells) {
    if (!s.groups.empty())
        return cells.empty() || std::any_of(s.groups.begin(), s.groups.end(), [&](const std::vector<int>& g) {
                   return std::includes(g.begin(), g.end(), cells.begin(), cells.end());
               });
    return cells.empty() || units_of(s, cells, row_of).size() == 1 || units_of(s, cells, column_of).size() == 1 ||
           units_of(s, cells, box_of).size() == 1;
}

bool one_value(const Seen& s) { return s.values.size() == 1 && s.eliminated == s.values && s.whole.empty(); }

// A single: one placement, nothing eliminated, the pattern in one unit with
// the placed cell, whole cells (a full house) or only the placed value.
std::string single_misfit(const Seen& s, bool whole) {
    if (s.step.placements.size() != 1 || !s.step.eliminations.empty()) return "a single places one value and eliminates nothing";
    const Candidate placed = s.step.placements[0];
    if (whole ? !s.values.empty() : (!s.whole.empty() || (!s.values.empty() && s.values != std::set<int>{placed.value})))
        return whole ? "its pattern names candidates, not whole cells" : "its pattern names values other than the one placed";
    std::set<int> cells = s.cells;
    cells.insert(placed.cell);
    return one_unit(s, cells) ? "" : "its pattern and its cell lie in no one unit";
}

// A fish of size k: one value in exactly k lines of one direction (its base
// lines), no elimination in them (they leave the cover lines elsewhere).
std::string fish_misfit(const Seen& s, int k, bool eliminations_outside) {
    if (!one_value(s)) return "its pattern and eliminations are not of one value";
    const std::set<int> rows = units_of(s, s.cells, row_of), columns = units_of(s, s.cells, column_of);
    auto base = [&](const std::set<int>& lines, int (*line_of)(const Seen&, int)) {
        if (static_cast<int>(lines.size()) != k) return false;
        if (!eliminations_outside) return true;
        return std::none_of(s.step.eliminations.begin(), s.step.eliminations.end(),
                            [&](const Candidate& e) { return lines.count(line_of(s, e.cell)) != 0; });
    };
    if (base(rows, row_of) || base(columns, column_of)) return "";
    return "its pattern spans " + std::to_string(rows.size()) + " rows and " + std::to_string(columns.size()) +
           " columns, not " + std::to_string(k) + " base lines" + (eliminations_outside ? " outside which it eliminates" : "");
}

// A kite: one value in one row and one column.
std::string kite_misfit(const Seen& s) {
    if (!one_value(s)) return "its pattern and eliminations are not of one value";
    for (int r : units_of(s, s.cells, row_of)) {
        std::set<int> rest;
        for (int c : s.cells)
            if (row_of(s, c) != r) rest.insert(c);
        if (units_of(s, rest, column_of).size() <= 1) return "";
    }
    return "its pattern lies in no one row and one column";
}

std::string cells_text(std::size_t count) { return std::to_string(count) + " whole cell" + (count == 1 ? "" : "s"); }

std::string subset_misfit(const Seen& s, Shape shape, int k) {
    if (shape == Shape::naked_subset) {
        if (!s.values.empty() || static_cast<int>(s.whole.size()) != k) return "its pattern is not " + cells_text(k);
        return one_unit(s, s.cells) ? "" : "its cells lie in no one unit";
    }
    if (!s.whole.empty() || static_cast<int>(s.values.size()) > k) return "its pattern is not " + std::to_string(k) + " values";
    return one_unit(s, s.cells) ? "" : "its pattern lies in no one unit";
}

// Whole cells and at most one value besides (w-wing, uniqueness).
std::string cells_and_value_misfit(const Seen& s, Shape shape) {
    if (s.values.size() > 1) return "its pattern names more than one value beside its whole cells";
    const std::size_t cells = s.whole.size();
    if (shape == Shape::w_wing) {
        if (cells != 2) return "its pattern is not 2 whole cells and a link";
        if (!one_unit(s, s.valued_cells)) return "its link lies in no one unit";
        return s.eliminated.size() == 1 ? "" : "it eliminates more than one value";
    }
    if (shape == Shape::rectangle)
        return cells == 4 && units_of(s, s.whole, row_of).size() == 2 && units_of(s, s.whole, column_of).size() == 2
                   ? ""
                   : "its pattern is not 4 whole cells in two rows and two columns";
    return cells >= 6 && cells % 2 == 0 ? "" : "its pattern is not a loop of an even number of whole cells, 6 or more";
}

std::string shape_misfit(const Seen& s, Shape shape, int k) {
    switch (shape) {
        case Shape::full_house: return single_misfit(s, true);
        case Shape::hidden_single: return single_misfit(s, false);
        case Shape::naked_single:
            if (s.step.placements.size() != 1 || !s.step.eliminations.empty()) return "a single places one value and eliminates nothing";
            return s.step.pattern.size() == 1 && s.step.pattern[0] == Candidate{s.step.placements[0].cell, 0}
                       ? ""
                       : "its pattern is not its own cell, whole";
        case Shape::locked:
            if (!one_value(s)) return "its pattern and eliminations are not of one value";
            return one_unit(s, s.cells) ? "" : "its pattern lies in no one unit";
        case Shape::naked_subset:
        case Shape::hidden_subset: return subset_misfit(s, shape, k);
        case Shape::fish: return fish_misfit(s, k, true);
        case Shape::two_lines: return fish_misfit(s, 2, false);
        case Shape::row_and_column: return kite_misfit(s);
        case Shape::one_value: return one_value(s) ? "" : "its pattern and eliminations are not of one value";
        case Shape::wing:
            if (!s.values.empty() || static_cast<int>(s.whole.size()) != k) return "its pattern is not " + cells_text(k);
            return s.eliminated.size() == 1 ? "" : "it eliminates more than one value";
        case Shape::locked_wing:
            if (!s.values.empty() || static_cast<int>(s.whole.size()) != k) return "its pattern is not " + cells_text(k);
            return one_unit(s, s.cells) ? "its cells lie in one unit (a naked subset)" : "";
        case Shape::w_wing:
        case Shape::rectangle:
        case Shape::loop: return cells_and_value_misfit(s, shape);
        case Shape::whole_cells:
            return s.values.empty() && static_cast<int>(s.whole.size()) >= k ? ""
                                                                              : "its pattern is not " + cells_text(k) + " or more, whole";
        case Shape::nishio:
            return s.values.size() == 1 && s.eliminated == s.values ? "" : "its pattern and eliminations are not of one value";
        case Shape::direct:
            if (s.step.placements.size() != 1 || !s.step.eliminations.empty()) return "it does not place one value alone";
            if (!s.whole.empty() || static_cast<int>(s.values.size()) > k + 1 || !s.values.count(static_cast<int>(s.step.placements[0].value)))
                return "its pattern is not the places of " + std::to_string(k + 1) + " values or fewer, the placed one among them";
            return "";
        case Shape::bug:
            if (s.step.placements.size() != 1 || !s.step.eliminations.empty()) return "it does not place one value alone";
            return s.values.empty() ? "" : "its pattern names candidates, not whole cells";
        case Shape::constraint:
            return s.values.empty() && !s.whole.empty() ? "" : "its pattern is not the constraint's cells, whole";
        case Shape::chain:
        case Shape::forcing: return "";
    }
    return "";
}

bool places(Shape shape) {
    return shape == Shape::full_house || shape == Shape::naked_single || shape == Shape::hidden_single ||
           shape == Shape::forcing || shape == Shape::bug || shape == Shape::direct;
}

// The candidates a pattern holds, a whole cell counting all N: a chain's
// nodes are candidates the pattern reads, so its length is at most this.
std::size_t pattern_candidates(const Step& step, int n) {
    std::size_t held = 0;
    for (const Candidate& c : step.pattern) held += c.value == 0 ? static_cast<std::size_t>(n) : 1;
    return held;
}

// What every technique shares: placements only where the technique makes
// them; a length within the pattern; a pattern no longer than every unit's
// cells once (3 N N entries) unless the technique reads facts anywhere.
std::string common_misfit(const Seen& s, Shape shape) {
    const Step& step = s.step;
    if (!places(shape) && !step.placements.empty()) return "it places a value";
    if (step.length > pattern_candidates(step, s.n))
        return "its length " + std::to_string(step.length) + " is more than the " +
               std::to_string(pattern_candidates(step, s.n)) + " candidates its pattern holds";
    const std::size_t cap = 3 * static_cast<std::size_t>(s.n) * static_cast<std::size_t>(s.n);
    if (shape != Shape::chain && shape != Shape::forcing && step.pattern.size() > cap)
        return "its pattern has " + std::to_string(step.pattern.size()) + " entries, more than every unit's cells (" +
               std::to_string(cap) + ")";
    return "";
}

}  // namespace

std::optional<FishName> fish_named(std::string_view name) {
    FishName fish;
    if (name.starts_with("finned ")) fish.finned = true, name.remove_prefix(7);
    static constexpr std::array<std::string_view, 6> kNamed{"x-wing", "swordfish", "jellyfish", "squirmbag", "whale", "leviathan"};
    for (std::size_t i = 0; i < kNamed.size(); ++i)
        if (name == kNamed[i]) return fish.size = static_cast<int>(i) + 2, fish;
    // "size-K fish": K in decimal, no sign or leading zero, two digits at
    // most (a 35x35 grid holds fish of 17), from 5 (smaller fish have names).
    if (!name.starts_with("size-") || !name.ends_with(" fish")) return std::nullopt;
    const std::string_view digits = name.substr(5, name.size() - 10);
    if (digits.empty() || digits.size() > 2 || digits[0] == '0' ||
        !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    for (char c : digits) fish.size = fish.size * 10 + (c - '0');
    if (fish.size < 5) return std::nullopt;
    return fish;
}

bool known_technique(std::string_view name) { return named(name).has_value(); }

std::vector<std::string> technique_names() {
    std::vector<std::string> names;
    for (const Named& n : kVocabulary) names.emplace_back(n.name);
    for (const char* fish : {"x-wing", "swordfish", "jellyfish", "squirmbag", "whale", "leviathan"}) {
        names.emplace_back(fish);
        names.push_back(std::string("finned ") + fish);
    }
    for (int k = 5; k <= 17; ++k) {
        names.push_back("size-" + std::to_string(k) + " fish");
        names.push_back("finned size-" + std::to_string(k) + " fish");
    }
    return names;
}

std::string technique_problem(const Step& step, const Geometry& shape, const Puzzle* variant) {
    const std::optional<Named> n = named(step.technique);
    if (!n) return "'" + step.technique + "' is no technique of the vocabulary (docs/rating.md)";
    const int side = shape.side();
    if (n->shape == Shape::fish && (n->k < 2 || n->k > side / 2))
        return "named " + step.technique + ", but a " + std::to_string(side) + "x" + std::to_string(side) +
               " grid holds fish of at most " + std::to_string(side / 2) + " base lines";
    const Seen s = seen_of(step, shape, variant);
    std::string why = common_misfit(s, n->shape);
    if (why.empty()) why = shape_misfit(s, n->shape, n->k);
    return why.empty() ? "" : "named " + step.technique + ", but " + why;
}

}  // namespace np::rating
