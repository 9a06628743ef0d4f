#include "hostile_support.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <stdexcept>

#include "numplace/clock.hpp"
#include "four_entries.hpp"
#include "test_support.hpp"

namespace np::hostile {

namespace fs = std::filesystem;

std::string attack_dir(const std::string& stem) { return std::string(NUMPLACE_TEST_ATTACK_DIR) + "/" + stem; }

std::string attack_file(const std::string& stem) { return attack_dir(stem) + "/attack-" + stem + ".so"; }

std::string worker_program() { return (fs::path(NUMPLACE_TEST_BINARY).parent_path() / "numplace-worker").string(); }

const char* const kCorpus = test::kFourEntries;

const Plugin& attack_plugin(const std::string& stem) {
    static std::map<std::string, std::unique_ptr<PluginRegistry>> registries;
    auto& r = registries[stem];
    if (!r) {
        r = std::make_unique<PluginRegistry>();
        r->add_file(attack_file(stem));
    }
    if (r->plugins().empty()) throw std::runtime_error(stem + " did not load");
    return r->plugins().front();
}

std::unique_ptr<runner::Runner> attack_runner(bool in_process) {
    runner::Settings settings;
    settings.in_process = in_process;
    settings.worker_program = worker_program();
    settings.grace_seconds = 0.1;
    return runner::make_runner(settings);
}

Budget attack_budget() {
    Budget budget;
    budget.timeout_seconds = 10;
    return budget;
}

const Grid& four_puzzle() {
    static const Grid g = test::parse("1..4.......1..3.");
    return g;
}

const Grid& six_puzzle() {
    static const Grid g = test::parse("...45.........2.15.5....4.1....3.2..");
    return g;
}

VerifyRun verify_attack(const std::string& stem, const std::string& plugin, double timeout,
                        const std::vector<std::string>& extra,
                        const std::vector<std::pair<std::string, std::string>>& env) {
    char name[] = "/tmp/numplace-hostile-XXXXXX";
    const fs::path dir = mkdtemp(name);
    std::ofstream(dir / "c.yaml") << kCorpus;
    std::vector<std::string> args = {"verify",    (dir / "c.yaml").string(), "--plugin-dir", attack_dir(stem),
                                     "--plugins", plugin,                    "--timeout",    std::to_string(timeout),
                                     "--report",  (dir / "r.json").string()};
    args.insert(args.end(), extra.begin(), extra.end());
    VerifyRun run;
    const uint64_t start = monotonic_ns();
    auto cli = test::run_cli(args, "", env);
    run.seconds = seconds_since(start);
    run.exit_code = cli.exit_code;
    run.out = cli.out;
    run.err = cli.err;
    if (std::ifstream in(dir / "r.json"); in) {
        run.report = true;
        const auto report = nlohmann::json::parse(in, nullptr, false);
        if (report.is_object() && report.contains("rows"))
            for (const auto& r : report["rows"]) {
                if (r.value("plugin", "") == plugin) run.rows[r.value("entry", "")] = r;
                run.plugin_rows[r.value("plugin", "")][r.value("entry", "")] = r;
            }
    }
    fs::remove_all(dir);
    return run;
}

double run_bound(double timeout) { return 4 * (timeout + 1.0) + 60; }

void expect_others_pass(const VerifyRun& run) {
    for (const char* entry : {"four", "none", "four-again"}) {
        auto it = run.rows.find(entry);
        ASSERT_NE(it, run.rows.end()) << "row " << entry << " missing\n" << run.err;
        EXPECT_EQ(it->second.value("status", ""), "pass") << entry << ": " << it->second.dump();
    }
}

}  // namespace np::hostile

namespace np::hostile {

std::vector<int> processes_named(const std::string& name) {
    std::vector<int> found;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator("/proc", ec)) {
        const std::string pid = entry.path().filename().string();
        if (pid.find_first_not_of("0123456789") != std::string::npos) continue;
        std::string comm, state, field;
        std::ifstream(entry.path() / "comm") >> comm;
        if (comm != name) continue;
        std::ifstream stat(entry.path() / "stat");
        std::string line;
        std::getline(stat, line);
        const auto close = line.rfind(')');
        if (close != std::string::npos && close + 2 < line.size() && (line[close + 2] == 'Z' || line[close + 2] == 'X'))
            continue;
        found.push_back(std::stoi(pid));
    }
    return found;
}

}  // namespace np::hostile
