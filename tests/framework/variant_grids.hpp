// Hand-made grids and small builders for the variant certifier's tests
// (variant_check_test.cpp, variant_validate_test.cpp, variant_partial_test.cpp).
// Each grid below is a valid Sudoku of its shape; the comments say which
// extra rules it was made to satisfy (found by a small backtracking search,
// then pasted here: the tests check them, so a wrong one fails loudly).
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "numplace/variant.hpp"

namespace variant_test {

// A known 9x9 solution (3x3 boxes). Many tests derive constraints it
// satisfies and then break them.
inline const std::vector<std::string> kClassic9 = {"534678912", "672195348", "198342567", "859761423", "426853791",
                                                   "713924856", "961537284", "287419635", "345286179"};
// 9x9, 3x3 boxes, no two cells a king's move apart share a digit.
inline const std::vector<std::string> kAntiKing9 = {"683295417", "421867359", "795341862", "532186794", "168974235",
                                                    "947523186", "256418973", "319752648", "874639521"};
// 9x9, 3x3 boxes, no orthogonal neighbours are consecutive.
inline const std::vector<std::string> kNonConsecutive9 = {"683795142", "425138697", "971462853",
                                                          "736249518", "592816374", "148573926",
                                                          "364957281", "819624735", "257381469"};
// 6x6, 2x3 boxes: anti-knight.
inline const std::vector<std::string> kAntiKnight6 = {"316245", "542613", "654132", "231456", "423561", "165324"};
// 6x6, 2x3 boxes: disjoint groups.
inline const std::vector<std::string> kDisjoint6 = {"316245", "542613", "653124", "124356", "461532", "235461"};
// 6x6, 2x3 boxes: both diagonals.
inline const std::vector<std::string> kDiagonal6 = {"316245", "542613", "251436", "463521", "125364", "634152"};
// 6x6, 2x3 boxes, no extra rule.
inline const std::vector<std::string> kPlain6 = {"256413", "413625", "532146", "641532", "364251", "125364"};
// 4x4, 2x2 boxes: both diagonals.
inline const std::vector<std::string> kDiagonal4 = {"1234", "3412", "4321", "2143"};
// A 5x5 jigsaw: the region map and a solution of it.
inline const std::vector<std::string> kJigsawRegions5 = {"00011", "02011", "22231", "42333", "44443"};
inline const std::vector<std::string> kJigsaw5 = {"31425", "23514", "42153", "15342", "54231"};

inline np::Grid grid_of(np::Geometry geometry, const std::vector<std::string>& rows) {
    np::Grid grid(geometry);
    for (int r = 0; r < geometry.side(); ++r)
        for (int c = 0; c < geometry.side(); ++c) {
            const char ch = rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
            grid.at(r, c) = static_cast<uint8_t>(ch == '.' ? 0 : ch - '0');
        }
    return grid;
}

inline np::Geometry shape_of(int side) {
    switch (side) {
    case 4:
        return {2, 2};
    case 5:
        return {1, 5};
    case 6:
        return {2, 3};
    default:
        return {3, 3};
    }
}

// The grid of these rows, in the conventional shape of its side.
inline np::Grid grid_of(const std::vector<std::string>& rows) {
    return grid_of(shape_of(static_cast<int>(rows.size())), rows);
}

// The cell number of 1-based row and column in a grid of side n.
inline int rc(int row, int column, int n = 9) { return (row - 1) * n + (column - 1); }

// An empty puzzle (no givens) of the solution's shape with these constraints.
inline np::Puzzle puzzle_for(const np::Grid& solution, std::vector<np::Constraint> constraints = {}) {
    np::Puzzle p;
    p.grid = np::Grid(solution.geometry);
    p.constraints = std::move(constraints);
    return p;
}

inline np::Constraint make(np::Kind kind, std::vector<std::vector<int>> cells, std::vector<int> values = {},
                           std::optional<np::Clue> clue = std::nullopt) {
    np::Constraint c;
    c.kind = kind;
    c.cells = std::move(cells);
    c.values = std::move(values);
    c.clue = clue;
    return c;
}

inline np::Constraint global(np::Kind kind) { return make(kind, {}); }

// The issue's message holds every one of the words ("killer cage (r1c1",
// "sum is 8").
inline ::testing::AssertionResult says(const std::optional<np::VariantIssue>& issue,
                                       std::initializer_list<std::string> words) {
    if (!issue) return ::testing::AssertionFailure() << "no issue was found";
    for (const std::string& w : words)
        if (issue->message.find(w) == std::string::npos)
            return ::testing::AssertionFailure() << "\"" << issue->message << "\" does not say \"" << w << "\"";
    return ::testing::AssertionSuccess();
}

inline ::testing::AssertionResult holds(const std::optional<np::VariantIssue>& issue) {
    if (!issue) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "unexpected issue: " << issue->message;
}

}  // namespace variant_test
