// The f-puzzles reader and writer: every key read to its Constraint, the
// regions, the errors (named key and entry, or the character), round trips
// of every kind, and published puzzles checked against their solutions.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <ostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "numplace/fpuzzles.hpp"
#include "numplace/lzstring.hpp"
#include "numplace/random.hpp"

namespace {

using np::Clue;
using np::Constraint;
using np::Kind;
using np::Puzzle;

Puzzle read_ok(const std::string& text) {
    const auto result = np::read_fpuzzles(text);
    if (const auto* e = std::get_if<np::FpuzzlesError>(&result)) {
        ADD_FAILURE() << "refused: " << e->message;
        return {};
    }
    return std::get<Puzzle>(result);
}

std::string error_of(const std::string& text) {
    const auto result = np::read_fpuzzles(text);
    if (const auto* e = std::get_if<np::FpuzzlesError>(&result)) return e->message;
    ADD_FAILURE() << "read, expected a refusal: " << text.substr(0, 80);
    return {};
}

// A 9x9 (or `size`) puzzle with these keys after "size".
std::string with(const std::string& keys, int size = 9) {
    return "{\"size\":" + std::to_string(size) + (keys.empty() ? "" : "," + keys) + "}";
}

int cell(int row, int column, int side = 9) { return (row - 1) * side + (column - 1); }

}  // namespace

// Constraints printed readably when an expectation fails.
namespace np {
void PrintTo(const Constraint& c, std::ostream* os) {
    *os << kind_key(c.kind) << " cells";
    for (const auto& group : c.cells) {
        *os << " [";
        for (int cell : group) *os << " " << cell;
        *os << " ]";
    }
    *os << " values";
    for (int v : c.values) *os << " " << v;
    if (c.clue) *os << " clue (" << c.clue->row << "," << c.clue->column << ")";
}
}  // namespace np

