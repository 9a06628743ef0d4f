// Tests of the logic plugin (plugins/logic): a solver that never guesses
// and explains each step, loaded through the host like any plugin.
//
// Nothing here takes the plugin's word. The host certifies each step
// against its own candidate state (Session::solve with a step sink); this
// file checks, with a small search of its own, that each step follows from
// its pattern alone (relaxed_problem, below: docs/logic.md); and verdicts
// are proved by exhaustive-count (np::test::oracle), never by logic itself.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <variant>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "corpus.hpp"
#include "numplace/format.hpp"
#include "numplace/host.hpp"
#include "numplace/random.hpp"
#include "numplace/steps.hpp"
#include "test_support.hpp"

namespace {

using np::Geometry;
using np::Grid;
using np::OptionList;
using np::Step;
using np::Verdict;

// ---- The test's own search over candidate masks --------------------------------
// A state is one mask per cell (bit v: v may go there); a single bit is a
// placed value. satisfiable() says whether some full grid keeps to the masks
// and the rules: singles and hidden singles, then a split on the cell with
// the fewest candidates. Written for these tests; it shares no code with
// any plugin.
class Relaxed {
public:
    explicit Relaxed(Geometry g) : g_(g), n_(g.side()) {
        for (int i = 0; i < n_; ++i) units_.emplace_back(), units_.emplace_back(), units_.emplace_back();
        for (int cell = 0; cell < n_ * n_; ++cell) {
            const int r = cell / n_, c = cell % n_;
            units_[static_cast<std::size_t>(r)].push_back(cell);
            units_[static_cast<std::size_t>(n_ + c)].push_back(cell);
            units_[static_cast<std::size_t>(2 * n_ + g.box_of(r, c))].push_back(cell);
        }
        peers_.resize(static_cast<std::size_t>(n_ * n_));
        for (const auto& unit : units_)
            for (int a : unit)
                for (int b : unit)
                    if (a != b) peers_[static_cast<std::size_t>(a)].insert(b);
    }

    // nullopt when the search ran past `max_nodes` (the test then fails).
    std::optional<bool> satisfiable(std::vector<uint64_t> masks, uint64_t max_nodes = 2'000'000) {
        nodes_ = 0, max_nodes_ = max_nodes;
        const bool found = search(masks);
        if (nodes_ > max_nodes_) return std::nullopt;
        return found;
    }

private:
    bool propagate(std::vector<uint64_t>& m) const {
        std::vector<bool> spread(m.size(), false);
        for (bool changed = true; changed;) {
            changed = false;
            for (std::size_t cell = 0; cell < m.size(); ++cell) {
                if (m[cell] == 0) return false;
                if (__builtin_popcountll(m[cell]) != 1 || spread[cell]) continue;
                spread[cell] = true;
                for (int p : peers_[cell]) {
                    auto& pm = m[static_cast<std::size_t>(p)];
                    if ((pm & m[cell]) == 0) continue;
                    pm &= ~m[cell];
                    if (pm == 0) return false;
                    changed = true;
                }
            }
            for (const auto& unit : units_)
                for (int v = 1; v <= n_; ++v) {
                    int places = 0, at = -1;
                    for (int cell : unit)
                        if (m[static_cast<std::size_t>(cell)] >> v & 1) ++places, at = cell;
                    if (places == 0) return false;
                    auto& am = m[static_cast<std::size_t>(at)];
                    if (places == 1 && am != uint64_t{1} << v) am = uint64_t{1} << v, changed = true;
                }
        }
        return true;
    }

