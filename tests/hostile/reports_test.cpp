// Issue 40, finding 4: verify wrote reports its own reader refused. A
// plugin's refused witness of 200s (plugins/refused_grid.c) was copied into
// the row's `answer`, and --merge and --resume then exited 2: the honest
// rows of the run were lost with it. A grid from a plugin now enters a row
// only when its values are in range for its shape; otherwise the row says
// what was wrong with it, without its values.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "hostile_support.hpp"
#include "test_support.hpp"

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;
using np::test::run_cli;

class HostileReports : public ::testing::Test {
protected:
    void SetUp() override {
        char name[] = "/tmp/numplace-hostile-reports-XXXXXX";
        dir = mkdtemp(name);
        std::ofstream(dir / "c.yaml") << np::hostile::kCorpus;
    }
    void TearDown() override { fs::remove_all(dir); }
    std::string path(const std::string& file) const { return (dir / file).string(); }
    std::vector<std::string> verify(std::vector<std::string> extra) const {
        std::vector<std::string> args = {"verify", path("c.yaml"), "--plugin-dir", np::hostile::attack_dir("refused_grid"),
                                         "--plugins", "attack-refused-grid", "--timeout", "5"};
        args.insert(args.end(), extra.begin(), extra.end());
        return args;
    }
    json report(const std::string& file) const { return json::parse(std::ifstream(dir / file)); }
    fs::path dir;
};

TEST_F(HostileReports, ARefusedGridOfOutOfRangeValuesStaysOutAndTheReportMergesAndResumes) {
    const auto run = run_cli(verify({"--report", path("r.json")}));
    ASSERT_EQ(run.exit_code, 1) << run.err;  // the target's row fails; nothing else
    const json written = report("r.json");
    json target;
    for (const auto& row : written["rows"])
        if (row.value("entry", "") == np::hostile::kTarget && row.value("operation", "") == "solve") target = row;
    ASSERT_TRUE(target.is_object()) << written.dump();
    EXPECT_EQ(target["status"], "fail");
    EXPECT_FALSE(target.contains("answer")) << target.dump();
    // Today the parent keeps the worker's refused grid (kind certificate),
    // and the writer's intake names it; should the runner refuse such a
    // frame itself one day, the row fails otherwise and has no grid to name.
    if (target.value("kind", "") == "certificate") {
        const std::string finding = target.value("finding", "");
        EXPECT_NE(finding.find("answer grid not shown: a cell holds 200, outside 0 to 6"), std::string::npos) << finding;
    }

    // Everything verify writes, its own --merge and --resume read.
    const auto merged = run_cli({"verify", "--merge", path("r.json"), "--report", path("m.json")});
    ASSERT_EQ(merged.exit_code, 1) << merged.err;
    EXPECT_EQ(report("m.json")["rows"].size(), written["rows"].size());
    const auto resumed = run_cli(verify({"--resume", path("r.json"), "--report", path("r2.json")}));
    ASSERT_EQ(resumed.exit_code, 1) << resumed.err;
    EXPECT_EQ(report("r2.json")["rows"].size(), written["rows"].size());
}

}  // namespace