namespace {

std::vector<Constraint> of_kind(const Puzzle& p, Kind kind) {
    std::vector<Constraint> out;
    std::ranges::copy_if(p.constraints, std::back_inserter(out), [kind](const Constraint& c) { return c.kind == kind; });
    return out;
}

// ---- Reading each key ---------------------------------------------------------

TEST(FpuzzlesRead, SizeAloneIsAnEmptyClassicGrid) {
    const Puzzle p = read_ok(with(""));
    EXPECT_EQ(p.side(), 9);
    EXPECT_EQ(p.grid.geometry, (np::Geometry{3, 3}));
    EXPECT_EQ(p.regions, np::RegionLayout::boxes);
    EXPECT_EQ(p.grid.given_count(), 0);
    EXPECT_TRUE(p.is_classic());
    EXPECT_FALSE(p.solution.has_value());
}

TEST(FpuzzlesRead, GivensArePlacedAndEnteredDigitsAreNot) {
    const std::string grid = R"("grid":[[{"value":1,"given":true},{"value":2},{},{}],)"
                             R"([{},{},{"value":3,"given":true,"c":"#FF0000"},{}],[{},{},{},{}],)"
                             R"([{},{},{},{"value":4,"given":true,"centerPencilMarks":[1,2],"cornerPencilMarks":[3]}]])";
    const Puzzle p = read_ok(with(grid, 4));
    EXPECT_EQ(p.grid.geometry, (np::Geometry{2, 2}));
    EXPECT_EQ(p.grid.cells, (std::vector<uint8_t>{1, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 4}));
    EXPECT_FALSE(p.grid.has_candidates());
}

TEST(FpuzzlesRead, GivenPencilMarksBecomeCandidateMasks) {
    const std::string grid = R"("grid":[[{"givenPencilMarks":[1,3]},{"value":2,"given":true},{},{}],)"
                             R"([{},{},{},{}],[{},{},{},{}],[{},{},{},{"givenPencilMarks":[4]}]])";
    const Puzzle p = read_ok(with(grid, 4));
    ASSERT_TRUE(p.grid.has_candidates());
    EXPECT_EQ(p.grid.candidates[0], 0b1010u);
    EXPECT_EQ(p.grid.candidates[1], 0b100u);    // a given: its own bit
    EXPECT_EQ(p.grid.candidates[2], 0b11110u);  // no marks: every digit
    EXPECT_EQ(p.grid.candidates[15], 0b10000u);
}

TEST(FpuzzlesRead, TitleAuthorRulesAndACompleteSolution) {
    std::string solution = "[";
    for (int i = 0; i < 16; ++i) solution += std::to_string((i + i / 4 * 2 + i / 8) % 4 + 1) + (i < 15 ? "," : "]");
    const Puzzle p = read_ok(with(R"("title":"Tiny","author":"Me","ruleset":"Normal rules.","solution":)" + solution, 4));
    EXPECT_EQ(p.title, "Tiny");
    EXPECT_EQ(p.author, "Me");
    EXPECT_EQ(p.rules, "Normal rules.");
    ASSERT_TRUE(p.solution.has_value());
    EXPECT_EQ(p.solution->cells[0], 1);
    EXPECT_EQ(p.solution->geometry, p.grid.geometry);
    EXPECT_TRUE(p.solution->is_full());
}

TEST(FpuzzlesRead, AnIncompleteSolutionIsLeftOut) {
    std::string solution = "[null";
    for (int i = 1; i < 16; ++i) solution += ",1";
    EXPECT_FALSE(read_ok(with("\"solution\":" + solution + "]", 4)).solution.has_value());
    EXPECT_FALSE(read_ok(with("\"solution\":[0,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1]", 4)).solution.has_value());
}

TEST(FpuzzlesRead, GlobalKeysAreConstraintsWithoutCells) {
    const Puzzle p = read_ok(with(R"("diagonal+":true,"diagonal-":true,"antiknight":true,"antiking":true,)"
                                  R"("disjointgroups":true,"nonconsecutive":true)"));
    ASSERT_EQ(p.constraints.size(), 6u);
    for (const Constraint& c : p.constraints) {
        EXPECT_TRUE(np::kind_is_global(c.kind));
        EXPECT_TRUE(c.cells.empty());
    }
    EXPECT_EQ(p.constraints[0].kind, Kind::disjoint_groups);  // Kind order
    EXPECT_EQ(p.constraints[5].kind, Kind::non_consecutive);
    EXPECT_TRUE(p.negative.empty());
}

TEST(FpuzzlesRead, FalseGlobalKeysAreNoRule) {
    const Puzzle p = read_ok(with(R"("diagonal+":false,"antiknight":false,"nonconsecutive":false)"));
    EXPECT_TRUE(p.is_classic());
}

TEST(FpuzzlesRead, NonconsecutiveWithWhiteDotsIsTheirNegativeRule) {
    const Puzzle p = read_ok(with(R"("nonconsecutive":true,"difference":[{"cells":["R1C1","R1C2"]}])"));
    EXPECT_EQ(p.negative, std::vector<Kind>{Kind::difference});
    ASSERT_EQ(p.constraints.size(), 1u);
    EXPECT_EQ(p.constraints[0].kind, Kind::difference);
}

TEST(FpuzzlesRead, NegativeListNamesXvAndRatio) {
    const Puzzle p = read_ok(with(R"("negative":["ratio","xv"])"));
    EXPECT_EQ(p.negative, (std::vector<Kind>{Kind::xv, Kind::ratio}));
    EXPECT_TRUE(p.constraints.empty());
}

TEST(FpuzzlesRead, SingleCellKindsAreOneConstraintEach) {
    const Puzzle p = read_ok(with(R"("odd":[{"cell":"R1C1"},{"cell":"R9C9"}],"even":[{"cell":"R2C3"}],)"
                                  R"("minimum":[{"cell":"R5C5"}],"maximum":[{"cell":"R4C6"}])"));
    ASSERT_EQ(p.constraints.size(), 5u);
    EXPECT_EQ(p.constraints[0], (Constraint{Kind::odd, {{0}}, {}, {}}));
    EXPECT_EQ(p.constraints[1], (Constraint{Kind::odd, {{80}}, {}, {}}));
    EXPECT_EQ(p.constraints[2], (Constraint{Kind::even, {{cell(2, 3)}}, {}, {}}));
    EXPECT_EQ(p.constraints[3], (Constraint{Kind::minimum, {{cell(5, 5)}}, {}, {}}));
    EXPECT_EQ(p.constraints[4], (Constraint{Kind::maximum, {{cell(4, 6)}}, {}, {}}));
}

TEST(FpuzzlesRead, IndexersAreOneConstraintPerCell) {
    const Puzzle p = read_ok(with(R"("rowindexer":[{"cells":["R1C1","R2C1"]}],"columnindexer":[{"cells":["R1C5"]}],)"
                                  R"("boxindexer":[{"cells":["R5C5"]}])"));
    ASSERT_EQ(p.constraints.size(), 4u);
    EXPECT_EQ(p.constraints[0], (Constraint{Kind::row_indexer, {{0}}, {}, {}}));
    EXPECT_EQ(p.constraints[1], (Constraint{Kind::row_indexer, {{9}}, {}, {}}));
    EXPECT_EQ(p.constraints[2], (Constraint{Kind::column_indexer, {{4}}, {}, {}}));
    EXPECT_EQ(p.constraints[3], (Constraint{Kind::box_indexer, {{40}}, {}, {}}));
}

TEST(FpuzzlesRead, ExtraRegionsAndCagesWithAndWithoutSums) {
    const Puzzle p = read_ok(with(R"("extraregion":[{"cells":["R1C1","R2C2","R3C3"]}],)"
                                  R"("killercage":[{"cells":["R1C1","R1C2"],"value":"15"},{"cells":["R9C9"]},)"
                                  R"({"cells":["R5C5","R5C6"],"value":""},{"cells":["R4C4","R4C5"],"value":7}])"));
    ASSERT_EQ(p.constraints.size(), 5u);
    EXPECT_EQ(p.constraints[0], (Constraint{Kind::extra_region, {{0, 10, 20}}, {}, {}}));
    EXPECT_EQ(p.constraints[1], (Constraint{Kind::killer_cage, {{0, 1}}, {15}, {}}));
    EXPECT_EQ(p.constraints[2], (Constraint{Kind::killer_cage, {{80}}, {}, {}}));
    EXPECT_EQ(p.constraints[3], (Constraint{Kind::killer_cage, {{40, 41}}, {}, {}}));
    EXPECT_EQ(p.constraints[4], (Constraint{Kind::killer_cage, {{30, 31}}, {7}, {}}));
}

TEST(FpuzzlesRead, EveryLineOfALineKeyIsOneConstraint) {
    const Puzzle p = read_ok(with(R"("thermometer":[{"lines":[["R1C1","R1C2","R1C3"],["R1C1","R2C1"]]}],)"
                                  R"("palindrome":[{"lines":[["R3C1","R3C2"]]}],"renban":[{"lines":[["R4C1","R4C2"]]}],)"
                                  R"("betweenline":[{"lines":[["R5C1","R5C2","R5C3"]]}],)"
                                  R"("regionsumline":[{"lines":[["R6C3","R6C4"]]}],)"
                                  R"("entropicline":[{"lines":[["R7C1","R7C2","R7C3"]]}])"));
    ASSERT_EQ(p.constraints.size(), 7u);
    EXPECT_EQ(p.constraints[0], (Constraint{Kind::thermometer, {{0, 1, 2}}, {}, {}}));
    EXPECT_EQ(p.constraints[1], (Constraint{Kind::thermometer, {{0, 9}}, {}, {}}));
    EXPECT_EQ(p.constraints[2], (Constraint{Kind::renban, {{27, 28}}, {}, {}}));
    EXPECT_EQ(p.constraints[3], (Constraint{Kind::palindrome, {{18, 19}}, {}, {}}));
    EXPECT_EQ(p.constraints[4].kind, Kind::between_line);
    EXPECT_EQ(p.constraints[5], (Constraint{Kind::region_sum_line, {{47, 48}}, {}, {}}));
    EXPECT_EQ(p.constraints[6].kind, Kind::entropic_line);
}

TEST(FpuzzlesRead, WhispersDefaultToHalfTheSideRoundedUp) {
    const std::string line = R"("whispers":[{"lines":[["R1C1","R1C2"]]},{"lines":[["R2C1","R2C2"]],"value":"3"}])";
    const Puzzle nine = read_ok(with(line));
    ASSERT_EQ(nine.constraints.size(), 2u);
    EXPECT_EQ(nine.constraints[0].values, std::vector<int>{5});
    EXPECT_EQ(nine.constraints[1].values, std::vector<int>{3});
    EXPECT_EQ(read_ok(with(line, 6)).constraints[0].values, std::vector<int>{3});
}

TEST(FpuzzlesRead, ArrowsTakeTheCircleOffTheirLines) {
    const Puzzle p = read_ok(with(R"("arrow":[{"cells":["R1C1"],"lines":[["R1C1","R1C2","R1C3"],["R1C1","R2C1"]]},)"
                                  R"({"cells":["R5C5","R5C6"],"lines":[["R5C6","R6C7","R7C7"]]}])"));
    ASSERT_EQ(p.constraints.size(), 2u);
    EXPECT_EQ(p.constraints[0], (Constraint{Kind::arrow, {{0}, {1, 2}, {9}}, {}, {}}));
    EXPECT_EQ(p.constraints[1], (Constraint{Kind::arrow, {{40, 41}, {cell(6, 7), cell(7, 7)}}, {}, {}}));
}

TEST(FpuzzlesRead, LittleKillersFollowTheirDirection) {
    const Puzzle p = read_ok(with(R"("littlekillersum":[{"cell":"R0C0","direction":"DR","value":"45"},)"
                                  R"({"cell":"R4C10","cells":["R3C9","R2C8","R1C7"],"direction":"UL","value":"12"},)"
                                  R"({"cell":"R10C3","direction":"UL","value":""}])"));
    ASSERT_EQ(p.constraints.size(), 2u);  // the clue without a number is no rule
    EXPECT_EQ(p.constraints[0], (Constraint{Kind::little_killer, {{0, 10, 20, 30, 40, 50, 60, 70, 80}}, {45}, Clue{-1, -1}}));
    EXPECT_EQ(p.constraints[1],
              (Constraint{Kind::little_killer, {{cell(3, 9), cell(2, 8), cell(1, 7)}}, {12}, Clue{3, 9}}));
}

TEST(FpuzzlesRead, LittleKillerCellsMustBeItsDiagonal) {
    EXPECT_EQ(error_of(with(R"("littlekillersum":[{"cell":"R0C1","cells":["R1C2"],"direction":"DR","value":"4"}])")),
              "littlekillersum[0].cells: are not the diagonal from R0C1 going DR");
    EXPECT_EQ(error_of(with(R"("littlekillersum":[{"cell":"R0C1","direction":"D","value":"4"}])")),
              "littlekillersum[0].direction: is UL, UR, DL or DR, not \"D\"");
    EXPECT_EQ(error_of(with(R"("littlekillersum":[{"cell":"R0C9","direction":"UR","value":"4"}])")),
              "littlekillersum[0]: the diagonal from R0C9 going UR misses the grid");
}

TEST(FpuzzlesRead, OutsideCluesReadTheirRowOrColumnFromTheirSide) {
    const Puzzle p = read_ok(with(R"("sandwichsum":[{"cell":"R0C2","value":"10"},{"cell":"R3C0","value":"0"}],)"
                                  R"("xsum":[{"cell":"R10C1","value":"20"}],"skyscraper":[{"cell":"R1C10","value":3},)"
                                  R"({"cell":"R2C10"}])",
                                  9));
    ASSERT_EQ(p.constraints.size(), 4u);
    std::vector<int> column2, row3, column1_up, row1_left;
    for (int i = 0; i < 9; ++i) {
        column2.push_back(cell(i + 1, 2));
        row3.push_back(cell(3, i + 1));
        column1_up.push_back(cell(9 - i, 1));
        row1_left.push_back(cell(1, 9 - i));
    }
    EXPECT_EQ(p.constraints[0], (Constraint{Kind::sandwich, {column2}, {10}, Clue{-1, 1}}));
    EXPECT_EQ(p.constraints[1], (Constraint{Kind::sandwich, {row3}, {0}, Clue{2, -1}}));
    EXPECT_EQ(p.constraints[2], (Constraint{Kind::x_sum, {column1_up}, {20}, Clue{9, 0}}));
    EXPECT_EQ(p.constraints[3], (Constraint{Kind::skyscraper, {row1_left}, {3}, Clue{0, 9}}));
}

TEST(FpuzzlesRead, DotsAndXvWithTheirDefaults) {
    const Puzzle p = read_ok(with(R"("xv":[{"cells":["R1C1","R1C2"],"value":"X"},{"cells":["R2C1","R2C2"],"value":"V"}],)"
                                  R"("difference":[{"cells":["R3C1","R3C2"]},{"cells":["R4C1","R4C2"],"value":"3"}],)"
                                  R"("ratio":[{"cells":["R5C1","R6C1"],"value":""},{"cells":["R7C1","R8C1"],"value":"3"}])"));
    ASSERT_EQ(p.constraints.size(), 6u);
    EXPECT_EQ(p.constraints[0], (Constraint{Kind::xv, {{0, 1}}, {10}, {}}));
    EXPECT_EQ(p.constraints[1], (Constraint{Kind::xv, {{9, 10}}, {5}, {}}));
    EXPECT_EQ(p.constraints[2], (Constraint{Kind::difference, {{18, 19}}, {1}, {}}));
    EXPECT_EQ(p.constraints[3], (Constraint{Kind::difference, {{27, 28}}, {3}, {}}));
    EXPECT_EQ(p.constraints[4], (Constraint{Kind::ratio, {{36, 45}}, {2}, {}}));
    EXPECT_EQ(p.constraints[5], (Constraint{Kind::ratio, {{54, 63}}, {3}, {}}));
}

TEST(FpuzzlesRead, ClonesAndQuadruples) {
    const Puzzle p = read_ok(with(R"("clone":[{"cells":["R1C1","R1C2"],"cloneCells":["R9C8","R9C9"]}],)"
                                  R"("quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[1,2,"9"]}])"));
    ASSERT_EQ(p.constraints.size(), 2u);
    EXPECT_EQ(p.constraints[0], (Constraint{Kind::clone, {{0, 1}, {79, 80}}, {}, {}}));
    EXPECT_EQ(p.constraints[1], (Constraint{Kind::quadruple, {{0, 1, 9, 10}}, {1, 2, 9}, {}}));
}