    // Splits on whichever has fewest choices: a cell's candidates, or a
    // unit's places for a value (so that a pattern about one value across
    // several lines, a fish, is refuted without wandering the open cells).
    bool search(std::vector<uint64_t>& m) {
        if (++nodes_ > max_nodes_ || !propagate(m)) return false;
        int best_cell = -1, best = 64;
        for (std::size_t cell = 0; cell < m.size(); ++cell)
            if (const int k = __builtin_popcountll(m[cell]); k > 1 && k < best) best = k, best_cell = static_cast<int>(cell);
        if (best_cell < 0) return true;
        const std::vector<int>* best_unit = nullptr;
        int best_value = 0;
        for (const auto& unit : units_)
            for (int v = 1; v <= n_; ++v) {
                int places = 0;
                for (int cell : unit) places += (m[static_cast<std::size_t>(cell)] >> v & 1) != 0 && m[static_cast<std::size_t>(cell)] != uint64_t{1} << v;
                if (places > 1 && places < best) best = places, best_unit = &unit, best_value = v;
            }
        if (best_unit != nullptr) {
            for (int cell : *best_unit) {
                if ((m[static_cast<std::size_t>(cell)] >> best_value & 1) == 0) continue;
                std::vector<uint64_t> next = m;
                next[static_cast<std::size_t>(cell)] = uint64_t{1} << best_value;
                if (search(next)) return true;
            }
            return false;
        }
        for (uint64_t left = m[static_cast<std::size_t>(best_cell)]; left != 0; left &= left - 1) {
            std::vector<uint64_t> next = m;
            next[static_cast<std::size_t>(best_cell)] = left & -left;
            if (search(next)) return true;
        }
        return false;
    }

    Geometry g_;
    int n_;
    std::vector<std::vector<int>> units_;
    std::vector<std::set<int>> peers_;
    uint64_t nodes_ = 0, max_nodes_ = 0;
};

// "" when `step` follows from its pattern alone, in the state before it;
// otherwise why not. The relaxed state: every cell open (all of 1..N) but
// what the pattern names: (cell, 0) keeps the cell as it is (its value, or
// its candidates); (cell, v) removes v when v is not a candidate there (or
// the cell holds another value). Then an elimination (c, v) must leave no
// solution with v at c, and a placement (c, v) none without v at c.
std::string relaxed_problem(const np::StepState& before, const Step& step) {
    const Geometry g = before.geometry();
    const int n = g.side();
    const uint64_t all = ((uint64_t{1} << n) - 1) << 1;
    std::vector<uint64_t> masks(static_cast<std::size_t>(n * n), all);
    std::vector<bool> whole(masks.size(), false);
    for (const np::Candidate& p : step.pattern)
        if (p.value == 0) {
            whole[static_cast<std::size_t>(p.cell)] = true;
            masks[static_cast<std::size_t>(p.cell)] =
                before.value(p.cell) != 0 ? uint64_t{1} << before.value(p.cell) : before.mask(p.cell);
        }
    for (const np::Candidate& p : step.pattern)
        if (p.value != 0 && !whole[static_cast<std::size_t>(p.cell)] && !before.has(p.cell, p.value) &&
            before.value(p.cell) != p.value)
            masks[static_cast<std::size_t>(p.cell)] &= ~(uint64_t{1} << p.value);
    Relaxed search(g);
    auto check = [&](const np::Candidate& c, bool placement) -> std::string {
        std::vector<uint64_t> m = masks;
        const uint64_t bit = uint64_t{1} << c.value;
        m[static_cast<std::size_t>(c.cell)] = placement ? m[static_cast<std::size_t>(c.cell)] & ~bit
                                                        : m[static_cast<std::size_t>(c.cell)] & bit;
        const auto sat = search.satisfiable(m);
        const std::string what = std::string(placement ? "placement " : "elimination ") + std::to_string(c.value) +
                                 " at cell " + std::to_string(c.cell);
        if (!sat) return what + ": the test's search ran out of nodes";
        return *sat ? what + " does not follow from the pattern" : "";
    };
    for (const np::Candidate& e : step.eliminations)
        if (auto why = check(e, false); !why.empty()) return why;
    for (const np::Candidate& p : step.placements)
        if (auto why = check(p, true); !why.empty()) return why;
    return "";
}

// ---- Explaining through the host -------------------------------------------------

struct Explained {
    np::SolveOutcome out;
    std::vector<Step> steps;
    std::vector<std::string> refuted;  // steps the relaxed check refused, with why
    std::map<std::string, int> techniques;
};

// Solves `puzzle` with logic through a Session with a step sink (the host
// certifies each step), and, with `relaxed`, checks each step's pattern.
Explained explain(const Grid& puzzle, const OptionList& options = {}, bool relaxed = true, np::Budget budget = {}) {
    Explained e;
    np::Session session(np::test::bundled_plugin("logic"));
    np::StepState state(puzzle);
    const np::StepSink sink = [&](const Step& step) {
        if (relaxed)
            if (const std::string why = relaxed_problem(state, step); !why.empty())
                e.refuted.push_back(step.technique + " " + step.where + ": " + why);
        const std::string applied = state.apply(step);  // the host certified it already
        if (!applied.empty()) e.refuted.push_back("the test's state refused it: " + applied);
        e.steps.push_back(step);
        ++e.techniques[step.technique];
        return true;
    };
    e.out = session.solve(puzzle, 2, options, budget, {}, sink);
    return e;
}

// The logic plugin's verdict agrees with the oracle's: unique with the same
// solution, none, or unknown (stuck) when the oracle finds one, or several.
void expect_agrees(const Grid& puzzle, const Explained& e, const std::string& label) {
    ASSERT_EQ(e.out.fault, np::Fault::none) << label << ": " << e.out.message;
    EXPECT_TRUE(e.refuted.empty()) << label << ": " << (e.refuted.empty() ? "" : e.refuted[0]);
    EXPECT_EQ(e.out.stats.guesses, 0u) << label;
    const std::string proved = np::test::proved_class(puzzle);
    if (e.out.verdict == Verdict::unique) {
        ASSERT_EQ(e.out.solutions.size(), 1u) << label;
        EXPECT_TRUE(np::test::oracle_proves_unique(puzzle, np::test::kProofNodes, &e.out.solutions[0])) << label;
    } else if (e.out.verdict == Verdict::none) {
        EXPECT_EQ(proved, "none") << label;
    } else {
        ASSERT_EQ(e.out.verdict, Verdict::unknown) << label << ": " << e.out.message;
        EXPECT_NE(proved, "none") << label << ": logic missed a contradiction it should see? " << e.out.message;
        EXPECT_NE(e.out.message.find("stuck after"), std::string::npos) << label << ": " << e.out.message;
    }
}

std::string corpus_file() { return std::string(NUMPLACE_TEST_SOURCE_DIR) + "/../corpus/logic-techniques.yaml"; }

}  // namespace

