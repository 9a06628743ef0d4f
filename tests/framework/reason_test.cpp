// Reason codes, their sentences, violations and the rule check.
#include <gtest/gtest.h>

#include <string>

#include "numplace/format.hpp"
#include "numplace/reason.hpp"

namespace {

using np::Geometry;
using np::Grid;
using np::Reason;
using np::ReasonCode;

// Seed 002's example board and its solution.
constexpr const char* kPuzzle =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
constexpr const char* kSolution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

Grid grid_of(const std::string& line, std::optional<Geometry> size = {}) {
    auto parsed = np::parse_line(line, size);
    EXPECT_TRUE(np::parsed(parsed)) << line;
    return std::get<Grid>(parsed);
}

Grid empty9() { return Grid(Geometry{3, 3}); }

TEST(ReasonCodes, StableNamesBothWays) {
    const std::pair<ReasonCode, const char*> all[] = {
        {ReasonCode::wrong_length, "wrong_length"},
        {ReasonCode::bad_character, "bad_character"},
        {ReasonCode::value_out_of_range, "value_out_of_range"},
        {ReasonCode::duplicate_in_row, "duplicate_in_row"},
        {ReasonCode::duplicate_in_column, "duplicate_in_column"},
        {ReasonCode::duplicate_in_box, "duplicate_in_box"},
    };
    for (const auto& [code, name] : all) {
        EXPECT_EQ(np::reason_code_name(code), name);
        EXPECT_EQ(np::reason_code_from_name(name), code) << name;
    }
    EXPECT_FALSE(np::reason_code_from_name("duplicate"));
    EXPECT_FALSE(np::reason_code_from_name("Duplicate_In_Row"));
    EXPECT_FALSE(np::reason_code_from_name(""));
}

TEST(ReasonCodes, MatchTheCAbi) {
    EXPECT_EQ(static_cast<int>(ReasonCode::wrong_length), NP_REASON_WRONG_LENGTH);
    EXPECT_EQ(static_cast<int>(ReasonCode::duplicate_in_box), NP_REASON_DUPLICATE_IN_BOX);
}

TEST(Builders, WriteOneSentenceEach) {
    EXPECT_EQ(np::wrong_length_reason(80, "81 cells for a 3x3 puzzle").message,
              "expected 81 cells for a 3x3 puzzle, got 80");
    const Reason bad = np::bad_character_reason('?', 17, 2, 8);
    EXPECT_EQ(bad.code, ReasonCode::bad_character);
    EXPECT_EQ(bad.message, "bad character '?' at position 17 (row 2, column 8)");
    EXPECT_EQ(bad.row, 2);
    EXPECT_EQ(bad.column, 8);
    EXPECT_EQ(np::bad_character_reason('!', 90, 0, 0).message, "bad character '!' at position 90");
    const Reason range = np::value_out_of_range_reason(12, 9, 2, 4, 2);
    EXPECT_EQ(range.code, ReasonCode::value_out_of_range);
    EXPECT_EQ(range.message, "value 12 is out of range for a 9x9 grid at row 2, column 4");
    EXPECT_EQ((std::tuple{range.row, range.column, range.box, range.value}), (std::tuple{2, 4, 2, 12}));
}

TEST(CheckRules, ValidGridsHaveNoReasons) {
    EXPECT_TRUE(np::check_rules(grid_of(kPuzzle)).empty());
    EXPECT_TRUE(np::check_rules(grid_of(kSolution)).empty());
    EXPECT_TRUE(np::check_rules(empty9()).empty());
    EXPECT_FALSE(np::first_violation(grid_of(kSolution)));
}

TEST(CheckRules, DuplicateInRowNamesTheLaterCell) {
    Grid g = empty9();
    g.at(2, 1) = 5;  // row 3, column 2
    g.at(2, 6) = 5;  // row 3, column 7 (box 3)
    const auto reasons = np::check_rules(g);
    ASSERT_EQ(reasons.size(), 1u);
    const Reason& r = reasons[0];
    EXPECT_EQ(r.code, ReasonCode::duplicate_in_row);
    EXPECT_EQ((std::tuple{r.row, r.column, r.box, r.value}), (std::tuple{3, 7, 3, 5}));
    EXPECT_EQ(r.message, "duplicate 5 in row 3 (columns 2 and 7)");
    EXPECT_EQ(np::first_violation(g), r);
}

TEST(CheckRules, DuplicateInColumn) {
    Grid g = empty9();
    g.at(0, 3) = 6;  // row 1, column 4
    g.at(5, 3) = 6;  // row 6, column 4 (box 5)
    const auto reasons = np::check_rules(g);
    ASSERT_EQ(reasons.size(), 1u);
    EXPECT_EQ(reasons[0].code, ReasonCode::duplicate_in_column);
    EXPECT_EQ((std::tuple{reasons[0].row, reasons[0].column, reasons[0].box, reasons[0].value}),
              (std::tuple{6, 4, 5, 6}));
    EXPECT_EQ(reasons[0].message, "duplicate 6 in column 4 (rows 1 and 6)");
}

TEST(CheckRules, DuplicateInTheLastBox) {
    Grid g = empty9();
    g.at(6, 6) = 9;  // row 7, column 7
    g.at(8, 8) = 9;  // row 9, column 9
    const auto reasons = np::check_rules(g);
    ASSERT_EQ(reasons.size(), 1u);
    EXPECT_EQ(reasons[0].code, ReasonCode::duplicate_in_box);
    EXPECT_EQ((std::tuple{reasons[0].row, reasons[0].column, reasons[0].box, reasons[0].value}),
              (std::tuple{9, 9, 9, 9}));
    EXPECT_EQ(reasons[0].message, "duplicate 9 in box 9 (row 7, column 7 and row 9, column 9)");
}

TEST(CheckRules, LastRowAndLastColumn) {
    Grid g = empty9();
    g.at(8, 0) = 1;  // row 9: columns 1 and 5
    g.at(8, 4) = 1;
    g.at(0, 8) = 2;  // column 9: rows 1 and 5
    g.at(4, 8) = 2;
    const auto reasons = np::check_rules(g);
    ASSERT_EQ(reasons.size(), 2u);
    EXPECT_EQ(reasons[0].code, ReasonCode::duplicate_in_row);
    EXPECT_EQ((std::tuple{reasons[0].row, reasons[0].column, reasons[0].box, reasons[0].value}),
              (std::tuple{9, 5, 8, 1}));
    EXPECT_EQ(reasons[0].message, "duplicate 1 in row 9 (columns 1 and 5)");
    EXPECT_EQ(reasons[1].code, ReasonCode::duplicate_in_column);
    EXPECT_EQ((std::tuple{reasons[1].row, reasons[1].column, reasons[1].box, reasons[1].value}),
              (std::tuple{5, 9, 6, 2}));
    EXPECT_EQ(reasons[1].message, "duplicate 2 in column 9 (rows 1 and 5)");
}

TEST(CheckRules, EveryDuplicateRowsThenColumnsThenBoxes) {
    // The solution with two cells changed: row 1 column 2 (3 -> 5) and row 5
    // column 5 (5 -> 3).
    Grid g = grid_of(kSolution);
    g.at(0, 1) = 5;
    g.at(4, 4) = 3;
    const auto reasons = np::check_rules(g);

    // Expected, derived by hand:
    //   rows:    row 1 reads 5 5 4 ...: 5 at columns 1 and 2 -> later cell (1,2)
    //            row 5 reads 4 2 6 8 3 3 ...: 3 at columns 5 and 6 -> (5,6)
    //   columns: column 2 reads 5 7 9 5 2 1 6 8 4: 5 at rows 1 and 4 -> (4,2)
    //            column 5 reads 7 9 4 6 3 2 3 1 8: 3 at rows 5 and 7 -> (7,5)
    //   boxes:   box 1: 5 at (1,1) and (1,2) -> (1,2)
    //            box 5: 3 at (5,5) and (5,6) -> (5,6)
    struct Want {
        ReasonCode code;
        int row, column, box, value;
    };
    const Want want[] = {
        {ReasonCode::duplicate_in_row, 1, 2, 1, 5},    {ReasonCode::duplicate_in_row, 5, 6, 5, 3},
        {ReasonCode::duplicate_in_column, 4, 2, 4, 5}, {ReasonCode::duplicate_in_column, 7, 5, 8, 3},
        {ReasonCode::duplicate_in_box, 1, 2, 1, 5},    {ReasonCode::duplicate_in_box, 5, 6, 5, 3},
    };
    ASSERT_EQ(reasons.size(), std::size(want));
    for (std::size_t i = 0; i < reasons.size(); ++i) {
        SCOPED_TRACE(i);
        EXPECT_EQ(reasons[i].code, want[i].code);
        EXPECT_EQ(reasons[i].row, want[i].row);
        EXPECT_EQ(reasons[i].column, want[i].column);
        EXPECT_EQ(reasons[i].box, want[i].box);
        EXPECT_EQ(reasons[i].value, want[i].value);
    }
    EXPECT_EQ(reasons[3].message, "duplicate 3 in column 5 (rows 5 and 7)");
    EXPECT_EQ(reasons[5].message, "duplicate 3 in box 5 (row 5, column 5 and row 5, column 6)");
}

TEST(CheckRules, ThreeOccurrencesGiveTwoReasons) {
    Grid g = empty9();
    g.at(3, 0) = 7;
    g.at(3, 4) = 7;
    g.at(3, 8) = 7;
    const auto reasons = np::check_rules(g);
    ASSERT_EQ(reasons.size(), 2u);
    EXPECT_EQ(reasons[0].column, 5);
    EXPECT_EQ(reasons[1].column, 9);
    EXPECT_EQ(reasons[0].message, "duplicate 7 in row 4 (columns 1 and 5)");
    EXPECT_EQ(reasons[1].message, "duplicate 7 in row 4 (columns 1 and 9)");
}

TEST(CheckRules, RectangularBoxesAreNumberedRowMajor) {
    // 6x6 with 2x3 boxes: rows 3-4, columns 4-6 are box 4.
    Grid g(Geometry{2, 3});
    g.at(2, 3) = 6;  // row 3, column 4
    g.at(3, 5) = 6;  // row 4, column 6
    const auto reasons = np::check_rules(g);
    ASSERT_EQ(reasons.size(), 1u);
    EXPECT_EQ(reasons[0].code, ReasonCode::duplicate_in_box);
    EXPECT_EQ((std::tuple{reasons[0].row, reasons[0].column, reasons[0].box, reasons[0].value}),
              (std::tuple{4, 6, 4, 6}));

    // 12x12 with 3x4 boxes: the last box is 12, and row 10 column 12 is in it.
    Grid big(Geometry{3, 4});
    big.at(9, 8) = 12;
    big.at(11, 11) = 12;
    const auto last = np::check_rules(big);
    ASSERT_EQ(last.size(), 1u);
    EXPECT_EQ((std::tuple{last[0].row, last[0].column, last[0].box, last[0].value}),
              (std::tuple{12, 12, 12, 12}));
    EXPECT_EQ(last[0].message, "duplicate 12 in box 12 (row 10, column 9 and row 12, column 12)");
}

TEST(Violations, FromAPluginWithoutTheOtherCell) {
    const Geometry g{3, 3};
    const np_violation row{NP_REASON_DUPLICATE_IN_ROW, 3, 7, 3, 5};
    Reason r = np::reason_from_violation(row, g);
    EXPECT_EQ(r.code, ReasonCode::duplicate_in_row);
    EXPECT_EQ((std::tuple{r.row, r.column, r.box, r.value}), (std::tuple{3, 7, 3, 5}));
    EXPECT_EQ(r.message, "duplicate 5 in row 3 at column 7");

    const np_violation column{NP_REASON_DUPLICATE_IN_COLUMN, 9, 9, 0, 2};
    EXPECT_EQ(np::reason_from_violation(column, g).message, "duplicate 2 in column 9 at row 9");

    const np_violation box{NP_REASON_DUPLICATE_IN_BOX, 9, 8, 0, 4};
    r = np::reason_from_violation(box, g);
    EXPECT_EQ(r.message, "duplicate 4 in box 9 at row 9, column 8");  // box found from the cell
    EXPECT_EQ(r.box, 0);  // but the location stays as reported

    const np_violation range{NP_REASON_VALUE_OUT_OF_RANGE, 2, 4, 2, 12};
    EXPECT_EQ(np::reason_from_violation(range, g).message,
              "value 12 is out of range for a 9x9 grid at row 2, column 4");
    EXPECT_FALSE(np::reason_from_violation({NP_REASON_WRONG_LENGTH, 0, 0, 0, 0}, g).message.empty());
}

TEST(Violations, RoundTripThroughTheCStruct) {
    Grid g = empty9();
    g.at(8, 0) = 3;
    g.at(8, 8) = 3;
    const auto reasons = np::check_rules(g);
    ASSERT_EQ(reasons.size(), 1u);  // the row only: different columns and boxes
    for (const Reason& r : reasons) {
        const np_violation v = np::violation_from_reason(r);
        EXPECT_EQ(v.code, static_cast<uint32_t>(r.code));
        EXPECT_EQ(v.row, 9u);
        EXPECT_EQ(v.column, 9u);
        EXPECT_EQ(v.box, 9u);
        EXPECT_EQ(v.value, 3u);
        const Reason back = np::reason_from_violation(v, g.geometry);
        EXPECT_EQ((std::tuple{back.code, back.row, back.column, back.box, back.value}),
                  (std::tuple{r.code, r.row, r.column, r.box, r.value}));
        EXPECT_FALSE(back.message.empty());
    }
}

TEST(Violations, UnitOnlyDuplicateFromACheckerReadsWell) {
    // A sort-and-compare checker knows the unit and the repeated value only.
    const np_violation v{NP_REASON_DUPLICATE_IN_ROW, 4, 0, 0, 7};
    const Reason r = np::reason_from_violation(v, Geometry{3, 3});
    EXPECT_EQ(r.code, ReasonCode::duplicate_in_row);
    EXPECT_EQ(r.row, 4);
    EXPECT_EQ(r.column, 0);
    EXPECT_EQ(r.message, "duplicate 7 in row 4");
}

}  // namespace