TEST(FpuzzlesRead, ConstraintsComeOutInKindOrderWhateverTheKeyOrder) {
    const Puzzle p = read_ok(with(R"("killercage":[{"cells":["R1C1"],"value":"1"}],"odd":[{"cell":"R2C2"}],)"
                                  R"("extraregion":[{"cells":["R3C3"]}])"));
    ASSERT_EQ(p.constraints.size(), 3u);
    EXPECT_EQ(p.constraints[0].kind, Kind::extra_region);
    EXPECT_EQ(p.constraints[1].kind, Kind::odd);
    EXPECT_EQ(p.constraints[2].kind, Kind::killer_cage);
}

// ---- Regions ------------------------------------------------------------------

std::string grid_with_regions(int side, const std::vector<std::string>& region) {
    std::string rows = "\"grid\":[";
    for (int r = 0; r < side; ++r) {
        rows += "[";
        for (int c = 0; c < side; ++c)
            rows += "{\"region\":" + region[static_cast<std::size_t>(r * side + c)] + "}" + (c + 1 < side ? "," : "");
        rows += r + 1 < side ? "]," : "]";
    }
    return rows + "]";
}

TEST(FpuzzlesRegions, AnIrregular6x6IsItsRegionMap) {
    const std::vector<int> map = {0, 0, 0, 1, 1, 1, 0, 0, 2, 2, 1, 1, 0, 2, 2, 2, 3, 1,
                                  4, 4, 2, 3, 3, 3, 4, 4, 5, 5, 3, 3, 4, 4, 5, 5, 5, 5};
    std::vector<std::string> region;
    for (int r : map) region.push_back(std::to_string(r));
    const Puzzle p = read_ok(with(grid_with_regions(6, region), 6));
    EXPECT_EQ(p.regions, np::RegionLayout::irregular);
    EXPECT_EQ(p.grid.geometry, (np::Geometry{1, 6}));
    EXPECT_EQ(p.region_of, std::vector<uint8_t>(map.begin(), map.end()));
    EXPECT_EQ(p.region(cell(3, 2, 6)), 2);
}

TEST(FpuzzlesRegions, NullOrMinusOneEverywhereIsNoRegions) {
    const Puzzle p = read_ok(with(grid_with_regions(4, std::vector<std::string>(16, "null")), 4));
    EXPECT_EQ(p.regions, np::RegionLayout::none);
    EXPECT_EQ(p.grid.geometry, (np::Geometry{1, 4}));
    EXPECT_TRUE(p.region_of.empty());
    EXPECT_EQ(read_ok(with(grid_with_regions(4, std::vector<std::string>(16, "-1")), 4)).regions,
              np::RegionLayout::none);
}

TEST(FpuzzlesRegions, ABoxShapedMapIsBoxesOfThatShape) {
    std::vector<std::string> three_by_two;  // 6x6 with boxes 3 rows high, 2 wide, numbered as f-puzzles might
    for (int i = 0; i < 36; ++i) three_by_two.push_back(std::to_string(5 - ((i / 6) / 3 * 3 + (i % 6) / 2)));
    const Puzzle p = read_ok(with(grid_with_regions(6, three_by_two), 6));
    EXPECT_EQ(p.regions, np::RegionLayout::boxes);
    EXPECT_EQ(p.grid.geometry, (np::Geometry{3, 2}));
    std::vector<std::string> nine;
    for (int i = 0; i < 81; ++i) nine.push_back(std::to_string((i / 9) / 3 * 3 + (i % 9) / 3));
    EXPECT_EQ(read_ok(with(grid_with_regions(9, nine))).grid.geometry, (np::Geometry{3, 3}));
}

TEST(FpuzzlesRegions, SidesWithoutConventionalBoxes) {
    EXPECT_EQ(read_ok(with("", 8)).grid.geometry, (np::Geometry{2, 4}));
    EXPECT_EQ(read_ok(with("", 8)).regions, np::RegionLayout::boxes);
    const Puzzle five = read_ok(with("", 5));
    EXPECT_EQ(five.regions, np::RegionLayout::none);
    EXPECT_EQ(five.grid.geometry, (np::Geometry{1, 5}));
    std::vector<std::string> rows_as_regions;
    for (int i = 0; i < 25; ++i) rows_as_regions.push_back(std::to_string(i / 5));
    EXPECT_EQ(read_ok(with(grid_with_regions(5, rows_as_regions), 5)).regions, np::RegionLayout::irregular);
}