// ---- Every technique, on a puzzle that needs it -----------------------------------

// The corpus tags (corpus/logic-techniques.yaml) and the names the plugin
// reports (docs/logic.md).
const std::map<std::string, std::string> kTagNames = {
    {"full-house", "full house"},
    {"naked-single", "naked single"},
    {"hidden-single", "hidden single"},
    {"locked-candidates-pointing", "locked candidates (pointing)"},
    {"locked-candidates-claiming", "locked candidates (claiming)"},
    {"naked-pair", "naked pair"},
    {"hidden-pair", "hidden pair"},
    {"naked-triple", "naked triple"},
    {"hidden-triple", "hidden triple"},
    {"naked-quad", "naked quad"},
    {"hidden-quad", "hidden quad"},
    {"x-wing", "x-wing"},
    {"skyscraper", "skyscraper"},
    {"two-string-kite", "two-string kite"},
    {"finned-x-wing", "finned x-wing"},
    {"w-wing", "w-wing"},
    {"swordfish", "swordfish"},
    {"simple-colouring", "simple colouring"},
    {"xy-wing", "xy-wing"},
    {"jellyfish", "jellyfish"},
    {"xyz-wing", "xyz-wing"},
    {"finned-swordfish", "finned swordfish"},
    {"finned-jellyfish", "finned jellyfish"},
    {"finned-squirmbag", "finned squirmbag"},
    {"x-chain", "x-chain"},
    {"xy-chain", "xy-chain"},
    {"aic", "alternating inference chain"},
};

TEST(LogicTechniques, EachCorpusPuzzleUsesItsTechniqueAndEveryStepFollowsFromItsPattern) {
    const auto loaded = np::corpus::load({corpus_file()});
    ASSERT_TRUE(loaded.ok()) << loaded.errors[0].message;
    std::set<std::string> covered;
    for (const auto& entry : loaded.corpus.puzzles) {
        const Grid& puzzle = std::get<Grid>(entry.puzzle);
        // Every fish the shape allows (N/2; the default, 4, on 9x9): the
        // big-fish entry needs more.
        const Explained e = explain(puzzle, {{"max-fish", std::to_string(puzzle.geometry.side() / 2)}});
        expect_agrees(puzzle, e, entry.id);
        EXPECT_EQ(e.out.verdict, Verdict::unique) << entry.id << ": " << e.out.message;
        EXPECT_EQ(e.out.steps, e.steps.size()) << entry.id;
        for (const std::string& tag : entry.tags) {
            if (tag == "logic") continue;
            ASSERT_TRUE(kTagNames.count(tag)) << entry.id << ": unknown tag " << tag;
            EXPECT_TRUE(e.techniques.count(kTagNames.at(tag))) << entry.id << " never uses " << kTagNames.at(tag);
            covered.insert(tag);
        }
    }
    EXPECT_EQ(covered.size(), kTagNames.size()) << "a technique without a corpus puzzle";
}

