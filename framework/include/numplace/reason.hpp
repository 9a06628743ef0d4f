// Located reasons: why a puzzle text or a grid is not acceptable.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "numplace/grid.hpp"

namespace np {

enum class ReasonCode {
    wrong_length = NP_REASON_WRONG_LENGTH,
    bad_character = NP_REASON_BAD_CHARACTER,
    value_out_of_range = NP_REASON_VALUE_OUT_OF_RANGE,
    duplicate_in_row = NP_REASON_DUPLICATE_IN_ROW,
    duplicate_in_column = NP_REASON_DUPLICATE_IN_COLUMN,
    duplicate_in_box = NP_REASON_DUPLICATE_IN_BOX,
    bad_puzzle = NP_REASON_BAD_PUZZLE,                  // a variant is malformed (validate_variant)
    breaks_constraint = NP_REASON_BREAKS_CONSTRAINT,    // a variant's constraint is broken by the givens
};

// The stable code word ("duplicate_in_box"); what JSON and YAML carry.
std::string_view reason_code_name(ReasonCode code);
std::optional<ReasonCode> reason_code_from_name(std::string_view name);

// Locations are 1-based; 0 means "does not apply".
struct Reason {
    ReasonCode code = ReasonCode::wrong_length;
    int row = 0, column = 0, box = 0, value = 0;
    std::string message;  // one sentence

    friend bool operator==(const Reason&, const Reason&) = default;
};

// Builders that also write the sentence.
Reason wrong_length_reason(std::size_t got, std::string_view expected);
Reason bad_character_reason(char c, std::size_t position, int row, int column);
Reason value_out_of_range_reason(int value, int side, int row, int column, int box);
// A violation from a plugin (or from check_rules), with the sentence filled in.
Reason reason_from_violation(const np_violation& v, const Geometry& geometry);
np_violation violation_from_reason(const Reason& r);

// Every duplicate among the givens: for each unit and value, one reason per
// repeated occurrence, naming the later cell in row-major order. Rows first,
// then columns, then boxes. Empty when the grid obeys the rules.
std::vector<Reason> check_rules(const Grid& grid);
inline std::optional<Reason> first_violation(const Grid& grid) {
    auto all = check_rules(grid);
    if (all.empty()) return std::nullopt;
    return all.front();
}

}  // namespace np
