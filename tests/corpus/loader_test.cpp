// The corpus loader: good entries load as written; every schema error is
// reported with its 1-based file:line:column and a plain sentence.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "corpus/corpus.hpp"
#include "test_support.hpp"

namespace {

namespace fs = std::filesystem;
using np::Geometry;
using np::Grid;
using np::ReasonCode;
using np::Verdict;
using np::corpus::LoadResult;

// Seed 002's example board and its solution.
constexpr const char* kPuzzle =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
constexpr const char* kSolution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

std::string data(const std::string& name) { return np::test::source_dir() + "/corpus/data/" + name; }

LoadResult lint(const std::string& yaml) { return np::corpus::load_text(yaml, "t.yaml"); }

std::string all_errors(const LoadResult& r) {
    std::string s;
    for (const auto& d : r.errors) s += d.text() + "\n";
    return s;
}

// True when some error is at line:column and its message contains `part`.
::testing::AssertionResult has_error(const LoadResult& r, int line, int column,
                                     const std::string& part) {
    for (const auto& d : r.errors)
        if (d.where.line == line && d.where.column == column &&
            d.message.find(part) != std::string::npos)
            return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure()
           << "no error at " << line << ":" << column << " containing \"" << part
           << "\"; errors:\n"
           << all_errors(r);
}

// A well-formed unique entry to vary: `extra` lines go inside it (indented
// two spaces), `expect` replaces the expectation.
std::string unique_entry(const std::string& id, const std::string& extra = "") {
    return "- id: " + id + "\n  puzzle: " + kPuzzle + "\n  expect: {verdict: unique, solution: \"" +
           kSolution + "\"}\n  source: tests\n" + extra;
}

Grid line_grid(const std::string& line, Geometry g = {3, 3}) {
    auto p = np::parse_line(line, g);
    EXPECT_TRUE(np::parsed(p)) << line;
    return std::get<Grid>(p);
}

// ---------------------------------------------------------------- good input

TEST(CorpusLoad, GoodFileLoadsEveryEntry) {
    const auto r = np::corpus::load({data("good.yaml")});
    ASSERT_TRUE(r.ok()) << all_errors(r);
    EXPECT_EQ(r.corpus.files, 1u);
    ASSERT_EQ(r.corpus.puzzles.size(), 9u);
    ASSERT_EQ(r.corpus.grid_checks.size(), 2u);
    ASSERT_EQ(r.corpus.generators.size(), 2u);

    const auto& first = r.corpus.puzzles[0];
    EXPECT_EQ(first.id, "seed002-example");
    EXPECT_EQ(first.where.text(), data("good.yaml") + ":4:3");
    EXPECT_EQ(first.size, (Geometry{3, 3}));
    EXPECT_EQ(std::get<Grid>(first.puzzle), line_grid(kPuzzle));
    EXPECT_EQ(first.expect.verdict, Verdict::unique);
    ASSERT_TRUE(first.expect.solution);
    EXPECT_EQ(*first.expect.solution, line_grid(kSolution));
    EXPECT_EQ(first.expect.count, 1u);
    EXPECT_FALSE(first.expect.count_at_least);
    EXPECT_EQ(first.source, "seed 002: the example board of its README");
    EXPECT_EQ(first.tags, (std::vector<std::string>{"seed", "classic"}));
    EXPECT_EQ(first.notes, "The board most Sudoku pages start with.");

    // The block of rows reads as the same grid.
    const auto& grid_form = r.corpus.puzzles[1];
    EXPECT_EQ(grid_form.id, "seed002-example-grid");
    EXPECT_EQ(std::get<Grid>(grid_form.puzzle), line_grid(kPuzzle));
    EXPECT_FALSE(grid_form.expect.count);

    const auto& mini = r.corpus.puzzles[3];
    EXPECT_EQ(mini.id, "mini-empty");
    EXPECT_EQ(mini.size, (Geometry{2, 2}));
    EXPECT_EQ(mini.expect.verdict, Verdict::multiple);
    EXPECT_EQ(mini.expect.count, 288u);

    const auto& none = r.corpus.puzzles[4];
    EXPECT_EQ(none.expect.verdict, Verdict::none);
    EXPECT_EQ(none.expect.count, 0u);

    // Invalid entries keep why the text does not parse.
    const auto& shortp = r.corpus.puzzles[5];
    EXPECT_EQ(shortp.expect.verdict, Verdict::invalid);
    ASSERT_FALSE(np::parsed(shortp.puzzle));
    EXPECT_EQ(std::get<np::Reason>(shortp.puzzle).code, ReasonCode::wrong_length);
    EXPECT_EQ(shortp.text, "53..7....6..195");
    ASSERT_TRUE(shortp.expect.reason);
    EXPECT_EQ(shortp.expect.reason->code, ReasonCode::wrong_length);

    const auto& range = r.corpus.puzzles[7];
    ASSERT_TRUE(range.expect.reason);
    EXPECT_EQ(range.expect.reason->code, ReasonCode::value_out_of_range);
    EXPECT_EQ(range.expect.reason->row, 3);
    EXPECT_EQ(range.expect.reason->column, 2);
    EXPECT_EQ(range.expect.reason->box, 3);
    EXPECT_EQ(range.expect.reason->value, 5);

    const auto& duplicate = r.corpus.puzzles[8];
    ASSERT_TRUE(np::parsed(duplicate.puzzle));
    EXPECT_EQ(duplicate.expect.reason->code, ReasonCode::duplicate_in_row);
    EXPECT_EQ(duplicate.expect.reason->box, 0);  // not given

    const auto& valid = r.corpus.grid_checks[0];
    EXPECT_EQ(valid.id, "check-solution");
    EXPECT_TRUE(valid.valid);
    EXPECT_EQ(valid.grid, line_grid(kSolution));
    EXPECT_TRUE(valid.violations.empty());
    const auto& swapped = r.corpus.grid_checks[1];
    EXPECT_FALSE(swapped.valid);
    ASSERT_EQ(swapped.violations.size(), 2u);
    EXPECT_EQ(swapped.violations[0].code, ReasonCode::duplicate_in_column);
    EXPECT_EQ(swapped.violations[0].row, 9);
    EXPECT_EQ(swapped.violations[1].row, 4);
    EXPECT_EQ(swapped.violations[1].value, 0);
    EXPECT_EQ(swapped.tags, (std::vector<std::string>{"swapped"}));

    const auto& gen = r.corpus.generators[0];
    EXPECT_EQ(gen.id, "gen-bitmask-puzzles");
    EXPECT_EQ(gen.plugin, "bitmask-mrv");
    EXPECT_EQ(gen.what, NP_GENERATE_PUZZLE);
    EXPECT_EQ(gen.seed, 42u);
    EXPECT_EQ(gen.count, 3u);
    const std::vector<std::pair<std::string, std::string>> options{{"symmetry", "rotate180"},
                                                                   {"minimal", "1"}};
    EXPECT_EQ(gen.options, options);
    EXPECT_TRUE(gen.expect.valid && gen.expect.unique && gen.expect.minimal &&
                gen.expect.symmetric && gen.expect.deterministic);
    EXPECT_FALSE(gen.expect.full);
    EXPECT_EQ(gen.expect.max_clues, 40);
    const auto& grids = r.corpus.generators[1];
    EXPECT_EQ(grids.what, NP_GENERATE_GRID);
    EXPECT_EQ(grids.size, (Geometry{3, 4}));
    EXPECT_EQ(grids.seed, 18446744073709551615u);
    EXPECT_TRUE(grids.expect.full && grids.expect.valid && grids.expect.deterministic);
    EXPECT_FALSE(grids.expect.max_clues);
}

TEST(CorpusLoad, EmptySequenceIsAnEmptyFile) {
    const auto r = lint("[]\n");
    EXPECT_TRUE(r.ok()) << all_errors(r);
    EXPECT_EQ(r.corpus.entries(), 0u);
}

TEST(CorpusLoad, QuotedAndPlainStringsAreTheSame) {
    const auto r = lint("- id: '17'\n  puzzle: '" + std::string(kPuzzle) +
                        "'\n  expect: {verdict: unique, solution: " + kSolution +
                        "}\n  source: 'x'\n  tags: ['1', on]\n");
    ASSERT_TRUE(r.ok()) << all_errors(r);
    EXPECT_EQ(r.corpus.puzzles[0].id, "17");
    EXPECT_EQ(r.corpus.puzzles[0].tags, (std::vector<std::string>{"1", "on"}));
}

// Found by the corpus fuzz target: a byte that is not UTF-8 loaded, but was
// written back as U+FFFD, so the entry changed on a round trip. Such an entry
// is now refused, and the entries around it still load.
TEST(CorpusLoad, TextThatIsNotUtf8IsRefusedAndTheRestLoads) {
    const auto r = lint(unique_entry("a", "  tags: [\"t\xC5he\"]\n") + unique_entry("b", ""));
    EXPECT_FALSE(r.ok());
    EXPECT_NE(all_errors(r).find("t.yaml:1:3: this entry holds text that is not valid UTF-8"), std::string::npos)
        << all_errors(r);
    ASSERT_EQ(r.corpus.entries(), 1u);
    EXPECT_EQ(r.corpus.puzzles[0].id, "b");
}

TEST(CorpusLoad, AnchorsAndAliasesAreCopies) {
    const auto r = lint(unique_entry("a", "  tags: &common [seed, classic]\n") +
                        unique_entry("b", "  tags: *common\n"));
    ASSERT_TRUE(r.ok()) << all_errors(r);
    EXPECT_EQ(r.corpus.puzzles[1].tags, (std::vector<std::string>{"seed", "classic"}));
}

TEST(CorpusLoad, CountAtLeastIsALowerBound) {
    const auto r = lint(
        "- id: m\n  size: 2x2\n  puzzle: '................'\n"
        "  expect: {verdict: multiple, count_at_least: 100}\n  source: tests\n"
        "- id: u\n  size: 2x2\n  puzzle: 1..4.........32.\n"
        "  expect: {verdict: unique, solution: '1234341221434321', count_at_least: 1}\n"
        "  source: tests\n");
    ASSERT_TRUE(r.ok()) << all_errors(r);
    EXPECT_EQ(r.corpus.puzzles[0].expect.count_at_least, 100u);
    EXPECT_FALSE(r.corpus.puzzles[0].expect.count);
}

// ---------------------------------------------------------------- keys and types

TEST(CorpusErrors, UnknownKeysAtEveryLevel) {
    const auto r = lint(
        "- id: a\n"
        "  colour: blue\n"
        "  puzzle: 1..4.........32.\n"
        "  size: 2x2\n"
        "  expect:\n"
        "    verdit: invalid\n"
        "    verdict: invalid\n"
        "    reason: {code: wrong_length, rows: 3}\n"
        "  source: tests\n");
    EXPECT_TRUE(has_error(r, 2, 3, "unknown key 'colour' in a puzzle entry (known keys: id, kind,"));
    EXPECT_TRUE(has_error(r, 6, 5, "unknown key 'verdit' in 'expect'"));
    EXPECT_TRUE(has_error(r, 8, 34, "unknown key 'rows' in 'reason'"));
    EXPECT_TRUE(r.corpus.puzzles.empty());
}

TEST(CorpusErrors, WrongTypes) {
    const auto r = lint(
        "- id: a\n"
        "  puzzle: " + std::string(kPuzzle) + "\n"
        "  expect:\n"
        "    verdict: multiple\n"
        "    count: many\n"
        "  source: tests\n"
        "  tags: classic\n"
        "- id: b\n"
        "  puzzle: " + kPuzzle + "\n"
        "  expect: unique\n"
        "  source: [tests]\n"
        "- id: c\n"
        "  puzzle: [1, 2]\n"
        "  expect: {verdict: multiple, count: \"5\"}\n"
        "  source: tests\n"
        "  notes: {a: b}\n");
    EXPECT_TRUE(has_error(r, 5, 12, "'count' must be a non-negative integer, not \"many\""));
    EXPECT_TRUE(has_error(r, 7, 9, "'tags' must be a sequence of words"));
    EXPECT_TRUE(has_error(r, 10, 11, "'expect' must be a map"));
    EXPECT_TRUE(has_error(r, 11, 11, "'source' must be a string, not a sequence"));
    EXPECT_TRUE(has_error(r, 13, 11, "'puzzle' must be a string, not a sequence"));
    EXPECT_TRUE(has_error(r, 14, 38,
                          "not the quoted string \"5\" (write it without quotes)"));
    EXPECT_TRUE(has_error(r, 16, 10, "'notes' must be a string, not a map"));
    EXPECT_EQ(r.corpus.entries(), 0u);
}

TEST(CorpusErrors, MissingRequiredKeys) {
    const auto r = lint(
        "- puzzle: " + std::string(kPuzzle) + "\n"
        "  expect: {verdict: multiple}\n"
        "- id: b\n"
        "  expect:\n"
        "    count: 3\n"
        "- id: c\n"
        "  puzzle: " + kPuzzle + "\n"
        "  expect: {verdict: unique}\n"
        "  source: tests\n"
        "- id: d\n"
        "  puzzle: '123'\n"
        "  expect: {verdict: invalid}\n"
        "  source: tests\n");
    EXPECT_TRUE(has_error(r, 1, 3, "missing required key 'id'"));
    EXPECT_TRUE(has_error(r, 1, 3, "missing required key 'source'"));
    EXPECT_TRUE(has_error(r, 3, 3, "missing required key 'puzzle'"));
    EXPECT_TRUE(has_error(r, 5, 5, "missing required key 'verdict'"));
    EXPECT_TRUE(has_error(r, 8, 11, "missing required key 'solution'"));
    EXPECT_TRUE(has_error(r, 12, 11, "missing required key 'reason'"));
    EXPECT_EQ(r.corpus.entries(), 0u);
}

TEST(CorpusErrors, RepeatedKeyInOneMap) {
    const auto r = lint(unique_entry("a", "  source: again\n"));
    EXPECT_TRUE(has_error(r, 5, 3, "the key 'source' is repeated (first at line 4)"));
}

TEST(CorpusErrors, BadIdsAndDuplicateIds) {
    const auto r = lint(unique_entry("bad id") + unique_entry("'caf\xC3\xA9'") + unique_entry("''") +
                        unique_entry("same") + unique_entry("same"));
    EXPECT_TRUE(has_error(r, 1, 7, "the id \"bad id\" may only use letters, digits, '.', '_' and '-'"));
    EXPECT_TRUE(has_error(r, 5, 7, "may only use letters"));
    EXPECT_TRUE(has_error(r, 9, 7, "may only use letters"));
    EXPECT_TRUE(has_error(r, 17, 7, "duplicate id 'same' (first used at t.yaml:13:7)"));
    ASSERT_EQ(r.corpus.puzzles.size(), 1u);  // the first 'same'
    EXPECT_EQ(r.corpus.puzzles[0].where.line, 13);
}

TEST(CorpusErrors, BadSizes) {
    for (const std::string size : {"3x", "0x3", "6x6", "nine", "3x3x3"}) {
        const auto r = lint("- id: a\n  size: " + size +
                            "\n  puzzle: '123'\n  expect: {verdict: none}\n  source: tests\n");
        EXPECT_TRUE(has_error(r, 2, 9, "is not a box shape: write RxC")) << size;
    }
}

// ---------------------------------------------------------------- puzzles and solutions

TEST(CorpusErrors, SolutionMustFitThePuzzle) {
    std::string breaks = kSolution;
    std::swap(breaks[0], breaks[1]);  // 3 twice in column 1, 5 twice in column 2
    std::string empty = kSolution;
    empty[40] = '.';
    std::string changed = kSolution;
    changed[4] = '8';  // the given 7 at row 1, column 5
    changed[5] = '7';
    const std::string shortened = std::string(kSolution).substr(1);
    auto entry = [&](const std::string& id, const std::string& solution) {
        return "- id: " + id + "\n  puzzle: " + kPuzzle +
               "\n  expect:\n    verdict: unique\n    solution: " + solution +
               "\n  source: tests\n";
    };
    const auto r = lint(entry("a", breaks) + entry("b", empty) + entry("c", changed) +
                        entry("d", shortened));
    EXPECT_TRUE(has_error(r, 5, 15, "the solution breaks a rule: duplicate 3 in column 1 (rows 1 and 9)"));
    EXPECT_TRUE(has_error(r, 5, 15, "the solution changes the given 5 at row 1, column 1 to 3"));
    EXPECT_TRUE(has_error(r, 11, 15, "the solution is not full: row 5, column 5 is empty"));
    EXPECT_TRUE(has_error(r, 17, 15, "the solution breaks a rule: duplicate 8 in column 5 (rows 1 and 9)"));
    EXPECT_TRUE(has_error(r, 17, 15, "the solution changes the given 7 at row 1, column 5 to 8"));
    EXPECT_TRUE(has_error(r, 23, 15, "the solution does not parse for size 3x3: expected 81 cells"));
    EXPECT_EQ(r.corpus.entries(), 0u);
}

TEST(CorpusErrors, SolutionOnlyForUnique) {
    const auto r = lint(
        "- id: a\n  size: 2x2\n  puzzle: '................'\n"
        "  expect: {verdict: multiple, solution: '1234341221434321'}\n  source: tests\n");
    EXPECT_TRUE(has_error(r, 4, 41, "'solution' goes with verdict unique only"));
}

TEST(CorpusErrors, CountsThatContradictTheVerdict) {
    auto entry = [](const std::string& id, const std::string& puzzle, const std::string& expect) {
        return "- id: " + id + "\n  size: 2x2\n  puzzle: '" + puzzle + "'\n  expect: {" + expect +
               "}\n  source: tests\n";
    };
    const auto r = lint(
        entry("u", "1..4.........32.", "verdict: unique, solution: '1234341221434321', count: 2") +
        entry("n", ".23..1..4.......", "verdict: none, count: 1") +
        entry("m", "................", "verdict: multiple, count: 1") +
        entry("v", "1..4.........32.", "verdict: unique, solution: '1234341221434321', count_at_least: 2") +
        entry("i", "123", "verdict: invalid, count: 0, reason: {code: wrong_length}") +
        entry("b", "................", "verdict: multiple, count: 288, count_at_least: 2") +
        entry("z", ".23..1..4.......", "verdict: none, count_at_least: 1"));
    EXPECT_TRUE(has_error(r, 4, 66, "count 2 contradicts verdict unique (exactly 1 solution)"));
    EXPECT_TRUE(has_error(r, 9, 34, "count 1 contradicts verdict none (no solution)"));
    EXPECT_TRUE(has_error(r, 14, 38, "count 1 contradicts verdict multiple (2 solutions or more)"));
    EXPECT_TRUE(has_error(r, 19, 75, "count_at_least 2 contradicts verdict unique"));
    EXPECT_TRUE(has_error(r, 24, 37, "an invalid puzzle has no 'count'"));
    EXPECT_TRUE(has_error(r, 29, 59, "give 'count' (exact) or 'count_at_least', not both"));
    EXPECT_TRUE(has_error(r, 34, 43, "count_at_least 1 contradicts verdict none"));
    EXPECT_EQ(r.corpus.entries(), 0u);
}

TEST(CorpusErrors, PuzzleMustParseForItsSize) {
    const auto r = lint(
        "- id: a\n  puzzle: " + std::string(kPuzzle).substr(1) +
        "\n  expect: {verdict: multiple}\n  source: tests\n"
        "- id: b\n  puzzle: 1..4.........32.\n  expect: {verdict: none}\n  source: tests\n"
        "- id: c\n  size: 2x2\n  puzzle: |\n    1 . | . 4\n    . . | . .\n    . . | 3\n"
        "    . . | . .\n  expect: {verdict: none}\n  source: tests\n");
    EXPECT_TRUE(has_error(r, 2, 11,
                          "the puzzle does not parse for size 3x3: expected 81 cells for a 3x3 "
                          "puzzle, got 80 (malformed text expects verdict invalid)"));
    EXPECT_TRUE(has_error(r, 6, 11, "expected 81 cells for a 3x3 puzzle, got 16"));
    EXPECT_TRUE(has_error(r, 11, 11, "expected 4 symbols in row 3, got 3"));
}

TEST(CorpusErrors, GivensThatBreakARuleMeanInvalid) {
    std::string twice = kPuzzle;
    twice[2] = '5';
    const auto r = lint("- id: a\n  puzzle: " + twice +
                        "\n  expect: {verdict: none}\n  source: tests\n");
    EXPECT_TRUE(has_error(r, 2, 11,
                          "the givens break a rule (duplicate 5 in row 1 (columns 1 and 3)), so the "
                          "verdict must be invalid, not none"));
}

TEST(CorpusErrors, InvalidWithAParseReason) {
    auto entry = [](const std::string& id, const std::string& puzzle, const std::string& reason) {
        return "- id: " + id + "\n  size: 2x2\n  puzzle: '" + puzzle +
               "'\n  expect:\n    verdict: invalid\n    reason: " + reason + "\n  source: tests\n";
    };
    const auto r = lint(
        entry("ok-length", "123", "{code: wrong_length}") +
        entry("ok-char", "1..4..?......32.", "{code: bad_character, row: 2, column: 3}") +
        entry("wrong-place", "1..4..?......32.", "{code: bad_character, row: 3}") +
        entry("wrong-code", "1..4.........32", "{code: bad_character}") +
        entry("parses", "1..4.........32.", "{code: wrong_length}") +
        entry("ok-range", "1..4.........37.", "{code: value_out_of_range, value: 7, box: 4}"));
    EXPECT_TRUE(has_error(r, 20, 13,
                          "the expected reason bad_character (row 3) does not match the puzzle's "
                          "parse error bad_character (row 2, column 3): bad character '?' at "
                          "position 7 (row 2, column 3)"));
    EXPECT_TRUE(has_error(r, 27, 13,
                          "the expected reason bad_character does not match the puzzle's parse "
                          "error wrong_length: expected 16 cells for a 2x2 puzzle, got 15"));
    EXPECT_TRUE(has_error(r, 33, 14, "expects invalid but the givens obey the rules"));
    EXPECT_EQ(r.errors.size(), 3u) << all_errors(r);
    ASSERT_EQ(r.corpus.puzzles.size(), 3u);
    EXPECT_EQ(r.corpus.puzzles[2].id, "ok-range");
}

TEST(CorpusErrors, InvalidReasonMustBeOneOfTheViolations) {
    std::string twice = kPuzzle;
    twice[2] = '5';  // row 1 and box 1 both get a second 5 at column 3
    auto entry = [&](const std::string& id, const std::string& reason) {
        return "- id: " + id + "\n  puzzle: " + twice + "\n  expect: {verdict: invalid, reason: " +
               reason + "}\n  source: tests\n";
    };
    const auto r = lint(entry("row", "{code: duplicate_in_row, row: 1, column: 3, box: 1, value: 5}") +
                        entry("box", "{code: duplicate_in_box, value: 5}") +
                        entry("column", "{code: duplicate_in_column}") +
                        entry("elsewhere", "{code: duplicate_in_row, row: 2}") +
                        entry("length", "{code: wrong_length}"));
    EXPECT_TRUE(has_error(r, 11, 38,
                          "the expected reason duplicate_in_column is not one of the puzzle's "
                          "violations: duplicate_in_row (row 1, column 3, box 1, value 5); "
                          "duplicate_in_box (row 1, column 3, box 1, value 5)"));
    EXPECT_TRUE(has_error(r, 15, 38, "the expected reason duplicate_in_row (row 2) is not one of"));
    EXPECT_TRUE(has_error(r, 19, 38, "the expected reason wrong_length is not one of"));
    EXPECT_EQ(r.errors.size(), 3u) << all_errors(r);
    EXPECT_EQ(r.corpus.puzzles.size(), 2u);
}

TEST(CorpusErrors, ReasonFields) {
    const auto r = lint(
        "- id: a\n  puzzle: '12'\n  expect:\n    verdict: invalid\n"
        "    reason: {code: too_short, row: 0, column: -1}\n  source: tests\n"
        "- id: b\n  puzzle: '12'\n  expect:\n    verdict: invalid\n    reason: wrong_length\n"
        "  source: tests\n"
        "- id: c\n  puzzle: '12'\n  expect:\n    verdict: unique\n    reason: {code: wrong_length}\n"
        "  source: tests\n");
    EXPECT_TRUE(has_error(r, 5, 20, "unknown reason code \"too_short\""));
    EXPECT_TRUE(has_error(r, 5, 36, "'row' must be an integer from 1 to 35, not \"0\""));
    EXPECT_TRUE(has_error(r, 5, 47, "'column' must be an integer from 1 to 35, not \"-1\""));
    EXPECT_TRUE(has_error(r, 11, 13, "'reason' must be a map with a 'code'"));
    EXPECT_TRUE(has_error(r, 17, 13, "'reason' goes with verdict invalid only"));
}

TEST(CorpusErrors, UnknownVerdictAndKind) {
    const auto r = lint(
        "- id: a\n  puzzle: '12'\n  expect: {verdict: found}\n  source: tests\n"
        "- id: b\n  kind: puzzles\n  puzzle: '12'\n");
    EXPECT_TRUE(has_error(r, 3, 21, "the verdict must be invalid, none, unique or multiple, not \"found\""));
    EXPECT_TRUE(has_error(r, 6, 9, "unknown kind \"puzzles\" (puzzle, grid-check, generator or step"));
}

// ---------------------------------------------------------------- grid checks

std::string grid_check(const std::string& id, const std::string& grid, const std::string& expect) {
    return "- id: " + id + "\n  kind: grid-check\n  grid: " + grid + "\n  expect:\n" + expect +
           "  source: tests\n";
}

TEST(CorpusGridCheck, ExpectationsMustEqualTheRuleCheck) {
    std::string swapped = kSolution;
    std::swap(swapped[0], swapped[1]);
    const std::string partial = std::string("55") + std::string(79, '.');
    const auto r = lint(
        // 1: right
        grid_check("ok-partial", partial,
                   "    valid: false\n    violations:\n      - {code: duplicate_in_row}\n"
                   "      - {code: duplicate_in_box, row: 1, column: 2}\n") +
        // 9: says valid, is not
        grid_check("says-valid", swapped, "    valid: true\n") +
        // 15: says invalid, is valid
        grid_check("says-invalid", kSolution,
                   "    valid: false\n    violations: [{code: duplicate_in_row}]\n") +
        // 22: one listed that is not there, one missing
        grid_check("wrong-list", swapped,
                   "    valid: false\n    violations:\n"
                   "      - {code: duplicate_in_column, row: 9, column: 1}\n"
                   "      - {code: duplicate_in_row, row: 4}\n") +
        // 32: the same violation twice
        grid_check("twice", partial,
                   "    valid: false\n    violations:\n      - {code: duplicate_in_row}\n"
                   "      - {code: duplicate_in_row}\n"));
    EXPECT_TRUE(has_error(r, 14, 12,
                          "the grid breaks a rule (duplicate 3 in column 1 (rows 1 and 9)), so "
                          "valid must be false"));
    EXPECT_TRUE(has_error(r, 20, 12, "expects violations but the grid obeys the rules"));
    EXPECT_TRUE(has_error(r, 30, 9,
                          "the grid has no violation duplicate_in_row (row 4); its violations are: "
                          "duplicate_in_column (row 9, column 1, box 7, value 3); "
                          "duplicate_in_column (row 4, column 2, box 4, value 5)"));
    EXPECT_TRUE(has_error(r, 29, 7,
                          "the grid has 2 violations but 2 are listed; not listed: "
                          "duplicate_in_column (row 4, column 2, box 4, value 5)"));
    EXPECT_TRUE(has_error(r, 39, 9, "the violation duplicate_in_row is listed more often than the grid has it"));
    EXPECT_TRUE(has_error(r, 38, 7, "the grid has 2 violations but 2 are listed; not listed: duplicate_in_box"));
    EXPECT_EQ(r.errors.size(), 6u) << all_errors(r);
    ASSERT_EQ(r.corpus.grid_checks.size(), 1u);
    EXPECT_EQ(r.corpus.grid_checks[0].id, "ok-partial");
}

TEST(CorpusGridCheck, SchemaErrors) {
    const auto r = lint(
        grid_check("no-parse", "12", "    valid: true\n") +
        grid_check("listed-but-valid", kSolution,
                   "    valid: true\n    violations: [{code: duplicate_in_row}]\n") +
        grid_check("nothing-listed", kSolution, "    valid: false\n") +
        grid_check("yes", kSolution, "    valid: yes\n") +
        grid_check("parse-code", kSolution,
                   "    valid: false\n    violations: [{code: bad_character}]\n") +
        grid_check("puzzle-key", kSolution, "    valid: true\n    verdict: unique\n"));
    EXPECT_TRUE(has_error(r, 3, 9, "the grid does not parse for size 3x3: expected 81 cells"));
    EXPECT_TRUE(has_error(r, 12, 17, "a valid grid has no violations"));
    EXPECT_TRUE(has_error(r, 18, 5, "valid: false needs the grid's 'violations'"));
    EXPECT_TRUE(has_error(r, 24, 12, "'valid' must be true or false, not \"yes\""));
    EXPECT_TRUE(has_error(r, 31, 18,
                          "a grid's violations are duplicate_in_row, duplicate_in_column or "
                          "duplicate_in_box, not bad_character"));
    EXPECT_TRUE(has_error(r, 38, 5, "unknown key 'verdict' in 'expect' (known keys: valid, violations)"));
    EXPECT_EQ(r.corpus.entries(), 0u);
}

// ---------------------------------------------------------------- generators

std::string generator(const std::string& id, const std::string& body) {
    return "- id: " + id + "\n  kind: generator\n" + body + "  source: tests\n";
}

TEST(CorpusGenerator, SchemaErrors) {
    const auto r = lint(
        generator("a", "  plugin: Bitmask MRV\n  what: image\n  seed: -1\n  count: 0\n"
                       "  expect: {properties: [fast]}\n") +
        generator("b", "  plugin: backtrack\n  what: puzzle\n  seed: 18446744073709551616\n"
                       "  count: 1\n  options: {symmetry: [a]}\n"
                       "  expect: {properties: [full, symmetric, {max_clues: 82}, valid, valid]}\n") +
        generator("c", "  plugin: backtrack\n  what: grid\n  seed: 1\n  count: 2\n"
                       "  expect: {properties: [minimal]}\n") +
        generator("d", "  plugin: backtrack\n  what: grid\n  seed: 1\n  count: 2\n"
                       "  expect: {properties: []}\n"));
    EXPECT_TRUE(has_error(r, 3, 11, "the plugin name \"Bitmask MRV\" may only use lower-case letters"));
    EXPECT_TRUE(has_error(r, 4, 9, "'what' must be grid or puzzle, not \"image\""));
    EXPECT_TRUE(has_error(r, 5, 9, "'seed' must be a non-negative integer, not \"-1\""));
    EXPECT_TRUE(has_error(r, 6, 10, "'count' must be an integer from 1 to 4294967295, not \"0\""));
    EXPECT_TRUE(has_error(r, 7, 25, "unknown property \"fast\""));
    EXPECT_TRUE(has_error(r, 13, 9, "'seed' \"18446744073709551616\" is too large (at most 18446744073709551615)"));
    EXPECT_TRUE(has_error(r, 15, 23, "the option 'symmetry' must have a single value, not a sequence"));
    EXPECT_TRUE(has_error(r, 16, 25, "the property 'full' applies to generated grids, not puzzles"));
    EXPECT_TRUE(has_error(r, 16, 31, "the property 'symmetric' needs the generator's 'symmetry' option"));
    EXPECT_TRUE(has_error(r, 16, 54, "'max_clues' must be an integer from 0 to 81, not \"82\""));
    EXPECT_TRUE(has_error(r, 16, 66, "the property 'valid' is repeated"));
    EXPECT_TRUE(has_error(r, 24, 25, "the property 'minimal' applies to generated puzzles, not grids"));
    EXPECT_TRUE(has_error(r, 32, 24, "'properties' must be a non-empty sequence (full, valid, unique, minimal, symmetric, deterministic, rated or max_clues: N), not an empty sequence"));
    EXPECT_EQ(r.corpus.entries(), 0u);
}

// An order: a rater and a band or a technique; 'rated' needs one.
TEST(CorpusGenerator, AnOrderLoadsAndItsErrorsAreLocated) {
    const std::string good = generator(
        "a", "  plugin: bitmask-mrv\n  what: puzzle\n  seed: 1\n  count: 2\n"
             "  order: {rater: logic, options: {profile: se}, rating: \"7.0..7.5\", technique: X-Wing}\n"
             "  expect: {properties: [valid, unique, rated]}\n");
    const auto ok = lint(good);
    ASSERT_TRUE(ok.ok()) << all_errors(ok);
    const auto& order = *ok.corpus.generators.at(0).order;
    EXPECT_EQ(order.rater, "logic");
    EXPECT_EQ(order.rater_options.at(0).second, "se");
    EXPECT_EQ(order.lo, 70);
    EXPECT_EQ(order.hi, 75);
    EXPECT_EQ(order.technique, "x-wing");
    EXPECT_TRUE(ok.corpus.generators.at(0).expect.rated);
    // Written back, it loads as the same entry.
    const auto again = lint(np::corpus::to_yaml(ok.corpus.generators.at(0)));
    ASSERT_TRUE(again.ok()) << all_errors(again);
    EXPECT_EQ(again.corpus.generators.at(0).order->lo, 70);
    EXPECT_EQ(again.corpus.generators.at(0).order->technique, "x-wing");

    const auto r = lint(
        generator("b", "  plugin: bitmask-mrv\n  what: puzzle\n  seed: 1\n  count: 2\n"
                       "  order: {rater: logic, rating: \"8..7\", table: hodoku}\n"
                       "  expect: {properties: [valid]}\n") +
        generator("c", "  plugin: bitmask-mrv\n  what: puzzle\n  seed: 1\n  count: 2\n"
                       "  order: {rater: logic}\n  expect: {properties: [valid]}\n") +
        generator("d", "  plugin: bitmask-mrv\n  what: puzzle\n  seed: 1\n  count: 2\n"
                       "  expect: {properties: [valid, rated]}\n"));
    EXPECT_TRUE(has_error(r, 7, 33, "'rating': the band's low end is above its high end")) << all_errors(r);
    EXPECT_TRUE(has_error(r, 7, 48, "'table' must be se or sukaku, not \"hodoku\"")) << all_errors(r);
    EXPECT_TRUE(has_error(r, 16, 10, "an 'order' needs a 'rating' band, a 'technique' or both")) << all_errors(r);
    EXPECT_TRUE(has_error(r, 25, 32, "the property 'rated' needs the entry's 'order'")) << all_errors(r);
    EXPECT_EQ(r.corpus.entries(), 0u);
}

TEST(CorpusGenerator, MissingKeys) {
    const auto r = lint(generator("a", "  expect: {properties: [valid]}\n"));
    for (const char* key : {"'plugin'", "'what'", "'seed'", "'count'"})
        EXPECT_TRUE(has_error(r, 1, 3, std::string("missing required key ") + key)) << key;
}

// ---------------------------------------------------------------- file structure

TEST(CorpusFile, NotASequenceIsOneError) {
    const auto r = np::corpus::load({data("not_a_sequence.yaml")});
    ASSERT_EQ(r.errors.size(), 1u) << all_errors(r);
    EXPECT_EQ(r.errors[0].text(),
              data("not_a_sequence.yaml") +
                  ":1:1: the top level must be a sequence of entries, each starting with '- ', "
                  "not a map");
    EXPECT_EQ(r.corpus.files, 1u);
}

TEST(CorpusFile, EmptyFileAndNonMapEntries) {
    EXPECT_TRUE(has_error(lint(""), 1, 1, "the file holds no entries"));
    EXPECT_TRUE(has_error(lint("# only a comment\n"), 1, 1, "the file holds no entries"));
    const auto r = lint("- just a line\n- [a, b]\n-\n");
    EXPECT_TRUE(has_error(r, 1, 3, "an entry must be a map of keys (id, puzzle, expect, ...), not \"just a line\""));
    EXPECT_TRUE(has_error(r, 2, 3, "not a sequence"));
    EXPECT_EQ(r.errors.size(), 3u) << all_errors(r);
}

TEST(CorpusFile, OneDocumentOnly) {
    const auto r = lint(unique_entry("a") + "---\n" + unique_entry("b"));
    EXPECT_TRUE(has_error(r, 5, 1, "a corpus file holds one YAML document, but a second one starts here"));
    EXPECT_EQ(r.corpus.puzzles.size(), 1u);
}

TEST(CorpusFile, AStrayCommaEndsTheFileInsteadOfHangingTheParser) {
    // yaml-cpp 0.7 never gets past a ',' outside [ ] or { } (found by the
    // corpus fuzz target: a timeout); the reader notices it is stuck. The
    // entry before it loads, and no "second document" is made up.
    const auto r = lint(unique_entry("a") + ", b: 1\n" + unique_entry("c"));
    EXPECT_TRUE(has_error(r, 5, 1, "YAML syntax error: the reader cannot go on from here (a ',' outside [ ] or { }?)"))
        << all_errors(r);
    EXPECT_EQ(r.errors.size(), 1u) << all_errors(r);
    EXPECT_EQ(r.corpus.puzzles.size(), 1u);
    const auto only = lint(",");
    EXPECT_TRUE(has_error(only, 1, 1, "YAML syntax error: the reader cannot go on from here")) << all_errors(only);
    EXPECT_EQ(only.errors.size(), 1u) << all_errors(only);
}

TEST(CorpusFile, TagsAreNotUsed) {
    const auto r = lint(unique_entry("a", "  notes: !!str text\n"));
    EXPECT_TRUE(has_error(r, 5, 10, "YAML tags (here 'tag:yaml.org,2002:str') are not used"));
}

TEST(CorpusFile, SyntaxErrorEndsThatFileOnly) {
    const auto r = np::corpus::load({data("syntax_error.yaml"), data("good.yaml")});
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.corpus.files, 2u);
    // The syntax error names its place (a second ':' in a plain value); the
    // entry before it loads, the rest of that file does not, and good.yaml
    // loads in full.
    ASSERT_EQ(r.errors.size(), 1u) << all_errors(r);
    EXPECT_EQ(r.errors[0].text(), data("syntax_error.yaml") + ":11:13: YAML syntax error: illegal map value");
    ASSERT_EQ(r.corpus.puzzles.size(), 1u + 9u);
    EXPECT_EQ(r.corpus.puzzles[0].id, "before-the-error");
    EXPECT_EQ(r.corpus.puzzles[1].id, "seed002-example");
    EXPECT_EQ(r.corpus.grid_checks.size(), 2u);
}

