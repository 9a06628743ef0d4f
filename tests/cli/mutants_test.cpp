// The harness must catch real bugs: each mutant plugin (tests/mutants/
// mutant.cpp) is a mistake solver authors really make, and verify or fuzz
// must flag it with the right kind of finding. The correct plugin the
// mutants come from passes both: no false alarm. (Which command caught what,
// and how fast: docs/verification.md.)
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>


#include "test_support.hpp"

namespace {

using np::test::real_segv;
using np::test::run_cli;

std::string mutant_dir() { return np::test::fixture_dir() + "/../mutant-plugins"; }

struct Expectation {
    std::string mutant;
    std::vector<std::string> command;  // after the plugin flags
    std::string first_line;            // what the first line of stdout starts with
};

// What ctest's list shows of a parameter.
void PrintTo(const Expectation& e, std::ostream* os) { *os << e.mutant << " by " << e.command[0]; }

// A verify of the corpus file FILE, or, for "FILE#ID", of the one entry ID
// of it (copied to a file of its own when the test runs): the entry the
// expected first line names. The whole corpus gives the same first line
// (rows come in file order, and the named entry is the first failure) at a
// hundred times the cost: the six proof mutants were seven whole-corpus
// verifies in one test (1,455 s under the sanitizers).
// The generator sweep (13 s of a mutant's generator) is left out: its rows
// come after the entries'.
std::vector<std::string> verify_on(const std::string& source) { return {"verify", "--no-generator-sweep", source}; }

// The argument for a verify_on source, writing the entry's file into `dir`.
std::string corpus_argument(const std::string& source, const std::string& dir) {
    const auto hash = source.find('#');
    const std::string file = np::test::source_dir() + "/../corpus/" + source.substr(0, hash);
    if (hash == std::string::npos) return file;
    const std::string id = source.substr(hash + 1);
    const std::string text = np::test::read_file(file);
    const auto from = text.find("- id: " + id + "\n");
    EXPECT_NE(from, std::string::npos) << id << " is not in " << file;
    const auto to = text.find("\n- id: ", from + 1);
    const std::string entry = dir + "/" + id + ".yaml";
    std::ofstream(entry) << text.substr(from, to == std::string::npos ? std::string::npos : to + 1 - from);
    return entry;
}

// fuzz stops at its first failure; its line is "FAIL mutant-x: property: ..."
// (the kind, for a fault). Both catch the miscount: fuzz by its count
// property, verify by the corpus's counts.
// verify lists every failure; its first line is "FAIL mutant-x ENTRY: kind: ...".
// The proof mutants are caught by verify (below; in fuzz by the proof
// property, tests/cli/proof_fuzz_test.cpp, with less shrinking than here).
// fuzz runs three seeds (a fixed amount of work, never a duration) with its
// default settings, except for the endless loop: there a 1 s --timeout and
// 10 s of shrinking, since every shrinking step that still hangs waits for
// the watchdog. verify runs with its default settings on one corpus file
// or one entry.
// tests/mutants/who-caught-what runs both commands on every mutant, with
// timings: the table in docs/verification.md.
const std::vector<std::string> kFuzz = {"fuzz", "--seed", "1", "--seeds", "3"};
const std::vector<Expectation> kExpected = {
    {"box-le", kFuzz, "FAIL mutant-box-le: agreement: says none"},
    {"one-forward", kFuzz, "FAIL mutant-one-forward: agreement: says unique"},
    {"twin-search", kFuzz, "FAIL mutant-twin-search: agreement: says unique"},
    {"given-ignored", kFuzz, "FAIL mutant-given-ignored: certificate: mutant-given-ignored gave a wrong answer"},
    {"box-swapped", kFuzz, "FAIL mutant-box-swapped: certificate: mutant-box-swapped gave a wrong answer"},
    {"column-dup", kFuzz,
     "FAIL mutant-column-dup: certificate: mutant-column-dup gave a wrong answer: the givens break a rule"},
    {"count-plus-one", kFuzz, "FAIL mutant-count-plus-one: count: counts "},
    {"count-plus-one", verify_on("tdoku-counts.yaml"), "FAIL mutant-count-plus-one tdoku-counts-"},
    {"gave-up-none", kFuzz, "FAIL mutant-gave-up-none: agreement: says none"},
    {"same-twice", kFuzz,
     "FAIL mutant-same-twice: certificate: mutant-same-twice gave a wrong answer: its two witnesses are the same grid"},
    {"segv-25", kFuzz, "FAIL mutant-segv-25: crashed: mutant-segv-25 crashed: SIGSEGV"},
    {"loop-none", {"fuzz", "--seed", "1", "--seeds", "3", "--timeout", "1", "--shrink-seconds", "10"},
     "FAIL mutant-loop-none: timed-out: mutant-loop-none ignored its 1 s deadline: killed by the watchdog"},
    {"throw-12", kFuzz, "FAIL mutant-throw-12: crashed: mutant-throw-12 crashed: SIGABRT"},
    {"seedless", kFuzz, "FAIL mutant-seedless: generator: "},
    {"one-too-many", kFuzz, "FAIL mutant-one-too-many: generator: "},
    // Lying proofs (docs/proofs.md): verify asks for proofs by default, and a
    // rejected one fails its row as a certificate failure; the first row
    // whose proof is rejected, with the checker's reason.
    {"proof-drops-branch", verify_on("17clue.yaml#17clue-1331"),
     "FAIL mutant-proof-drops-branch 17clue-1331: certificate: its proof was rejected: node 1: split on r9c4 misses value 9"},
    {"proof-non-candidate", verify_on("17clue.yaml#17clue-1331"),
     "FAIL mutant-proof-non-candidate 17clue-1331: certificate: its proof was rejected: node 11,561: split on r9c5 misses value 7"},
    {"proof-open-leaf", verify_on("17clue.yaml#17clue-8009"),
     "FAIL mutant-proof-open-leaf 17clue-8009: certificate: its proof was rejected: node 2: a leaf, but r1c1 still has 2 candidates"},
    {"proof-truncated", verify_on("17clue.yaml#17clue-124"),
     "FAIL mutant-proof-truncated 17clue-124: certificate: its proof was rejected: the proof ends before node "},
    {"proof-other-puzzle", verify_on("17clue.yaml#17clue-1331"),
     "FAIL mutant-proof-other-puzzle 17clue-1331: certificate: its proof was rejected: node 17,708: split on r9c1 misses value 1"},
    {"proof-hides-twin", verify_on("sizes-2x2.yaml#sizes-2x2-10"),
     "FAIL mutant-proof-hides-twin sizes-2x2-10: certificate: its proof was rejected: the proof shows 2 solutions, but the claim is unique"},
};

// One ctest test per mutant (gtest_discover_tests lists each instance), so
// that `ctest -j2` runs two at once; "Slow" leads the name for the slow label.
class Mutant : public ::testing::TestWithParam<Expectation> {};

TEST_P(Mutant, IsCaughtWithTheRightKind) {
    const Expectation& e = GetParam();
    char name[] = "/tmp/numplace-mutant-XXXXXX";
    const std::string dir = mkdtemp(name);
    std::vector<std::string> args = {e.command[0], "--plugin-dir", mutant_dir(), "--plugins", "mutant-" + e.mutant};
    args.insert(args.end(), e.command.begin() + 1, e.command.end());
    if (e.command[0] == "verify") args.back() = corpus_argument(args.back(), dir);
    auto run = run_cli(args, "", real_segv());
    std::filesystem::remove_all(dir);
    EXPECT_EQ(run.exit_code, 1) << e.mutant << ": " << run.out << run.err;
    EXPECT_EQ(run.out.rfind(e.first_line, 0), 0u) << e.mutant << ": " << run.out.substr(0, run.out.find('\n'));
}

std::string test_name(const ::testing::TestParamInfo<Expectation>& info) {
    std::string name = info.param.mutant + "_by_" + info.param.command[0];
    for (char& c : name)
        if (c == '-') c = '_';
    return name;
}

INSTANTIATE_TEST_SUITE_P(SlowEach, Mutant, ::testing::ValuesIn(kExpected), test_name);

// The correct plugin the mutants come from: no false alarm, by fuzz or by a
// whole-corpus verify (two tests, so that -j2 overlaps them).
TEST(SlowMutants, TheCorrectPluginRaisesNoFalseAlarmInFuzz) {
    std::vector<std::string> args = {"fuzz", "--plugin-dir", mutant_dir(), "--plugins", "mutant-none"};
    args.insert(args.end(), kFuzz.begin() + 1, kFuzz.end());
    auto run = run_cli(args);
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
}

// The whole corpus in a Release build; under the sanitizers (162 s there:
// they check memory, the Release suite the alarms) four files of every kind
// of row: solved, unknown within the budget, invalid, other shapes.
TEST(SlowMutants, TheCorrectPluginRaisesNoFalseAlarmInVerify) {
    std::vector<std::string> args = {"verify", "--plugin-dir", mutant_dir(), "--plugins", "mutant-none"};
    const std::string corpus = np::test::source_dir() + "/../corpus/";
    if (np::sanitizer_build())
        for (const char* file : {"top95.yaml", "invalid.yaml", "sizes-2x3.yaml", "unsolvable.yaml"}) args.push_back(corpus + file);
    auto run = run_cli(args);
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
}

}  // namespace