// The relaxed check can fail: a hidden single whose pattern leaves out one
// cell of its unit, or an x-wing without one of its base lines, no longer
// follows from it.
TEST(LogicTechniques, TheRelaxedCheckRefusesAPatternWithAFactMissing) {
    const auto loaded = np::corpus::load({corpus_file()});
    ASSERT_TRUE(loaded.ok());
    int tried = 0;
    for (const auto& entry : loaded.corpus.puzzles) {
        const Grid& puzzle = std::get<Grid>(entry.puzzle);
        const Explained e = explain(puzzle, {}, false);
        np::StepState state(puzzle);
        for (const Step& step : e.steps) {
            if (step.technique == "hidden single" || step.technique == "x-wing") {
                EXPECT_EQ(relaxed_problem(state, step), "") << entry.id;
                Step cut = step;
                const std::size_t keep = step.technique == "x-wing" ? cut.pattern.size() / 2 : cut.pattern.size() - 1;
                cut.pattern.resize(keep);
                EXPECT_NE(relaxed_problem(state, cut), "") << entry.id << ": " << step.technique << " " << step.where;
                ++tried;
            }
            ASSERT_EQ(state.apply(step), "");
        }
    }
    EXPECT_GT(tried, 10);
}

// Both kinds of simple colouring, and every step named as docs/logic.md says.
TEST(LogicTechniques, StepsCarryTheirWhere) {
    const auto loaded = np::corpus::load({corpus_file()});
    ASSERT_TRUE(loaded.ok());
    for (const auto& entry : loaded.corpus.puzzles) {
        const Grid& puzzle = std::get<Grid>(entry.puzzle);
        const Explained e = explain(puzzle, {}, false);
        const std::size_t others = static_cast<std::size_t>(puzzle.geometry.side() - 1);
        for (const Step& step : e.steps) {
            EXPECT_FALSE(step.where.empty()) << entry.id << ": " << step.technique;
            EXPECT_LE(step.where.size(), np::kMaxWhereBytes);
            if (step.technique == "hidden single") {
                EXPECT_EQ(step.pattern.size(), others) << "the other cells of the unit";
                EXPECT_EQ(step.placements.size(), 1u);
            }
            if (step.technique == "naked pair") {
                EXPECT_EQ(step.pattern.size(), 2u);
                EXPECT_EQ(step.pattern[0].value, 0);
            }
        }
    }
}

// ---- The rated datasets: answers and patterns --------------------------------------

void check_dataset_head(const std::string& path, std::size_t how_many, int& solved) {
    const auto lines = np::test::read_lines(path);
    for (std::size_t i = 0; i < lines.size() && i < how_many; ++i) {
        const Grid puzzle = np::test::parse(lines[i]);
        const Explained e = explain(puzzle);
        expect_agrees(puzzle, e, path + " line " + std::to_string(i + 1));
        if (e.out.verdict == Verdict::unique) ++solved;
    }
}

TEST(LogicDatasets, ExchangeDiabolicalHeadAgreesWithTheOracleAndEveryStepFollows) {
    NP_REQUIRE_DATASET(path, "exchange_diabolical.txt");
    int solved = 0;
    check_dataset_head(path, 200, solved);
    EXPECT_GT(solved, 0);
}

TEST(LogicDatasets, Top1465HeadAgreesWithTheOracleAndEveryStepFollows) {
    NP_REQUIRE_DATASET(path, "top1465.txt");
    int solved = 0;
    check_dataset_head(path, 200, solved);
    EXPECT_GT(solved, 0);
}

// ---- Other shapes ------------------------------------------------------------------

