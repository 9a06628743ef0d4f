// numplace report: pages drawn from real verify and bench runs and from
// hand-written version 4 reports (tests/report/fixtures: fixture data that
// exercises what version 4 adds: answers, tags, commands, per-puzzle times,
// CPU time), every string from a report escaped, two runs compared under
// the documented rule, and bad input refused in one line with exit 2. The
// page's scripts run in tests/report/browser_test.js (label browser).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

using np::test::read_file;
using np::test::run_cli;
using json = nlohmann::json;

std::string fixture(const std::string& name) { return std::string(NUMPLACE_TEST_SOURCE_DIR) + "/report/fixtures/" + name; }
std::string corpus(const std::string& name) { return std::string(NUMPLACE_TEST_SOURCE_DIR) + "/../corpus/" + name; }
std::string mutant_dir() { return np::test::fixture_dir() + "/../mutant-plugins"; }

std::size_t occurrences(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

class Report : public ::testing::Test {
protected:
    void SetUp() override {
        char name[] = "/tmp/numplace-report-XXXXXX";
        dir = mkdtemp(name);
    }
    void TearDown() override { std::filesystem::remove_all(dir); }
    std::string path(const std::string& file) const { return (dir / file).string(); }
    std::string write(const std::string& file, const std::string& text) const {
        std::ofstream(path(file), std::ios::binary) << text;
        return path(file);
    }
    // A real verify run in which a mutant fails: a wrong 6x6 answer (box
    // rows and columns swapped) and givens ignored on 9x9.
    std::string verify_report(const std::string& file, const std::string& plugins) const {
        const auto run = run_cli({"verify", corpus("sizes-2x3.yaml"), corpus("top95.yaml"), "--ids",
                                  "sizes-2x3-1,sizes-2x3-2,sizes-2x3-3,top95-1,top95-2", "--plugin-dir", mutant_dir(),
                                  "--plugins", plugins, "--no-generator-sweep", "--report", path(file)});
        EXPECT_LE(run.exit_code, 1) << run.err;
        return path(file);
    }
    std::filesystem::path dir;
};

TEST(ReportFlags, FailOnRegressionTakesAPercentWithOrWithoutItsSign) {
    const std::string old_report = fixture("bench-old.json"), new_report = fixture("bench-new.json");
    EXPECT_EQ(run_cli({"report", "--compare", old_report, new_report, "--fail-on-regression", "10%"}).exit_code, 1);
    EXPECT_EQ(run_cli({"report", "--compare", old_report, new_report, "--fail-on-regression", "10"}).exit_code, 1);
    const auto bad = run_cli({"report", "--compare", old_report, new_report, "--fail-on-regression", "101%"});
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.err.find("expected a percentage from 0 to 100"), std::string::npos) << bad.err;
}

TEST_F(Report, AVerifyPageListsEveryRowThatDidNotPassWithItsGrid) {
    const std::string report = verify_report("v.json", "backtrack,mutant-box-swapped,mutant-given-ignored");
    const auto run = run_cli({"report", report, "--html", path("v.html")});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const std::string page = read_file(path("v.html"));
    std::size_t not_passed = 0, failed = 0;
    std::ifstream in(report);
    const json rows = json::parse(in)["rows"];
    for (const json& row : rows) {
        if (row["status"] == "pass") continue;
        ++not_passed, failed += row["status"] == "fail";
        EXPECT_NE(page.find("data-plugin=\"" + row["plugin"].get<std::string>() + "\" data-kind=\"" +
                            row.value("kind", "") + "\" data-status=\"" + row["status"].get<std::string>()),
                  std::string::npos)
            << row;
    }
    ASSERT_GT(failed, 0u);
    // Failed rows are cards; the others (backtrack's unknown answers) are
    // folded into one count, each a line of its list.
    EXPECT_EQ(occurrences(page, "class=\"vrow\""), failed);
    EXPECT_EQ(occurrences(page, "class=\"vrow brief\""), not_passed - failed);
    ASSERT_GT(not_passed - failed, 1u);
    EXPECT_NE(page.find("<summary>" + std::to_string(not_passed - failed) + " unknown answers</summary>"), std::string::npos);
    // Each failed row has a regression entry here, so each has its puzzle
    // (with the answer over it, when the row has one) and the expected
    // solution beside it.
    std::size_t answers = 0;
    for (const json& row : rows) answers += row.contains("answer");
    EXPECT_EQ(occurrences(page, "<svg class=\"sudoku\""), 2 * failed);
    EXPECT_EQ(occurrences(page, "<svg class=\"sudoku\" data-grid=\"solution\""), failed);
    EXPECT_EQ(occurrences(page, "<svg class=\"sudoku\" data-grid=\"answer\""), answers);
    EXPECT_NE(page.find("mutant-box-swapped: certificate"), std::string::npos);
    // Self-contained: nothing is fetched.
    EXPECT_EQ(page.find("src=\"http"), std::string::npos);
    EXPECT_EQ(page.find("href=\"http"), std::string::npos);
}

