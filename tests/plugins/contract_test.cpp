// The ABI contract, checked against every plugin that declares the
// capability (the plugins' own tests cover what is particular to each):
//   - duplicate givens are `invalid`, located at the later cell in row-major
//     order, for every declared size and every enumerated solve option;
//   - generators are deterministic, K=3 is the prefix of K=10, and seeds and
//     results differ;
//   - a generate call starting at first_index returns those results of the
//     sequence;
//   - an unknown option is an error, not ignored.
#include <gtest/gtest.h>

#include <set>

#include "numplace/format.hpp"
#include "test_support.hpp"

namespace {

using np::Geometry;
using np::Grid;
using np::OptionList;
using np::Plugin;
using np::Verdict;
using RC = np::ReasonCode;

// A declared option value this machine cannot run (simd's path=avx512 on a
// CPU without AVX-512): the plugin refuses it as a bad option on an empty
// grid. Such a set is left out here; the plugin's own tests cover the refusal.
bool runs_here(const Plugin& p, const Geometry& geometry, const OptionList& options) {
    const auto out = p.solve(Grid(geometry), 1, options, np::test::node_budget(100'000));
    return !(out.verdict == Verdict::error && out.message.find("bad option") != std::string::npos);
}

// The option sets to try: none, then each value of every solve option whose
// values are an enumeration ("count|forward-backward").
std::vector<OptionList> solve_option_sets(const Plugin& p) {
    std::vector<OptionList> sets = {{}};
    for (const auto& o : p.options()) {
        if (o.applies_to != "solve" && o.applies_to != "all") continue;
        if (o.values.find('|') == std::string::npos) continue;
        std::size_t start = 0;
        while (start <= o.values.size()) {
            std::size_t bar = std::min(o.values.find('|', start), o.values.size());
            sets.push_back({{o.key, o.values.substr(start, bar - start)}});
            start = bar + 1;
        }
    }
    return sets;
}

struct DuplicateCase {
    const char* name;
    Geometry geometry;
    int row1, col1, row2, col2, value;  // two equal givens, 1-based (row, column)
    RC code;
    int box;  // 1-based box of the later cell
};

class DuplicateGivens : public ::testing::TestWithParam<DuplicateCase> {};

TEST_P(DuplicateGivens, AreInvalidAndLocatedByEverySolver) {
    const DuplicateCase& c = GetParam();
    Grid puzzle(c.geometry);
    puzzle.at(c.row1 - 1, c.col1 - 1) = static_cast<uint8_t>(c.value);
    puzzle.at(c.row2 - 1, c.col2 - 1) = static_cast<uint8_t>(c.value);
    int tried = 0;
    for (const auto& p : np::test::bundled_plugins().plugins()) {
        if (!p.can(NP_CAP_SOLVE) || !p.supports(c.geometry)) continue;
        for (const OptionList& options : solve_option_sets(p)) {
            if (!runs_here(p, c.geometry, options)) continue;
            const std::string who = p.name() + (options.empty() ? "" : " " + options[0].first + "=" + options[0].second);
            const auto out = p.solve(puzzle, 2, options, np::test::node_budget(100'000));
            ASSERT_EQ(out.verdict, Verdict::invalid) << who << ": " << out.message;
            ASSERT_TRUE(out.error.has_value()) << who;
            EXPECT_EQ(out.error->code, c.code) << who;
            EXPECT_EQ(out.error->row, std::max(c.row1, c.row2)) << who;
            EXPECT_EQ(out.error->column, c.row2 > c.row1 ? c.col2 : std::max(c.col1, c.col2)) << who;
            EXPECT_EQ(out.error->box, c.box) << who;
            EXPECT_EQ(out.error->value, c.value) << who;
            EXPECT_FALSE(out.error->message.empty()) << who;
            ++tried;
        }
    }
    EXPECT_GE(tried, 2) << "at least two plugins should cover " << c.geometry.name();
}

INSTANTIATE_TEST_SUITE_P(
    Cases, DuplicateGivens,
    ::testing::Values(DuplicateCase{"FirstRow", {3, 3}, 1, 1, 1, 9, 5, RC::duplicate_in_row, 3},
                      DuplicateCase{"LastRow", {3, 3}, 9, 1, 9, 5, 4, RC::duplicate_in_row, 8},
                      DuplicateCase{"FirstColumn", {3, 3}, 2, 1, 7, 1, 8, RC::duplicate_in_column, 7},
                      DuplicateCase{"LastColumn", {3, 3}, 1, 9, 9, 9, 7, RC::duplicate_in_column, 9},
                      DuplicateCase{"FirstBox", {3, 3}, 1, 1, 2, 2, 2, RC::duplicate_in_box, 1},
                      DuplicateCase{"LastBox", {3, 3}, 8, 8, 9, 9, 3, RC::duplicate_in_box, 9},
                      DuplicateCase{"LastBoxAntiDiagonal", {3, 3}, 7, 9, 8, 7, 6, RC::duplicate_in_box, 9},
                      // 2x3: boxes are 2 rows by 3 columns; rows 5-6, columns 4-6 are box 6.
                      DuplicateCase{"Box2x3", {2, 3}, 5, 4, 6, 6, 1, RC::duplicate_in_box, 6},
                      DuplicateCase{"Box3x2", {3, 2}, 4, 5, 6, 6, 2, RC::duplicate_in_box, 6},
                      DuplicateCase{"Row3x4", {3, 4}, 12, 2, 12, 12, 12, RC::duplicate_in_row, 12},
                      DuplicateCase{"Column4x4", {4, 4}, 3, 16, 16, 16, 16, RC::duplicate_in_column, 16},
                      DuplicateCase{"LastBox5x5", {5, 5}, 21, 21, 25, 25, 25, RC::duplicate_in_box, 25}),
    [](const ::testing::TestParamInfo<DuplicateCase>& info) { return std::string(info.param.name); });

TEST(Contract, GeneratorsAreDeterministicAndPrefixStable) {
    int generators = 0;
    for (const auto& p : np::test::bundled_plugins().plugins()) {
        for (auto [cap, kind] : {std::pair{NP_CAP_GENERATE_GRID, NP_GENERATE_GRID},
                                 std::pair{NP_CAP_GENERATE_PUZZLE, NP_GENERATE_PUZZLE}}) {
            if (!p.can(cap)) continue;
            for (Geometry geometry : {Geometry{2, 2}, Geometry{2, 3}, Geometry{3, 2}, Geometry{3, 3}}) {
                if (!p.supports(geometry)) continue;
                SCOPED_TRACE(p.name() + " " + geometry.name() + (kind == NP_GENERATE_GRID ? " grids" : " puzzles"));
                ++generators;
                const auto three = p.generate(geometry, kind, 7, 3, {}, {});
                const auto ten = p.generate(geometry, kind, 7, 10, {}, {});
                const auto again = p.generate(geometry, kind, 7, 10, {}, {});
                const auto other = p.generate(geometry, kind, 8, 10, {}, {});
                ASSERT_TRUE(three.ok && ten.ok && again.ok && other.ok) << three.message;
                ASSERT_EQ(three.results.size(), 3u);
                ASSERT_EQ(ten.results.size(), 10u);
                for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(three.results[i], ten.results[i]) << i;
                EXPECT_EQ(ten.results, again.results);
                ASSERT_EQ(other.results.size(), 10u);
                if (geometry != Geometry{2, 2}) {  // 288 grids: a clash at some index is likely
                    for (std::size_t i = 0; i < 10; ++i) EXPECT_NE(ten.results[i], other.results[i]) << i;
                } else {
                    EXPECT_NE(ten.results, other.results);
                }
                if (geometry == Geometry{3, 3}) {
                    std::set<std::string> distinct;
                    for (const Grid& g : ten.results) distinct.insert(np::format_line(g));
                    EXPECT_EQ(distinct.size(), 10u) << "ten results of one call should differ";
                }
            }
        }
    }
    EXPECT_GE(generators, 4);
}

// Result i of a seed's sequence is the same whichever call returns it:
// (first_index 3, count 4) is results 3..6 of (first_index 0, count 10), and
// (first_index 9, count 1) is the last of them.
TEST(Contract, GeneratorsStartAtFirstIndex) {
    int generators = 0;
    for (const auto& p : np::test::bundled_plugins().plugins()) {
        for (auto [cap, kind] : {std::pair{NP_CAP_GENERATE_GRID, NP_GENERATE_GRID},
                                 std::pair{NP_CAP_GENERATE_PUZZLE, NP_GENERATE_PUZZLE}}) {
            if (!p.can(cap)) continue;
            for (Geometry geometry : {Geometry{2, 3}, Geometry{3, 3}}) {
                if (!p.supports(geometry)) continue;
                SCOPED_TRACE(p.name() + " " + geometry.name() + (kind == NP_GENERATE_GRID ? " grids" : " puzzles"));
                ++generators;
                const auto ten = p.generate(geometry, kind, 7, 10, {}, {});
                const auto middle = p.generate(geometry, kind, 7, 4, {}, {}, 3);
                const auto last = p.generate(geometry, kind, 7, 1, {}, {}, 9);
                ASSERT_TRUE(ten.ok && middle.ok && last.ok) << ten.message << middle.message << last.message;
                ASSERT_EQ(ten.results.size(), 10u);
                ASSERT_EQ(middle.results.size(), 4u);
                for (std::size_t k = 0; k < 4; ++k) EXPECT_EQ(middle.results[k], ten.results[3 + k]) << "result " << 3 + k;
                ASSERT_EQ(last.results.size(), 1u);
                EXPECT_EQ(last.results[0], ten.results[9]);
                // Not the start of the sequence over again (3x3: ten results
                // of one call all differ, checked above).
                if (geometry == Geometry{3, 3}) {
                    EXPECT_NE(middle.results[0], ten.results[0]);
                }
            }
        }
    }
    EXPECT_GE(generators, 4);
}

TEST(Contract, UnknownOptionsAreErrors) {
    const Grid puzzle = np::test::parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
    for (const auto& p : np::test::bundled_plugins().plugins()) {
        if (p.can(NP_CAP_SOLVE)) {
            auto out = p.solve(puzzle, 2, {{"no-such-option", "1"}}, {});
            EXPECT_EQ(out.verdict, Verdict::error) << p.name();
            EXPECT_NE(out.message.find("no-such-option"), std::string::npos) << p.name() << ": " << out.message;
        }
        if (p.can(NP_CAP_GENERATE_GRID)) {
            auto out = p.generate({3, 3}, NP_GENERATE_GRID, 1, 1, {{"no-such-option", "1"}}, {});
            EXPECT_FALSE(out.ok) << p.name();
        }
    }
}

}  // namespace
