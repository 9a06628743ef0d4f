// Variant puzzle entries: regions, constraints and negative rules read into
// the puzzle's grid.variant, lint errors at their lines, and round trips
// through the writer (docs/corpus-format.md, "Variant puzzles").
#include <gtest/gtest.h>

#include <string>

#include "corpus/corpus.hpp"
#include "numplace/variant.hpp"

namespace {

using np::Kind;
using np::corpus::LoadResult;

std::string all_errors(const LoadResult& r) {
    std::string s;
    for (const auto& d : r.errors) s += d.text() + "\n";
    return s;
}

// A 4x4 entry with the given extra lines (each indented two spaces).
std::string entry(const std::string& extra, const std::string& size = "2x2") {
    return "- id: v\n  size: " + size + "\n  puzzle: \"................\"\n" + extra +
           "  expect: {verdict: multiple}\n  source: numplace\n";
}

const np::Puzzle& variant_of(const LoadResult& r) {
    const auto& grid = std::get<np::Grid>(r.corpus.puzzles.at(0).puzzle);
    EXPECT_TRUE(grid.is_variant());
    return *grid.variant;
}

TEST(VariantEntry, EveryFieldIsRead) {
    const auto r = np::corpus::load_text(entry("  constraints:\n"
                                               "    - diagonal-\n"
                                               "    - {kind: killercage, cells: [r1c1, r1c2], sum: 3}\n"
                                               "    - {kind: killercage, cells: [r3c3, r3c4]}\n"
                                               "    - {kind: arrow, circle: [r1c4], lines: [[r2c3, r3c2], [r2c4]]}\n"
                                               "    - {kind: odd, cells: [r4c1, r4c4]}\n"
                                               "    - {kind: sandwichsum, clue: r0c2, sum: 0}\n"
                                               "    - {kind: littlekillersum, clue: r0c0, direction: DR, sum: 10}\n"
                                               "    - {kind: xv, cells: [r2c1, r3c1], value: 5}\n"
                                               "    - {kind: difference, cells: [r1c3, r2c3]}\n"
                                               "    - {kind: clone, cells: [r1c1], clone: [r4c4]}\n"
                                               "    - {kind: quadruple, cells: [r1c1, r1c2, r2c1, r2c2], digits: [1, 2]}\n"
                                               "  negative: [ratio]\n"),
                                         "v.yaml");
    ASSERT_TRUE(r.ok()) << all_errors(r);
    const np::Puzzle& p = variant_of(r);
    ASSERT_EQ(p.constraints.size(), 12u);
    EXPECT_EQ(p.constraints[0].kind, Kind::diagonal_negative);
    EXPECT_EQ(p.constraints[1].cells, (std::vector<std::vector<int>>{{0, 1}}));
    EXPECT_EQ(p.constraints[1].values, std::vector<int>{3});
    EXPECT_TRUE(p.constraints[2].values.empty());
    EXPECT_EQ(p.constraints[3].cells, (std::vector<std::vector<int>>{{3}, {6, 9}, {7}}));
    EXPECT_EQ(p.constraints[4].cells, (std::vector<std::vector<int>>{{12}}));
    EXPECT_EQ(p.constraints[5].cells, (std::vector<std::vector<int>>{{15}}));
    EXPECT_EQ(p.constraints[6].cells, (std::vector<std::vector<int>>{{1, 5, 9, 13}}));
    EXPECT_EQ(p.constraints[6].clue, (np::Clue{-1, 1}));
    EXPECT_EQ(p.constraints[7].cells, (std::vector<std::vector<int>>{{0, 5, 10, 15}}));
    EXPECT_EQ(p.constraints[9].values, std::vector<int>{1});
    EXPECT_EQ(p.negative, std::vector<Kind>{Kind::ratio});
}

TEST(VariantEntry, JigsawWithTheSideAlone) {
    const auto r = np::corpus::load_text(entry("  regions: [AABB, AACC, DDBB, DDCC]\n", "4"), "v.yaml");
    ASSERT_TRUE(r.ok()) << all_errors(r);
    const np::Puzzle& p = variant_of(r);
    EXPECT_EQ(p.regions, np::RegionLayout::irregular);
    EXPECT_EQ(p.grid.geometry, (np::Geometry{1, 4}));
    EXPECT_EQ(p.region_of[4], 0);
    EXPECT_EQ(p.region_of[7], 2);
}

TEST(VariantEntry, LintErrorsAtTheirLines) {
    const auto r = np::corpus::load_text(entry("  constraints:\n"
                                               "    - nosuchkind\n"
                                               "    - {kind: killercage, cells: [r1c1], colour: red}\n"
                                               "    - {kind: thermometer, cells: [x1, r1c2]}\n"
                                               "    - {kind: thermometer, cells: [r1c1, r9c9]}\n"
                                               "    - killercage\n"
                                               "  negative: [odd]\n"),
                                         "v.yaml");
    ASSERT_EQ(r.errors.size(), 6u) << all_errors(r);
    for (std::size_t i = 0; i < 6; ++i) EXPECT_EQ(r.errors[i].where.line, static_cast<int>(5 + i)) << all_errors(r);
    EXPECT_TRUE(r.corpus.puzzles.empty());
}

TEST(VariantEntry, ValidateVariantSpeaksAtTheConstraint) {
    const auto r = np::corpus::load_text(entry("  constraints:\n"
                                               "    - antiknight\n"
                                               "    - {kind: killercage, cells: [r1c1, r1c2], sum: 40}\n"),
                                         "v.yaml");
    ASSERT_EQ(r.errors.size(), 1u) << all_errors(r);
    EXPECT_EQ(r.errors[0].where.line, 6);
}

TEST(VariantEntry, RoundTripsThroughTheWriter) {
    const auto r = np::corpus::load_text(entry("  regions: none\n"
                                               "  constraints:\n"
                                               "    - {kind: arrow, circle: [r1c4], lines: [[r2c3, r3c2], [r2c4]]}\n"
                                               "    - {kind: skyscraper, clue: r5c3, value: 2}\n"
                                               "    - {kind: littlekillersum, clue: r5c5, direction: UL, sum: 10}\n"
                                               "    - {kind: whispers, cells: [r1c1, r1c2]}\n"
                                               "  negative: [xv, difference]\n",
                                               "4"),
                                         "v.yaml");
    ASSERT_TRUE(r.ok()) << all_errors(r);
    const std::string text = np::corpus::to_yaml(r.corpus.puzzles[0]);
    const auto back = np::corpus::load_text(text, "round.yaml");
    ASSERT_TRUE(back.ok()) << text << all_errors(back);
    EXPECT_EQ(back.corpus.puzzles.at(0).puzzle, r.corpus.puzzles[0].puzzle) << text;
    EXPECT_EQ(np::corpus::to_yaml(back.corpus.puzzles[0]), text);
}

}  // namespace