TEST_F(Report, AVersion4VerifyRowIsDrawnWithItsAnswerTagsAndCommand) {
    const auto run = run_cli({"report", fixture("verify-v4.json"), "--html", path("v4.html")});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const std::string page = read_file(path("v4.html"));
    // top95-1's answer changes the given at r1c1 to 1: changed, differs from
    // the solution, and repeats 1 in row 1, column 1 and box 1.
    EXPECT_EQ(occurrences(page, "cell given differs changed conflict\""), 1u);
    EXPECT_EQ(occurrences(page, " changed"), 3u);  // the cell, the finding and the legend
    EXPECT_NE(page.find("1 given(s) changed"), std::string::npos);
    EXPECT_GE(occurrences(page, " conflict\""), 3u);
    EXPECT_NE(page.find("numplace verify corpus/top95.yaml --ids top95-1 --plugins fixture-liar"), std::string::npos);
    EXPECT_NE(page.find("tags: top95, fixture-tag"), std::string::npos);
    EXPECT_NE(page.find("<th>CPU (s)</th>"), std::string::npos);
    EXPECT_NE(page.find("CPU 1.1 ms"), std::string::npos);
}

// The cells of the n-th grid of `page` whose class holds " differs", in
// row-major order.
std::vector<int> differing_cells(const std::string& page, std::size_t n) {
    std::size_t at = page.find("<svg class=\"sudoku\"");
    for (std::size_t k = 0; k < n && at != std::string::npos; ++k) at = page.find("<svg class=\"sudoku\"", at + 1);
    std::vector<int> cells;
    if (at == std::string::npos) return cells;
    const std::size_t end = page.find("</svg>", at);
    int i = 0;
    for (auto r = page.find("<rect class=\"cell", at); r < end; r = page.find("<rect class=\"cell", r + 1), ++i)
        if (page.substr(r, page.find('"', r + 13) - r).find(" differs") != std::string::npos) cells.push_back(i);
    return cells;
}

