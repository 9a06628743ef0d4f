// Shared helpers for the tests: where things are, running the CLI, reading
// datasets.
#pragma once

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "numplace/format.hpp"
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
// The same for another program of the build (numplace_benchmarks).
CliRun run_program(const std::string& binary, const std::vector<std::string>& args, const std::string& input = "",
                   const std::vector<std::pair<std::string, std::string>>& env = {});

// A CLI run in the background, for tests that signal it mid-run or measure
// its memory. Output goes to temporary files, as with run_cli.
class BackgroundCli {
public:
    BackgroundCli(const std::vector<std::string>& args, const std::string& input = "");
    ~BackgroundCli();
    // Polls (every 10 ms, up to `limit_seconds`) until `ready` holds; false on
    // time-out. The process's CPU time (user + system, seconds) and stdout so
    // far are what `ready` can look at.
    bool wait_until(const std::function<bool(double cpu_seconds, const std::string& out)>& ready,
                    double limit_seconds = 60);
    void signal(int signo);
    // Waits for the end; also gives its peak resident size in KiB (wait4).
    CliRun finish(long* max_rss_kib = nullptr);

private:
    int pid_ = -1;
    std::string dir_;
    bool ended_ = false;
    int status_ = 0;
    struct ::rusage usage_ {};
};

// ---- Puzzles and answers ----------------------------------------------------
// A line-format puzzle; a parse failure fails the test (and yields an empty grid).
Grid parse(std::string_view text, std::optional<Geometry> size = {});
std::string text_of(const Grid& grid);  // line format
// A solution is right when it has the puzzle's shape, is full, obeys the
// rules (by the framework's check_rules, not by any plugin) and keeps every given.
::testing::AssertionResult solves(const Grid& puzzle, const Grid& solution);
Budget node_budget(uint64_t max_nodes);
// A full grid made without any plugin: value(r, c) = (C*(r mod R) + r div R + c)
// mod N, its values relabelled by a seeded permutation.
Grid pattern_grid(Geometry geometry, uint64_t seed);
// Empties each cell with probability percent/100, drawn from a seeded Rng.
Grid remove_cells(const Grid& full, int percent, uint64_t seed);
std::vector<std::string> split_tabs(const std::string& line);

std::string fixture_dir();   // the fixture plugins built for the loader tests
std::string liar_dir();      // fixture-liar and fixture-liar-b (fixture_liar.c)
std::string broken_dir();    // fixture-undefined: a plugin that cannot load
std::string plugin_dir();    // the build's plugin folder
std::string source_dir();    // tests/ in the source tree

}  // namespace np::test
