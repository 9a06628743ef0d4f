// The kinds' names (their f-puzzles keys) and the Puzzle's small queries.
// One table, in Kind order: the ABI numbers, the f-puzzles keys and the
// global flag cannot drift apart.
#include <algorithm>
#include <array>

#include "numplace/variant.hpp"

namespace np {
namespace {

struct KindRow {
    Kind kind;
    std::string_view key;  // f-puzzles' JSON key
    bool global;           // no cells: the rule applies to the whole grid
};

constexpr std::array<KindRow, kKindCount> kKinds = {{
    {Kind::extra_region, "extraregion", false},
    {Kind::disjoint_groups, "disjointgroups", true},
    {Kind::diagonal_positive, "diagonal+", true},
    {Kind::diagonal_negative, "diagonal-", true},
    {Kind::anti_knight, "antiknight", true},
    {Kind::anti_king, "antiking", true},
    {Kind::non_consecutive, "nonconsecutive", true},
    {Kind::odd, "odd", false},
    {Kind::even, "even", false},
    {Kind::minimum, "minimum", false},
    {Kind::maximum, "maximum", false},
    {Kind::thermometer, "thermometer", false},
    {Kind::arrow, "arrow", false},
    {Kind::killer_cage, "killercage", false},
    {Kind::little_killer, "littlekillersum", false},
    {Kind::sandwich, "sandwichsum", false},
    {Kind::x_sum, "xsum", false},
    {Kind::skyscraper, "skyscraper", false},
    {Kind::xv, "xv", false},
    {Kind::difference, "difference", false},
    {Kind::ratio, "ratio", false},
    {Kind::renban, "renban", false},
    {Kind::whispers, "whispers", false},
    {Kind::palindrome, "palindrome", false},
    {Kind::between_line, "betweenline", false},
    {Kind::region_sum_line, "regionsumline", false},
    {Kind::entropic_line, "entropicline", false},
    {Kind::clone, "clone", false},
    {Kind::quadruple, "quadruple", false},
    {Kind::row_indexer, "rowindexer", false},
    {Kind::column_indexer, "columnindexer", false},
    {Kind::box_indexer, "boxindexer", false},
}};

// The table is in Kind order: kKinds[k].kind == k for every k.
constexpr bool table_in_order() {
    for (int k = 0; k < kKindCount; ++k)
        if (static_cast<int>(kKinds[k].kind) != k) return false;
    return true;
}
static_assert(table_in_order(), "kKinds must list every Kind in enum order");

const KindRow& row_of(Kind kind) { return kKinds[static_cast<int>(kind)]; }

}  // namespace

std::string_view kind_key(Kind kind) { return row_of(kind).key; }

std::optional<Kind> kind_from_key(std::string_view key) {
    for (const KindRow& row : kKinds)
        if (row.key == key) return row.kind;
    return std::nullopt;
}

bool kind_is_global(Kind kind) { return row_of(kind).global; }

bool Puzzle::has_negative(Kind kind) const {
    return std::find(negative.begin(), negative.end(), kind) != negative.end();
}

int Puzzle::region(int cell) const {
    switch (regions) {
    case RegionLayout::boxes:
        return grid.geometry.box_of(cell / side(), cell % side());
    case RegionLayout::irregular:
        return cell >= 0 && static_cast<std::size_t>(cell) < region_of.size() ? region_of[cell] : -1;
    case RegionLayout::none:
        return -1;
    }
    return -1;
}

std::vector<Kind> Puzzle::kinds() const {
    std::array<bool, kKindCount> used{};
    for (const Constraint& c : constraints) used[static_cast<int>(c.kind)] = true;
    for (Kind k : negative) used[static_cast<int>(k)] = true;
    std::vector<Kind> out;
    for (int k = 0; k < kKindCount; ++k)
        if (used[k]) out.push_back(static_cast<Kind>(k));
    return out;
}

Puzzle classic_puzzle(const Grid& grid) {
    Puzzle p;
    p.grid = grid;
    return p;
}

}  // namespace np