TEST(FpuzzlesRegions, CellsWithoutRegionKeepTheirBoxBesideCellsWithOne) {
    std::string rows = "\"grid\":[[{\"region\":0},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{\"region\":3}]]";
    const Puzzle boxes = read_ok(with(rows, 4));  // the regions given are the cells' own boxes
    EXPECT_EQ(boxes.regions, np::RegionLayout::boxes);
    EXPECT_EQ(boxes.grid.geometry, (np::Geometry{2, 2}));
    rows = "\"grid\":[[{},{},{\"region\":0},{}],[{},{},{},{}],[{\"region\":1},{},{},{}],[{},{},{},{}]]";
    const Puzzle swapped = read_ok(with(rows, 4));  // R1C3 to region 0, R3C1 to 1: read as given (validate_variant judges the sizes)
    EXPECT_EQ(swapped.regions, np::RegionLayout::irregular);
    EXPECT_EQ(swapped.region_of, (std::vector<uint8_t>{0, 0, 0, 1, 0, 0, 1, 1, 1, 2, 3, 3, 2, 2, 3, 3}));
}

// A prime side has no boxes: a cell without "region" is in its row's
// region, as f-puzzles numbers them (a 5x5 jigsaw marks only the cells that
// left their row's region: here R1C5 and R2C1 trade places).
TEST(FpuzzlesRegions, OnAPrimeSideACellWithoutRegionIsInItsRowsRegion) {
    std::string rows = "\"grid\":[";
    for (int r = 0; r < 5; ++r) {
        rows += "[";
        for (int c = 0; c < 5; ++c) {
            const std::string cell = r == 0 && c == 4 ? R"({"region":1})" : r == 1 && c == 0 ? R"({"region":0})" : "{}";
            rows += cell + (c < 4 ? "," : "");
        }
        rows += r < 4 ? "]," : "]";
    }
    const Puzzle p = read_ok(with(rows + "]", 5));
    EXPECT_EQ(p.regions, np::RegionLayout::irregular);
    EXPECT_EQ(p.region_of, (std::vector<uint8_t>{0, 0, 0, 0, 1, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4}));
    EXPECT_FALSE(np::validate_variant(p).has_value());
}

TEST(FpuzzlesRead, ACellsOwnParityIsAnOddOrEvenConstraint) {
    const std::string rows = R"("grid":[[{"parity":"Odd"},{},{},{}],[{},{"parity":"Even"},{},{}],[{},{},{},{}],[{},{},{},{}]])";
    const Puzzle p = read_ok(with(rows, 4));
    ASSERT_EQ(p.constraints.size(), 2u);
    EXPECT_EQ(p.constraints[0], (Constraint{Kind::odd, {{0}}, {}, {}}));
    EXPECT_EQ(p.constraints[1], (Constraint{Kind::even, {{5}}, {}, {}}));
    EXPECT_EQ(error_of(with(R"("grid":[[{"parity":"Both"},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]])", 4)),
              "grid[0][0].parity: is \"Odd\" or \"Even\", not \"Both\"");
}

TEST(FpuzzlesRegions, SomeCellsWithoutARegionAreRefused) {
    std::vector<std::string> region(16, "0");
    region[5] = "null";
    EXPECT_EQ(error_of(with(grid_with_regions(4, region), 4)),
              "grid[1][1].region: is null (no region) where other cells have regions");
    region[5] = "4";
    EXPECT_EQ(error_of(with(grid_with_regions(4, region), 4)), "grid[1][1].region: 4 is not a region from 0 to 3");
}

// ---- Errors -------------------------------------------------------------------

TEST(FpuzzlesErrors, MalformedJsonNamesTheCharacter) {
    const std::string message = error_of(R"({"size":9,"grid":[}])");
    EXPECT_EQ(message.rfind("JSON, character 18: ", 0), 0u) << message;
    EXPECT_EQ(error_of("{\"size\":9,").rfind("JSON, character ", 0), 0u);
    const std::string compressed = np::lz::compress_base64("{\"size\":9,,}");
    EXPECT_EQ(error_of(compressed).rfind("the decompressed JSON, character 10: ", 0), 0u) << error_of(compressed);
}

TEST(FpuzzlesErrors, BadLzStringNamesTheCharacter) {
    EXPECT_EQ(error_of("N4Ig!!!!"), "lz-string, character 4: '!' is not in lz-string's Base64 alphabet");
    EXPECT_EQ(error_of("https://www.f-puzzles.com/?load=N4Ig*A").rfind("lz-string, character 4", 0), 0u);
    EXPECT_EQ(error_of("   "), "the text is empty");
}

TEST(FpuzzlesErrors, AnUnknownKeyIsNamed) {
    EXPECT_EQ(error_of(with(R"("lockout":[{"lines":[["R1C1","R1C2"]]}])")),
              "unknown key 'lockout': neither a rule numplace reads nor a cosmetic key it ignores");
    EXPECT_EQ(error_of(with(R"("grid":[[{"colour":1},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]])", 4)),
              "grid[0][0]: unknown cell key 'colour'");
}

TEST(FpuzzlesErrors, CosmeticKeysAreReadAndIgnored) {
    const std::vector<std::string> cosmetic = {"line", "rectangle", "circle", "text", "cage", "fogofwar",
                                               "foglight", "disabledlogic", "truecandidatesoptions",
                                               "highlightConflicts"};
    std::string keys;
    for (const std::string& key : cosmetic) {
        EXPECT_TRUE(np::fpuzzles_key_is_cosmetic(key)) << key;
        keys += "\"" + key + "\":[{\"cells\":[\"R1C1\"],\"value\":\"12\",\"baseC\":\"#FFFFFF\"}],";
    }
    keys.pop_back();
    EXPECT_TRUE(read_ok(with(keys)).is_classic());
    EXPECT_FALSE(np::fpuzzles_key_is_cosmetic("killercage"));
    EXPECT_FALSE(np::fpuzzles_key_is_cosmetic("lockout"));
}

TEST(FpuzzlesErrors, CellsOutsideTheGridAreNamedWithTheirEntry) {
    std::string cages;
    for (int i = 0; i < 3; ++i) cages += R"({"cells":["R1C1"],"value":"1"},)";
    EXPECT_EQ(error_of(with(R"("killercage":[)" + cages + R"({"cells":["R2C2","R10C2"],"value":"3"}])")),
              "killercage[3].cells[1]: 'R10C2' is outside the 9x9 grid");
    EXPECT_EQ(error_of(with(R"("thermometer":[{"lines":[["R1C1","R1C0"]]}])")),
              "thermometer[0].lines[0][1]: 'R1C0' is outside the 9x9 grid");
    EXPECT_EQ(error_of(with(R"("odd":[{"cell":"r1c1"}])")), "odd[0].cell: 'r1c1' is not a cell name like R1C1");
    EXPECT_EQ(error_of(with(R"("sandwichsum":[{"cell":"R5C5","value":"3"}])")),
              "sandwichsum[0].cell: 'R5C5' is not one step outside the 9x9 grid");
    EXPECT_EQ(error_of(with(R"("sandwichsum":[{"cell":"R0C0","value":"3"}])")),
              "sandwichsum[0].cell: a corner is outside every row and column");
}