// Puzzles of each shape made by bitmask-mrv (a unique puzzle each), and
// looser ones cut at random from a pattern grid (often several solutions:
// logic must then never claim one).
TEST(LogicShapes, GeneratedPuzzlesOfEveryShapeAgreeWithTheOracle) {
    const Geometry shapes[] = {{2, 2}, {2, 3}, {3, 2}, {3, 3}, {3, 4}, {4, 4}};
    const auto& generator = np::test::bundled_plugin("bitmask-mrv");
    for (const Geometry g : shapes) {
        // Minimal puzzles of 12x12 and up are mostly beyond these
        // techniques: those keep more clues.
        const bool large = g.side() >= 12;
        const int count = large ? 3 : 8;
        const OptionList options = large ? OptionList{{"minimal", "0"}, {"clues", std::to_string(g.cell_count() / 2)}} : OptionList{};
        const auto made = generator.generate(g, NP_GENERATE_PUZZLE, 11, static_cast<uint32_t>(count), options,
                                             np::test::node_budget(50'000'000));
        ASSERT_EQ(made.produced, static_cast<uint64_t>(count)) << made.message;
        int solved = 0;
        for (const Grid& puzzle : made.results) {
            const Explained e = explain(puzzle, {}, g.side() <= 9);
            expect_agrees(puzzle, e, g.name() + " " + np::test::text_of(puzzle));
            solved += e.out.verdict == Verdict::unique;
        }
        EXPECT_GT(solved, 0) << g.name();
        for (uint64_t seed = 1; seed <= 6; ++seed) {
            const Grid puzzle = np::test::remove_cells(np::test::pattern_grid(g, seed), 45 + 5 * static_cast<int>(seed), seed);
            expect_agrees(puzzle, explain(puzzle, {}, g.side() <= 9), g.name() + " cut " + np::test::text_of(puzzle));
        }
    }
}

TEST(LogicShapes, TwentyFiveByTwentyFiveByLogicAlone) {
    const Geometry g{5, 5};
    const auto made = np::test::bundled_plugin("bitmask-mrv").generate(
        g, NP_GENERATE_PUZZLE, 3, 1, {{"minimal", "0"}, {"clues", "360"}}, np::test::node_budget(50'000'000));
    ASSERT_EQ(made.produced, 1u) << made.message;
    const Grid& puzzle = made.results[0];
    const Explained e = explain(puzzle, {}, false);
    ASSERT_EQ(e.out.fault, np::Fault::none) << e.out.message;
    ASSERT_EQ(e.out.verdict, Verdict::unique) << e.out.message;
    EXPECT_TRUE(np::test::oracle_proves_unique(puzzle, np::test::kProofNodes, &e.out.solutions[0]));
}

// Wrong givens: a repeat is invalid; a grid with no solution is none when
// the contradiction shows (the oracle agrees either way).
TEST(LogicVerdicts, RepeatedGivensAreInvalid) {
    const Grid puzzle = np::test::parse("11..............", Geometry{2, 2});
    const auto out = np::test::bundled_plugin("logic").solve(puzzle, 2, {}, {});
    ASSERT_EQ(out.verdict, Verdict::invalid) << out.message;
    ASSERT_TRUE(out.error.has_value());
    EXPECT_EQ(out.error->code, np::ReasonCode::duplicate_in_row);
}

TEST(LogicVerdicts, AContradictionIsNoneAndTheOracleAgrees) {
    const Grid puzzle = np::test::parse(".23..1..4.......", Geometry{2, 2});  // r1c1 has no candidate
    const Explained e = explain(puzzle);
    EXPECT_EQ(e.out.verdict, Verdict::none) << e.out.message;
    expect_agrees(puzzle, e, "mini-none");
}

TEST(LogicVerdicts, StuckIsUnknownWithANote) {
    const Grid puzzle = np::test::parse(std::string(81, '.'));  // nothing to reason from
    const Explained e = explain(puzzle);
    ASSERT_EQ(e.out.fault, np::Fault::none);
    EXPECT_EQ(e.out.verdict, Verdict::unknown);
    EXPECT_EQ(e.out.message, "stuck after 0 steps: no technique applies");
}

TEST(LogicVerdicts, TheStepLimitAndTheNodeBudgetStopIt) {
    const auto loaded = np::corpus::load({corpus_file()});
    ASSERT_TRUE(loaded.ok());
    const Grid& puzzle = std::get<Grid>(loaded.corpus.puzzles.front().puzzle);
    np::Budget steps;
    steps.max_steps = 3;
    const Explained limited = explain(puzzle, {}, true, steps);
    EXPECT_EQ(limited.out.fault, np::Fault::none) << limited.out.message;
    EXPECT_EQ(limited.out.verdict, Verdict::unknown);
    EXPECT_EQ(limited.steps.size(), 3u);
    const auto starved = np::test::bundled_plugin("logic").solve(puzzle, 2, {}, np::test::node_budget(5));
    EXPECT_EQ(starved.fault, np::Fault::none) << starved.message;
    EXPECT_EQ(starved.verdict, Verdict::unknown);
}