TEST(CorpusFile, DuplicateIdsAcrossFiles) {
    const auto r = np::corpus::load({data("dup_a.yaml"), data("dup_b.yaml")});
    ASSERT_EQ(r.errors.size(), 1u) << all_errors(r);
    EXPECT_EQ(r.errors[0].text(), data("dup_b.yaml") + ":6:7: duplicate id 'shared' (first used at " +
                                      data("dup_a.yaml") + ":1:7)");
    ASSERT_EQ(r.corpus.puzzles.size(), 2u);
    EXPECT_EQ(r.corpus.puzzles[0].where.file, data("dup_a.yaml"));
    EXPECT_EQ(r.corpus.puzzles[1].id, "only-in-b");
}

TEST(CorpusFile, EveryErrorInAFileIsReportedInOrder) {
    const std::string file = data("broken.yaml");
    const auto r = np::corpus::load({file});
    const std::vector<std::string> expected{
        file + ":3:7: the id \"bad id\" may only use letters, digits, '.', '_' and '-' (and not be empty)",
        file + ":9:3: unknown key 'colour' in a puzzle entry (known keys: id, kind, size, regions, puzzle, constraints, negative, "
               "expect, source, tags, notes, max_nodes)",
        file + ":12:12: 'count' must be a non-negative integer, not \"many\"",
        file + ":18:15: the solution breaks a rule: duplicate 3 in column 1 (rows 1 and 9)",
        file + ":18:15: the solution changes the given 5 at row 1, column 1 to 3",
        file + ":20:3: missing required key 'source' (where the entry comes from)",
        file + ":23:34: count 1 contradicts verdict none (no solution)",
    };
    std::vector<std::string> got;
    for (const auto& d : r.errors) got.push_back(d.text());
    EXPECT_EQ(got, expected);
    ASSERT_EQ(r.corpus.puzzles.size(), 1u);
    EXPECT_EQ(r.corpus.puzzles[0].id, "good-one");
}

