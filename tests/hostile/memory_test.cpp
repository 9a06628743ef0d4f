// Issue 40: a --memory too low for a worker to load its plugin at all is
// the limit's fault, not the plugin's: every row is out-of-memory with the
// limit named (it once read "crashed: SIGSEGV", or "status 127 ... failed
// to map segment"), and the run still ends with every row in the report.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "runner/runner.hpp"
#include "test_support.hpp"

namespace {

namespace fs = std::filesystem;

TEST(Memory, AWorkerThatCannotStartUnderTheLimitIsOutOfMemory) {
    if (np::runner::sanitizer_build()) GTEST_SKIP() << "no memory limit in a sanitizer build";
    char name[] = "/tmp/numplace-memory-XXXXXX";
    const fs::path dir = mkdtemp(name);
    std::ofstream(dir / "p.txt") << "1..4.......1..3.\n..3..1..........\n";
    for (const char* limit : {"1", "8"}) {
        const auto run = np::test::run_cli({"verify", "--plugins", "bitmask-mrv", "--memory", limit, "--report",
                                            (dir / "r.json").string(), (dir / "p.txt").string()});
        EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
        std::ifstream in(dir / "r.json");
        const auto report = nlohmann::json::parse(in);
        std::size_t rows = 0;
        for (const auto& row : report.at("rows")) {
            if (row.value("plugin", "") != "bitmask-mrv") continue;
            ++rows;
            EXPECT_EQ(row.value("kind", ""), "out-of-memory") << limit << ": " << row.dump();
            EXPECT_NE(row.value("finding", "").find(std::string("--memory ") + limit + " MiB"), std::string::npos)
                << row.dump();
        }
        EXPECT_EQ(rows, 2u) << run.out;
    }
    fs::remove_all(dir);
}

}  // namespace