// ---- Options -----------------------------------------------------------------------

TEST(LogicOptions, TechniquesSwitchOff) {
    const auto loaded = np::corpus::load({corpus_file()});
    ASSERT_TRUE(loaded.ok());
    for (const auto& entry : loaded.corpus.puzzles) {
        if (std::find(entry.tags.begin(), entry.tags.end(), "x-wing") == entry.tags.end()) continue;
        const Grid& puzzle = std::get<Grid>(entry.puzzle);
        const Explained without = explain(puzzle, {{"without", "x-wing"}});
        expect_agrees(puzzle, without, entry.id + " without x-wing");
        EXPECT_EQ(without.techniques.count("x-wing"), 0u);
        const Explained singles = explain(puzzle, {{"max-technique", "hidden-single"}});
        expect_agrees(puzzle, singles, entry.id + " singles only");
        EXPECT_EQ(singles.out.verdict, Verdict::unknown);
        for (const auto& [name, n] : singles.techniques)
            EXPECT_TRUE(name == "full house" || name == "naked single" || name == "hidden single") << name;
        const Explained no_fish = explain(puzzle, {{"max-fish", "1"}});
        EXPECT_EQ(no_fish.techniques.count("x-wing"), 0u);
    }
}

TEST(LogicOptions, FishBoundOutsideOneToSeventeenIsRefused) {
    const Grid puzzle = np::test::parse(std::string(16, '.'), Geometry{2, 2});
    for (const char* bad : {"0", "18", "-3"}) {
        const auto out = np::test::bundled_plugin("logic").solve(puzzle, 2, {{"max-fish", bad}}, {});
        EXPECT_EQ(out.status, static_cast<uint32_t>(NP_BAD_OPTION)) << bad;
    }
}

// Big fish on 16x16: with the bound at 8 every generated puzzle still
// agrees with the oracle, and the host certifies every step.
TEST(LogicOptions, LargeFishBoundOnSixteenBySixteen) {
    const auto made = np::test::bundled_plugin("bitmask-mrv").generate(Geometry{4, 4}, NP_GENERATE_PUZZLE, 5, 3, {}, np::test::node_budget(50'000'000));
    ASSERT_EQ(made.produced, 3u);
    for (const Grid& puzzle : made.results)
        expect_agrees(puzzle, explain(puzzle, {{"max-fish", "8"}}, false), "16x16 " + np::test::text_of(puzzle));
}

// ---- Pencilmarks ---------------------------------------------------------------------

// A puzzle with candidate masks (NP_CAP_CANDIDATES): the masks less some
// wrong candidates; logic's steps start from them and its solution keeps them.
TEST(LogicCandidates, MasksAreTheStartingState) {
    const auto loaded = np::corpus::load({corpus_file()});
    ASSERT_TRUE(loaded.ok());
    for (const auto& entry : loaded.corpus.puzzles) {
        Grid puzzle = std::get<Grid>(entry.puzzle);
        const Grid solution = *entry.expect.solution;
        puzzle.candidates.assign(puzzle.cells.size(), 0);
        np::Rng rng(7);
        for (std::size_t i = 0; i < puzzle.cells.size(); ++i) {
            const uint64_t all = 0x3fe;
            const uint64_t keep = all & ~(rng.below(3) == 0 ? uint64_t{1} << (1 + rng.below(9)) : 0);
            puzzle.candidates[i] = puzzle.cells[i] != 0 ? uint64_t{1} << puzzle.cells[i] : keep | uint64_t{1} << solution.cells[i];
        }
        const Explained e = explain(puzzle);
        ASSERT_EQ(e.out.fault, np::Fault::none) << entry.id << ": " << e.out.message;
        EXPECT_TRUE(e.refuted.empty()) << entry.id << ": " << e.refuted[0];
        ASSERT_EQ(e.out.verdict, Verdict::unique) << entry.id << ": " << e.out.message;
        EXPECT_EQ(e.out.solutions[0].cells, solution.cells) << entry.id;
    }
}
