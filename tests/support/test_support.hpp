// Shared helpers for the tests: where things are, running the CLI, reading
// datasets.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "numplace/host.hpp"

namespace np::test {

// The datasets folder: $NUMPLACE_DATASETS, else the configured default
// (../shared/datasets beside the source tree). nullopt when it is absent.
std::optional<std::string> datasets_dir();
// Use at the top of a test: skips it (visibly, as [  SKIPPED ]) when the
// dataset file is absent; otherwise yields its full path.
#define NP_REQUIRE_DATASET(var, file)                                              \
    std::string var;                                                               \
    do {                                                                           \
        auto np_dir_ = ::np::test::datasets_dir();                                 \
        if (!np_dir_) GTEST_SKIP() << "datasets folder absent; set NUMPLACE_DATASETS"; \
        var = *np_dir_ + "/" + (file);                                             \
        if (!::np::test::file_exists(var)) GTEST_SKIP() << "dataset absent: " << var; \
    } while (0)

bool file_exists(const std::string& path);
std::vector<std::string> read_lines(const std::string& path);  // without blank lines

// The registry loaded from the build's plugin folder only.
const PluginRegistry& bundled_plugins();
const Plugin& bundled_plugin(const std::string& name);  // fails the test if absent

struct CliRun {
    int exit_code = -1;
    std::string out, err;
};
// Runs the built numplace binary with these arguments (no shell quoting
// worries: each argument is passed as is) and `input` on stdin.
CliRun run_cli(const std::vector<std::string>& args, const std::string& input = "",
               const std::vector<std::pair<std::string, std::string>>& env = {});

std::string fixture_dir();   // the fixture plugins built for the loader tests
std::string plugin_dir();    // the build's plugin folder
std::string source_dir();    // tests/ in the source tree

}  // namespace np::test
