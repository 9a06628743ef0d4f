// bitmask-mrv: locating what is wrong with the givens (seed 004's
// "rule_violation"), the plugin's own scan.
#pragma once

#include <cstdint>
#include <string>

#include "numplace/plugin_api.h"

namespace bitmask_mrv {

// One broken rule: the cell named (0-based) and its value.
struct BadGiven {
    np_reason_code code{};
    int row = 0, column = 0, value = 0;
    std::string message;  // one sentence
};

// Finds the first fault among the givens of an R x C grid, in this order: a
// value above N anywhere (the host rejects those already; checked so that
// nothing indexes out of range), then a value repeated in a row, then in a
// column, then in a box; units in order and the cells of a unit in row-major
// order, so the cell named is the later of the two equal cells in row-major
// order (as the ABI asks, and as the framework's check_rules lists them).
// Returns false when the givens break no rule.
bool locate_bad_given(const uint8_t* cells, int box_rows, int box_cols, BadGiven& fault);

}  // namespace bitmask_mrv
