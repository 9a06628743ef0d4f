// The bundled plugins prove their verdicts (docs/proofs.md): every unique,
// none and exact count that exhaustive-count and bitmask-mrv answer after a
// complete search comes with a case-split tree, and the framework's checker
// (np::ProofIntake, with its own propagation) accepts it. The checker is the
// independent prover here: no plugin's answer judges a proof, and the
// verdicts are also held to the corpus's expectations. The puzzles are the
// corpus's, of every shape it has (4x4 to 25x25), solved in this process
// through a Session and through the worker runner; generated puzzles bring
// a proof of their uniqueness. A truncated copy of a real proof is refused,
// so these checks can fail.

#include <gtest/gtest.h>

#include <cctype>
#include <cstdint>
#include <filesystem>
#include <ostream>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "corpus/corpus.hpp"
#include "numplace/host.hpp"
#include "numplace/proof.hpp"
#include "numplace/random.hpp"
#include "numplace/reason.hpp"
#include "runner/runner.hpp"
#include "test_support.hpp"

namespace {

using np::Budget;
using np::Geometry;
using np::Grid;
using np::OptionList;
using np::ProofStatus;
using np::Session;
using np::SolveOutcome;
using np::Verdict;

// Far above any proof below (the corpus's largest are about 10 KB).
constexpr uint64_t kProofBytes = 256ull << 20;

Budget proving_budget(uint64_t max_nodes = 5'000'000) {
    Budget budget;
    budget.max_nodes = max_nodes;
    budget.max_proof_bytes = kProofBytes;
    return budget;
}

struct Proved {
    SolveOutcome out;
    std::string bytes;  // the proof as written, when kept
};

// Solves with a proof asked; its bytes go to the framework's checker as they
// come (the plugin's own code never judges them), and are kept when `keep`.
Proved solve_proving(Session& session, const Grid& puzzle, uint64_t limit, const OptionList& options = {},
                     bool keep = false, uint64_t max_nodes = 5'000'000) {
    const Budget budget = proving_budget(max_nodes);
    np::ProofIntake intake(puzzle, budget.max_proof_bytes);
    Proved proved;
    proved.out = session.solve(puzzle, limit, options, budget, [&](uint64_t result, std::string_view chunk) {
        EXPECT_EQ(result, 0u);
        if (keep) proved.bytes.append(chunk);
        return intake.feed(chunk);
    });
    intake.judge(proved.out);
    return proved;
}

std::vector<np::corpus::PuzzleEntry> corpus_entries(const std::string& file) {
    auto loaded = np::corpus::load({np::test::source_dir() + "/../corpus/" + file});
    EXPECT_TRUE(loaded.ok()) << file;
    return loaded.corpus.puzzles;
}

// What the proofs of one corpus file came to.
struct Tally {
    int unique = 0, none = 0, multiple = 0, undecided = 0;
};

// Every entry of `file` (the first `most` of them) through `plugin` with
// limit 2: each unique or none verdict agrees with the corpus and its proof
// is checked; a multiple verdict (stopped at the limit) has nothing to prove.
Tally prove_corpus(const std::string& plugin, const std::string& file, std::size_t most,
                   const OptionList& options = {}) {
    Session session(np::test::bundled_plugin(plugin));
    Tally tally;
    const auto entries = corpus_entries(file);
    for (std::size_t i = 0; i < entries.size() && i < most; ++i) {
        const auto& entry = entries[i];
        const Grid* puzzle = std::get_if<Grid>(&entry.puzzle);
        if (puzzle == nullptr || entry.expect.verdict == Verdict::invalid) continue;
        const Proved proved = solve_proving(session, *puzzle, 2, options);
        const SolveOutcome& out = proved.out;
        const std::string who = plugin + " on " + entry.id;
        if (out.verdict == Verdict::unknown) {
            ++tally.undecided;
            continue;
        }
        EXPECT_EQ(out.verdict, entry.expect.verdict) << who;
        if (out.verdict == Verdict::multiple) {
            ++tally.multiple;
            EXPECT_EQ(out.proof.status, ProofStatus::absent) << who << ": " << out.proof.note;
            continue;
        }
        EXPECT_EQ(out.proof.declared, NP_PROOF_WRITTEN) << who;
        EXPECT_EQ(out.proof.status, ProofStatus::checked) << who << ": " << out.proof.note;
        EXPECT_GT(out.proof.nodes, 0u) << who;
        ++(out.verdict == Verdict::unique ? tally.unique : tally.none);
    }
    return tally;
}

// ---- Every shape the corpus has, through a Session --------------------------------------

struct ShapeCase {
    const char* plugin;
    const char* file;
    std::size_t most;       // entries taken from the file
    int unique, none;       // checked proofs expected at least
};

void PrintTo(const ShapeCase& c, std::ostream* os) { *os << c.plugin << " on " << c.file; }

class ProvesCorpus : public ::testing::TestWithParam<ShapeCase> {};

TEST_P(ProvesCorpus, EveryUniqueAndNoneVerdictIsChecked) {
    const ShapeCase& c = GetParam();
    const Tally tally = prove_corpus(c.plugin, c.file, c.most);
    EXPECT_EQ(tally.undecided, 0) << "a search ran out of its budget";
    EXPECT_GE(tally.unique, c.unique);
    EXPECT_GE(tally.none, c.none);
}

std::string case_name(const ::testing::TestParamInfo<ShapeCase>& info) {
    std::string name = std::string(info.param.plugin) + "_" + info.param.file;
    for (char& ch : name)
        if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
    return name;
}

INSTANTIATE_TEST_SUITE_P(
    Plugins, ProvesCorpus,
    ::testing::Values(ShapeCase{"exhaustive-count", "sizes-2x2.yaml", 100, 8, 8},
                      ShapeCase{"exhaustive-count", "sizes-2x3.yaml", 100, 8, 8},
                      ShapeCase{"exhaustive-count", "top95.yaml", 30, 30, 0},
                      ShapeCase{"exhaustive-count", "unsolvable.yaml", 100, 0, 12},
                      ShapeCase{"exhaustive-count", "17clue.yaml", 20, 20, 0},
                      ShapeCase{"exhaustive-count", "sizes-3x4.yaml", 100, 6, 6},
                      ShapeCase{"exhaustive-count", "sizes-4x4.yaml", 100, 3, 4},
                      ShapeCase{"exhaustive-count", "sizes-5x5.yaml", 100, 1, 1},
                      ShapeCase{"bitmask-mrv", "sizes-2x2.yaml", 100, 8, 8},
                      ShapeCase{"bitmask-mrv", "sizes-2x3.yaml", 100, 8, 8},
                      ShapeCase{"bitmask-mrv", "top95.yaml", 100, 95, 0},
                      ShapeCase{"bitmask-mrv", "unsolvable.yaml", 100, 0, 12},
                      ShapeCase{"bitmask-mrv", "17clue.yaml", 100, 100, 0},
                      ShapeCase{"bitmask-mrv", "hardest-110626.yaml", 100, 100, 0},
                      ShapeCase{"bitmask-mrv", "sizes-3x4.yaml", 100, 6, 6},
                      ShapeCase{"bitmask-mrv", "sizes-4x4.yaml", 100, 3, 4},
                      ShapeCase{"bitmask-mrv", "sizes-5x5.yaml", 100, 1, 1}),
    case_name);

// The any-shape engine on 9x9 walks the same tree as the 9x9 one; its proofs
// are checked too.
TEST(BitmaskMrvProofs, TheGeneralEngineProvesToo) {
    const Tally hard = prove_corpus("bitmask-mrv", "top95.yaml", 30, {{"engine", "general"}});
    EXPECT_EQ(hard.unique, 30);
    const Tally none = prove_corpus("bitmask-mrv", "unsolvable.yaml", 100, {{"engine", "general"}});
    EXPECT_EQ(none.none, 12);
}

// ---- Every box shape, every kind of answer ---------------------------------------------

// Puzzles of one shape: cells emptied from a full grid (backtrack's, a
// plugin that proves nothing here), so one solution or many; half of them
// also get a wrong clue that breaks no rule, which often leaves none.
std::vector<Grid> random_puzzles(Geometry geometry, int count, int percent, uint64_t seed) {
    std::vector<Grid> puzzles;
    np::Rng rng(seed);
    for (int k = 0; k < count; ++k) {
        const Grid full = np::test::generated_grid("backtrack", geometry, seed + k);
        Grid puzzle = np::test::remove_cells(full, percent, seed * 1000 + k);
        for (int tries = 0; k % 2 == 1 && tries < 50; ++tries) {
            const std::size_t cell = rng.below(puzzle.cells.size());
            const auto value = static_cast<uint8_t>(1 + rng.below(geometry.side()));
            if (puzzle.cells[cell] != 0 || value == full.cells[cell]) continue;
            Grid wrong = puzzle;
            wrong.cells[cell] = value;
            if (!np::check_rules(wrong).empty()) continue;
            puzzle = wrong;
            break;
        }
        puzzles.push_back(puzzle);
    }
    return puzzles;
}

// Each complete answer (limit: all), whatever its count, is proved; and
// the shapes' boxes (R x C and C x R) are where a unit's numbering matters.
TEST(PluginProofs, RandomPuzzlesOfEveryBoxShape) {
    struct Case {
        Geometry geometry;
        int percent;
    };
    const Case cases[] = {{{2, 2}, 70}, {{2, 3}, 60}, {{3, 2}, 60}, {{2, 4}, 55}, {{4, 2}, 55},
                          {{3, 3}, 55}, {{3, 4}, 45}, {{4, 3}, 45}};
    for (const char* plugin : {"exhaustive-count", "bitmask-mrv"}) {
        Session session(np::test::bundled_plugin(plugin));
        for (const Case& c : cases) {
            int none = 0, unique = 0, several = 0;
            for (const Grid& puzzle : random_puzzles(c.geometry, 12, c.percent, 40 + c.geometry.side())) {
                const Proved proved = solve_proving(session, puzzle, NP_UNLIMITED, {}, false, 200'000);
                const SolveOutcome& out = proved.out;
                const std::string who = std::string(plugin) + " on " + np::test::text_of(puzzle);
                if (!out.complete) continue;  // too many solutions for the budget
                EXPECT_EQ(out.proof.status, ProofStatus::checked) << who << ": " << out.proof.note;
                ++(out.count == 0 ? none : out.count == 1 ? unique : several);
            }
            EXPECT_GT(none + unique + several, 6) << plugin << " " << c.geometry.name();
            EXPECT_GT(none, 0) << plugin << " " << c.geometry.name();
        }
    }
}

// simd on each of its paths (a path the CPU lacks skips, visibly): its
// propagation is a subset of the checker's rules, so a plain case split
// proves (plugins/simd/README.md, "Proofs"); complete counts too, and each
// puzzle it generates comes with a proof.
class SimdProofs : public ::testing::TestWithParam<std::string> {
protected:
    void SetUp() override {
        const std::string path = GetParam();
        if ((path == "avx512" && !__builtin_cpu_supports("avx512f")) || (path == "avx2" && !__builtin_cpu_supports("avx2")) ||
            (path == "sse4.1" && !__builtin_cpu_supports("sse4.1")))
            GTEST_SKIP() << "this CPU has no " << path;
    }
    OptionList options() const { return {{"path", GetParam()}}; }
};

TEST_P(SimdProofs, TheCorpusVerdictsAreChecked) {
    EXPECT_EQ(prove_corpus("simd", "top95.yaml", 100, options()).unique, 95);
    EXPECT_EQ(prove_corpus("simd", "hardest-110626.yaml", 100, options()).unique, 100);
    EXPECT_EQ(prove_corpus("simd", "unsolvable.yaml", 100, options()).none, 12);
}

TEST_P(SimdProofs, CompleteCountsAndGeneratedPuzzlesAreChecked) {
    Session session(np::test::bundled_plugin("simd"));
    int proved = 0;
    for (const Grid& puzzle : random_puzzles(Geometry{3, 3}, 12, 55, 49)) {
        const Proved out = solve_proving(session, puzzle, NP_UNLIMITED, options(), false, 200'000);
        if (!out.out.complete) continue;
        EXPECT_EQ(out.out.proof.status, ProofStatus::checked) << np::test::text_of(puzzle) << ": " << out.out.proof.note;
        ++proved;
    }
    EXPECT_GT(proved, 6);
    std::vector<std::string> bytes(3);
    const auto made = session.generate(Geometry{3, 3}, NP_GENERATE_PUZZLE, 5, 0, 3, options(), proving_budget(), {},
                                       [&](uint64_t result, std::string_view chunk) {
                                           if (result < 3) bytes[result].append(chunk);
                                           return result < 3;
                                       });
    ASSERT_TRUE(made.ok) << made.message;
    ASSERT_EQ(made.results.size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) {
        np::ProofIntake intake(made.results[i], kProofBytes);
        intake.feed(bytes[i]);
        EXPECT_EQ(intake.judge_generated(bytes[i].size()).status, ProofStatus::checked) << i;
    }
}

INSTANTIATE_TEST_SUITE_P(Paths, SimdProofs, ::testing::Values("avx512", "avx2", "sse4.1", "portable"),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                             return info.param == "sse4.1" ? std::string("sse4_1") : info.param;
                         });

// ---- Exact counts ----------------------------------------------------------------------

// A complete count is a claim of its own: exactly n solutions.
void expect_count_proved(const std::string& plugin, const Grid& puzzle, uint64_t expected) {
    Session session(np::test::bundled_plugin(plugin));
    const Proved proved = solve_proving(session, puzzle, NP_UNLIMITED);
    EXPECT_TRUE(proved.out.complete) << plugin;
    EXPECT_EQ(proved.out.count, expected) << plugin;
    EXPECT_EQ(proved.out.proof.status, ProofStatus::checked) << plugin << ": " << proved.out.proof.note;
}

TEST(CountProofs, TheEmptyFourByFourHas288Grids) {
    // 288: every 4x4 grid, a published count (and exhaustive_count_test's).
    expect_count_proved("exhaustive-count", Grid(Geometry{2, 2}), 288);
    expect_count_proved("bitmask-mrv", Grid(Geometry{2, 2}), 288);
}

TEST(CountProofs, CorpusCountsAreProved) {
    // tdoku's puzzles with their published counts; the small ones.
    int proved = 0;
    for (const auto& entry : corpus_entries("tdoku-counts.yaml")) {
        const Grid* puzzle = std::get_if<Grid>(&entry.puzzle);
        if (puzzle == nullptr || !entry.expect.count || *entry.expect.count < 2 || *entry.expect.count > 2000)
            continue;
        for (const char* plugin : {"exhaustive-count", "bitmask-mrv"}) expect_count_proved(plugin, *puzzle, *entry.expect.count);
        if (++proved == 10) break;
    }
    EXPECT_EQ(proved, 10);
}

TEST(CountProofs, ACountProvedIsNotAnotherCount) {
    // The same bytes do not prove 287: the checker counts its own solutions.
    Session session(np::test::bundled_plugin("exhaustive-count"));
    const Grid empty(Geometry{2, 2});
    const Proved proved = solve_proving(session, empty, NP_UNLIMITED, {}, true);
    ASSERT_EQ(proved.out.proof.status, ProofStatus::checked) << proved.out.proof.note;
    np::ProofChecker checker(empty, kProofBytes);
    ASSERT_TRUE(checker.feed(proved.bytes));
    const np::ProofResult r = checker.finish(np::ProofClaim::exactly(287), nullptr);
    EXPECT_FALSE(r.accepted);
    EXPECT_NE(r.reason.find("288 solutions"), std::string::npos) << r.reason;
}

// ---- What cannot be proved --------------------------------------------------------------

TEST(BitmaskMrvProofs, ForwardBackwardDeclaresItCannotProve) {
    // Two searches in opposite orders prove uniqueness by an argument about
    // the tree they share, not by a tree a checker can walk.
    Session session(np::test::bundled_plugin("bitmask-mrv"));
    const auto entries = corpus_entries("top95.yaml");
    const Grid& puzzle = std::get<Grid>(entries.at(0).puzzle);
    const Proved proved = solve_proving(session, puzzle, 2, {{"uniqueness", "forward-backward"}});
    EXPECT_EQ(proved.out.verdict, Verdict::unique);
    EXPECT_EQ(proved.out.proof.declared, NP_PROOF_CANNOT);
    EXPECT_EQ(proved.out.proof.status, ProofStatus::absent);
    EXPECT_EQ(proved.out.proof.bytes, 0u);
    // With its default option the same puzzle is proved.
    EXPECT_EQ(solve_proving(session, puzzle, 2).out.proof.status, ProofStatus::checked);
}

TEST(PluginProofs, ASearchCutShortIsNotDeclaredAProof) {
    for (const char* plugin : {"exhaustive-count", "bitmask-mrv"}) {
        Session session(np::test::bundled_plugin(plugin));
        const Proved proved = solve_proving(session, Grid(Geometry{3, 3}), NP_UNLIMITED, {}, false, 50);
        EXPECT_FALSE(proved.out.complete) << plugin;
        EXPECT_EQ(proved.out.stop, NP_STOP_BUDGET) << plugin;
        EXPECT_NE(proved.out.proof.declared, NP_PROOF_WRITTEN) << plugin;
        EXPECT_EQ(proved.out.proof.status, ProofStatus::absent) << plugin;
    }
}

// ---- The checker can say no -----------------------------------------------------------------

// The first of the hard puzzles whose proof by `plugin` is a real search
// (bitmask-mrv's propagation alone solves some, and its proof is then one leaf).
Proved a_long_proof(Session& session, const Grid*& puzzle) {
    static const auto entries = corpus_entries("top95.yaml");
    for (const auto& entry : entries) {
        puzzle = &std::get<Grid>(entry.puzzle);
        Proved proved = solve_proving(session, *puzzle, 2, {}, true);
        if (proved.bytes.size() >= 100) return proved;
    }
    ADD_FAILURE() << "no proof of 100 bytes or more";
    return {};
}

TEST(PluginProofs, ATruncatedProofIsRejected) {
    for (const char* plugin : {"exhaustive-count", "bitmask-mrv"}) {
        Session session(np::test::bundled_plugin(plugin));
        const Grid* found = nullptr;
        const Proved proved = a_long_proof(session, found);
        ASSERT_NE(found, nullptr);
        const Grid& puzzle = *found;
        ASSERT_EQ(proved.out.proof.status, ProofStatus::checked) << plugin << ": " << proved.out.proof.note;
        const Grid& witness = proved.out.solutions.at(0);

        np::ProofChecker whole(puzzle, kProofBytes);
        whole.feed(proved.bytes);
        EXPECT_TRUE(whole.finish(np::ProofClaim::unique(), &witness).accepted) << plugin;

        for (std::size_t keep : {proved.bytes.size() - 1, proved.bytes.size() / 2}) {
            np::ProofChecker cut(puzzle, kProofBytes);
            cut.feed(std::string_view(proved.bytes).substr(0, keep));
            const np::ProofResult r = cut.finish(np::ProofClaim::unique(), &witness);
            EXPECT_FALSE(r.accepted) << plugin << " " << keep;
            EXPECT_NE(r.reason.find("the proof ends"), std::string::npos) << r.reason;
        }
        // Nor does it prove another claim.
        np::ProofChecker none(puzzle, kProofBytes);
        none.feed(proved.bytes);
        EXPECT_FALSE(none.finish(np::ProofClaim::none(), nullptr).accepted) << plugin;
    }
}

// ---- Through the worker runner ------------------------------------------------------------

np::runner::Settings worker_settings() {
    np::runner::Settings settings;
    settings.worker_program = (std::filesystem::path(NUMPLACE_TEST_BINARY).parent_path() / "numplace-worker").string();
    return settings;
}

TEST(RunnerProofs, WorkersProofsAreCheckedInTheParent) {
    auto runner = np::runner::make_runner(worker_settings());
    std::vector<Grid> puzzles;
    for (const char* file : {"sizes-2x3.yaml", "unsolvable.yaml", "top95.yaml"}) {
        const auto entries = corpus_entries(file);
        for (std::size_t i = 0; i < 3; ++i) puzzles.push_back(std::get<Grid>(entries.at(i).puzzle));
    }
    std::vector<const Grid*> batch;
    for (const Grid& g : puzzles) batch.push_back(&g);
    for (const char* name : {"exhaustive-count", "bitmask-mrv"}) {
        const np::Plugin& plugin = np::test::bundled_plugin(name);
        const auto outs = runner->solve(plugin, batch, 2, {}, proving_budget());
        ASSERT_EQ(outs.size(), batch.size());
        int checked = 0;
        for (const SolveOutcome& out : outs) {
            if (out.verdict != Verdict::unique && out.verdict != Verdict::none) continue;
            EXPECT_EQ(out.proof.status, ProofStatus::checked) << name << ": " << out.proof.note;
            checked += out.proof.status == ProofStatus::checked;
        }
        EXPECT_GE(checked, 8) << name;  // the 6x6 entries may include a multiple
    }
}

TEST(RunnerProofs, GeneratedPuzzlesComeWithProofsOfUniqueness) {
    const np::Plugin& plugin = np::test::bundled_plugin("bitmask-mrv");
    for (const bool in_process : {false, true}) {
        np::runner::Settings settings = worker_settings();
        settings.in_process = in_process;
        auto runner = np::runner::make_runner(settings);
        for (const Geometry geometry : {Geometry{2, 2}, Geometry{2, 3}, Geometry{3, 3}}) {
            const auto made = runner->generate(plugin, geometry, NP_GENERATE_PUZZLE, 25, 0, 3, {}, proving_budget());
            ASSERT_TRUE(made.ok) << made.message;
            ASSERT_EQ(made.results.size(), 3u);
            ASSERT_EQ(made.proofs.size(), 3u);
            for (const auto& proof : made.proofs) {
                EXPECT_EQ(proof.status, ProofStatus::checked) << geometry.side() << ": " << proof.note;
                EXPECT_GT(proof.nodes, 0u);
            }
        }
    }
}

TEST(RunnerProofs, GeneratedPuzzleProofsThroughASession) {
    // 12x12 puzzles too, each proof tagged with its puzzle's index.
    Session session(np::test::bundled_plugin("bitmask-mrv"));
    std::vector<std::string> bytes(2);
    const auto made = session.generate(Geometry{3, 4}, NP_GENERATE_PUZZLE, 7, 0, 2, {}, proving_budget(), {},
                                       [&](uint64_t result, std::string_view chunk) {
                                           EXPECT_LT(result, 2u);
                                           if (result < 2) bytes[result].append(chunk);
                                           return true;
                                       });
    ASSERT_TRUE(made.ok) << made.message;
    ASSERT_EQ(made.results.size(), 2u);
    for (std::size_t i = 0; i < 2; ++i) {
        np::ProofIntake intake(made.results[i], kProofBytes);
        intake.feed(bytes[i]);
        EXPECT_EQ(intake.judge_generated(bytes[i].size()).status, ProofStatus::checked) << i;
    }
}

}  // namespace
