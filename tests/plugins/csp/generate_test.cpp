// csp's puzzle generator (plugins/csp/generate.hpp), linked into this test
// directly. Every style on 9x9, 6x6 (2x3) and 4x4 where it is made there:
// the same seed gives the same bytes and another seed other ones; the puzzle
// converted to the host's model (np::Puzzle) is well formed by
// validate_variant; it is proved unique by another engine than csp's - the
// bundled sat plugin, through the host, which certifies its witness - and
// check_variant passes that solution; no given can go without a second
// solution (sat again); and each style's structure is what it says (cages
// partition the grid, jigsaw regions are connected, ...).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <memory>
#include <ostream>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "generate.hpp"
#include "numplace/host.hpp"
#include "numplace/variant.hpp"
#include "test_support.hpp"

namespace {

using np::Kind;

struct Shape {
    int rows, cols;
};

// A made puzzle, kept per (style, shape, seed): several tests read it.
const csp::Made& made(const std::string& style, Shape s, uint64_t seed) {
    static std::map<std::tuple<std::string, int, int, uint64_t>, csp::Made> cache;
    const auto key = std::make_tuple(style, s.rows, s.cols, seed);
    if (auto it = cache.find(key); it != cache.end()) return it->second;
    np::Rng rng(seed);
    csp::Counters counters;
    auto out = csp::make_puzzle(style, s.rows, s.cols, rng, [] { return false; }, counters);
    EXPECT_TRUE(out.has_value()) << style << " " << s.rows << "x" << s.cols << " seed " << seed;
    if (!out) out = csp::Made{};
    return cache.emplace(key, std::move(*out)).first->second;
}

// An outside clue's position from its cells as csp reads them (docs/variants.md,
// sandwich: the whole row or column from the clue's side).
np::Clue clue_of(int n, const std::vector<int>& cells) {
    const bool row = cells[0] / n == cells[1] / n, forward = cells[1] > cells[0];
    if (row) return {cells[0] / n, forward ? -1 : n};
    return {forward ? -1 : n, cells[0] % n};
}

// The made puzzle as the host's model: a grid carrying its variant.
np::Grid to_grid(const csp::Made& m, Shape s) {
    const auto& v = m.variant;
    auto p = std::make_shared<np::Puzzle>();
    const bool irregular = v.layout == NP_REGIONS_IRREGULAR;
    p->grid = np::Grid(irregular ? np::Geometry{1, v.side} : np::Geometry{s.rows, s.cols}, m.givens);
    p->regions = irregular ? np::RegionLayout::irregular
                           : v.layout == NP_REGIONS_NONE ? np::RegionLayout::none : np::RegionLayout::boxes;
    if (irregular)
        for (int r : v.region_of) p->region_of.push_back(static_cast<uint8_t>(r));
    for (const auto& c : v.constraints) {
        np::Constraint k{static_cast<Kind>(c.kind), c.groups, c.values, std::nullopt};
        if (k.kind == Kind::sandwich || k.kind == Kind::x_sum || k.kind == Kind::skyscraper)
            k.clue = clue_of(v.side, c.groups[0]);
        p->constraints.push_back(k);
    }
    for (Kind k : {Kind::xv, Kind::difference, Kind::ratio})
        if (v.negative & NP_KIND_BIT(static_cast<int>(k))) p->negative.push_back(k);
    np::Grid g = p->grid;
    g.variant = p;
    return g;
}

np::SolveOutcome sat_solve(const np::Grid& g) {
    np::Budget budget;
    budget.max_nodes = 50'000'000;
    return np::test::bundled_plugin("sat").solve(g, 2, {}, budget);
}

bool same(const csp::Made& a, const csp::Made& b) {
    if (a.givens != b.givens || a.variant.side != b.variant.side || a.variant.layout != b.variant.layout ||
        a.variant.region_of != b.variant.region_of || a.variant.negative != b.variant.negative ||
        a.variant.constraints.size() != b.variant.constraints.size())
        return false;
    for (std::size_t i = 0; i < a.variant.constraints.size(); ++i) {
        const auto &x = a.variant.constraints[i], &y = b.variant.constraints[i];
        if (x.kind != y.kind || x.groups != y.groups || x.values != y.values) return false;
    }
    return true;
}

// The kinds each style may use.
std::set<Kind> kinds_of(const std::string& style) {
    static const std::map<std::string, std::set<Kind>> kinds = {
        {"jigsaw", {}},
        {"x", {Kind::diagonal_positive, Kind::diagonal_negative}},
        {"windoku", {Kind::extra_region}},
        {"anti-knight", {Kind::anti_knight}},
        {"anti-king", {Kind::anti_king}},
        {"non-consecutive", {Kind::non_consecutive}},
        {"killer", {Kind::killer_cage}},
        {"killer-no-givens", {Kind::killer_cage}},
        {"thermometer", {Kind::thermometer}},
        {"arrow", {Kind::arrow}},
        {"kropki", {Kind::difference, Kind::ratio}},
        {"xv", {Kind::xv}},
        {"sandwich", {Kind::sandwich}},
    };
    return kinds.at(style);
}

bool orthogonally_connected(const std::vector<int>& cells, int n) {
    std::set<int> inside(cells.begin(), cells.end()), seen{cells[0]};
    std::vector<int> stack{cells[0]};
    while (!stack.empty()) {
        const int c = stack.back();
        stack.pop_back();
        for (int nb : {c - n, c + n, c % n ? c - 1 : -1, c % n + 1 < n ? c + 1 : -1})
            if (inside.count(nb) && seen.insert(nb).second) stack.push_back(nb);
    }
    return seen.size() == cells.size();
}

// Cages cover every cell once, each of 1..5 connected cells.
void expect_cages_partition(const csp::Made& m) {
    const int n = m.variant.side;
    std::vector<int> covered(static_cast<std::size_t>(n) * n, 0);
    for (const auto& c : m.variant.constraints) {
        ASSERT_EQ(c.kind, NP_KIND_KILLER_CAGE);
        const auto& cage = c.groups.at(0);
        EXPECT_GE(cage.size(), 1u);
        EXPECT_LE(cage.size(), 5u);
        EXPECT_TRUE(orthogonally_connected(cage, n));
        for (int cell : cage) ++covered.at(cell);
    }
    for (int k : covered) EXPECT_EQ(k, 1);
}

// N regions of N connected cells each.
void expect_jigsaw(const csp::Made& m) {
    const int n = m.variant.side;
    EXPECT_EQ(m.variant.layout, NP_REGIONS_IRREGULAR);
    std::vector<std::vector<int>> regions(static_cast<std::size_t>(n));
    for (int cell = 0; cell < n * n; ++cell) regions.at(m.variant.region_of.at(cell)).push_back(cell);
    for (const auto& r : regions) {
        EXPECT_EQ(static_cast<int>(r.size()), n);
        EXPECT_TRUE(!r.empty() && orthogonally_connected(r, n));
    }
}

void expect_structure(const std::string& style, const csp::Made& m) {
    const std::set<Kind> allowed = kinds_of(style);
    for (const auto& c : m.variant.constraints) EXPECT_TRUE(allowed.count(static_cast<Kind>(c.kind))) << c.kind;
    EXPECT_EQ(m.variant.constraints.empty(), allowed.empty());
    if (style == "jigsaw") expect_jigsaw(m);
    if (style.starts_with("killer")) expect_cages_partition(m);
    // Any style may need no givens (a 4x4 grid's dots can fix it alone);
    // killer-no-givens never has one.
    const bool no_givens = std::all_of(m.givens.begin(), m.givens.end(), [](uint8_t d) { return d == 0; });
    EXPECT_TRUE(no_givens || style != "killer-no-givens");
}

// The styles csp does not make on 4x4: no 4x4 grid keeps their rule.
const std::set<std::string> not_on_4x4 = {"anti-king", "non-consecutive"};

struct Case {
    std::string style;
    Shape shape;
};
void PrintTo(const Case& c, std::ostream* out) { *out << c.style << " " << c.shape.rows << "x" << c.shape.cols; }

std::vector<Case> cases() {
    std::vector<Case> out;
    for (const auto& style : csp::styles())
        for (Shape s : {Shape{3, 3}, Shape{2, 3}, Shape{2, 2}})
            if (s.rows * s.cols != 4 || !not_on_4x4.count(style)) out.push_back({style, s});
    return out;
}

std::string case_name(const testing::TestParamInfo<Case>& info) {
    std::string name = info.param.style + "_" + std::to_string(info.param.shape.rows) + "x" +
                       std::to_string(info.param.shape.cols);
    std::replace(name.begin(), name.end(), '-', '_');
    return name;
}

class Style : public testing::TestWithParam<Case> {
protected:
    // Few seeds on 9x9, where sat's minimality checks cost most.
    std::vector<uint64_t> seeds() const {
        const int n = GetParam().shape.rows * GetParam().shape.cols;
        return n == 9 ? std::vector<uint64_t>{1} : std::vector<uint64_t>{1, 2, 3};
    }
};

TEST_P(Style, IsMadeOnItsShape) {
    EXPECT_EQ(csp::style_refusal(GetParam().style, GetParam().shape.rows, GetParam().shape.cols), "");
}

TEST_P(Style, TheSameSeedGivesTheSameBytesAndAnotherSeedOthers) {
    const auto& [style, shape] = GetParam();
    for (uint64_t seed : seeds()) {
        np::Rng rng(seed);
        csp::Counters counters;
        const auto again = csp::make_puzzle(style, shape.rows, shape.cols, rng, [] { return false; }, counters);
        ASSERT_TRUE(again.has_value());
        EXPECT_TRUE(same(*again, made(style, shape, seed))) << "seed " << seed;
        EXPECT_GT(counters.solutions, 0u);
    }
    EXPECT_FALSE(same(made(style, shape, 1), made(style, shape, 2)));
}

TEST_P(Style, IsWellFormedUniqueBySatAndItsGivensMinimal) {
    const auto& [style, shape] = GetParam();
    for (uint64_t seed : seeds()) {
        const csp::Made& m = made(style, shape, seed);
        ASSERT_EQ(m.variant.side, shape.rows * shape.cols);
        expect_structure(style, m);
        const np::Grid g = to_grid(m, shape);
        const auto issue = np::validate_variant(*g.variant);
        ASSERT_FALSE(issue.has_value()) << issue->message;
        const auto out = sat_solve(g);
        ASSERT_EQ(out.verdict, np::Verdict::unique) << "seed " << seed << ": " << out.message;
        const auto broken = np::check_variant(*g.variant, out.solutions.at(0));
        EXPECT_FALSE(broken.has_value()) << broken->message;
        for (std::size_t cell = 0; cell < m.givens.size(); ++cell) {
            if (!m.givens[cell]) continue;
            np::Grid fewer = g;
            fewer.cells[cell] = 0;
            EXPECT_EQ(sat_solve(fewer).verdict, np::Verdict::multiple) << "seed " << seed << ": given " << cell;
        }
    }
}

INSTANTIATE_TEST_SUITE_P(CspGenerate, Style, testing::ValuesIn(cases()), case_name);

TEST(CspGenerate, TheStylesInTheirOrder) {
    const std::vector<std::string> expected = {"jigsaw", "x", "windoku", "anti-knight", "anti-king",
                                               "non-consecutive", "killer", "killer-no-givens", "thermometer",
                                               "arrow", "kropki", "xv", "sandwich"};
    EXPECT_EQ(csp::styles(), expected);
}

TEST(CspGenerate, RefusesAnUnknownStyleAndShapesWhereAStyleCannotBeMade) {
    EXPECT_NE(csp::style_refusal("sudoku", 3, 3), "");
    EXPECT_NE(csp::style_refusal("", 3, 3), "");
    for (const auto& style : csp::styles()) {
        EXPECT_NE(csp::style_refusal(style, 1, 3), "") << style;  // 3x3: too small
        EXPECT_NE(csp::style_refusal(style, 5, 5), "") << style;  // 25x25 and 16x16: too slow
        EXPECT_NE(csp::style_refusal(style, 4, 4), "") << style;
        EXPECT_EQ(csp::style_refusal(style, 3, 3), "") << style;
        const bool slow = style.starts_with("killer") || style == "non-consecutive";
        EXPECT_EQ(csp::style_refusal(style, 3, 4).empty(), !slow) << style;  // 12x12
    }
    for (const auto& style : not_on_4x4) EXPECT_NE(csp::style_refusal(style, 2, 2), "") << style;
    EXPECT_NE(csp::style_refusal("windoku", 1, 4), "");  // a 1x4 window never fits one column in from both edges
    np::Rng rng(1);
    csp::Counters counters;
    EXPECT_FALSE(csp::make_puzzle("sudoku", 3, 3, rng, [] { return false; }, counters).has_value());
}

// The largest shapes csp makes: one 12x12 puzzle of a style made there,
// proved unique by sat (its minimality is left to the smaller shapes).
TEST(CspGenerate, ATwelveByTwelveThermometerIsUniqueBySat) {
    const Shape shape{3, 4};
    const csp::Made& m = made("thermometer", shape, 1);
    ASSERT_EQ(m.variant.side, 12);
    expect_structure("thermometer", m);
    const np::Grid g = to_grid(m, shape);
    ASSERT_FALSE(np::validate_variant(*g.variant).has_value());
    const auto out = sat_solve(g);
    ASSERT_EQ(out.verdict, np::Verdict::unique) << out.message;
    EXPECT_FALSE(np::check_variant(*g.variant, out.solutions.at(0)).has_value());
}

// spent() is polled at every node: a run that is let poll it P times and
// ends, ends the same with any budget of P polls or more, and gives nothing
// (and says it stopped) with any fewer.
TEST(CspGenerate, StopsWhenTheBudgetIsSpentAndIsOtherwiseUntouchedByIt) {
    for (const auto& style : csp::styles()) {
        int polls = 0;
        np::Rng rng(7);
        csp::Counters counters;
        const auto full = csp::make_puzzle(style, 2, 3, rng, [&] { ++polls; return false; }, counters);
        ASSERT_TRUE(full.has_value()) << style;
        EXPECT_FALSE(counters.stopped) << style;
        for (int allowed : {0, polls / 2, polls - 1, polls}) {
            np::Rng again(7);
            csp::Counters k;
            int seen = 0;
            const auto out = csp::make_puzzle(style, 2, 3, again, [&] { return ++seen > allowed; }, k);
            EXPECT_EQ(out.has_value(), allowed == polls) << style << " after " << allowed << " of " << polls;
            EXPECT_EQ(k.stopped, allowed < polls) << style << " after " << allowed << " of " << polls;
            EXPECT_TRUE(!out || same(*out, *full)) << style;
        }
    }
}

}  // namespace