TEST(FpuzzlesErrors, MisshapenValuesAreNamed) {
    EXPECT_EQ(error_of(R"({"grid":[]})"), "there is no \"size\"");
    EXPECT_EQ(error_of(with("", 1)), "size: 1 is not a side from 2 to 35");
    EXPECT_EQ(error_of(with(R"("grid":[[{}]])")), "grid: is 9 rows of 9 cells");
    EXPECT_EQ(error_of(with(R"("xv":[{"cells":["R1C1","R1C2"],"value":"Q"}])")),
              "xv[0].value: an XV marker is \"X\" or \"V\", not \"Q\"");
    EXPECT_EQ(error_of(with(R"("ratio":[{"cells":["R1C1"]}])")),
              "ratio[0].cells: a marker sits between two cells, not 1");
    EXPECT_EQ(error_of(with(R"("killercage":[{"cells":["R1C1"],"value":"1a"}])")),
              "killercage[0].value: '1a' is not a number");
    EXPECT_EQ(error_of(with(R"("negative":["difference"])")),
              "negative[0]: \"difference\" is not \"xv\" or \"ratio\"");
    EXPECT_EQ(error_of(with(R"("antiknight":"yes")")), "antiknight: is true or false, not \"yes\"");
    EXPECT_EQ(error_of(with(R"("arrow":[{"cells":["R1C1"],"lines":[["R1C1"]]}])")),
              "arrow[0].lines[0]: has no cell outside the circle");
    EXPECT_EQ(error_of(with(R"("clone":[{"cells":["R1C1"]}])")), "clone[0]: has no \"cloneCells\"");
    EXPECT_EQ(error_of(with(R"("quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[1,"x"]}])")),
              "quadruple[0].values[1]: 'x' is not a number");
    EXPECT_EQ(error_of(with(R"("killercage":[{"cells":["R1C1"],"value":[15]}])")),
              "killercage[0].value: an array is not a number");
    EXPECT_EQ(error_of("[1,2]"), "lz-string, character 0: '[' is not in lz-string's Base64 alphabet");
}

// ---- Writing and round trips ---------------------------------------------------

// One puzzle using each kind (in Kind order), as the reader gives it.
Puzzle puzzle_of(Kind kind) {
    Puzzle p = read_ok(with(""));
    const auto line = [](std::vector<int> cells) { return std::vector<std::vector<int>>{std::move(cells)}; };
    std::vector<int> row1;
    for (int c = 0; c < 9; ++c) row1.push_back(c);
    std::vector<int> column9_up;
    for (int r = 8; r >= 0; --r) column9_up.push_back(r * 9 + 8);
    std::vector<Constraint>& cs = p.constraints;
    switch (kind) {
    case Kind::extra_region: cs = {{kind, line({0, 10, 20}), {}, {}}}; break;
    case Kind::odd: case Kind::even: case Kind::minimum: case Kind::maximum:
    case Kind::row_indexer: case Kind::column_indexer: case Kind::box_indexer:
        cs = {{kind, line({40}), {}, {}}, {kind, line({3}), {}, {}}};
        break;
    case Kind::thermometer: case Kind::renban: case Kind::palindrome: case Kind::between_line:
    case Kind::region_sum_line: case Kind::entropic_line:
        cs = {{kind, line({0, 1, 11}), {}, {}}, {kind, line({50, 60}), {}, {}}};
        break;
    case Kind::whispers: cs = {{kind, line({0, 1, 11}), {5}, {}}, {kind, line({50, 60}), {4}, {}}}; break;
    case Kind::arrow: cs = {{kind, {{40, 41}, {50, 60}, {32}}, {}, {}}}; break;
    case Kind::killer_cage: cs = {{kind, line({0, 1}), {9}, {}}, {kind, line({80}), {}, {}}}; break;
    case Kind::little_killer: cs = {{kind, line({9, 19, 29, 39, 49, 59, 69, 79}), {40}, Clue{0, -1}}}; break;
    case Kind::sandwich: case Kind::x_sum: case Kind::skyscraper:
        cs = {{kind, line(row1), {4}, Clue{0, -1}}, {kind, line(column9_up), {6}, Clue{9, 8}}};
        break;
    case Kind::xv: cs = {{kind, line({0, 1}), {10}, {}}, {kind, line({1, 10}), {5}, {}}}; break;
    case Kind::difference: cs = {{kind, line({0, 1}), {1}, {}}, {kind, line({1, 10}), {4}, {}}}; break;
    case Kind::ratio: cs = {{kind, line({0, 1}), {2}, {}}, {kind, line({1, 10}), {3}, {}}}; break;
    case Kind::clone: cs = {{kind, {{0, 1}, {79, 80}}, {}, {}}}; break;
    case Kind::quadruple: cs = {{kind, line({0, 1, 9, 10}), {1, 1, 9}, {}}}; break;
    default: cs = {{kind, {}, {}, {}}}; break;  // the global kinds
    }
    return p;
}

class FpuzzlesRoundTrip : public ::testing::TestWithParam<int> {};

TEST_P(FpuzzlesRoundTrip, ReadOfWriteIsThePuzzle) {
    const Puzzle p = puzzle_of(static_cast<Kind>(GetParam()));
    const std::string json = np::write_fpuzzles_json(p);
    EXPECT_EQ(read_ok(json), p) << json;
    EXPECT_EQ(read_ok(np::write_fpuzzles_compressed(p)), p);
    EXPECT_EQ(read_ok(np::write_fpuzzles_link(p)), p);
}

// Test names from the kinds' keys ("diagonal+" -> "diagonalplus").
std::string kind_test_name(const ::testing::TestParamInfo<int>& info) {
    std::string name;
    for (char c : np::kind_key(static_cast<Kind>(info.param)))
        name += c == '+' ? std::string("plus") : c == '-' ? std::string("minus") : std::string(1, c);
    return name;
}

INSTANTIATE_TEST_SUITE_P(FpuzzlesEveryKind, FpuzzlesRoundTrip, ::testing::Range(0, np::kKindCount), kind_test_name);

TEST(FpuzzlesWrite, EverythingAtOnceRoundTrips) {
    Puzzle p = read_ok(with(""));
    for (int k = 0; k < np::kKindCount; ++k) {
        const Puzzle one = puzzle_of(static_cast<Kind>(k));
        if (static_cast<Kind>(k) != Kind::non_consecutive)  // with white dots it reads as their negative rule
            p.constraints.insert(p.constraints.end(), one.constraints.begin(), one.constraints.end());
    }
    p.negative = {Kind::xv, Kind::difference, Kind::ratio};
    p.title = "All \"kinds\" — ナンプレ";
    p.author = "numplace";
    p.rules = "Line one.\nLine two.";
    p.grid.cells[4] = 7;
    p.grid.candidates.assign(81, 0b1111111110);
    p.grid.candidates[4] = 1u << 7;
    p.grid.candidates[5] = 0b1010;
    EXPECT_EQ(read_ok(np::write_fpuzzles_link(p)), p);
}

TEST(FpuzzlesWrite, IrregularAndNoRegionsAndSolutionRoundTrip) {
    std::vector<std::string> region;
    const std::vector<int> map = {0, 0, 1, 1, 0, 2, 1, 1, 0, 2, 3, 3, 2, 2, 3, 3};
    for (int r : map) region.push_back(std::to_string(r));
    Puzzle irregular = read_ok(with(grid_with_regions(4, region), 4));
    irregular.solution = np::Grid(irregular.grid.geometry, {1, 2, 3, 4, 3, 4, 1, 2, 4, 1, 2, 3, 2, 3, 4, 1});
    EXPECT_EQ(read_ok(np::write_fpuzzles_json(irregular)), irregular);
    const Puzzle none = read_ok(with(grid_with_regions(4, std::vector<std::string>(16, "null")), 4));
    EXPECT_EQ(read_ok(np::write_fpuzzles_json(none)), none);
    Puzzle tall = read_ok(with("", 6));
    tall.grid = np::Grid(np::Geometry{3, 2});
    EXPECT_EQ(read_ok(np::write_fpuzzles_json(tall)), tall);
    EXPECT_EQ(read_ok(np::write_fpuzzles_json(read_ok(with("", 5)))), read_ok(with("", 5)));
}

TEST(FpuzzlesWrite, KeysComeInFpuzzlesOrder) {
    Puzzle p = puzzle_of(Kind::ratio);
    p.title = "T";
    p.author = "A";
    p.negative = {Kind::ratio};
    p.constraints.insert(p.constraints.begin(), Constraint{Kind::diagonal_positive, {}, {}, {}});
    p.solution = np::Grid(p.grid.geometry, std::vector<uint8_t>(81, 1));
    const auto json = nlohmann::ordered_json::parse(np::write_fpuzzles_json(p));
    std::vector<std::string> keys;
    for (const auto& [key, value] : json.items()) keys.push_back(key);
    EXPECT_EQ(keys, (std::vector<std::string>{"size", "title", "author", "grid", "diagonal+", "negative", "ratio",
                                              "solution"}));
    EXPECT_EQ(json["ratio"][0], (nlohmann::ordered_json{{"cells", {"R1C1", "R1C2"}}}));
    EXPECT_EQ(json["ratio"][1]["value"], "3");
    EXPECT_EQ(json["grid"][0][0], nlohmann::ordered_json::object());
}