// ---------------------------------------------------------------- paths

class CorpusPaths : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("numplace-corpus-test-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
                "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_ / "sub");
    }
    void TearDown() override { fs::remove_all(dir_); }
    void write(const std::string& name, const std::string& text) {
        std::ofstream(dir_ / name, std::ios::binary) << text;
    }
    fs::path dir_;
};

TEST_F(CorpusPaths, DirectoryMeansItsYamlFilesInNameOrder) {
    write("b.yaml", unique_entry("from-b"));
    write("a.yml", unique_entry("from-a"));
    write("c.txt", unique_entry("from-c"));
    write("sub/d.yaml", unique_entry("from-d"));
    const auto r = np::corpus::load({dir_.string()});
    ASSERT_TRUE(r.ok()) << all_errors(r);
    EXPECT_EQ(r.corpus.files, 2u);
    ASSERT_EQ(r.corpus.puzzles.size(), 2u);
    EXPECT_EQ(r.corpus.puzzles[0].id, "from-a");
    EXPECT_EQ(r.corpus.puzzles[1].id, "from-b");
    EXPECT_EQ(r.corpus.puzzles[1].where.file, (dir_ / "b.yaml").string());
}

TEST_F(CorpusPaths, AFileNamedTwiceIsReadOnce) {
    write("a.yaml", unique_entry("once"));
    const auto r = np::corpus::load({dir_.string(), (dir_ / "a.yaml").string()});
    EXPECT_TRUE(r.ok()) << all_errors(r);
    EXPECT_EQ(r.corpus.puzzles.size(), 1u);
}

