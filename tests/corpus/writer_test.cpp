// to_yaml: the canonical text of an entry, which loads back as the same entry.
#include <gtest/gtest.h>

#include <string>

#include "corpus/corpus.hpp"
#include "test_support.hpp"

namespace {

using np::corpus::GridCheckEntry;
using np::corpus::LoadResult;
using np::corpus::PuzzleEntry;

std::string all_errors(const LoadResult& r) {
    std::string s;
    for (const auto& d : r.errors) s += d.text() + "\n";
    return s;
}

void expect_same_reason(const std::optional<np::corpus::ExpectedReason>& a,
                        const std::optional<np::corpus::ExpectedReason>& b) {
    ASSERT_EQ(a.has_value(), b.has_value());
    if (!a) return;
    EXPECT_EQ(a->code, b->code);
    EXPECT_EQ(a->row, b->row);
    EXPECT_EQ(a->column, b->column);
    EXPECT_EQ(a->box, b->box);
    EXPECT_EQ(a->value, b->value);
}

void expect_same(const PuzzleEntry& a, const PuzzleEntry& b) {
    EXPECT_EQ(a.id, b.id);
    EXPECT_EQ(a.size, b.size);
    EXPECT_EQ(a.puzzle, b.puzzle);
    EXPECT_EQ(a.expect.verdict, b.expect.verdict);
    EXPECT_EQ(a.expect.solution, b.expect.solution);
    EXPECT_EQ(a.expect.count, b.expect.count);
    EXPECT_EQ(a.expect.count_at_least, b.expect.count_at_least);
    expect_same_reason(a.expect.reason, b.expect.reason);
    EXPECT_EQ(a.source, b.source);
    EXPECT_EQ(a.tags, b.tags);
    EXPECT_EQ(a.notes, b.notes);
    EXPECT_EQ(a.max_nodes, b.max_nodes);
}

void expect_same(const GridCheckEntry& a, const GridCheckEntry& b) {
    EXPECT_EQ(a.id, b.id);
    EXPECT_EQ(a.size, b.size);
    EXPECT_EQ(a.grid, b.grid);
    EXPECT_EQ(a.valid, b.valid);
    ASSERT_EQ(a.violations.size(), b.violations.size());
    for (std::size_t i = 0; i < a.violations.size(); ++i)
        expect_same_reason(a.violations[i], b.violations[i]);
    EXPECT_EQ(a.source, b.source);
    EXPECT_EQ(a.tags, b.tags);
    EXPECT_EQ(a.notes, b.notes);
}

TEST(CorpusWriter, EveryGoodEntryRoundTrips) {
    const auto good = np::corpus::load({np::test::source_dir() + "/corpus/data/good.yaml"});
    ASSERT_TRUE(good.ok()) << all_errors(good);
    ASSERT_FALSE(good.corpus.puzzles.empty());
    std::string whole;  // all of them written one after another make a file
    for (const auto& e : good.corpus.puzzles) {
        const std::string text = np::corpus::to_yaml(e);
        whole += text;
        const auto back = np::corpus::load_text(text, "round.yaml");
        ASSERT_TRUE(back.ok()) << text << all_errors(back);
        ASSERT_EQ(back.corpus.puzzles.size(), 1u) << text;
        expect_same(back.corpus.puzzles[0], e);
        // Canonical: writing it again gives the same text.
        EXPECT_EQ(np::corpus::to_yaml(back.corpus.puzzles[0]), text);
    }
    for (const auto& e : good.corpus.grid_checks) {
        const std::string text = np::corpus::to_yaml(e);
        whole += text;
        const auto back = np::corpus::load_text(text, "round.yaml");
        ASSERT_TRUE(back.ok()) << text << all_errors(back);
        ASSERT_EQ(back.corpus.grid_checks.size(), 1u) << text;
        expect_same(back.corpus.grid_checks[0], e);
        EXPECT_EQ(np::corpus::to_yaml(back.corpus.grid_checks[0]), text);
    }
    const auto all = np::corpus::load_text(whole, "whole.yaml");
    ASSERT_TRUE(all.ok()) << all_errors(all);
    EXPECT_EQ(all.corpus.puzzles.size(), good.corpus.puzzles.size());
    EXPECT_EQ(all.corpus.grid_checks.size(), good.corpus.grid_checks.size());
}

TEST(CorpusWriter, CanonicalLayout) {
    const auto r = np::corpus::load_text(
        "- notes: first\n"
        "  tags: [b, a]\n"
        "  source: tdoku test_puzzles (BSD 2-Clause, Tom Dillon)\n"
        "  expect: {count: 1, solution: '1234341221434321', verdict: unique}\n"
        "  puzzle: |\n    1 . . 4\n    . . . .\n    . . . .\n    . 3 2 .\n"
        "  size: 2x2\n"
        "  id: mini\n",
        "in.yaml");
    ASSERT_TRUE(r.ok()) << all_errors(r);
    EXPECT_EQ(np::corpus::to_yaml(r.corpus.puzzles[0]),
              "- id: mini\n"
              "  size: 2x2\n"
              "  puzzle: 1..4.........32.\n"
              "  expect:\n"
              "    verdict: unique\n"
              "    solution: \"1234341221434321\"\n"
              "    count: 1\n"
              "  source: tdoku test_puzzles (BSD 2-Clause, Tom Dillon)\n"
              "  tags: [b, a]\n"
              "  notes: first\n");
}

TEST(CorpusWriter, AwkwardStringsStayStrings) {
    PuzzleEntry e;
    e.id = "1e5";  // a number to YAML, unless quoted
    e.size = np::Geometry{2, 2};
    e.text = "1 . . 4\n. ? . .\n. . . .\n. 3 2 .\n";  // kept as written: it does not parse
    e.puzzle = np::parse_grid(e.text, e.size);
    ASSERT_FALSE(np::parsed(e.puzzle));
    e.expect.verdict = np::Verdict::invalid;
    e.expect.reason = np::corpus::ExpectedReason{np::ReasonCode::bad_character, 2, 2, 0, 0, {}};
    e.source = "true";
    e.tags = {"no", "null", "12", "with: colon", "# hash"};
    e.notes = "two\nlines without a final break";
    const std::string text = np::corpus::to_yaml(e);
    const auto back = np::corpus::load_text(text, "awkward.yaml");
    ASSERT_TRUE(back.ok()) << text << all_errors(back);
    ASSERT_EQ(back.corpus.puzzles.size(), 1u);
    const auto& b = back.corpus.puzzles[0];
    expect_same(b, e);
    EXPECT_EQ(b.text, e.text);
    EXPECT_NE(text.find("id: \"1e5\""), std::string::npos) << text;
    EXPECT_NE(text.find("source: \"true\""), std::string::npos) << text;
    EXPECT_NE(text.find("reason: {code: bad_character, row: 2, column: 2}"), std::string::npos) << text;
}

TEST(CorpusWriter, GridCheckLayout) {
    GridCheckEntry e;
    e.id = "swap";
    e.size = np::Geometry{2, 2};
    e.grid = std::get<np::Grid>(np::parse_line("2134341221434321", e.size));
    e.valid = false;
    e.violations = {{np::ReasonCode::duplicate_in_column, 3, 1, 3, 2, {}},
                    {np::ReasonCode::duplicate_in_column, 3, 2, 3, 1, {}}};
    e.source = "numplace tests";
    const std::string text = np::corpus::to_yaml(e);
    EXPECT_EQ(text,
              "- id: swap\n"
              "  kind: grid-check\n"
              "  size: 2x2\n"
              "  grid: \"2134341221434321\"\n"
              "  expect:\n"
              "    valid: false\n"
              "    violations:\n"
              "      - {code: duplicate_in_column, row: 3, column: 1, box: 3, value: 2}\n"
              "      - {code: duplicate_in_column, row: 3, column: 2, box: 3, value: 1}\n"
              "  source: numplace tests\n");
    const auto back = np::corpus::load_text(text, "swap.yaml");
    ASSERT_TRUE(back.ok()) << all_errors(back);
    expect_same(back.corpus.grid_checks[0], e);
}

}  // namespace