TEST(FpuzzlesWrite, LinksAndCompressedText) {
    const Puzzle p = puzzle_of(Kind::killer_cage);
    const std::string link = np::write_fpuzzles_link(p);
    EXPECT_EQ(link.rfind("https://www.f-puzzles.com/?load=N4Ig", 0), 0u);
    EXPECT_EQ(np::write_fpuzzles_compressed(p), link.substr(link.find('=') + 1));
    EXPECT_EQ(*np::lz::decompress_base64(np::write_fpuzzles_compressed(p)).text, np::write_fpuzzles_json(p));
    std::string escaped = link;  // as a browser may hand it over: + and / escaped
    for (std::size_t at = escaped.find('+', 30); at != std::string::npos; at = escaped.find('+', at))
        escaped.replace(at, 1, "%2B");
    EXPECT_EQ(read_ok(escaped), p);
}

TEST(FpuzzlesWrite, LooksLikeFpuzzles) {
    const Puzzle p = puzzle_of(Kind::odd);
    EXPECT_TRUE(np::looks_like_fpuzzles(np::write_fpuzzles_json(p)));
    EXPECT_TRUE(np::looks_like_fpuzzles(np::write_fpuzzles_compressed(p)));
    EXPECT_TRUE(np::looks_like_fpuzzles("  " + np::write_fpuzzles_link(p) + "\n"));
    EXPECT_FALSE(np::looks_like_fpuzzles("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"));
    EXPECT_FALSE(np::looks_like_fpuzzles("N4Ig"));
    EXPECT_FALSE(np::looks_like_fpuzzles("N4IgzglgXgpiBcBO ANCA"));
}

// ---- Published puzzles ------------------------------------------------------------
//
// Four published f-puzzles links with their solutions, as listed in
// dclamage/SudokuSolver (rangsk's SudokuSolver), SudokuTests/Puzzles.cs,
// uniqueVariantFPuzzles, commit 01b89bb37a05745c6b402e4b686a2951baa9f2e9:
// "Killer Blister" by Rangsk, "Black Kropki X" by Florian Wortmann, "Tangled
// Arrows" by Madison Silver and "300 Subs!" by Rangsk. The puzzles are their
// setters' work, kept here as test data.

struct Published {
    const char* title;
    const char* author;
    const char* link;
    const char* solution;
    std::vector<Kind> kinds;
};