// tests/report/fixtures/verify-disagreement.json: a plugin's answer to
// plain.txt:1 is the truth with r1c2 and r1c3 swapped; backtrack gives up
// on 30 puzzles.
TEST_F(Report, ADisagreementDrawsBothSolutionsAndUnknownsFoldIntoACount) {
    ASSERT_EQ(run_cli({"report", fixture("verify-disagreement.json"), "--html", path("d.html")}).exit_code, 0);
    const std::string page = read_file(path("d.html"));
    EXPECT_EQ(occurrences(page, "class=\"vrow\""), 1u);
    EXPECT_NE(page.find("fixture-liar: disagreement (1 row)"), std::string::npos);
    // One count, closed (no `open`): its 30 rows are listed inside it.
    EXPECT_EQ(occurrences(page, "<details"), 1u);
    EXPECT_NE(page.find("<details class=\"folded\" data-status=\"unknown\" data-one=\"unknown answer\" "
                        "data-many=\"unknown answers\"><summary>30 unknown answers</summary>"),
              std::string::npos);
    EXPECT_EQ(occurrences(page, "class=\"vrow brief\" data-plugin=\"backtrack\""), 30u);
    EXPECT_LT(page.find("<details"), page.find("class=\"vrow brief\""));
    EXPECT_GT(page.find("</details>"), page.rfind("class=\"vrow brief\""));
    // Both grids, the two cells where they differ marked on each.
    EXPECT_EQ(occurrences(page, "<svg class=\"sudoku\" data-grid=\"answer\""), 1u);
    EXPECT_EQ(occurrences(page, "<svg class=\"sudoku\" data-grid=\"solution\""), 1u);
    EXPECT_EQ(differing_cells(page, 0), (std::vector<int>{1, 2}));
    EXPECT_EQ(differing_cells(page, 1), (std::vector<int>{1, 2}));
    EXPECT_NE(page.find("fixture-liar&#39;s answer</figcaption>"), std::string::npos);
    EXPECT_NE(page.find("the expected solution (source: numplace verify: plain.txt:1; truth from exhaustive-count&#39;s "
                        "complete search)</figcaption>"),
              std::string::npos);
    EXPECT_NE(page.find("pink, on both grids: the 2 cell(s) where the answer and the expected solution differ"),
              std::string::npos);
}

TEST_F(Report, EveryStringFromAReportIsEscaped) {
    const auto run = run_cli({"report", fixture("verify-v4.json"), fixture("bench-new.json"), "--html", path("p.html")});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const std::string page = read_file(path("p.html"));
    EXPECT_EQ(page.find("<script>window.pwned"), std::string::npos);
    EXPECT_NE(page.find("&lt;script&gt;window.pwned=1&lt;/script&gt;&lt;img src=x onerror=&quot;document.title=&#39;pwned&#39;&quot;&gt; &amp; "
                        "the given"), std::string::npos);
    EXPECT_NE(page.find("liar&lt;i&gt;"), std::string::npos);
    EXPECT_EQ(page.find("liar<i>"), std::string::npos);
    // Inside the JSON block a '<' is \u003c, so no text can close the script.
    EXPECT_EQ(occurrences(page, "</script>"), occurrences(page, "<script"));
}

