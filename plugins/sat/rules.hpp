// A variant puzzle's rules as the encoder reads them: plain C++ values that
// sat.cpp copies from the SDK's view (np::sdk::Variant), so that nothing
// below the glue knows the plugin ABI. The rule of each kind is in
// docs/variants.md; how each one becomes clauses, in docs/sat-encodings.md.
#pragma once

#include <cstdint>
#include <vector>

namespace sat {

// The constraint kinds, with the numbers of the ABI's enum np_kind (which
// are only ever appended): sat.cpp casts one to the other and checks the last.
enum class Kind : int {
    extra_region, disjoint_groups, diagonal_positive, diagonal_negative, anti_knight, anti_king,
    non_consecutive, odd, even, minimum, maximum, thermometer, arrow, killer_cage, little_killer,
    sandwich, x_sum, skyscraper, xv, difference, ratio, renban, whispers, palindrome, between_line,
    region_sum_line, entropic_line, clone, quadruple, row_indexer, column_indexer, box_indexer,
};
constexpr int kKindCount = static_cast<int>(Kind::box_indexer) + 1;

struct Constraint {
    Kind kind = Kind::killer_cage;
    std::vector<std::vector<int>> groups;  // cell numbers, row-major from 0
    std::vector<int> values;               // the kind's parameters (a sum, a ratio...)
};

struct Rules {
    int side = 0;                          // N
    std::vector<int> region_of;            // N*N: each cell's region (boxes too), -1 for none
    std::vector<Constraint> constraints;
    uint64_t negative = 0;                 // bit 1 << kind: that kind's negative rule holds

    bool negative_rule(Kind kind) const { return (negative >> static_cast<int>(kind) & 1) != 0; }
};

// The rules of a classic R x C grid: its boxes as regions, no constraint.
Rules classic_rules(int box_rows, int box_cols);

}  // namespace sat
