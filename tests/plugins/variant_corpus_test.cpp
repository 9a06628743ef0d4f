// The variant corpus (corpus/variants-*.yaml) against the two engines that
// take every kind, csp and sat, and exhaustive-count where it takes the
// puzzle (jigsaws, diagonals, extra regions, disjoint groups), called through the host (which sends the
// regions and constraints and certifies every witness with check_variant):
// each entry is proved unique by both, to the solution the entry records
// (for the published puzzles, their setters' own), and the host's certifier
// passes that solution on its own too. Then what the corpus covers: every
// kind in at least three entries, and the sizes and layouts issue 43 asks
// for. A test that fails here names the entry.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <map>
#include <set>
#include <string>

#include "corpus/corpus.hpp"
#include "numplace/sandbox.hpp"
#include "numplace/variant.hpp"
#include "test_support.hpp"

namespace {

using np::Grid;
using np::Kind;
using np::Verdict;

struct VariantEntry {
    std::string file, id;
    Grid puzzle;
    Grid solution;
};

// Every variant entry of the bundled corpus with a unique solution.
const std::vector<VariantEntry>& variant_entries() {
    static const std::vector<VariantEntry> entries = [] {
        std::vector<VariantEntry> out;
        const std::string dir = np::test::source_dir() + "/../corpus";
        for (const auto& file : std::filesystem::directory_iterator(dir)) {
            const std::string name = file.path().filename().string();
            if (!name.starts_with("variants-") || file.path().extension() != ".yaml") continue;
            const auto loaded = np::corpus::load({file.path().string()});
            EXPECT_TRUE(loaded.ok()) << name;
            for (const auto& e : loaded.corpus.puzzles) {
                const Grid* grid = std::get_if<Grid>(&e.puzzle);
                if (grid == nullptr || !grid->is_variant() || e.expect.verdict != Verdict::unique) continue;
                out.push_back({name, e.id, *grid, *e.expect.solution});
            }
        }
        return out;
    }();
    return entries;
}

TEST(VariantCorpus, SlowEveryEntryIsProvedUniqueByCspAndSatToItsSolution) {
    ASSERT_GE(variant_entries().size(), 30u);
    // Under the sanitizers the engines run several times slower; csp_tests and
    // sat_variant_tests check their memory there, on puzzles of their own.
    if (np::sanitizer_build()) GTEST_SKIP() << "the whole variant corpus runs in the Release build";
    int exact_covers = 0;  // entries exhaustive-count takes (jigsaws, diagonals, extra regions, disjoint groups)
    for (const std::string engine : {"csp", "sat", "exhaustive-count"}) {
        const np::Plugin& p = np::test::bundled_plugin(engine);
        for (const VariantEntry& e : variant_entries()) {
            const bool refused = p.variant_refusal(*e.puzzle.variant).has_value();
            if (engine == "exhaustive-count" && refused) continue;
            ASSERT_FALSE(refused) << engine << " " << e.id;
            exact_covers += engine == "exhaustive-count";
            np::Budget budget;
            budget.max_nodes = 2'000'000;
            const auto out = p.solve(e.puzzle, 2, {}, budget);
            EXPECT_EQ(out.verdict, Verdict::unique) << engine << " " << e.file << " " << e.id << ": " << out.message;
            if (out.verdict == Verdict::unique) EXPECT_EQ(out.solutions.at(0).cells, e.solution.cells) << engine << " " << e.id;
        }
    }
    EXPECT_GE(exact_covers, 6);
}

TEST(VariantCorpus, TheHostsCertifierPassesEveryRecordedSolution) {
    for (const VariantEntry& e : variant_entries()) {
        const auto issue = np::check_variant(*e.puzzle.variant, e.solution);
        EXPECT_FALSE(issue.has_value()) << e.id << ": " << (issue ? issue->message : "");
    }
}

// Issue 43: at least three entries for every kind; sizes 4x4 to 16x16,
// irregular regions on 6x6, 7x7 and 16x16.
TEST(VariantCorpus, EveryKindHasThreeEntriesAndTheSizesAreCovered) {
    std::map<Kind, int> entries_of;
    std::set<std::pair<int, np::RegionLayout>> shapes;
    for (const VariantEntry& e : variant_entries()) {
        for (Kind k : e.puzzle.variant->kinds()) ++entries_of[k];
        shapes.insert({e.puzzle.side(), e.puzzle.variant->regions});
    }
    for (int k = 0; k < np::kKindCount; ++k)
        EXPECT_GE(entries_of[static_cast<Kind>(k)], 3) << np::kind_key(static_cast<Kind>(k));
    for (int side : {4, 6, 9}) EXPECT_TRUE(shapes.contains({side, np::RegionLayout::boxes})) << side;
    for (int side : {6, 7, 16}) EXPECT_TRUE(shapes.contains({side, np::RegionLayout::irregular})) << side;
}

// corpus/README.md's table gives each variant file's number of entries.
TEST(VariantCorpus, TheReadmeCountsEveryVariantFilesEntries) {
    const std::string dir = np::test::source_dir() + "/../corpus/";
    std::ifstream readme(dir + "README.md");
    std::stringstream text;
    text << readme.rdbuf();
    const std::string s = text.str();
    const std::regex row(R"(\| `(variants-[a-z]+\.yaml)` \|[^\n]*\| ([0-9]+) \|)");
    int rows = 0;
    for (std::sregex_iterator it(s.begin(), s.end(), row), end; it != end; ++it, ++rows) {
        const auto loaded = np::corpus::load({dir + (*it)[1].str()});
        EXPECT_EQ(loaded.corpus.puzzles.size(), std::stoul((*it)[2])) << (*it)[1];
    }
    int files = 0;
    for (const auto& f : std::filesystem::directory_iterator(dir))
        files += f.path().filename().string().starts_with("variants-");
    EXPECT_EQ(rows, files) << "a variant file without its row in corpus/README.md";
}

}  // namespace