TEST_F(Report, ABenchPageHasTheTableAndSaysWhatAnOlderReportLacks) {
    const std::string dataset = write("top.txt",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....\n");
    const auto bench = run_cli({"bench", dataset, "--plugins", "bitmask-mrv,exhaustive-count", "--seconds", "1000",
                                "--warmup", "0.01", "--baseline", "bitmask-mrv", "--json", path("b.json")});
    ASSERT_EQ(bench.exit_code, 0) << bench.err;
    ASSERT_EQ(run_cli({"report", path("b.json"), "--html", path("b.html")}).exit_code, 0);
    const std::string page = read_file(path("b.html"));
    std::ifstream in(path("b.json"));
    const json rows = json::parse(in)["rows"];
    EXPECT_EQ(occurrences(page, "<tr><td class=\"t\">top</td>"), rows.size());
    const bool per_puzzle = rows[0].contains("puzzles");
    EXPECT_EQ(page.find("No per-puzzle times in this report") == std::string::npos, per_puzzle);
    EXPECT_EQ(page.find("scatter-data-1") != std::string::npos, per_puzzle);
    EXPECT_EQ(occurrences(page, "class=\"bar\""), 2u);  // bench's chart, one bar a plugin
}

TEST_F(Report, AVersion4BenchPageHasCactusPlotsAndTheScatterData) {
    ASSERT_EQ(run_cli({"report", fixture("bench-new.json"), "--html", path("b.html")}).exit_code, 0);
    const std::string page = read_file(path("b.html"));
    EXPECT_EQ(occurrences(page, "<svg class=\"cactus\""), 1u);  // only d1 has per-puzzle times
    EXPECT_EQ(occurrences(page, "class=\"cactus-line\""), 3u);
    EXPECT_NE(page.find("base: 5 of 6 timed"), std::string::npos);
    EXPECT_NE(page.find("<th>PAR-2 s</th>"), std::string::npos);
    EXPECT_NE(page.find("<th>vs base</th>"), std::string::npos);
    EXPECT_EQ(occurrences(page, "<svg xmlns"), 3u);  // the bars, one chart a dataset
}

// The bars' hatch pattern gets an id of its own per chart; labels that
// hold the word are drawn as written (a rename once reached into them).
TEST_F(Report, ABarChartDrawsLabelsHoldingHatchVerbatim) {
    json doc = json::parse(read_file(fixture("bench-new.json")));
    for (json& row : doc["rows"]) {
        if (row["dataset"] == "d3") row["dataset"] = "hatch-1001";
        if (row["plugin"] == "fast") row["plugin"] = "hatch";
    }
    ASSERT_EQ(run_cli({"report", write("hatch.json", doc.dump()), "--html", path("h.html")}).exit_code, 0);
    const std::string page = read_file(path("h.html"));
    EXPECT_NE(page.find("<title>puzzles per second: hatch-1001</title>"), std::string::npos);
    EXPECT_EQ(occurrences(page, ">hatch</text>"), 3u);  // the legend of each dataset's bars
    EXPECT_EQ(occurrences(page, "hatch on hatch-1001: "), 1u);  // a bar's tooltip
    // liar<i> has no rate on any dataset: each chart's stub fills with that
    // chart's own pattern.
    std::vector<std::string> ids;
    for (auto at = page.find("<pattern id=\""); at != std::string::npos; at = page.find("<pattern id=\"", at + 1))
        ids.push_back(page.substr(at + 13, page.find('"', at + 13) - at - 13));
    ASSERT_EQ(ids, (std::vector<std::string>{"hatch-1001", "hatch-1002", "hatch-1003"}));
    for (const std::string& id : ids) EXPECT_EQ(occurrences(page, "fill=\"url(#" + id + ")\""), 1u) << id;
    EXPECT_EQ(occurrences(page, "url(#"), 3u);
}

TEST_F(Report, ComparedBenchRunsRegressOnAPluginsMedianDrop) {
    const std::string old_report = fixture("bench-old.json"), new_report = fixture("bench-new.json");
    // slow's ratio to base: 0.5 on d1..d3 before; 0.4, 0.4, 0.6 now: -20%, -20%, +20%.
    const auto strict = run_cli({"report", "--compare", old_report, new_report, "--fail-on-regression", "10%",
                                 "--html", path("c.html")});
    EXPECT_EQ(strict.exit_code, 1) << strict.err;
    EXPECT_NE(strict.out.find("slow: median change -20.0% over 3 cells  REGRESSED"), std::string::npos) << strict.out;
    EXPECT_NE(strict.out.find("fast: median change +0.0% over 3 cells\n"), std::string::npos) << strict.out;
    EXPECT_NE(strict.out.find("d2       slow    0.500      0.400      -20.0%"), std::string::npos) << strict.out;
    EXPECT_NE(strict.out.find("now a finding: liar<i> on d3: certificate: wrong answer"), std::string::npos) << strict.out;
    EXPECT_NE(strict.out.find("\ncompare bench: baseline base, 2 plugins, 6 cells; fast +0.0%; slow -20.0%; 1 new finding; "
                              "regression = a median drop of more than 10% or a new finding: REGRESSED\n"),
              std::string::npos)
        << strict.out;
    // The rates beside the ratios: the baseline's own (halved here: the
    // machine, not a plugin, got slower) and each cell's; judged by ratios.
    EXPECT_NE(strict.out.find("d1       base    1.000      1.000      baseline  100        50\n"), std::string::npos)
        << strict.out;
    EXPECT_NE(strict.out.find("d3       slow    0.500      0.600      +20.0%    50         30\n"), std::string::npos)
        << strict.out;
    const std::string page = read_file(path("c.html"));
    EXPECT_NE(page.find("<td class=\"t bad\">regressed</td>"), std::string::npos);
    EXPECT_EQ(occurrences(page, "<tr class=\"baseline\">"), 3u);
    EXPECT_NE(page.find("<tr class=\"baseline\"><td class=\"t\">d2</td><td class=\"t\">base</td><td data-v=\"100\">100</td>"
                        "<td data-v=\"50\">50</td><td data-v=\"-50\">-50%</td><td data-v=\"1\">1</td><td data-v=\"1\">1</td>"
                        "<td data-v=\"nan\">baseline</td></tr>"),
              std::string::npos);
    EXPECT_NE(page.find("<td class=\"t\">d2</td><td class=\"t\">slow</td><td data-v=\"50\">50</td><td data-v=\"20\">20</td>"
                        "<td data-v=\"-60\">-60%</td><td data-v=\"0.5\">0.5</td>"),
              std::string::npos);
    EXPECT_NE(page.find("Judged by the ratios' change: a ratio cancels the machine's speed and load, which move the rates; "
                        "base's own rows show its rates."),
              std::string::npos);
    // Without the finding, a looser limit passes slow's -20%.
    json without = json::parse(read_file(new_report));
    without["rows"].erase(without["rows"].size() - 1);
    const std::string honest = write("honest.json", without.dump());
    const auto loose = run_cli({"report", "--compare", old_report, honest, "--fail-on-regression", "25"});
    EXPECT_EQ(loose.exit_code, 0);
    EXPECT_NE(loose.out.find("median drop of more than 25% or a new finding: none"), std::string::npos) << loose.out;
    const auto found = run_cli({"report", "--compare", old_report, new_report, "--fail-on-regression", "25"});
    EXPECT_EQ(found.exit_code, 1);
    EXPECT_NE(found.out.find("1 new finding; regression = a median drop of more than 25% or a new finding: REGRESSED"),
              std::string::npos) << found.out;
    const auto unjudged = run_cli({"report", "--compare", old_report, new_report, "--baseline", "fast"});
    EXPECT_EQ(unjudged.exit_code, 0);
    EXPECT_NE(unjudged.out.find("compare bench: baseline fast, 2 plugins"), std::string::npos) << unjudged.out;
    EXPECT_NE(unjudged.out.find("no --fail-on-regression: not judged"), std::string::npos) << unjudged.out;
}

TEST_F(Report, ComparedVerifyRunsListNewlyFailingRowsFirst) {
    const std::string before = verify_report("old.json", "backtrack,mutant-none");
    const std::string now = verify_report("new.json", "backtrack,mutant-box-swapped");
    const auto run = run_cli({"report", "--compare", before, now, "--fail-on-regression", "0"});
    EXPECT_EQ(run.exit_code, 1) << run.err;
    const auto first = run.out.find("mutant-box-swapped"), fixed = run.out.find("mutant-none");
    ASSERT_NE(first, std::string::npos) << run.out;
    ASSERT_NE(fixed, std::string::npos) << run.out;
    EXPECT_LT(first, fixed);  // newly failing (absent -> fail) before gone rows (pass -> absent)
    EXPECT_NE(run.out.find("absent   fail  NEWLY FAILING"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("compare verify: 10 rows changed status, 3 newly failing, 0 no longer failing; regression = "
                           "a row that starts failing: REGRESSED"),
              std::string::npos)
        << run.out;
    const auto same = run_cli({"report", "--compare", now, now, "--fail-on-regression", "0"});
    EXPECT_EQ(same.exit_code, 0);
    EXPECT_NE(same.out.find("no row changed status"), std::string::npos) << same.out;
}

TEST_F(Report, BadInputIsOneLineNamingTheFileAndExit2) {
    const std::string bench = fixture("bench-new.json"), verify = fixture("verify-v4.json");
    const auto expect_line = [](const np::test::CliRun& run, const std::string& what) {
        EXPECT_EQ(run.exit_code, 2) << run.err;
        EXPECT_NE(run.err.find(what), std::string::npos) << run.err;
        EXPECT_EQ(occurrences(run.err, "\n"), 1u) << run.err;
    };
    expect_line(run_cli({"report", path("none.json"), "--html", path("p.html")}), path("none.json") + ": cannot read");
    expect_line(run_cli({"report", write("x.json", "{\"rows\": []}"), "--html", path("p.html")}),
                path("x.json") + ": not a numplace report");
    expect_line(run_cli({"report", write("y.json", "plain text"), "--html", path("p.html")}), path("y.json") + ": not JSON");
    expect_line(run_cli({"report", "--compare", verify, bench}),
                bench + ": a bench report, but " + verify + " is a verify report: --compare takes two reports of the same kind");
    expect_line(run_cli({"report", "--compare", bench, bench, "--baseline", "nope"}),
                bench + ": baseline nope has no measured row in this report");
    json unnamed = json::parse(read_file(bench));
    unnamed["settings"].erase("baseline");
    const std::string plain = write("plain.json", unnamed.dump());
    expect_line(run_cli({"report", "--compare", plain, plain}), "give --baseline PLUGIN");
    expect_line(run_cli({"report", "--compare", bench}), "--compare takes two reports");
    expect_line(run_cli({"report", bench, "--fail-on-regression", "5", "--html", path("p.html")}),
                "--fail-on-regression goes with --compare");
    expect_line(run_cli({"report", bench}), "--html OUT.html");
    json odd = json::parse(read_file(bench));
    odd["rows"][0]["puzzles"]["us"][0] = "fast";
    expect_line(run_cli({"report", write("odd.json", odd.dump()), "--html", path("p.html")}),
                path("odd.json") + ": malformed report: 'puzzles.us' holds something other than numbers and null");
    std::string edited = read_file(verify);
    const std::string box = "\"box\":[3,3]";
    edited.replace(edited.find(box), box.size(), "\"box\":[1e300,3]");
    expect_line(run_cli({"report", write("edited.json", edited), "--html", path("p.html")}),
                path("edited.json") + ": row 2: malformed: 'box' is not a whole number in range");
    // The rest of the batch still runs: the page is drawn from what could be read.
    expect_line(run_cli({"report", bench, path("none.json"), "--html", path("p.html")}), path("none.json") + ": cannot read");
    EXPECT_NE(read_file(path("p.html")).find("Bench: " + bench), std::string::npos);
}

}  // namespace

namespace {

// A real disagreement (issue 41): mutant-one-forward says unique after one
// solution; backtrack finds another. The report row carries backtrack's
// certified solution as `refuting`, and the page draws it beside the answer,
// the differing cells marked on both.
TEST(ReportRefuting, ADisagreementOfAPlainFileDrawsTheOtherSolution) {
    char name[] = "/tmp/numplace-refuting-XXXXXX";
    const std::string dir = mkdtemp(name);
    const std::string puzzles = dir + "/multi.txt", report = dir + "/r.json", page = dir + "/r.html";
    std::ofstream(puzzles) << "12..34..21......\n";  // 4 solutions
    const auto run = run_cli({"verify", "--plugin-dir", np::test::fixture_dir() + "/../mutant-plugins", "--plugins",
                              "mutant-one-forward,backtrack", "--report", report, puzzles});
    ASSERT_EQ(run.exit_code, 1) << run.out << run.err;
    const auto doc = nlohmann::json::parse(read_file(report));
    bool seen = false;
    for (const auto& row : doc.at("rows"))
        if (row.value("status", "") == "fail") {
            seen = true;
            EXPECT_EQ(row.value("kind", ""), "disagreement");
            ASSERT_TRUE(row.contains("refuting")) << row.dump();
            EXPECT_NE(row.at("refuting"), row.at("answer"));
            EXPECT_EQ(row.value("refuting_source", ""), "backtrack's certified solution");
        }
    EXPECT_TRUE(seen);
    ASSERT_EQ(run_cli({"report", report, "--html", page}).exit_code, 0);
    const std::string html = read_file(page);
    EXPECT_NE(html.find("another solution (backtrack&#39;s certified solution)</figcaption>"), std::string::npos);
    EXPECT_NE(html.find("cell(s) where the answer and the other solution differ"), std::string::npos);
    std::filesystem::remove_all(dir);
}

}  // namespace