const std::vector<Published> kPublished = {
    {"Killer Blister", "Rangsk",
         "N4IgzglgXgpiBcBOANCALhNAbO8QGkIscAnAAgCEsIw0YSRUBDAVzQAsB7BvAJSYB2AczABrRiBIscYGGgQgActwC2TLGQDKLACa"
         "dRLMlJlkmABzNYAngDoAOgIea0gnUxI6yhYvXhkAKuwwZDoQQphgZBACpmQAxkxCwWAsKmRonOlB8VgswdFZwRlmZDgAZmhknGWF"
         "8YkwNmQAImERdQICnJUkMGYwTJUFTHVJ9o4Czq7ungAymNjB3qR+AMK5MJGcbJA6RdlCJBCe0aEJdLUpadW1oeFokeqcwrVmnNF0"
         "nqGJT+o2EgdHBAAbSBwAAvshwZCIVDYTD4dCALrIUEIuHQjHo8HI1GYtH4vE4rEE4lIlGkin4okkmmE8m0ylk3GMynUvHs1nIkCi"
         "IikBJJYGgOIwYhgYEgXgAZhWAEYJLwACyykBcgBu6jyCgA7CAYSBhaLxYqVgAmeVKyUq1Dq9YKS16g1YMXwIESgCsKwV8o9bu9Kw"
         "AbFaQDbNXgdQ6RU6jf6VjrULwYwAOeUxxDyrUrNNqjW4EAygAMush+sjztdvBNK0t8elZprVaDIdzMuTEcNLolMbl8Yz3YlieV2d"
         "teBNhbbUY7vAzcYlGeT8YHM94A+TQ9DebN47LEplK198cr+4l0qPxt9a+bga30b3KYD6dvPfvC8f/fvF7treLju3y9N8oHas3y9D"
         "88BlcNv1LI1d0DeNdyXXd5wlSsdVAkATSvSD23LaVYOPWN5WlJCpUzRscwUGVNy5ag0AWHkfBIS5BRLYgFGNQtUB/I1pT7Ct/zgh"
         "suVCHo4gwJ4FAAVV4CQmwUUciyFSM2IHAsJC4ycMzTeMkz9JclTwkjT0rL0BMtISIBEsSBEkmYZPIvBJQgxTWL4AtX3U8tEE9ACG"
         "yfOtO0HVBhJgUSIHEvAJNs617I3BSWKwNi3I4+Lfy83iB38qdfICkz3VfY0DOlJdK2I3csyCiyQqsyTpOi4cQDdL0wURMEgA",
     "249516837185347962376982154421639785758421396693875421917268543564793218832154679",
     {Kind::killer_cage, Kind::little_killer}},
    {"Black Kropki X", "Florian Wortmann",
         "N4IgzglgXgpiBcBOANCALhNAbO8QCEsBDAYwGsACAaQCcB7ABzIgoA0RUiBXNACzpoIQAMSwCIRAHYUA6gLQBbKZI4gaXHGBhohA"
         "OQFKsFAMpcAJnTJcK6zRSlmKAIzp8KSiNLMSA5nUlEWGAUJP5oRJ4UAIwAtIj2wQDuMFhYAHQAOpJZhKSUFmjBnt4kRGgw9jZlEH"
         "QUdABm0fAATBSRfBWhkpIwJOWOJClBaRQAgqkUDHRgkE44zsTkFAXBRDQVPhAAbjCSmdmSADKY2BVUEKkwNCFYXDDBYPyJFB0UYF"
         "wKdY2v3puFddJXsUIKV+stfP5AmlVD4aBAzAgANqI4AAX2QaIx6MxOOxeKxAF1kCj8biseSyWiiSSKaS6bTqZT6UzCcSWey6Yzmd"
         "yGWyeRzWTSBRyubSxSKiSBvEQ/AEsABqBBodQwVDS2WBGJKlWoLAnHDMS40d4KJGgQapIQAJQA7ABhAAMqgtQSRICtAA47VFVFbE"
         "HbmiBJd51n0aio8AARK2qLaBO5CG0gbEgF3W+1RJ2oF1gN2eu2IX3+j1BtUQUMYfxCSOHWPx3AgJMptN4K0Ou0AVmdQ1z8ER7qid"
         "oAbL7mnak6grQBmO0lycAFgLpal5d6lYjIGjdduDeahdRkp6PmqOzdNGqdGX58rZtTPbzM6nvpngYJzfvffdM4nX+HQffqS9v2Vq"
         "Lk+C4Bv+GJ3oBeZDna86+nBXZvlBOZ5vahaTvaJYoeaH7AV6YHul6r4Aa6n75iOk5eshZFAe6/oIZO/pPrh0HkcB/pdsx8GQXhME"
         "UfaP5WnBSZsWhFGLoGk4dhB4n4e6i7Cd+fHsfRVqDnO7pjjhdF5oOPqTmOPryQJwFwVR7pIapEnAYuhnurJJl6RRsnSVZckucBGG"
         "+l6hamRxinjr6sliV5jlLjJs42QpVpjphA5LgF6lwVpInBW+b5AA",
     "472596813895431726136728495348169257629357184517842639981675342263984571754213968",
     {Kind::diagonal_positive, Kind::diagonal_negative, Kind::little_killer, Kind::ratio}},
    {"Tangled Arrows", "Madison Silver",
         "N4IgzglgXgpiBcBOANCALhNAbO8QBUBDAOwHMcATAAgEEAnOgewHcwRVCBXNAC0boQgAsoQoQwjYlQDKELADcYA1HU44wMNIIC0A"
         "OX4BbQlhmcKjANacqAJTUwwVQgAdnWAJ4AdYtoDCMLCxHZkweKlI6GHcqMABHTkJIxwNOMDQqAGNJNEIIKRhFKTFSTDAAOm8/AKC"
         "qEN5wyOiMiDoM9SoUtMzs3KlGCmpi0oqfABEIErRHY0lSJylEpmYYzgMqNEZ1nhgqYlWAIyUqPK2drOJiGAy0GGpm1pwR7XHJ5MJ"
         "o4kZ0yOcYQnSZmRTsdiGIMv9blQxIRSJJjE8AOKNKhYPIOJyRKjOYx5ChMAzogAUGniMGIGXRjAAZlCJqVajwIBkwokdpFRMCwIQ"
         "CVR9oQMhZmIlqIRHFT+EK6BQygBKSr4bbrZibfZYThsmAlSTTTFtSQOMrsEARCAUBAAbXNwAAvsgbXbbfanY6XQ6ALrIK2u50O30"
         "+m0er1+kAZQQAYlGAAYowAxGMgR0h8NR2Px73p92e/1JvAR6ORuMJu05kB51NF/3pwOVv0Z53Vuvektlgtp4uh3Mp1sVl0N2v90A"
         "d0tdwuJoct0e1vs1me9rONgdVj0gaGw4jGADUCDQqhgqH6ZvgVpD1UENgALL5zxWT4Ez5eAKw3il3vA2ABsvifY9Pb4ATL4f7Pr+"
         "IA2AAHL4YHAa+oEAOyAdBWBngAzJBCbLgUZIWoOIEfr476IWeiBoT+ME2AAjAh1rLtiqKgviuDHnRDgWuacG+MhRp4ZxqA2A+V4g"
         "G6bqJsxbBHmxNiobBXGXtJvH8QRQkiWiYmWqBn5Qbxn5yexmnsdJSnFqJrGgahPGmQhvGXuZF4IYZoDGeJoEAUBvGoeRMm+B59kg"
         "I5angWhvHwYgXGfiFSnLnqlzYbeQQWhZNmodeVkcZ516RVg+r+IEqnqfhoW+DpNjwQRQWFYJ1EcAwLAxX5EmfsloH8Y1tnpZF1S5"
         "Xh6XKZcqkSZepVNflWn5UJqAvnFR6gQNFVGSpJkUcNzlLZJo3tTl8WLYpPUsU5NjES1EEtfBbXjR1m0HbNDnzXt8E2RBrmgcR3nr"
         "ZNEl3Vdvk3f5UlcQBemLeFr2db9wlzb1C38TZ1meUBY2xZ1UOfXVQ1FdpBVQfDE2I+VwnCUAA===",
     "549328761678941235132567498723156984815794623964832517497283156356419872281675349",
     {Kind::diagonal_positive, Kind::odd, Kind::even, Kind::arrow, Kind::palindrome, Kind::clone}},
    {"300 Subs!", "Rangsk",
         "N4IgzglgXgpiBcBOANCALhNAbO8QGYAGQgAgGUBXAIzAEIRUBDCtACwHsAnBEAJUYB2AczABrBiE4UcYGGh4A5LgFtGWchQAm7UR"
         "RJSZJRgAdjWAJ4A6ADoDbZNIM2NOmkmxidl7ZXM9h4EgARCCFMMBIwNE4IAGNscxIIAVjOGEZZEgAzTh93VhgSKmkqEhgBTRs7AQ"
         "cnFzcAaVzjUQgSAAoBdhIBGCFGDAA3Qtj2ASjORmS0AEpAkLC0CNljFwGYNypExhIAd1ZMQu00IzSSUfGYWJYIYctg0PDImFXJtA"
         "2i7aKsRljREmOJFYjGGRhIAEZ4AAmfQDCDsSwSIQxTQIADaaOAAF9kNjcTi8YSCcT8QBdZCYklE/E06nY8mU2lU5lMhl0lnsskUz"
         "k85lsjkC1ncwW8rmM0W8/lM6WS8noApeHx+bjwTEgLDJGBgdFovj4ADCABYJLxDUaTQBWc2oXhWi2W/UANhNZudNoNbr1+vtpNJB"
         "PVmu1qt1tv1AHYTY7wyaw9GbbGABwx/WISMph2pm1WpO+/0a3pBjF8cH68EmqH6qEmg34F2Vh21m1Rqvx0sgXNyzQQLJZTzlWK4N"
         "UDrBYQt8RDWvgJ81+3EgYej9FT70mic+/0Lse8acRm0TiOz0Cbpe8Cu7vgV52H+cwEdbqP2pszrFyt7w9FH2+L1UXye8EvGtex4/"
         "tu+pJja06pkBX5btOLbLrW0F3ieJbnqe0ZId+IbTsaEErn6fpAA=",
     "135462879729853461684197523851276934296345187473981256962718345548639712317524698",
     {Kind::thermometer, Kind::difference, Kind::ratio}},
};

// The digit of a solution string at a cell.
int at(const std::string& s, int cell) { return s[static_cast<std::size_t>(cell)] - '0'; }

int sum(const std::string& s, const std::vector<int>& cells) {
    int total = 0;
    for (int c : cells) total += at(s, c);
    return total;
}

bool distinct(const std::string& s, const std::vector<int>& cells) {
    std::vector<int> digits;
    for (int c : cells) digits.push_back(at(s, c));
    std::ranges::sort(digits);
    return std::adjacent_find(digits.begin(), digits.end()) == digits.end();
}

bool in_ratio(int a, int b, int r) { return a == r * b || b == r * a; }

// The solution keeps the constraint (the kinds these puzzles use).
bool keeps(const std::string& s, const Constraint& c) {
    const std::vector<int> none;
    const std::vector<int>& g = c.cells.empty() ? none : c.cells[0];
    std::vector<int> diagonal;
    switch (c.kind) {
    case Kind::killer_cage: return distinct(s, g) && (c.values.empty() || sum(s, g) == c.values[0]);
    case Kind::little_killer: return sum(s, g) == c.values.at(0);
    case Kind::odd: return at(s, g.at(0)) % 2 == 1;
    case Kind::even: return at(s, g.at(0)) % 2 == 0;
    case Kind::ratio: return in_ratio(at(s, g.at(0)), at(s, g.at(1)), c.values.at(0));
    case Kind::difference: return std::abs(at(s, g.at(0)) - at(s, g.at(1))) == c.values.at(0);
    case Kind::clone: return std::ranges::equal(g, c.cells.at(1), {}, [&](int a) { return at(s, a); }, [&](int b) { return at(s, b); });
    case Kind::palindrome:
        return std::ranges::equal(g, std::vector<int>(g.rbegin(), g.rend()), {}, [&](int a) { return at(s, a); },
                                  [&](int b) { return at(s, b); });
    case Kind::thermometer:
        return std::ranges::adjacent_find(g, [&](int a, int b) { return at(s, a) >= at(s, b); }) == g.end();
    case Kind::arrow: {
        int circle = 0;
        for (int cell : g) circle = circle * 10 + at(s, cell);
        return std::all_of(c.cells.begin() + 1, c.cells.end(), [&](const auto& line) { return sum(s, line) == circle; });
    }
    case Kind::diagonal_positive:
        for (int i = 0; i < 9; ++i) diagonal.push_back((8 - i) * 9 + i);
        return distinct(s, diagonal);
    case Kind::diagonal_negative:
        for (int i = 0; i < 9; ++i) diagonal.push_back(i * 10);
        return distinct(s, diagonal);
    default: return false;
    }
}

