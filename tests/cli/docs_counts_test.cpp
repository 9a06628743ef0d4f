// Counts and names the docs state, checked against what they count (issue
// 42: a default verify was given as 14,261 rows long after it was 19,349;
// architecture.md named a file that did not exist).
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <string>

#include "numplace/variant.hpp"
#include "test_support.hpp"

namespace {

std::string page(const std::string& name) { return np::test::read_file(np::test::source_dir() + "/../" + name); }

long number(std::string digits) {
    std::erase(digits, ',');
    return std::stol(digits);
}

// The rows of a default verify, as SlowVerifyRows recorded them.
long recorded_rows() {
    const std::string rows = page("tests/cli/data/verify-bundled-rows.txt");
    std::smatch m;
    EXPECT_TRUE(std::regex_search(rows, m, std::regex("\nrows ([0-9]+)\n")));
    return m.empty() ? -1 : number(m[1]);
}

TEST(DocsCounts, TheReadmeCountsTheVariantKinds) {
    const std::string readme = page("README.md");
    std::smatch m;
    ASSERT_TRUE(std::regex_search(readme, m, std::regex("the\\s+([0-9]+)\\s+kinds\\s+of\\s+constraint")))
        << "the sentence moved: update this test";
    EXPECT_EQ(number(m[1]), np::kKindCount);
}

TEST(DocsCounts, TheReadmesDefaultVerifyHasTheRecordedRows) {
    const std::string readme = page("README.md");
    std::smatch m;
    ASSERT_TRUE(std::regex_search(readme, m, std::regex("`numplace verify` ran\\s+([0-9,]+) rows, none failed")))
        << "the sentence moved: update this test";
    EXPECT_EQ(number(m[1]), recorded_rows());
}

// harness/FOLDER/CMakeLists.txt: each library it defines, and the numplace
// libraries each links (PUBLIC or PRIVATE).
struct Library {
    std::string folder;
    std::set<std::string> links;
};

std::map<std::string, Library> harness_libraries() {
    std::map<std::string, Library> libraries;
    const std::regex add("add_library\\((numplace_[a-z_]+)");
    const std::regex link("target_link_libraries\\((numplace_[a-z_]+)([^)]*)\\)");
    const std::regex name("numplace_[a-z_]+");
    for (const auto& dir : std::filesystem::directory_iterator(np::test::source_dir() + "/../harness")) {
        if (!dir.is_directory()) continue;
        const std::string text = np::test::read_file((dir.path() / "CMakeLists.txt").string());
        const std::string folder = dir.path().filename().string();
        for (std::sregex_iterator it(text.begin(), text.end(), add), end; it != end; ++it)
            libraries[(*it)[1]].folder = folder;
        for (std::sregex_iterator it(text.begin(), text.end(), link), end; it != end; ++it) {
            const std::string deps = (*it)[2];
            for (std::sregex_iterator d(deps.begin(), deps.end(), name), e; d != e; ++d)
                libraries[(*it)[1]].links.insert(d->str());
        }
    }
    return libraries;
}

// architecture.md's table: the row of harness/FOLDER/ -> its "depends on" cell.
std::map<std::string, std::string> dependency_cells() {
    const std::string text = page("docs/architecture.md");
    std::map<std::string, std::string> cells;
    const std::regex row("\n\\| `harness/([a-z]+)/` [^\n]*\\| ([^|\n]*) \\|");
    for (std::sregex_iterator it(text.begin(), text.end(), row), end; it != end; ++it) cells[(*it)[1]] = (*it)[2];
    return cells;
}

// The word a dependency goes by in the table: its folder, or for the
// framework's libraries their part.
std::string word_for(const std::string& lib, const std::map<std::string, Library>& libraries) {
    if (lib == "numplace_host") return "host";
    if (lib == "numplace_framework" || lib == "numplace_sdk") return "framework";
    const auto it = libraries.find(lib);
    return it == libraries.end() ? lib : it->second.folder;
}

TEST(DocsCounts, ArchitectureNamesEveryHarnessFolderWithItsDependencies) {
    const auto libraries = harness_libraries();
    const auto cells = dependency_cells();
    ASSERT_FALSE(libraries.empty());
    for (const auto& [lib, l] : libraries) {
        if (l.folder.empty()) continue;  // linked, defined elsewhere
        const auto cell = cells.find(l.folder);
        ASSERT_NE(cell, cells.end()) << "docs/architecture.md has no row for harness/" << l.folder << "/ (" << lib << ")";
        if (cell->second == "everything below") continue;  // the command line: it may link every library
        for (const std::string& dep : l.links) {
            const std::string word = word_for(dep, libraries);
            if (word == l.folder) continue;
            EXPECT_TRUE(std::regex_search(cell->second, std::regex("\\b" + word + "\\b")))
                << "harness/" << l.folder << "/ (" << lib << ") links " << dep << ", but its row's \"depends on\" ("
                << cell->second << ") does not say " << word;
        }
    }
}

}  // namespace
