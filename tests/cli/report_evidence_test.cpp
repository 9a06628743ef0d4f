// verify's reports as evidence (docs/verification.md, "What a report
// guarantees"): --merge and --resume check every report they read, and a
// report edited by hand, cut short, relabelled, doubled or mixed with
// another run's files is refused with a line naming the file and what is
// wrong; --resume runs again a unit that lacks rows. No refusal leaves a
// temporary file behind.
#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>

#include "full_disk.hpp"
#include "numplace/sandbox.hpp"
#include "report_forge.hpp"
#include "test_support.hpp"

namespace {

using np::test::ordered;
using np::test::read_report;
using np::test::run_cli;
using np::test::seal;
using np::test::write_report;
namespace fs = std::filesystem;

class Evidence : public ::testing::Test {
protected:
    void SetUp() override {
        char name[] = "/tmp/numplace-evidence-XXXXXX";
        dir = mkdtemp(name);
        for (const char* shard : {"1/2", "2/2"}) {
            const std::string out = path(std::string("s") + shard[0] + ".json");
            auto run = run_cli(verify({"--shard", shard, "--report", out}));
            ASSERT_EQ(run.exit_code, 0) << run.err;
        }
    }
    void TearDown() override { fs::remove_all(dir); }
    std::string path(const std::string& name) const { return (dir / name).string(); }
    static std::vector<std::string> verify(std::vector<std::string> extra) {
        std::vector<std::string> args = {"verify", np::test::source_dir() + "/corpus/data/good.yaml", "--plugins",
                                         "bitmask-mrv,exhaustive-count", "--no-generator-sweep"};
        args.insert(args.end(), extra.begin(), extra.end());
        return args;
    }
    // Merges these reports; expects a refusal naming `file` and `why`.
    void refused(const std::vector<std::string>& reports, const std::string& file, const std::string& why) {
        std::vector<std::string> args = {"verify", "--merge"};
        args.insert(args.end(), reports.begin(), reports.end());
        args.insert(args.end(), {"--report", path("merged.json")});
        const auto run = run_cli(args);
        EXPECT_EQ(run.exit_code, 2) << run.err;
        EXPECT_NE(run.err.find(file + ": "), std::string::npos) << run.err;
        EXPECT_NE(run.err.find(why), std::string::npos) << run.err;
        EXPECT_FALSE(fs::exists(path("merged.json")));
        expect_no_temporaries();
    }
    void expect_no_temporaries() const {
        for (const auto& e : fs::directory_iterator(dir))
            EXPECT_EQ(e.path().filename().string().find(".numplace-"), std::string::npos) << e.path();
    }
    // Shard 1's report edited by `edit`, written as `name`.
    std::string edited(const std::string& name, const std::function<void(ordered&)>& edit, bool sealed) {
        auto report = read_report(path("s1.json"));
        edit(report);
        if (sealed) seal(report);
        return write_report(path(name), report);
    }
    fs::path dir;
};

TEST_F(Evidence, TheShardsMergeAndTheMergedReportChecksItself) {
    auto merged = run_cli({"verify", "--merge", path("s1.json"), path("s2.json"), "--report", path("m.json")});
    ASSERT_EQ(merged.exit_code, 0) << merged.err;
    // The merged report is read back by the same checks: a merge of one.
    auto again = run_cli({"verify", "--merge", path("m.json"), "--report", path("m2.json")});
    EXPECT_EQ(again.exit_code, 0) << again.err;
    const auto report = read_report(path("m.json"));
    EXPECT_EQ(report["run"]["rows"], report["rows"].size());
    expect_no_temporaries();
}

TEST_F(Evidence, AFlippedStatusIsRefused) {
    auto flip = [](ordered& r) { r["rows"][0]["status"] = "fail", r["rows"][0]["kind"] = "expectation"; };
    refused({edited("flipped.json", flip, false), path("s2.json")}, "flipped.json", "(edited?)");
    // With the counts made to agree, the digest still tells.
    auto careful = [&](ordered& r) {
        flip(r);
        const std::string plugin = r["rows"][0]["plugin"];
        r["summary"]["failed"] = 1;
        r["summary"]["plugins"][plugin]["pass"] = r["summary"]["plugins"][plugin]["pass"].get<int>() - 1;
        r["summary"]["plugins"][plugin]["fail"] = 1;
    };
    refused({edited("careful.json", careful, false), path("s2.json")}, "careful.json",
            "its digest does not match its contents: the report was changed after numplace wrote it");
}

TEST_F(Evidence, DeletedRowsAreRefused) {
    // Half the rows gone: the digest, and with it made again, the units.
    auto half = [](ordered& r) {
        const std::size_t keep = r["rows"].size() / 2;
        while (r["rows"].size() > keep) r["rows"].erase(r["rows"].size() - 1);
    };
    refused({edited("half.json", half, false), path("s2.json")}, "half.json", "(edited?)");
    auto resealed_half = [&](ordered& r) {
        half(r);
        r["summary"]["rows"] = r["rows"].size();
        r["summary"]["plugins"]["bitmask-mrv"]["pass"] = 0;
        r["summary"]["plugins"]["exhaustive-count"]["pass"] = 0;
        for (const auto& row : r["rows"])
            r["summary"]["plugins"][row["plugin"].get<std::string>()]["pass"] =
                r["summary"]["plugins"][row["plugin"].get<std::string>()]["pass"].get<int>() + 1;
        np::test::recount_proofs(r);
    };
    const std::string file = edited("sealed-half.json", resealed_half, true);
    const auto run = run_cli({"verify", "--merge", file, path("s2.json")});
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_TRUE(run.err.find("of its 2 rows (rows deleted?)") != std::string::npos ||
                run.err.find("rows its units must have, and its run was not interrupted") != std::string::npos)
        << run.err;
}

TEST_F(Evidence, ADuplicatedRowIsRefused) {
    auto doubled = [](ordered& r) {
        r["rows"].insert(r["rows"].begin() + 1, r["rows"][0]);
        r["summary"]["rows"] = r["rows"].size();
        const std::string plugin = r["rows"][0]["plugin"];
        r["summary"]["plugins"][plugin]["pass"] = r["summary"]["plugins"][plugin]["pass"].get<int>() + 1;
    };
    refused({edited("doubled.json", doubled, true), path("s2.json")}, "doubled.json",
            "a second row for the same call (a duplicated row)");
}

TEST_F(Evidence, AShardRelabelledAsAnotherIsRefused) {
    // Shard 1's rows under shard 2's label, merged with shard 1: shard 2's
    // entries never ran.
    auto relabel = [](ordered& r) { r["run"]["shard"] = "2/2"; };
    refused({path("s1.json"), edited("relabelled.json", relabel, true)}, "relabelled.json",
            "belongs to shard 1/2, not to this report's shard 2/2 (a relabelled report?)");
    refused({path("s1.json"), edited("plain-relabelled.json", relabel, false)}, "plain-relabelled.json",
            "not to this report's shard 2/2");
}

TEST_F(Evidence, ATruncatedReportIsRefused) {
    std::ifstream in(path("s1.json"), std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::ofstream(path("cut.json"), std::ios::binary) << text.substr(0, text.size() / 2);
    refused({path("cut.json"), path("s2.json")}, "cut.json", "");
    const auto run = run_cli({"verify", "--merge", path("cut.json"), path("s2.json")});
    EXPECT_TRUE(run.err.find("ends early (a truncated file?)") != std::string::npos ||
                run.err.find("not JSON") != std::string::npos)
        << run.err;
}

TEST_F(Evidence, AReportReorderedOrOfAnotherRunIsRefused) {
    // nlohmann's plain json sorts keys: the rows before the run.
    const nlohmann::json sorted = nlohmann::json::parse(read_report(path("s1.json")).dump());
    std::ofstream(path("sorted.json")) << sorted.dump();
    refused({path("sorted.json"), path("s2.json")}, "sorted.json", "'rows' where 'run' should be");
    ASSERT_EQ(run_cli(verify({"--shard", "2/2", "--max-nodes", "999", "--report", path("other.json")})).exit_code, 0);
    const auto run = run_cli({"verify", "--merge", path("s1.json"), path("other.json")});
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_NE(run.err.find("comes from a different run"), std::string::npos) << run.err;
}

TEST_F(Evidence, ResumeRefusesAnEditedReportAndRunsAgainAUnitThatLacksRows) {
    auto flip = [](ordered& r) { r["rows"][0]["status"] = "unknown"; };
    const std::string flipped = edited("flipped.json", flip, false);
    auto run = run_cli(verify({"--shard", "1/2", "--resume", flipped, "--report", path("r.json")}));
    EXPECT_EQ(run.exit_code, 2) << run.err;
    EXPECT_NE(run.err.find("flipped.json: "), std::string::npos) << run.err;
    EXPECT_FALSE(fs::exists(path("r.json")));
    // One row gone, the digest made again (or a version 2 report, which has
    // none): its unit runs again, and the report is whole.
    auto drop = [](ordered& r) {
        const std::string plugin = r["rows"][1]["plugin"];
        r["rows"].erase(1);
        r["summary"]["rows"] = r["rows"].size();
        r["summary"]["plugins"][plugin]["pass"] = r["summary"]["plugins"][plugin]["pass"].get<int>() - 1;
        np::test::recount_proofs(r);
    };
    const std::string lacking = edited("lacking.json", drop, true);
    run = run_cli(verify({"--shard", "1/2", "--resume", lacking, "--report", path("r.json")}));
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_NE(run.err.find("lacking.json: 1 unit(s) lacked rows; they run again"), std::string::npos) << run.err;
    const auto whole = read_report(path("s1.json")), resumed = read_report(path("r.json"));
    ASSERT_EQ(whole["rows"].size(), resumed["rows"].size());
    for (std::size_t i = 0; i < whole["rows"].size(); ++i)
        for (const char* key : {"entry", "plugin", "operation", "status", "unit"})
            EXPECT_EQ(whole["rows"][i][key], resumed["rows"][i][key]) << i << key;
    expect_no_temporaries();
}

// Issue 40, finding 8: an edited report relabelled as version 2 (which has
// no digest) was read with a note, and --resume wrote a version 4 report
// from it that checked as whole: the edit laundered. Now a report that
// cannot be checked is read only with --accept-unchecked, and what is built
// from it carries "unchecked", which --merge, --resume and numplace report
// show.
TEST_F(Evidence, ADowngradedReportIsReadOnlyWhenAcceptedAndWhatIsBuiltFromItStaysMarked) {
    auto downgrade = [](ordered& r) {
        const std::string plugin = r["rows"][0]["plugin"];
        r["rows"][0]["status"] = "unknown";  // the edit the digest would have shown
        r["summary"]["plugins"][plugin]["pass"] = r["summary"]["plugins"][plugin]["pass"].get<int>() - 1;
        r["summary"]["plugins"][plugin]["unknown"] = r["summary"]["plugins"][plugin]["unknown"].get<int>() + 1;
        r["numplace_verify"] = 2;
        for (const char* key : {"id", "units", "rows", "outputs"}) r["run"].erase(key);
        for (auto& row : r["rows"]) row.erase("unit_rows");
        r["summary"].erase("digest");
    };
    const std::string v2 = edited("v2.json", downgrade, false);
    auto run = run_cli(verify({"--shard", "1/2", "--resume", v2, "--report", path("r.json")}));
    EXPECT_EQ(run.exit_code, 2) << run.err;
    EXPECT_NE(run.err.find("v2.json: a version 2 report has no digest or unit counts"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("--accept-unchecked"), std::string::npos) << run.err;
    EXPECT_FALSE(fs::exists(path("r.json")));
    refused({v2, path("s2.json")}, "v2.json", "read it only if you vouch for it, with --accept-unchecked");

    // Accepted: the resumed report (version 4) is marked, and so is a merge
    // of it, which in turn needs the flag.
    run = run_cli(verify({"--shard", "1/2", "--resume", v2, "--report", path("r.json"), "--accept-unchecked"}));
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_NE(run.err.find("v2.json: read unchecked (--accept-unchecked)"), std::string::npos) << run.err;
    const auto resumed = read_report(path("r.json"));
    EXPECT_EQ(resumed["numplace_verify"], 4);
    ASSERT_TRUE(resumed["run"].contains("unchecked")) << resumed["run"].dump();
    EXPECT_NE(resumed["run"]["unchecked"][0].get<std::string>().find("v2.json: a version 2 report"), std::string::npos);
    refused({path("r.json"), path("s2.json")}, "r.json", "it is marked unchecked (");
    // Taking the mark out is an edit the digest shows.
    auto unmark = [](ordered& r) { r["run"].erase("unchecked"); };
    auto unmarked = read_report(path("r.json"));
    unmark(unmarked);
    refused({write_report(path("unmarked.json"), unmarked), path("s2.json")}, "unmarked.json",
            "its digest does not match its contents");

    run = run_cli({"verify", "--merge", path("r.json"), path("s2.json"), "--report", path("m.json"), "--accept-unchecked"});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const auto merged = read_report(path("m.json"));
    EXPECT_EQ(merged["run"]["unchecked"], resumed["run"]["unchecked"]);
    const auto page = run_cli({"report", path("m.json"), "--html", path("m.html")});
    ASSERT_EQ(page.exit_code, 0) << page.err;
    std::ifstream html(path("m.html"));
    const std::string text((std::istreambuf_iterator<char>(html)), std::istreambuf_iterator<char>());
    EXPECT_NE(text.find("Unchecked: some of its rows come from reports read with"), std::string::npos);
    EXPECT_NE(text.find("v2.json: a version 2 report"), std::string::npos);
}

// Issue 40, finding 10: --shard was read with sscanf("%u/%u"), which takes
// "1/-1" (as 1/4294967295) and wraps 33-bit numbers: `--shard 1/-1` ran one
// entry of three and exited 0. Now digits only, 1 <= I <= N <= 100,000; a
// bad shard is a usage error, and so is a report's.
TEST_F(Evidence, AShardThatIsNoIOfNIsAUsageError) {
    for (const char* shard : {"1/-1", "-1/2", "+1/2", " 1/2", "1/2 ", "1/2x", "1/", "/2", "1//2", "1", "0/3", "3/2",
                              "1/0", "4294967297/4294967298", "1/4294967297", "1/100001", "0x1/2", "1.0/2"}) {
        const auto run = run_cli(verify({"--shard", shard, "--report", path("x.json")}));
        EXPECT_EQ(run.exit_code, 2) << shard << "\n" << run.err;
        EXPECT_EQ(run.err.rfind(std::string("numplace verify: --shard ") + shard + ": ", 0), 0u) << run.err;
        EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
        EXPECT_FALSE(fs::exists(path("x.json"))) << shard;
    }
    auto wrap = [](ordered& r) { r["run"]["shard"] = "1/-1"; };
    refused({edited("wrapped.json", wrap, true)}, "wrapped.json", "malformed run: bad shard '1/-1'");
    auto large = [](ordered& r) { r["run"]["shard"] = "1/4294967298"; };
    refused({edited("large.json", large, true)}, "large.json", "malformed run: bad shard '1/4294967298'");
}

// A run killed between renaming its files (regressions, then JUnit, then
// the report) leaves the newer run's regressions (and JUnit) file beside the
// older run's report. The kill is real: an LD_PRELOAD shim raises SIGKILL
// right after the first (then the second) rename.
TEST_F(Evidence, AKillBetweenTheRenamesIsSeen) {
    if (np::sanitizer_build())
        GTEST_SKIP() << "an LD_PRELOAD shim and AddressSanitizer's runtime do not mix; the Release build runs this";
    const std::vector<std::string> outputs = {"--report", path("r.json"), "--junit", path("j.xml"), "--regressions",
                                              path("g.yaml")};
    for (const char* renames : {"1", "2"}) {
        ASSERT_EQ(run_cli(verify(outputs)).exit_code, 0);
        const auto killed = run_cli(verify(outputs), "",
                                    {{"LD_PRELOAD", NUMPLACE_TEST_KILL_SHIM}, {"NUMPLACE_TEST_KILL_AFTER_RENAMES", renames}});
        ASSERT_EQ(killed.exit_code, 128 + SIGKILL) << renames << ": " << killed.err;
        const std::string newer = std::string(renames) == "1" ? "g.yaml" : "j.xml";
        auto merged = run_cli({"verify", "--merge", path("r.json")});
        EXPECT_EQ(merged.exit_code, 2) << renames;
        EXPECT_NE(merged.err.find(newer + " was written by run"), std::string::npos) << merged.err;
        EXPECT_NE(merged.err.find("a run was killed between renaming its files"), std::string::npos) << merged.err;
        auto resumed = run_cli(verify({"--resume", path("r.json")}));
        EXPECT_EQ(resumed.exit_code, 2) << renames;
        EXPECT_NE(resumed.err.find("a run was killed between renaming its files"), std::string::npos) << resumed.err;
        auto lint = run_cli({"corpus", "lint", path("g.yaml")});
        EXPECT_EQ(lint.exit_code, 1) << renames;
        EXPECT_NE(lint.err.find("g.yaml:3: written by verify run"), std::string::npos) << lint.err;
    }
    // The next whole run puts things right, its temporaries' leftovers gone.
    ASSERT_EQ(run_cli(verify(outputs)).exit_code, 0);
    EXPECT_EQ(run_cli({"verify", "--merge", path("r.json")}).exit_code, 0);
    EXPECT_EQ(run_cli({"corpus", "lint", path("g.yaml")}).exit_code, 0);
    expect_no_temporaries();
}

TEST_F(Evidence, ASymlinkAtTheReportIsReplacedNotFollowed) {
    std::ofstream(path("victim.txt")) << "keep me\n";
    fs::create_symlink(path("victim.txt"), path("r.json"));
    ASSERT_EQ(run_cli(verify({"--report", path("r.json")})).exit_code, 0);
    std::ifstream victim(path("victim.txt"));
    std::string text((std::istreambuf_iterator<char>(victim)), std::istreambuf_iterator<char>());
    EXPECT_EQ(text, "keep me\n");
    EXPECT_FALSE(fs::is_symlink(path("r.json")));
    EXPECT_EQ(run_cli({"verify", "--merge", path("r.json")}).exit_code, 0);
}

// SIGKILL mid-run: the temporaries it was streaming to are left (nothing
// runs in a killed process), its targets are untouched, and the next run
// that writes beside them removes them.
TEST_F(Evidence, ARunKilledOutrightLeavesTemporariesThatTheNextRunRemoves) {
    std::string lines;
    for (int i = 0; i < 40000; ++i) lines += "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
    const std::string puzzles = path("many.txt");
    std::ofstream(puzzles) << lines;
    const std::vector<std::string> outputs = {"--report", path("r.json"), "--junit", path("j.xml"), "--regressions",
                                              path("g.yaml")};
    auto temporaries = [&] {
        std::size_t n = 0;
        for (const auto& e : fs::directory_iterator(dir)) n += e.path().filename().string().find(".numplace-") != std::string::npos;
        return n;
    };
    std::vector<std::string> args = {"verify", puzzles, "--plugins", "bitmask-mrv,exhaustive-count"};
    args.insert(args.end(), outputs.begin(), outputs.end());
    np::test::BackgroundCli run(args);
    ASSERT_TRUE(run.wait_until([&](double, const std::string&) { return temporaries() == 3; }))
        << "its three temporaries never appeared: " << run.err_so_far();
    run.signal(SIGKILL);
    run.finish();
    EXPECT_EQ(temporaries(), 3u);
    EXPECT_FALSE(fs::exists(path("r.json")));
    ASSERT_EQ(run_cli(verify(outputs)).exit_code, 0);
    EXPECT_EQ(temporaries(), 0u);
    EXPECT_EQ(run_cli({"verify", "--merge", path("r.json")}).exit_code, 0);
}

// A full disk while writing each of the three files: no file changes (the
// report, JUnit and regressions of one run are renamed only when all three
// are whole), the error names the file, and no temporary is left.
TEST_F(Evidence, AFullDiskUnderAnyOfTheThreeFilesLeavesAllThreeAsTheyWere) {
    const fs::path full = dir / "full";
    fs::create_directory(full);
    const std::vector<std::pair<std::string, std::string>> flags = {
        {"--report", "r.json"}, {"--junit", "j.xml"}, {"--regressions", "g.yaml"}};
    for (const auto& [full_flag, full_name] : flags) {
        std::vector<std::string> extra;
        for (const auto& [flag, name] : flags) {
            const std::string target = flag == full_flag ? (full / name).string() : path(name);
            if (flag != full_flag) std::ofstream(target) << "old " << name << "\n";
            extra.insert(extra.end(), {flag, target});
        }
        const auto got = np::test::run_cli_on_full_disk(full.string(), {{full_name, "old " + full_name + "\n"}},
                                                        verify(extra));
        if (!got.unavailable.empty()) GTEST_SKIP() << got.unavailable;
        EXPECT_EQ(got.run.exit_code, 2) << full_flag << ": " << got.run.err;
        EXPECT_NE(got.run.err.find(full_name + ": cannot write"), std::string::npos) << got.run.err;
        EXPECT_NE(got.run.err.find("(no file was changed)"), std::string::npos) << got.run.err;
        for (const auto& [flag, name] : flags) {
            if (flag == full_flag) {
                ASSERT_TRUE(got.folder_after.count(name)) << name;
                EXPECT_EQ(got.folder_after.at(name), "old " + name + "\n");
                continue;
            }
            std::ifstream in(path(name));
            EXPECT_EQ(std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>()),
                      "old " + name + "\n")
                << full_flag << " full: " << name << " changed";
        }
        for (const auto& [name, content] : got.folder_after)
            EXPECT_EQ(name.find(".numplace-"), std::string::npos) << name << " left on the full disk";
        expect_no_temporaries();
    }
}

}  // namespace
