// The rows of a default `numplace verify` (the bundled corpus, every bundled
// plugin) against the digest recorded in tests/cli/data/verify-bundled-rows.txt:
// a reshaping of the harness must not change a single row (timings aside).
// The rows are deterministic in a Release build: every call has a node
// budget (--max-nodes), and none comes near its --timeout. Under the
// sanitizers (several times slower) a call can reach its 10 s, so there
// the test is skipped, saying so: the sanitize build checks memory, the
// Release build checks rows.
//
// The report and JUnit file it writes are CI's own (.ci/run): build/
// verify-report.json and build/verify-junit.xml, kept after the test, so
// that CI draws its report page from this verify instead of running a
// second one.
//
// When the corpus or a plugin changes the rows on purpose, record them again:
//   NUMPLACE_RECORD_ROWS=1 build/tests/cli_tests --gtest_filter='SlowVerifyRows.*'
// and say in the commit why they changed.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "numplace/random.hpp"
#include "numplace/sandbox.hpp"
#include "test_support.hpp"

namespace {

using nlohmann::json;
namespace fs = std::filesystem;

const char* kHeader =
    "# The rows of `numplace verify` with default settings on the bundled corpus and\n"
    "# every bundled plugin: their number, an FNV-1a digest of each row's unit, entry,\n"
    "# plugin, operation, status, kind, finding and verdict (in report order), and\n"
    "# counts by plugin, operation, status and kind. Written by\n"
    "# NUMPLACE_RECORD_ROWS=1 build/tests/cli_tests --gtest_filter='SlowVerifyRows.*'\n";

// The digest file's text for a report's rows.
std::string digest_of(const json& report) {
    uint64_t hash = np::fnv1a("numplace verify rows");
    std::map<std::string, std::size_t> counts;
    for (const json& r : report.at("rows")) {
        // The optional tdoku plugin (plugins/tdoku) is built only from a
        // clone its user names: its rows are not the bundled plugins'.
        if (r.at("plugin") == "tdoku") continue;
        std::ostringstream line;
        line << r.at("unit").dump() << '\t' << r.at("entry").get<std::string>() << '\t'
             << r.at("plugin").get<std::string>() << '\t' << r.at("operation").get<std::string>() << '\t'
             << r.at("status").get<std::string>() << '\t' << r.value("kind", "") << '\t' << r.value("finding", "")
             << '\t' << r.value("verdict", "") << '\n';
        hash = np::fnv1a(line.str(), hash);
        ++counts[r.at("plugin").get<std::string>() + " " + r.at("operation").get<std::string>() + " " +
                 r.at("status").get<std::string>() + (r.contains("kind") ? " " + r["kind"].get<std::string>() : "")];
    }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
    std::ostringstream out;
    std::size_t rows = 0;
    for (const auto& [key, n] : counts) rows += n;
    out << kHeader << "rows " << rows << "\ndigest " << hex << "\n";
    for (const auto& [key, n] : counts) out << key << " " << n << "\n";
    return out.str();
}

TEST(SlowVerifyRows, ADefaultVerifyGivesTheRecordedRows) {
    if (np::sanitizer_build()) GTEST_SKIP() << "rows are recorded for Release builds: under the sanitizers a call can "
                                               "reach its --timeout (the Release build runs this test)";
    const fs::path build = NUMPLACE_TEST_BUILD_DIR;
    const fs::path report = build / "verify-report.json";
    const auto run = np::test::run_cli(
        {"verify", "--report", report.string(), "--junit", (build / "verify-junit.xml").string()});
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    std::ifstream in(report);
    const std::string now = digest_of(json::parse(in));
    const std::string recorded_path = np::test::source_dir() + "/cli/data/verify-bundled-rows.txt";
    if (const char* record = std::getenv("NUMPLACE_RECORD_ROWS"); record && std::string(record) == "1") {
        std::ofstream(recorded_path) << now;
        GTEST_SKIP() << "recorded " << recorded_path;
    }
    std::ifstream recorded(recorded_path);
    const std::string then((std::istreambuf_iterator<char>(recorded)), std::istreambuf_iterator<char>());
    EXPECT_EQ(now, then) << "the rows of a default verify changed (the counts above show where)";
}

}  // namespace
