// fuzz --variants' own parts, in this process: every kind can be drawn from
// a solution grid and the host certifies the draw; every symmetry of the
// square and every relabelling the docs allow keeps a satisfying grid
// satisfying, for every kind (the mapped grid satisfies the mapped puzzle,
// by np::check_variant); the maps refuse what they cannot carry.
#include <gtest/gtest.h>

#include <map>

#include "fuzz/variant_draw.hpp"
#include "fuzz/variant_map.hpp"

namespace {

using np::Kind;
using np::fuzz::VariantShape;

std::vector<Kind> all_kinds() {
    std::vector<Kind> kinds;
    for (int k = 0; k < np::kKindCount; ++k) kinds.push_back(static_cast<Kind>(k));
    return kinds;
}

// Cases of one kind on every shape it fits, from a few seeds each.
std::vector<np::fuzz::VariantCase> cases_of(Kind k, int seeds) {
    std::vector<np::fuzz::VariantCase> out;
    for (const VariantShape& shape : np::fuzz::variant_shapes()) {
        if (!np::fuzz::kind_fits(k, shape)) continue;
        for (int seed = 0; seed < seeds; ++seed) {
            np::Rng rng(static_cast<uint64_t>(seed) * 7919 + static_cast<uint64_t>(k));
            if (auto c = np::fuzz::draw_variant(shape, {k}, 30, rng); c && c->drawn[static_cast<std::size_t>(k)] > 0)
                out.push_back(std::move(*c));
        }
    }
    return out;
}

std::string why(const std::optional<np::VariantIssue>& issue) { return issue ? issue->message : ""; }

TEST(VariantDraw, EveryKindIsDrawnAndItsSolutionCertified) {
    for (Kind k : all_kinds()) {
        const auto cases = cases_of(k, 6);
        EXPECT_FALSE(cases.empty()) << "no " << np::kind_key(k) << " drawn";
        for (const auto& c : cases) {
            EXPECT_FALSE(np::validate_variant(c.puzzle)) << np::kind_key(k);
            EXPECT_FALSE(np::check_variant(c.puzzle, c.solution)) << np::kind_key(k) << ": " << why(np::check_variant(c.puzzle, c.solution));
        }
    }
}

TEST(VariantMap, EverySymmetryKeepsASatisfyingGridSatisfying) {
    std::map<Kind, int> mapped;
    for (Kind k : all_kinds())
        for (const auto& c : cases_of(k, 4))
            for (const auto& s : np::fuzz::square_symmetries()) {
                const auto p = np::fuzz::map_puzzle(c.puzzle, s);
                if (!p) continue;
                const np::Grid g = np::fuzz::map_grid(c.solution, s);
                EXPECT_FALSE(np::validate_variant(*p)) << np::kind_key(k) << " " << s.name() << ": " << why(np::validate_variant(*p));
                EXPECT_FALSE(np::check_variant(*p, g)) << np::kind_key(k) << " " << s.name() << ": " << why(np::check_variant(*p, g));
                if (s.transpose || s.flip_rows || s.flip_columns) ++mapped[k];
            }
    // Every kind but the box indexer is carried by some symmetry other than the identity.
    for (Kind k : all_kinds())
        if (k != Kind::box_indexer) {
            EXPECT_GT(mapped[k], 0) << np::kind_key(k);
        }
}

TEST(VariantMap, TheBoxIndexerIsKeptOnlyByTheIdentity) {
    for (const auto& c : cases_of(Kind::box_indexer, 2))
        for (const auto& s : np::fuzz::square_symmetries())
            EXPECT_EQ(np::fuzz::map_puzzle(c.puzzle, s).has_value(), !s.transpose && !s.flip_rows && !s.flip_columns);
}

TEST(VariantMap, EveryAllowedRelabellingKeepsASatisfyingGridSatisfying) {
    std::map<Kind, int> relabelled;
    for (Kind k : all_kinds())
        for (const auto& c : cases_of(k, 4))
            for (auto how : np::fuzz::relabellings_for(c.puzzle)) {
                np::Rng rng(static_cast<uint64_t>(how) + 11);
                const auto r = np::fuzz::draw_relabelling(how, c.puzzle.side(), rng);
                const auto p = np::fuzz::relabel_puzzle(c.puzzle, r);
                ASSERT_TRUE(p) << np::kind_key(k);
                const np::Grid g = np::fuzz::relabel_grid(c.solution, r);
                EXPECT_FALSE(np::validate_variant(*p)) << np::kind_key(k) << " " << r.name();
                EXPECT_FALSE(np::check_variant(*p, g)) << np::kind_key(k) << " " << r.name() << ": " << why(np::check_variant(*p, g));
                ++relabelled[k];
            }
    // The kinds no relabelling keeps (docs/variants.md: "none"), even with values mapped.
    for (Kind k : {Kind::arrow, Kind::sandwich, Kind::x_sum, Kind::skyscraper, Kind::xv, Kind::ratio,
                   Kind::region_sum_line, Kind::row_indexer, Kind::column_indexer, Kind::box_indexer})
        EXPECT_EQ(relabelled[k], 0) << np::kind_key(k);
    for (Kind k : {Kind::extra_region, Kind::killer_cage, Kind::thermometer, Kind::minimum, Kind::maximum,
                   Kind::odd, Kind::even, Kind::renban, Kind::whispers, Kind::entropic_line, Kind::quadruple,
                   Kind::clone, Kind::palindrome, Kind::difference, Kind::non_consecutive})
        EXPECT_GT(relabelled[k], 0) << np::kind_key(k);
}

TEST(VariantMap, AKillerCageSumIsComplemented) {
    np::Puzzle p;
    p.grid = np::Grid(np::Geometry{2, 2});
    p.constraints.push_back({Kind::killer_cage, {{0, 1}}, {3}, {}});
    np::Rng rng(1);
    const auto r = np::fuzz::draw_relabelling(np::fuzz::RelabelKind::complement, 4, rng);
    const auto q = np::fuzz::relabel_puzzle(p, r);
    ASSERT_TRUE(q);
    EXPECT_EQ(q->constraints[0].values, std::vector<int>{7});  // 2 * 5 - 3
    // Any permutation does not keep a cage with a sum.
    EXPECT_FALSE(np::fuzz::relabel_puzzle(p, np::fuzz::draw_relabelling(np::fuzz::RelabelKind::any, 4, rng)));
}

}  // namespace
