// csp: the puzzle as the engine reads it - plain C++ values, copied from the
// request by the glue (plugin.cpp), so that nothing past the glue touches the
// ABI. Kinds keep the ABI's numbers (plugin_api.h, enum np_kind); the rule of
// each is in docs/variants.md.
//
//   Model
//   +-- side N, box_rows x box_cols   (1 x N for irregular regions or none)
//   +-- region_of[N*N]                region of each cell, -1 for none
//   +-- rules[]                       Rule{kind, groups of cells, values}
//   +-- negative_*                    the negative rules of xv, difference, ratio
#pragma once

#include <cstdint>
#include <vector>

namespace csp {

enum class Kind : uint8_t {
    extra_region, disjoint_groups, diagonal_positive, diagonal_negative, anti_knight, anti_king,
    non_consecutive, odd, even, minimum, maximum, thermometer, arrow, killer_cage, little_killer,
    sandwich, x_sum, skyscraper, xv, difference, ratio, renban, whispers, palindrome, between_line,
    region_sum_line, entropic_line, clone, quadruple, row_indexer, column_indexer, box_indexer,
};
constexpr int kKinds = static_cast<int>(Kind::box_indexer) + 1;

struct Rule {
    Kind kind = Kind::killer_cage;
    std::vector<std::vector<int>> groups;  // cell numbers, row-major from 0
    std::vector<int> values;               // the kind's parameters
};

struct Model {
    int side = 0, box_rows = 0, box_cols = 0;
    bool boxes = true;            // the regions are the R x C boxes
    std::vector<int> region_of;   // N*N, -1 when there are no regions
    std::vector<Rule> rules;
    bool negative_xv = false, negative_difference = false, negative_ratio = false;
};

}  // namespace csp
