// What the docs say of the bundled plugins, checked against the plugins
// themselves (issue 41: input-formats.md named two plugins that take
// candidates while four did): each statement is read from its page and
// compared with what the loaded descriptors declare.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <map>
#include <set>

#include "cli/choose.hpp"
#include "test_support.hpp"

namespace {

std::string page(const std::string& name) { return np::test::read_file(np::test::source_dir() + "/../" + name); }

// "a, b and c" -> {a, b, c}
std::set<std::string> names_in(const std::string& list) {
    std::set<std::string> names;
    const std::regex name("[a-z][a-z0-9-]+");
    for (std::sregex_iterator it(list.begin(), list.end(), name), end; it != end; ++it)
        if (it->str() != "and") names.insert(it->str());
    return names;
}

// The text between `start` and the first `stop` after it, newlines as spaces.
std::string between(const std::string& text, const std::string& start, const std::string& stop) {
    const auto from = text.find(start);
    if (from == std::string::npos) return "";
    const auto to = text.find(stop, from + start.size());
    std::string out = text.substr(from + start.size(), to - from - start.size());
    std::replace(out.begin(), out.end(), '\n', ' ');
    return out;
}

TEST(DocsPlugins, InputFormatsNamesEveryPluginThatTakesCandidates) {
    std::set<std::string> taking;
    for (const np::Plugin& p : np::test::bundled_plugins().plugins())
        if (p.can(NP_CAP_CANDIDATES) && p.name() != "tdoku") taking.insert(p.name());  // tdoku: built only on request
    const std::string said = between(page("docs/input-formats.md"), "`numplace plugins` lists it:", ")");
    ASSERT_FALSE(said.empty()) << "the sentence moved: update this test";
    EXPECT_EQ(names_in(said), taking) << said;
}

// docs/input-formats.md: "of the bundled plugins, `csp` and `sat` take every
// kind and layout".
TEST(DocsPlugins, InputFormatsNamesThePluginsThatTakeEveryVariant) {
    std::set<std::string> taking;
    for (const np::Plugin& p : np::test::bundled_plugins().plugins())
        if (p.kinds() == (uint64_t{1} << NP_KIND_COUNT) - 1 &&
            (p.region_layouts() & NP_REGIONS_BIT(NP_REGIONS_IRREGULAR)) && (p.region_layouts() & NP_REGIONS_BIT(NP_REGIONS_NONE)))
            taking.insert(p.name());
    const std::string said = between(page("docs/input-formats.md"), "of the bundled plugins, ", " take every kind");
    ASSERT_FALSE(said.empty()) << "the sentence moved: update this test";
    EXPECT_EQ(names_in(said), taking) << said;
}

TEST(DocsPlugins, PluginGuideStatesTheBundledRanks) {
    const std::string said = between(page("docs/plugin-guide.md"), "The bundled ranks:", ". ");
    ASSERT_FALSE(said.empty()) << "the sentence moved: update this test";
    std::map<std::string, uint32_t> stated;
    const std::regex pair("([a-z][a-z0-9-]+) ([0-9]+)(?![0-9]|\xC3)");  // not "beyond 9×9"
    for (std::sregex_iterator it(said.begin(), said.end(), pair), end; it != end; ++it)
        stated[(*it)[1]] = static_cast<uint32_t>(std::stoul((*it)[2]));
    std::map<std::string, uint32_t> actual;
    for (const np::Plugin& p : np::test::bundled_plugins().plugins())
        if (p.default_for() != 0) actual[p.name()] = p.default_rank();
    EXPECT_EQ(stated, actual) << said;
}

// README: "today simd for 9×9, bitmask-mrv for other shapes,
// exhaustive-count for candidates beyond 9×9, csp for variants, logic to
// explain and rate, csp-logic to explain variants" (a variant: a killer
// cage on 9x9).
TEST(DocsPlugins, ReadmeNamesTheDefaultsTheRuleGives) {
    const std::string said = between(page("README.md"), "shows each one's \"default for\"; today ", ")");
    ASSERT_FALSE(said.empty()) << "the sentence moved: update this test";
    const auto& loaded = np::test::bundled_plugins().plugins();
    auto pick = [&](np::cli::Need need, np::Geometry shape, bool candidates, uint64_t kinds = 0) {
        std::string why;
        const np::cli::Demand demand{candidates, kinds};
        const np::Plugin* p = np::cli::default_plugin(loaded, need, shape, demand, why);
        return p != nullptr ? p->name() : why;
    };
    const np::cli::Need solve{NP_CAP_SOLVE, NP_CAP_SOLVE, "solve", "solve"};
    const np::cli::Need explain{NP_CAP_SOLVE | NP_CAP_EXPLAIN, NP_CAP_EXPLAIN, "explain", "solve"};
    const std::string expected = pick(solve, {3, 3}, false) + " for 9×9, " + pick(solve, {4, 4}, false) +
                                 " for other shapes, " + pick(solve, {4, 4}, true) + " for candidates beyond 9×9, " +
                                 pick(solve, {3, 3}, false, NP_KIND_BIT(NP_KIND_KILLER_CAGE)) + " for variants, " +
                                 pick(explain, {3, 3}, false) + " to explain and rate, " +
                                 pick(explain, {3, 3}, false, NP_KIND_BIT(NP_KIND_KILLER_CAGE)) + " to explain variants";
    EXPECT_EQ(said, expected);
}

}  // namespace
