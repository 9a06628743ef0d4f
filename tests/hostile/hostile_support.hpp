// Helpers for the attack tests (tests/hostile): each attack plugin
// (plugins/NAME.c, built into a folder of its own) is run by numplace verify
// over a small corpus in which exactly one entry, the 6x6 one, is its
// target; a test asserts that the run ended within a bound computed from
// --timeout, the target row's status and kind, that every other row is
// present and right, and the exit code.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "numplace/host.hpp"
#include "runner/runner.hpp"

namespace np::hostile {

// The folder holding one attack plugin (plugins/STEM.c -> STEM/attack-....so).
std::string attack_dir(const std::string& stem);
// Its file: STEM/attack-STEM.so.
std::string attack_file(const std::string& stem);
// The build's numplace-worker, beside numplace.
std::string worker_program();
// The attack plugin of plugins/STEM.c, loaded once per test binary (a
// registry of its own each: the folders hold one plugin).
const Plugin& attack_plugin(const std::string& stem);
// The puzzles of the runner-level attack tests: a 4x4 and the 6x6 target,
// each with one solution.
const Grid& four_puzzle();
const Grid& six_puzzle();
// The runner of the runner-level attack tests: workers (or in process),
// a short grace past the deadline; and its budget, 10 s a call.
std::unique_ptr<runner::Runner> attack_runner(bool in_process);
Budget attack_budget();

// Entries: four (4x4, unique), six (6x6, several solutions: the target),
// none (4x4, no solution), four-again (4x4, unique).
extern const char* const kCorpus;
inline constexpr const char* kTarget = "six";

struct VerifyRun {
    int exit_code = -1;
    std::string out, err;
    double seconds = 0;                          // wall time, on the test's clock
    std::map<std::string, nlohmann::json> rows;  // the report's rows by entry (one plugin)
    // Every plugin's rows (a run with --plugins attack-x,bitmask-mrv): by
    // plugin, then by entry.
    std::map<std::string, std::map<std::string, nlohmann::json>> plugin_rows;
    bool report = false;                         // a report was written
};

// numplace verify over kCorpus with the attack plugin `plugin` from
// attack_dir(stem), --timeout `timeout`, --report in a temporary folder.
VerifyRun verify_attack(const std::string& stem, const std::string& plugin, double timeout,
                        const std::vector<std::string>& extra = {},
                        const std::vector<std::pair<std::string, std::string>>& env = {});

// Processes on this machine whose command name is `name` (/proc/PID/comm),
// zombies left out.
std::vector<int> processes_named(const std::string& name);

// The bound a run must end within: every item may cost --timeout plus the
// runner's grace (1 s), and a killed worker is restarted; the rest (start-up,
// loading) is a generous allowance for a loaded machine, never a speed test.
double run_bound(double timeout);

// Every row but the target's passed, for the attack plugin.
void expect_others_pass(const VerifyRun& run);

}  // namespace np::hostile
