// The rating table and scales (harness/rating): SE's length rule and
// classes, ER/EP/ED and the HoDoKu-style score and level of hand-made
// certified steps, the modifiers the host reads from the state, and the
// rank statistics of rate --compare against values worked out by hand and
// a brute-force count.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "rating/compare.hpp"
#include "rating/rating.hpp"
#include "test_support.hpp"

namespace {

using np::Candidate;
using np::Grid;
using np::Step;
namespace rating = np::rating;

// A solved 9x9 grid (the pattern of shifted rows) with cells emptied.
Grid with_empty(std::initializer_list<int> cells) {
    std::string text;
    for (int r = 0; r < 9; ++r)
        for (int c = 0; c < 9; ++c) text += static_cast<char>('1' + (r * 3 + r / 3 + c) % 9);
    for (int cell : cells) text[static_cast<std::size_t>(cell)] = '.';
    return np::test::parse(text);
}

// The value the full grid has at `cell`.
int value_at(int cell) {
    const int r = cell / 9, c = cell % 9;
    return (r * 3 + r / 3 + c) % 9 + 1;
}

// Rows 1-3 empty: each of their cells has three candidates (those its
// column lacks).
Grid top_rows_empty() {
    std::string text;
    for (int r = 0; r < 9; ++r)
        for (int c = 0; c < 9; ++c) text += r < 3 ? '.' : static_cast<char>('1' + (r * 3 + r / 3 + c) % 9);
    return np::test::parse(text);
}

// A step of `technique` removing one wrong candidate of `cell`.
Step eliminating(const std::string& technique, const np::StepState& state, int cell, int skip = 0) {
    Step s;
    s.technique = technique;
    for (int v = 1; v <= 9; ++v)
        if (state.has(cell, v) && v != value_at(cell) && skip-- <= 0) return s.eliminations = {{cell, v}}, s;
    ADD_FAILURE() << "no wrong candidate left in cell " << cell;
    return s;
}

// The step's pattern as its technique's shape asks (the rating refuses a
// step that does not fit its name: techniques.hpp): `cells` whole.
Step whole(Step s, std::initializer_list<int> cells) {
    for (int c : cells) s.pattern.push_back({c, 0});
    return s;
}

// The eliminated value in every cell of `rows` (a fish's base lines).
Step in_rows(Step s, std::initializer_list<int> rows) {
    for (int r : rows)
        for (int c = 0; c < 9; ++c) s.pattern.push_back({r * 9 + c, s.eliminations.at(0).value});
    return s;
}

Step placing(const std::string& technique, int cell, std::vector<Candidate> pattern = {}) {
    Step s;
    s.technique = technique;
    s.placements = {{cell, value_at(cell)}};
    s.pattern = std::move(pattern);
    return s;
}

TEST(Rating, LengthRuleFollowsSesCeilings) {
    EXPECT_EQ(rating::length_tenths(4), 0);
    EXPECT_EQ(rating::length_tenths(5), 1);
    EXPECT_EQ(rating::length_tenths(6), 1);
    EXPECT_EQ(rating::length_tenths(7), 2);
    EXPECT_EQ(rating::length_tenths(8), 2);
    EXPECT_EQ(rating::length_tenths(9), 3);
    EXPECT_EQ(rating::length_tenths(12), 3);
    EXPECT_EQ(rating::length_tenths(13), 4);
    EXPECT_EQ(rating::length_tenths(17), 5);
}

TEST(Rating, ClassesAreSesBands) {
    EXPECT_EQ(rating::class_of(12), rating::Class::single);
    EXPECT_EQ(rating::class_of(26), rating::Class::subset_fish);
    EXPECT_EQ(rating::class_of(42), rating::Class::wing);
    EXPECT_EQ(rating::class_of(62), rating::Class::wing);
    EXPECT_EQ(rating::class_of(65), rating::Class::chain);
    EXPECT_EQ(rating::class_of(76), rating::Class::forcing_chain);
    EXPECT_EQ(rating::class_of(88), rating::Class::dynamic_chain);
    EXPECT_EQ(rating::class_of(106), rating::Class::nested);
}

// r1c1 and r1c5 empty: a hidden single in the row (its pattern, the other
// place, outside r1c1's box) is 1.5; the full house after it 1.0.
TEST(Rating, ErEpEdAndTheScoreOfAHandMadePath) {
    const Grid puzzle = with_empty({0, 4});
    const std::vector<Step> steps = {placing("hidden single", 0, {{4, value_at(0)}}), placing("full house", 4)};
    const rating::Rating r = rating::rate(puzzle, steps, rating::Table::se);
    EXPECT_TRUE(r.solved);
    EXPECT_TRUE(r.unknown.empty());
    EXPECT_EQ(r.er, 15);
    EXPECT_EQ(r.ep, 15);
    EXPECT_EQ(r.ed, 15);
    EXPECT_EQ(r.hardest, "hidden single");
    EXPECT_EQ(r.hardest_step, 1);
    EXPECT_EQ(r.score, 14 + 4);
    EXPECT_EQ(r.level, rating::Level::easy);
}

TEST(Rating, AHiddenSingleInItsBoxIsEasierThanInALine) {
    const Grid puzzle = with_empty({0, 10});  // r1c1 and r2c2: one box
    const rating::Rating r =
        rating::rate(puzzle, {placing("hidden single", 0, {{10, value_at(0)}}), placing("full house", 10)},
                     rating::Table::se);
    EXPECT_EQ(r.er, 12);
}

// EP stops at the first placement; ED is the first step's.
TEST(Rating, EpEndsAtTheFirstPlacementAndEdIsTheFirstStep) {
    const Grid puzzle = top_rows_empty();
    const np::StepState start(puzzle);
    const std::vector<Step> steps = {whole(eliminating("naked pair", start, 0), {5, 6}),
                                     whole(eliminating("xy-wing", start, 1), {9, 19, 29}),
                                     placing("naked single", 2, {{2, 0}}), in_rows(eliminating("x-wing", start, 3), {1, 2}),
                                     in_rows(eliminating("jellyfish", start, 4), {1, 2, 3, 4})};
    const rating::Rating r = rating::rate(puzzle, steps, rating::Table::se);
    ASSERT_TRUE(r.unknown.empty());
    EXPECT_FALSE(r.solved);
    EXPECT_EQ(r.steps, 5u);
    EXPECT_EQ(r.ed, 30);  // the naked pair
    EXPECT_EQ(r.ep, 42);  // the xy-wing, before the first placement
    EXPECT_EQ(r.er, 52);  // the jellyfish, after it
    EXPECT_EQ(r.hardest_step, 5);
}

TEST(Rating, ATechniqueOutsideTheTableVoidsTheRating) {
    const Grid puzzle = with_empty({0});
    const rating::Rating r = rating::rate(puzzle, {placing("lucky guess", 0)}, rating::Table::se);
    EXPECT_EQ(r.unknown, "step 1 (lucky guess): 'lucky guess' is no technique of the vocabulary (docs/rating.md)");
    EXPECT_FALSE(r.solved);
}

// HoDoKu's levels: the highest step's, raised while the score passes that
// level's cap (unfair: 1,800).
TEST(Rating, TheHodokuLevelRisesWithTheScore) {
    const Grid puzzle = top_rows_empty();
    const np::StepState start(puzzle);
    std::vector<Step> eliminations;
    for (int cell = 0; cell < 7; ++cell) eliminations.push_back(whole(eliminating("wxyz-wing", start, cell), {9, 10, 11, 12}));
    const std::vector<Step> five(eliminations.begin(), eliminations.begin() + 5);
    EXPECT_EQ(rating::rate(puzzle, five, rating::Table::se).level, rating::Level::unfair);  // 1,500
    const rating::Rating seven = rating::rate(puzzle, eliminations, rating::Table::se);
    EXPECT_EQ(seven.score, 2100);
    EXPECT_EQ(seven.level, rating::Level::extreme);  // past unfair's 1,800
}

// The modifiers come from the host's state: a WXYZ-wing whose biggest cell
// holds three candidates is 5.6; an x-chain of six nodes is 6.7 on SE's
// table (its forcing X-chain, 6.6, and 0.1 for passing four nodes; serate
// rates one so) and a three-link "strong-linked fish" (5.5) on Sukaku
// Explainer's.
TEST(Rating, ModifiersReadTheStateAndTheLength) {
    const Grid puzzle = top_rows_empty();
    const np::StepState start(puzzle);
    Step wing = eliminating("wxyz-wing", start, 20);
    for (int cell : {0, 1, 2, 9}) wing.pattern.push_back({cell, 0});  // three candidates each
    EXPECT_EQ(rating::rate_step(wing, start, rating::Table::sukaku).tenths, 56);
    np::StepState narrowed = start;  // each of the four down to two candidates
    for (int cell : {0, 1, 2, 9}) ASSERT_EQ(narrowed.apply(eliminating("naked pair", narrowed, cell)), "");
    EXPECT_EQ(rating::rate_step(wing, narrowed, rating::Table::sukaku).tenths, 55);
    Step chain = eliminating("x-chain", start, 20);
    chain.length = 6;
    EXPECT_EQ(rating::rate_step(chain, start, rating::Table::se).tenths, 67);
    EXPECT_EQ(rating::rate_step(chain, start, rating::Table::sukaku).tenths, 55);
    chain.length = 4;
    EXPECT_EQ(rating::rate_step(chain, start, rating::Table::sukaku).tenths, 42);
    chain.technique = "alternating inference chain";
    chain.length = 8;
    EXPECT_EQ(rating::rate_step(chain, start, rating::Table::se).tenths, 72);
}

// Sukaku Explainer's grouped strong links are its ladder + 0.3: two links
// (an empty rectangle) 4.3, three 5.7, four 6.1; on SE's table, which has
// none, the forcing X-chain's 6.6 + length. A doubly linked wing is rated
// as its wing (Sukaku Explainer: "double-link has no impact on rating").
TEST(Rating, GroupedStrongLinksAndDoublyLinkedWings) {
    const Grid puzzle = top_rows_empty();
    const np::StepState start(puzzle);
    Step chain = eliminating("empty rectangle", start, 20);
    chain.length = 4;
    EXPECT_EQ(rating::rate_step(chain, start, rating::Table::sukaku).tenths, 43);
    EXPECT_EQ(rating::rate_step(chain, start, rating::Table::se).tenths, 66);
    chain.technique = "grouped x-chain";
    chain.length = 6;
    EXPECT_EQ(rating::rate_step(chain, start, rating::Table::sukaku).tenths, 57);
    EXPECT_EQ(rating::rate_step(chain, start, rating::Table::se).tenths, 67);
    chain.length = 8;
    EXPECT_EQ(rating::rate_step(chain, start, rating::Table::sukaku).tenths, 61);
    Step wing = eliminating("doubly linked wxyz-wing", start, 20);
    for (int cell : {0, 1, 2, 9}) wing.pattern.push_back({cell, 0});
    EXPECT_EQ(rating::rate_step(wing, start, rating::Table::sukaku).tenths, 56);
}

TEST(RatingCompare, RankStatisticsOfSmallCasesWorkedByHand) {
    EXPECT_NEAR(rating::spearman({1, 2, 3, 4}, {1, 2, 3, 4}), 1.0, 1e-12);
    EXPECT_NEAR(rating::spearman({1, 2, 3, 4}, {4, 3, 2, 1}), -1.0, 1e-12);
    EXPECT_NEAR(rating::kendall_tau_b({1, 2, 3, 4}, {4, 3, 2, 1}), -1.0, 1e-12);
    // y ties its first two: ranks (1.5, 1.5, 3): rho = 1.5 / sqrt(2 * 1.5);
    // two concordant pairs, one tied in y: tau-b = 2 / sqrt(3 * 2).
    EXPECT_NEAR(rating::spearman({1, 2, 3}, {1, 1, 2}), 1.5 / std::sqrt(3.0), 1e-12);
    EXPECT_NEAR(rating::kendall_tau_b({1, 2, 3}, {1, 1, 2}), 2 / std::sqrt(6.0), 1e-12);
}

// Knight's O(n log n) count against every pair, on data with many ties
// (ratings in tenths tie a lot).
TEST(RatingCompare, KendallTauBMatchesTheCountOfEveryPair) {
    std::mt19937 random(7);
    std::uniform_int_distribution<int> tenth(50, 60);
    for (int round = 0; round < 20; ++round) {
        std::vector<double> x(60), y(60);
        for (std::size_t i = 0; i < x.size(); ++i) x[i] = tenth(random) / 10.0, y[i] = tenth(random) / 10.0;
        double concordant = 0, discordant = 0, tied_x = 0, tied_y = 0;
        for (std::size_t i = 0; i < x.size(); ++i)
            for (std::size_t j = i + 1; j < x.size(); ++j) {
                const double dx = x[i] - x[j], dy = y[i] - y[j];
                if (dx == 0 && dy == 0) continue;
                if (dx == 0) ++tied_x;
                else if (dy == 0) ++tied_y;
                else if ((dx > 0) == (dy > 0)) ++concordant;
                else ++discordant;
            }
        const double expected =
            (concordant - discordant) / std::sqrt((concordant + discordant + tied_x) * (concordant + discordant + tied_y));
        EXPECT_NEAR(rating::kendall_tau_b(x, y), expected, 1e-12) << "round " << round;
    }
}

TEST(RatingCompare, AgreementCountsClassesAndSkipsMissingValues) {
    const double none = std::nan("");
    rating::Series a{"a", {5.5, 7.1, 7.2, 8.3, none}, true};
    rating::Series b{"b", {5.6, 7.1, 7.5, 9.0, 6.0}, true};
    const rating::Agreement g = rating::agree(a, b, 50, 1);
    EXPECT_EQ(g.n, 4u);
    EXPECT_NEAR(g.within, 0.5, 1e-12);      // 5.5/5.6 and 7.1/7.1
    EXPECT_NEAR(g.same_class, 0.75, 1e-12);  // 8.3 is a forcing chain, 9.0 a dynamic one
    EXPECT_EQ(g.classes[static_cast<int>(rating::Class::forcing_chain)][static_cast<int>(rating::Class::dynamic_chain)], 1u);
    EXPECT_LE(g.spearman.low, g.spearman.value);
    EXPECT_GE(g.spearman.high, g.spearman.value);
    const std::string svg = rating::confusion_svg(g);
    EXPECT_NE(svg.find("<svg"), std::string::npos);
    EXPECT_NE(svg.find("forcing chain"), std::string::npos);
}

// A level rater (qqwing's 1 to 4) against an SE-scale one: rows are SE's
// classes, columns the levels seen; no |a-b| on two scales; a rater giving
// every puzzle the same level leaves rho undefined and is named.
TEST(RatingCompare, ALevelRaterGetsAMatrixOfItsLevels) {
    const double none = std::nan("");
    rating::Series er{"er", {1.2, 2.3, 3.4, 7.1, 7.2, 5.0}, true};
    rating::Series level{"level", {1, 2, 3, 4, 4, none}, false, true};
    const rating::Agreement g = rating::agree(er, level, 20, 1);
    EXPECT_EQ(g.n, 5u);
    EXPECT_FALSE(g.se_scale);
    ASSERT_TRUE(g.levels.has_value());
    EXPECT_EQ(g.levels->columns, (std::vector<std::string>{"1", "2", "3", "4"}));
    EXPECT_EQ(g.levels->rows.size(), static_cast<std::size_t>(rating::kClasses));
    EXPECT_EQ(g.levels->counts[static_cast<int>(rating::Class::single)][0], 1u);  // 1.2, level 1
    EXPECT_EQ(g.levels->counts[static_cast<int>(rating::Class::single)][1], 1u);  // 2.3, level 2
    EXPECT_EQ(g.levels->counts[static_cast<int>(rating::Class::chain)][3], 2u);   // 7.1 and 7.2, level 4
    EXPECT_TRUE(g.constant.empty());
    EXPECT_NE(rating::levels_svg(g).find("<svg"), std::string::npos);
    rating::Series flat{"flat", {4, 4, 4, 4, 4, 4}, false, true};
    const rating::Agreement same = rating::agree(er, flat, 20, 1);
    EXPECT_EQ(same.constant, "flat");
    // Two plain numbers (a score) get no matrix.
    rating::Series score{"score", {10, 20, 30, 40, 50, 60}};
    EXPECT_FALSE(rating::agree(er, score, 20, 1).levels.has_value());
}

}  // namespace