TEST(FpuzzlesPublished, EachReadsWithItsRulesAndItsSolutionKeepsThem) {
    for (const Published& pub : kPublished) {
        SCOPED_TRACE(pub.title);
        const Puzzle p = read_ok(std::string("https://www.f-puzzles.com/?load=") + pub.link);
        EXPECT_EQ(p.title, pub.title);
        EXPECT_EQ(p.author, pub.author);
        EXPECT_EQ(p.kinds(), pub.kinds);
        EXPECT_EQ(p.regions, np::RegionLayout::boxes);
        const std::string s = pub.solution;
        for (int cell = 0; cell < 81; ++cell)
            if (p.grid.cells[cell] != 0) {
                EXPECT_EQ(p.grid.cells[cell], at(s, cell)) << "given at " << cell;
            }
        for (std::size_t i = 0; i < p.constraints.size(); ++i) EXPECT_TRUE(keeps(s, p.constraints[i])) << i;
    }
}

TEST(FpuzzlesPublished, NegativeRatioHoldsOnEveryUnmarkedPair) {
    const Puzzle p = read_ok(kPublished[1].link);  // Black Kropki X: all black dots given
    ASSERT_EQ(p.negative, std::vector<Kind>{Kind::ratio});
    const std::string s = kPublished[1].solution;
    int marked = 0, unmarked = 0;
    for (int cell = 0; cell < 81; ++cell)
        for (int next : {cell + 1, cell + 9}) {
            if ((next == cell + 1 && cell % 9 == 8) || next >= 81) continue;
            const bool dot = std::ranges::any_of(of_kind(p, Kind::ratio), [&](const Constraint& c) {
                return std::ranges::is_permutation(c.cells[0], std::vector<int>{cell, next});
            });
            (dot ? marked : unmarked) += 1;
            EXPECT_EQ(in_ratio(at(s, cell), at(s, next), 2), dot) << cell << " " << next;
        }
    EXPECT_EQ(marked, 22);
    EXPECT_EQ(unmarked, 144 - 22);
}

TEST(FpuzzlesPublished, ReadingTheirWritingGivesThemBack) {
    for (const Published& pub : kPublished) {
        SCOPED_TRACE(pub.title);
        const Puzzle p = read_ok(pub.link);
        EXPECT_EQ(read_ok(np::write_fpuzzles_link(p)), p);
        EXPECT_EQ(read_ok(np::write_fpuzzles_json(p)), p);
    }
}

TEST(FpuzzlesPublished, TheirArrowsAndLittleKillersAsRead) {
    const Puzzle blister = read_ok(kPublished[0].link);
    const auto lk = of_kind(blister, Kind::little_killer);
    ASSERT_EQ(lk.size(), 4u);  // {"cell":"R4C0","direction":"UR","value":"20"}: R3C1 R2C2 R1C3
    EXPECT_EQ(lk[0], (Constraint{Kind::little_killer, {{cell(3, 1), cell(2, 2), cell(1, 3)}}, {20}, Clue{3, -1}}));
    const Puzzle arrows = read_ok(kPublished[2].link);
    const auto a = of_kind(arrows, Kind::arrow);
    ASSERT_EQ(a.size(), 8u);  // {"lines":[["R6C4","R5C4","R4C4"]],"cells":["R6C4"]}
    EXPECT_EQ(a[0], (Constraint{Kind::arrow, {{cell(6, 4)}, {cell(5, 4), cell(4, 4)}}, {}, {}}));
}

// ---- Damaged input ----------------------------------------------------------------

// Every value path of a JSON document ("/killercage/3/cells/1").
void paths(const nlohmann::json& v, const std::string& at, std::vector<std::string>& out) {
    out.push_back(at);
    if (v.is_array())
        for (std::size_t i = 0; i < v.size(); ++i) paths(v[i], at + "/" + std::to_string(i), out);
    if (v.is_object())
        for (const auto& [key, item] : v.items()) paths(item, at + "/" + key, out);  // no key here holds '/' or '~'
}

TEST(FpuzzlesDamaged, AnyValueOfAnyTypeIsReadOrRefusedNeverThrown) {
    const std::vector<nlohmann::json> swaps = {
        nullptr, true, false, -1, 0, 1, 10, 99999999999LL, 18446744073709551615ULL, 3.5, "", "R0C0", "R1C1",
        "R99C1", "X", "UL", "-", "12a", nlohmann::json::array(), nlohmann::json::object(), {"R1C1", "R1C2"},
        {{"R1C1"}}, {{"cells", 1}}, {{"cell", "R1C1"}}, {{"lines", {{"R1C1"}}}}};
    np::Rng rng(43);
    int refused = 0, read = 0;
    for (const Published& pub : kPublished) {
        const auto doc = nlohmann::json::parse(*np::lz::decompress_base64(pub.link).text);
        std::vector<std::string> where;
        paths(doc, "", where);
        for (int round = 0; round < 400; ++round) {
            nlohmann::json damaged = doc;
            const std::string& at = where[rng.below(where.size())];
            if (at.empty()) continue;
            damaged[nlohmann::json::json_pointer(at)] = swaps[rng.below(swaps.size())];
            np::FpuzzlesResult result;
            ASSERT_NO_THROW(result = np::read_fpuzzles(damaged.dump())) << at;
            ++(std::holds_alternative<Puzzle>(result) ? read : refused);
            if (const auto* e = std::get_if<np::FpuzzlesError>(&result)) {
                EXPECT_LT(e->message.size(), 300u) << e->message;
            }
        }
    }
    EXPECT_GT(refused, 100);
    EXPECT_GT(read, 100);
}

TEST(FpuzzlesDamaged, DamagedBytesAreReadOrRefusedNeverThrown) {
    const std::string alphabet = "{}[]\",:0123456789RCXV-+/=N4Ig\\ \x01\xff";
    np::Rng rng(7);
    for (const Published& pub : kPublished) {
        const std::string json = *np::lz::decompress_base64(pub.link).text;
        for (int round = 0; round < 300; ++round) {
            std::string text = round % 2 ? json : std::string(pub.link);
            for (int hits = 1 + static_cast<int>(rng.below(3)); hits > 0; --hits) {
                const std::size_t at = rng.below(text.size());
                const char c = alphabet[rng.below(alphabet.size())];
                switch (rng.below(3)) {
                case 0: text[at] = c; break;
                case 1: text.erase(at, 1 + rng.below(8)); break;
                default: text.insert(at, 1, c); break;
                }
            }
            EXPECT_NO_THROW((void)np::read_fpuzzles(text));
        }
    }
}

TEST(FpuzzlesDamaged, HugeAndDeepValuesAreRefusedBriefly) {
    const std::string long_name(100000, 'R');
    std::string message = error_of(with(R"("odd":[{"cell":")" + long_name + R"("}])"));
    EXPECT_LT(message.size(), 120u) << message;
    message = error_of(with("\"" + long_name + "\":1"));
    EXPECT_LT(message.size(), 150u) << message;
    const std::string deep = std::string(50000, '[') + std::string(50000, ']');
    message = error_of(with("\"odd\":[" + deep + "]"));
    EXPECT_EQ(message, "odd[0]: an entry is an object, not an array");
    Puzzle p = read_ok(with(""));
    p.title = "bad \xff UTF-8";
    EXPECT_NO_THROW((void)np::write_fpuzzles_json(p));
    EXPECT_EQ(read_ok(np::write_fpuzzles_json(p)).title, "bad \xef\xbf\xbd UTF-8");
}

}  // namespace