TEST_F(CorpusPaths, MissingPathsAndEmptyDirectoriesAreErrors) {
    write("a.yaml", unique_entry("still-loads"));
    const std::string missing = (dir_ / "nope.yaml").string();
    const auto r = np::corpus::load({missing, (dir_ / "sub").string(), (dir_ / "a.yaml").string()});
    ASSERT_EQ(r.errors.size(), 2u) << all_errors(r);
    EXPECT_EQ(r.errors[0].text(), missing + ": no such file or directory");
    EXPECT_EQ(r.errors[1].text(),
              (dir_ / "sub").string() + ": no corpus files (*.yaml or *.yml) in this directory");
    EXPECT_EQ(r.corpus.puzzles.size(), 1u);
}

TEST(CorpusDiagnostic, TextIsFileLineColumnMessage) {
    np::corpus::Diagnostic d;
    d.where.file = "corpus/a.yaml";
    d.where.line = 12;
    d.where.column = 5;
    d.message = "something is wrong";
    EXPECT_EQ(d.text(), "corpus/a.yaml:12:5: something is wrong");
    d.where.line = d.where.column = 0;  // the whole file
    EXPECT_EQ(d.text(), "corpus/a.yaml: something is wrong");
}

}  // namespace

// An entry's own node budget (verify gives it at least this many) is a whole
// number of at least 1.
TEST(CorpusFile, MaxNodesIsAPositiveWholeNumber) {
    const std::string head = "- id: p\n  puzzle: \"1..4.........32.\"\n  size: 2x2\n  expect:\n    verdict: multiple\n"
                             "  source: \"made up\"\n";
    const auto good = np::corpus::load_text(head + "  max_nodes: 500000\n", "m.yaml");
    ASSERT_TRUE(good.ok());
    EXPECT_EQ(good.corpus.puzzles.at(0).max_nodes, 500000u);
    for (const std::string bad : {"0", "lots", "-3"}) {
        const auto r = np::corpus::load_text(head + "  max_nodes: " + bad + "\n", "m.yaml");
        ASSERT_EQ(r.errors.size(), 1u) << bad;
        EXPECT_NE(r.errors[0].text().find("'max_nodes' must be an integer of at least 1"), std::string::npos)
            << r.errors[0].text();
    }
}
