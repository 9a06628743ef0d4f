// The host and variant puzzles (ABI 3.7), against fixture_variant.c: a
// plugin that declares killer cages, thermometers and irregular regions,
// and answers one grid whatever the puzzle says. What is checked:
//   - the descriptor's kinds and layouts are read;
//   - a kind or a layout it did not declare is refused, naming it, and a
//     classic plugin refuses every variant;
//   - the np_variant arrives as the Puzzle was (its counters echo it);
//   - its witness is certified against every constraint: right where the
//     grid happens to satisfy them, `wrong` (naming the constraint) where not;
//   - a malformed variant is invalid (bad_puzzle) before any plugin runs.
#include <gtest/gtest.h>

#include <memory>

#include "numplace/certify.hpp"
#include "numplace/format.hpp"
#include "numplace/variant.hpp"
#include "test_support.hpp"

namespace {

using np::Constraint;
using np::Fault;
using np::Grid;
using np::Kind;
using np::Puzzle;
using np::Verdict;

// The fixture's answer on an empty 4x4 (2x2 boxes):
//   1 2 3 4
//   3 4 1 2
//   2 3 4 1
//   4 1 2 3
Grid with_variant(Puzzle puzzle) {
    Grid grid = puzzle.grid;
    grid.variant = std::make_shared<const Puzzle>(std::move(puzzle));
    return grid;
}

Grid four_by_four(std::vector<Constraint> constraints) {
    Puzzle p;
    p.grid = Grid(np::Geometry{2, 2});
    p.constraints = std::move(constraints);
    return with_variant(std::move(p));
}

class VariantHost : public ::testing::Test {
protected:
    VariantHost() { registry.add_file(np::test::variant_fixture_dir() + "/fixture_variant.so"); }
    const np::Plugin& plugin() const { return registry.plugins().at(0); }
    uint64_t counter(const np::SolveOutcome& out, const std::string& name) const {
        for (const auto& [key, value] : out.stats.counters)
            if (key == name) return value;
        ADD_FAILURE() << "no counter " << name;
        return 0;
    }
    np::PluginRegistry registry;
};

TEST_F(VariantHost, TheDescriptorsKindsAndLayoutsAreRead) {
    ASSERT_EQ(registry.plugins().size(), 1u);
    EXPECT_EQ(plugin().kinds(), NP_KIND_BIT(NP_KIND_KILLER_CAGE) | NP_KIND_BIT(NP_KIND_THERMOMETER));
    EXPECT_EQ(plugin().region_layouts(), NP_REGIONS_BIT(NP_REGIONS_IRREGULAR));
}

TEST_F(VariantHost, AKindNotDeclaredIsRefusedByName) {
    const auto out = plugin().solve(four_by_four({{Kind::anti_knight, {}, {}, {}}}), 2, {}, {});
    EXPECT_EQ(out.fault, Fault::refused);
    EXPECT_NE(out.message.find("antiknight"), std::string::npos) << out.message;
    EXPECT_NE(out.message.find("fixture-variant"), std::string::npos) << out.message;
}

TEST_F(VariantHost, ALayoutNotDeclaredIsRefused) {
    Puzzle p;
    p.grid = Grid(np::Geometry{1, 4});
    p.regions = np::RegionLayout::none;
    const auto out = plugin().solve(with_variant(std::move(p)), 2, {}, {});
    EXPECT_EQ(out.fault, Fault::refused);
    EXPECT_NE(out.message.find("no regions"), std::string::npos) << out.message;
}

TEST_F(VariantHost, AClassicPluginRefusesEveryVariant) {
    const np::Plugin* classic = np::test::bundled_plugins().find("bitmask-mrv");
    ASSERT_NE(classic, nullptr);
    const auto out = classic->solve(four_by_four({{Kind::killer_cage, {{0, 1}}, {3}, {}}}), 2, {}, {});
    EXPECT_EQ(out.fault, Fault::refused);
    EXPECT_NE(out.message.find("killercage"), std::string::npos) << out.message;
}

TEST_F(VariantHost, TheVariantArrivesAsThePuzzleHadIt) {
    const auto out = plugin().solve(
        four_by_four({{Kind::killer_cage, {{0, 1}}, {3}, {}}, {Kind::thermometer, {{0, 1, 2}}, {}, {}}}), 2, {}, {});
    EXPECT_EQ(counter(out, "constraints"), 2u);
    EXPECT_EQ(counter(out, "cells"), 5u);
    EXPECT_EQ(counter(out, "first_kind"), static_cast<uint64_t>(NP_KIND_KILLER_CAGE));
    EXPECT_EQ(counter(out, "first_value"), 3u);
    EXPECT_EQ(counter(out, "region_map"), 0u);
}

TEST_F(VariantHost, AnIrregularMapArrives) {
    Puzzle p;
    p.grid = Grid(np::Geometry{1, 4});
    p.regions = np::RegionLayout::irregular;
    p.region_of = {0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3};
    const auto out = plugin().solve(with_variant(std::move(p)), 2, {}, {});
    EXPECT_EQ(counter(out, "region_map"), 1u);
}

TEST_F(VariantHost, AWitnessThatKeepsEveryConstraintStands) {
    const auto out = plugin().solve(
        four_by_four({{Kind::killer_cage, {{0, 1}}, {3}, {}}, {Kind::thermometer, {{0, 1, 2}}, {}, {}}}), 2, {}, {});
    EXPECT_EQ(out.fault, Fault::none) << out.message;
    EXPECT_EQ(out.verdict, Verdict::unique);
}

TEST_F(VariantHost, AWitnessThatBreaksACageIsWrong) {
    const auto out = plugin().solve(four_by_four({{Kind::killer_cage, {{0, 1}}, {4}, {}}}), 2, {}, {});
    EXPECT_EQ(out.fault, Fault::wrong);
    EXPECT_NE(out.message.find("killer cage"), std::string::npos) << out.message;
    EXPECT_TRUE(out.solutions.empty());
}

TEST_F(VariantHost, AWitnessThatBreaksAThermometerIsWrong) {
    const auto out = plugin().solve(four_by_four({{Kind::thermometer, {{3, 2}}, {}, {}}}), 2, {}, {});
    EXPECT_EQ(out.fault, Fault::wrong);
    EXPECT_NE(out.message.find("thermometer"), std::string::npos) << out.message;
}

TEST_F(VariantHost, AWitnessThatBreaksAnIrregularRegionIsWrong) {
    // The fixture's 1x4 pattern is the Latin square 1234/2341/3412/4123; the
    // region {r1c1, r1c2, r2c1, r2c2} then holds 1, 2, 2, 3.
    Puzzle p;
    p.grid = Grid(np::Geometry{1, 4});
    p.regions = np::RegionLayout::irregular;
    p.region_of = {0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3};
    const auto out = plugin().solve(with_variant(std::move(p)), 2, {}, {});
    EXPECT_EQ(out.fault, Fault::wrong) << out.message;
}

TEST_F(VariantHost, AMalformedVariantIsInvalidBeforeAnyPluginRuns) {
    const auto out = plugin().solve(four_by_four({{Kind::killer_cage, {{0, 0}}, {3}, {}}}), 2, {}, {});
    EXPECT_EQ(out.fault, Fault::none);
    ASSERT_EQ(out.verdict, Verdict::invalid);
    ASSERT_TRUE(out.error.has_value());
    EXPECT_EQ(out.error->code, np::ReasonCode::bad_puzzle);
    EXPECT_EQ(out.stats.counters.size(), 0u) << "the plugin must not have been called";
}

TEST_F(VariantHost, ABrokenConstraintClaimIsCertifiedAgainstTheGivens) {
    Grid broken = four_by_four({{Kind::thermometer, {{0, 1}}, {}, {}}});
    broken.at(0, 0) = 3;
    broken.at(0, 1) = 2;
    const np::Reason claim{np::ReasonCode::breaks_constraint, 0, 0, 0, 0, ""};
    EXPECT_EQ(np::certify_violation(broken, claim), "");
    Grid kept = four_by_four({{Kind::thermometer, {{0, 1}}, {}, {}}});
    kept.at(0, 0) = 1;
    EXPECT_NE(np::certify_violation(kept, claim), "");
}

TEST_F(VariantHost, GridsWithEqualVariantsAreEqual) {
    const Grid a = four_by_four({{Kind::killer_cage, {{0, 1}}, {3}, {}}});
    const Grid b = four_by_four({{Kind::killer_cage, {{0, 1}}, {3}, {}}});
    const Grid c = four_by_four({{Kind::killer_cage, {{0, 1}}, {4}, {}}});
    EXPECT_EQ(a, b);
    EXPECT_FALSE(a == c);
    EXPECT_FALSE(a == Grid(np::Geometry{2, 2}));
}

// ---- Generated rules (ABI 3.8): the fixture's generate hands over rules
// chosen by the seed (fixture_variant.c, enum made_case), through the
// host's intake: true ones are kept and certified, hostile ones refused.

np::GenerateOutcome made(const np::Plugin& p, uint64_t seed, np::Geometry shape = {2, 2}) {
    return p.generate(shape, NP_GENERATE_PUZZLE, seed, 2, {}, {});
}

TEST_F(VariantHost, GeneratedRulesArriveWithTheirResults) {
    const auto cages = made(plugin(), 0);
    ASSERT_EQ(cages.fault, Fault::none) << cages.message;
    ASSERT_EQ(cages.results.size(), 2u);
    for (const Grid& g : cages.results) {
        ASSERT_TRUE(g.is_variant());
        ASSERT_EQ(g.variant->constraints.size(), 4u);
        EXPECT_EQ(g.variant->constraints[0].kind, Kind::killer_cage);
        EXPECT_EQ(g.variant->constraints[0].values, std::vector<int>{10});
        EXPECT_EQ(g.geometry, (np::Geometry{2, 2}));
    }
    const auto jigsaw = made(plugin(), 1, {3, 3});
    ASSERT_EQ(jigsaw.fault, Fault::none) << jigsaw.message;
    ASSERT_TRUE(jigsaw.results.at(0).is_variant());
    EXPECT_EQ(jigsaw.results[0].variant->regions, np::RegionLayout::irregular);
    EXPECT_EQ(jigsaw.results[0].geometry, (np::Geometry{1, 9}));  // a jigsaw has no boxes
    EXPECT_EQ(jigsaw.results[0].variant->region_of.at(10), 1);
    const auto classic = made(plugin(), 8);
    ASSERT_EQ(classic.fault, Fault::none) << classic.message;
    EXPECT_FALSE(classic.results.at(0).is_variant());
}

TEST_F(VariantHost, HostileGeneratedRulesAreRefusedWithTheReason) {
    const std::vector<std::pair<uint64_t, std::string>> cases = {
        {2, "result 0: constraint 1: kind 'antiknight', which the plugin does not declare"},
        {3, "result 0: rules written twice"},
        {5, "result 0: constraint 1: cell 99999 outside the grid"},
        {6, "result 0: 1073741824 constraints on 16 cells"},
        {7, "result 5: rules for a result outside the call"},
    };
    for (const auto& [seed, why] : cases) {
        const auto out = made(plugin(), seed);
        EXPECT_EQ(out.fault, Fault::malformed) << seed << ": " << out.message;
        EXPECT_NE(out.message.find(why), std::string::npos) << seed << ": " << out.message;
        EXPECT_NE(out.message.find("fixture-variant"), std::string::npos) << out.message;
        EXPECT_TRUE(out.results.empty());
    }
}

TEST_F(VariantHost, AGeneratedPuzzleThatBreaksItsOwnRulesIsWrong) {
    const auto out = made(plugin(), 4);
    EXPECT_EQ(out.fault, Fault::wrong) << out.message;
    EXPECT_NE(out.message.find("breaks a rule: killer cage"), std::string::npos) << out.message;
    EXPECT_TRUE(out.results.empty());
}

}  // namespace
