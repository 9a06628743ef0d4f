#include "givens.hpp"

namespace bitmask_mrv {

namespace {

struct Located {
    int row, column;  // 0-based
};

}  // namespace

bool locate_bad_given(const uint8_t* cells, int box_rows, int box_cols, BadGiven& fault) {
    const int side = box_rows * box_cols;
    auto value_at = [&](int row, int column) { return static_cast<int>(cells[row * side + column]); };
    auto where = [](int row, int column) {
        return "row " + std::to_string(row + 1) + ", column " + std::to_string(column + 1);
    };

    for (int row = 0; row < side; ++row)
        for (int column = 0; column < side; ++column)
            if (const int value = value_at(row, column); value > side) {
                fault = {NP_REASON_VALUE_OUT_OF_RANGE, row, column, value,
                         "the given " + std::to_string(value) + " at " + where(row, column) + " is above " +
                             std::to_string(side)};
                return true;
            }

    // The cells of unit `unit` of each kind, in row-major order.
    auto cell_of = [&](int kind, int unit, int k) -> Located {
        switch (kind) {
            case 0: return {unit, k};                                   // row
            case 1: return {k, unit};                                   // column
            default:                                                    // box
                return {(unit / box_rows) * box_rows + k / box_cols, (unit % box_rows) * box_cols + k % box_cols};
        }
    };
    static constexpr const char* kUnitNames[3] = {"row", "column", "box"};

    for (int kind = 0; kind < 3; ++kind) {
        for (int unit = 0; unit < side; ++unit) {
            uint64_t seen = 0;  // bit v: value v appeared earlier in this unit
            for (int k = 0; k < side; ++k) {
                const Located at = cell_of(kind, unit, k);
                const int value = value_at(at.row, at.column);
                if (value == 0) continue;
                const uint64_t bit = uint64_t{1} << value;
                if (seen & bit) {
                    // The ABI's codes for row, column and box follow one another.
                    fault = {static_cast<np_reason_code>(NP_REASON_DUPLICATE_IN_ROW + kind), at.row, at.column, value,
                             "the given " + std::to_string(value) + " at " + where(at.row, at.column) +
                                 " repeats a " + std::to_string(value) + " earlier in its " + kUnitNames[kind]};
                    return true;
                }
                seen |= bit;
            }
        }
    }
    return false;
}

}  // namespace bitmask_mrv
