// What each layer between a caller and a plugin costs, with Google Benchmark.
// The same plugin solves the same puzzles four ways:
//
//   raw/...        the C ABI: the descriptor's solve, one instance, buffers
//                  allocated once. The reference: the plugin's own speed.
//   session/...    np::Session with certification off: the host's own cost
//                  (checks, copying the answer and its counters into a
//                  SolveOutcome).
//   certified/...  np::Session as everyone uses it: plus certification.
//   workers/...    the worker runner (runner.hpp): numplace-worker processes,
//                  puzzles sent --batch at a time over pipes, one answer
//                  frame back per puzzle. The worker's Session certifies and
//                  the parent certifies again (answers.hpp), so workers -
//                  certified is the protocol and the parent's certificate.
//   decode/...     the parent's side alone, without a worker: each answer's
//                  frame body (made before the clock) read back.
//   parent/...     decode, then the parent's certificate: parent - decode
//                  is what certifying in the parent adds to workers/.
//
//   numplace_benchmarks [--plugins bitmask-mrv] [--datasets DIR] [--files 17clue.txt]
//       [--limit 2] [--max-puzzles N] [--batch 64] [--plugin-dir DIR]
//       [Google Benchmark flags, e.g. --benchmark_repetitions=3]
//
// One iteration is one pass over the whole file; items_per_second is
// puzzles/s and per_puzzle the time of one, both in wall time (a worker's
// solving is not this process's CPU time): measure on an idle machine. At the
// end a line per plugin and file gives each layer's time per puzzle over
// raw's (medians when repeated).
// Comparing plugins with each other is `numplace bench`'s job, not this one's.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string_view>

#include "numplace/format.hpp"
#include "numplace/host.hpp"
#include "runner/answers.hpp"
#include "runner/runner.hpp"
#include "setup/setup.hpp"
#include "runner/wire.hpp"

namespace {

struct Settings {
    std::vector<std::string> plugins = {"bitmask-mrv"};
    std::vector<std::string> plugin_dirs;
    std::string datasets = "../shared/datasets";
    std::vector<std::string> files = {"17clue.txt"};
    uint64_t limit = 2;
    std::size_t max_puzzles = 0;
    std::size_t batch = 64;  // as numplace verify sends them
};

using Puzzles = std::vector<np::Grid>;

// The counters every layer reports, so that the rows compare line by line:
// the same solutions_per_puzzle says they did the same work.
void finish(benchmark::State& state, std::size_t puzzles, uint64_t solutions, const std::string& failure) {
    const double solved = static_cast<double>(state.iterations()) * static_cast<double>(puzzles);
    state.SetItemsProcessed(static_cast<int64_t>(solved));
    state.counters["puzzles"] = benchmark::Counter(static_cast<double>(puzzles));
    state.counters["per_puzzle"] = benchmark::Counter(
        static_cast<double>(puzzles), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
    if (solved > 0) state.counters["solutions_per_puzzle"] = benchmark::Counter(static_cast<double>(solutions) / solved);
    if (!failure.empty()) state.SkipWithError(failure.c_str());
}

void raw_benchmark(benchmark::State& state, np::Plugin plugin, const Puzzles* puzzles, uint64_t limit) {
    const np_plugin& d = plugin.descriptor();
    void* instance = d.create ? d.create() : nullptr;
    if (d.create && !instance) {
        state.SkipWithError("the plugin could not create an instance");
        return;
    }
    std::size_t cells = 0;
    for (const auto& p : *puzzles) cells = std::max(cells, p.cells.size());
    std::vector<uint8_t> witnesses(NP_MAX_WITNESSES * cells);
    np_solve_request request{};
    request.limit = limit;
    uint64_t solutions = 0;
    std::string failure;
    for (auto _ : state) {
        for (const auto& puzzle : *puzzles) {
            request.geometry = puzzle.geometry.to_c();
            request.cells = puzzle.cells.data();
            np_solve_result result;  // the host zero-fills; so do we
            std::memset(&result, 0, sizeof result);
            for (uint32_t i = 0; i < NP_MAX_WITNESSES; ++i) result.witnesses[i] = witnesses.data() + i * cells;
            // An invalid puzzle is an answer (the sessions' Verdict::invalid), not a failure.
            const int status = d.solve(instance, &request, &result);
            if (status != NP_OK && status != NP_INVALID_INPUT) failure = "the plugin failed on a puzzle";
            solutions += result.count;
            benchmark::DoNotOptimize(result.count);
        }
    }
    if (d.destroy && instance) d.destroy(instance);
    finish(state, puzzles->size(), solutions, failure);
}

void session_benchmark(benchmark::State& state, np::Plugin plugin, const Puzzles* puzzles, uint64_t limit,
                       bool certify) {
    np::Session session(plugin);
    session.set_certify_solutions(certify);
    uint64_t solutions = 0;
    std::string failure = session.failure();
    for (auto _ : state) {
        for (const auto& puzzle : *puzzles) {
            const np::SolveOutcome out = session.solve(puzzle, limit, {}, {});
            if (out.fault != np::Fault::none) failure = out.message;
            solutions += out.count;
        }
    }
    finish(state, puzzles->size(), solutions, failure);
}

// The worker path's parent side without the worker: each puzzle's answer
// framed as a worker frames it (made once, before the clock), read back,
// and with `settle` certified again as the runner does (answers.hpp).
void parent_benchmark(benchmark::State& state, np::Plugin plugin, const Puzzles* puzzles, uint64_t limit,
                      bool settle) {
    np::Session session(plugin);
    std::vector<std::string> frames;
    for (const auto& puzzle : *puzzles) {
        np::runner::wire::Writer w;
        np::runner::wire::put(w, session.solve(puzzle, limit, {}, {}));
        frames.push_back(std::move(w.bytes));
    }
    uint64_t solutions = 0;
    std::string failure = session.failure();
    for (auto _ : state) {
        for (std::size_t i = 0; i < puzzles->size(); ++i) {
            const np::Grid& puzzle = (*puzzles)[i];
            np::runner::wire::Reader r{frames[i]};
            np::SolveOutcome out = np::runner::wire::get_solve(r, puzzle.geometry);
            if (settle) {
                if (auto bad = np::runner::settle_solve(plugin, puzzle, limit, out); !bad.empty()) failure = bad;
                if (out.fault != np::Fault::none) failure = out.message;
            }
            solutions += out.count;
            benchmark::DoNotOptimize(out.count);
        }
    }
    finish(state, puzzles->size(), solutions, failure);
}

// numplace-worker is built into the same folder as this program.
std::string worker_program() {
    std::error_code ec;
    const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    return (ec ? std::filesystem::path("numplace-worker") : exe.parent_path() / "numplace-worker").string();
}

void workers_benchmark(benchmark::State& state, np::Plugin plugin, const Puzzles* puzzles, uint64_t limit,
                       std::size_t batch) {
    np::runner::Settings settings;  // outlives the runner, which keeps a reference
    settings.worker_program = worker_program();
    if (::access(settings.worker_program.c_str(), X_OK) != 0) {
        state.SkipWithError((settings.worker_program + " is missing").c_str());
        return;
    }
    auto runner = np::runner::make_runner(settings);
    std::vector<std::vector<const np::Grid*>> batches;
    for (std::size_t i = 0; i < puzzles->size(); ++i) {
        if (i % batch == 0) batches.emplace_back();
        batches.back().push_back(&(*puzzles)[i]);
    }
    // Start the worker before the clock: a process start is paid once per
    // run, not per puzzle, and is not what this measures.
    runner->solve(plugin, {&puzzles->front()}, limit, {}, {});
    uint64_t solutions = 0;
    std::string failure;
    for (auto _ : state) {
        for (const auto& b : batches) {
            for (const auto& out : runner->solve(plugin, b, limit, {}, {})) {
                if (out.fault != np::Fault::none) failure = out.message;
                solutions += out.count;
            }
        }
    }
    finish(state, puzzles->size(), solutions, failure);
    state.counters["batch"] = benchmark::Counter(static_cast<double>(batch));
}

// Passes every run on to the reporter --benchmark_format chose, keeps each
// benchmark's puzzles/s, and prints the ratios to raw at the end (after the
// table on the console; on stderr for json and csv, which must stay parsable).
class Ratios : public benchmark::BenchmarkReporter {
public:
    explicit Ratios(benchmark::BenchmarkReporter* inner) : inner_(inner) {}
    bool ReportContext(const Context& context) override { return inner_->ReportContext(context); }
    void ReportRuns(const std::vector<Run>& runs) override {
        for (const Run& r : runs) {
            const auto rate = r.counters.find("items_per_second");
            if (r.error_occurred || rate == r.counters.end()) continue;
            Rates& rates = rates_[r.run_name.function_name];
            if (r.run_type == Run::RT_Iteration) rates.runs.push_back(rate->second.value);
            else if (r.aggregate_name == "median") rates.median = rate->second.value;
        }
        inner_->ReportRuns(runs);
    }
    void Finalize() override {
        inner_->Finalize();
        std::ostream& out = dynamic_cast<benchmark::ConsoleReporter*>(inner_) ? std::cout : std::cerr;
        // Names are LAYER/PLUGIN/FILE/limit=N: one line per PLUGIN/FILE/limit=N.
        std::map<std::string, std::map<std::string, double>> groups;
        for (auto& [name, rates] : rates_) {
            const std::size_t slash = name.find('/');
            groups[name.substr(slash + 1)][name.substr(0, slash)] = rates.value();
        }
        for (auto& [group, layers] : groups) {
            if (!layers.count("raw") || layers["raw"] <= 0) continue;
            char text[64];
            std::snprintf(text, sizeof text, "%.0f", layers["raw"]);
            out << group << ": raw " << text << " puzzles/s; time per puzzle over raw's:";
            bool first = true;
            for (const char* layer : {"session", "certified", "workers", "decode", "parent"}) {
                if (!layers.count(layer) || layers[layer] <= 0) continue;
                std::snprintf(text, sizeof text, "%s %s/raw = %.3fx", first ? "" : ",", layer, layers["raw"] / layers[layer]);
                out << text;
                first = false;
            }
            out << "\n";
        }
    }

private:
    struct Rates {
        std::vector<double> runs;
        double median = 0;
        // Google Benchmark's median when it made one (repetitions), else ours.
        double value() {
            if (median > 0 || runs.empty()) return median;
            std::sort(runs.begin(), runs.end());
            const std::size_t n = runs.size();
            return n % 2 ? runs[n / 2] : (runs[n / 2 - 1] + runs[n / 2]) / 2;
        }
    };
    benchmark::BenchmarkReporter* inner_;
    std::map<std::string, Rates> rates_;
};

// Puzzles of a line file: the first field of each line; '#' lines are comments.
Puzzles read_puzzles(const std::string& path, std::size_t max) {
    std::ifstream in(path);
    if (!in) {
        std::cerr << "numplace_benchmarks: cannot read " << path << ": " << std::strerror(errno)
                  << " (see --datasets and --files)\n";
        std::exit(2);
    }
    Puzzles out;
    for (std::string line; std::getline(in, line) && (max == 0 || out.size() < max);) {
        auto field = line.substr(0, line.find_first_of(" \t:,;\r"));
        if (field.empty() || field[0] == '#') continue;
        auto parsed = np::parse_line(field);
        if (auto* g = std::get_if<np::Grid>(&parsed)) out.push_back(std::move(*g));
    }
    if (out.empty()) {
        std::cerr << "numplace_benchmarks: no puzzles in " << path << "\n";
        std::exit(2);
    }
    return out;
}

constexpr const char* kUsage =
    "Usage: numplace_benchmarks [options] [Google Benchmark flags]\n"
    "\n"
    "Measures what each layer between a caller and a plugin costs: the same plugin on the\n"
    "same puzzles through the raw C ABI (raw/), np::Session without certification\n"
    "(session/), np::Session (certified/) and numplace-worker processes (workers/); and\n"
    "the worker path's parent side alone: answer frames read back (decode/) and\n"
    "certified again as the runner does (parent/).\n"
    "One iteration is a pass over the file; items_per_second is puzzles/s. The last\n"
    "lines give each layer's time per puzzle over raw's. To compare plugins, use\n"
    "`numplace bench`.\n"
    "\n"
    "Options:\n"
    "  --plugins A,B              plugins to measure (default bitmask-mrv)\n"
    "  --plugin-dir DIR           folder (or .so) to load plugins from, before the standard\n"
    "                             search path; repeatable\n"
    "  --datasets DIR             folder of the puzzle files (default ../shared/datasets,\n"
    "                             or $NUMPLACE_DATASETS)\n"
    "  --files F1,F2              puzzle files in that folder, one puzzle a line\n"
    "                             (default 17clue.txt)\n"
    "  --limit N                  solve limit, a whole number >= 1 (default 2: solve and\n"
    "                             prove unique)\n"
    "  --max-puzzles N            read at most N puzzles per file, a whole number >= 0\n"
    "                             (default 0: all)\n"
    "  --batch N                  puzzles per request to a worker, a whole number >= 1\n"
    "                             (default 64, as numplace verify)\n"
    "  -h, --help                 print this help and exit\n"
    "\n"
    "Flags starting with --benchmark_ go to Google Benchmark, e.g. --benchmark_filter=REGEX,\n"
    "--benchmark_repetitions=3, --benchmark_format=json, --benchmark_list_tests=true.\n"
    "Each flag's value may follow as the next argument or after '=' (--limit=2).\n"
    "\n"
    "Exit codes: 0 done; 2 usage error (unknown flag, bad value, unknown plugin, a file\n"
    "missing or without puzzles).\n";

// A usage error: one line naming the flag and what was wrong, exit 2.
[[noreturn]] void usage_error(const std::string& text) {
    std::cerr << "numplace_benchmarks: " << text << "\n";
    std::exit(2);
}

// The whole string as a decimal number >= minimum: no sign, no spaces, no
// trailing characters, no overflow. std::stoull accepts all of those (and
// "-1" as a huge number), and throws on letters, so it is not used.
std::optional<uint64_t> parse_whole_number(std::string_view text, uint64_t minimum) {
    if (text.empty()) return std::nullopt;
    uint64_t value = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return std::nullopt;
        const uint64_t digit = static_cast<uint64_t>(c - '0');
        if (value > (std::numeric_limits<uint64_t>::max() - digit) / 10) return std::nullopt;
        value = value * 10 + digit;
    }
    if (value < minimum) return std::nullopt;
    return value;
}

uint64_t whole_number_flag(const std::string& flag, const std::string& text, uint64_t minimum) {
    const auto value = parse_whole_number(text, minimum);
    if (!value) usage_error(flag + " " + text + ": expected a whole number >= " + std::to_string(minimum));
    return *value;
}

std::vector<std::string> list_flag(const std::string& flag, const std::string& text) {
    std::vector<std::string> items;
    std::stringstream in(text);
    for (std::string item; std::getline(in, item, ',');)
        if (!item.empty()) items.push_back(item);
    if (items.empty()) usage_error(flag + " '" + text + "': expected a comma-separated list");
    return items;
}

// Reads our flags into `s`; Google Benchmark's go to `rest`. Exits on --help
// (0) and on any usage error (2).
void parse_arguments(int argc, char** argv, Settings& s, std::vector<char*>& rest) {
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "-h" || arg == "--help") {
            std::cout << kUsage;
            std::exit(0);
        }
        if (arg.rfind("--benchmark_", 0) == 0) {
            rest.push_back(argv[i]);
            continue;
        }
        // "--flag=value" or "--flag value".
        const std::size_t eq = arg.find('=');
        const std::string flag = arg.substr(0, eq);
        std::optional<std::string> inline_value;
        if (eq != std::string::npos) inline_value = arg.substr(eq + 1);
        auto value = [&]() -> std::string {
            if (inline_value) return *inline_value;
            if (i + 1 >= argc) usage_error(flag + " needs a value");
            return argv[++i];
        };
        if (flag == "--plugins") s.plugins = list_flag(flag, value());
        else if (flag == "--plugin-dir") s.plugin_dirs.push_back(value());
        else if (flag == "--datasets") s.datasets = value();
        else if (flag == "--files") s.files = list_flag(flag, value());
        else if (flag == "--limit") s.limit = whole_number_flag(flag, value(), 1);
        else if (flag == "--max-puzzles") s.max_puzzles = static_cast<std::size_t>(whole_number_flag(flag, value(), 0));
        else if (flag == "--batch") s.batch = static_cast<std::size_t>(whole_number_flag(flag, value(), 1));
        else if (arg.rfind('-', 0) == 0) usage_error("unknown flag " + arg + " (--help lists them)");
        else usage_error("unexpected argument " + arg);
    }
}

}  // namespace

int main(int argc, char** argv) {
    Settings s;
    if (const char* env = std::getenv("NUMPLACE_DATASETS")) s.datasets = env;
    std::vector<char*> rest = {argv[0]};
    parse_arguments(argc, argv, s, rest);
    np::harness::Settings setup;
    setup.plugin_dirs = s.plugin_dirs;
    setup.plugins = s.plugins;
    std::string error;
    const auto loaded = np::harness::load_plugins(setup, error);
    if (!loaded) usage_error(error);
    // The files are read once, here; the benchmarks only point at them.
    std::vector<std::unique_ptr<Puzzles>> files;
    for (const auto& file : s.files)
        files.push_back(std::make_unique<Puzzles>(read_puzzles(s.datasets + "/" + file, s.max_puzzles)));
    for (std::size_t i = 0; i < s.plugins.size(); ++i) {
        const np::Plugin* plugin = &loaded->chosen[i];  // --plugins in order (a name or a path)
        const std::string& name = plugin->name();
        for (std::size_t f = 0; f < files.size(); ++f) {
            // Raw first: the reference runs before the layers on top of it.
            const std::string tail = "/" + name + "/" + s.files[f] + "/limit=" + std::to_string(s.limit);
            const Puzzles* puzzles = files[f].get();
            // Wall time for all: a worker's solving is not this process's CPU time.
            benchmark::RegisterBenchmark(("raw" + tail).c_str(), raw_benchmark, *plugin, puzzles, s.limit)->UseRealTime();
            benchmark::RegisterBenchmark(("session" + tail).c_str(), session_benchmark, *plugin, puzzles, s.limit, false)
                ->UseRealTime();
            benchmark::RegisterBenchmark(("certified" + tail).c_str(), session_benchmark, *plugin, puzzles, s.limit, true)
                ->UseRealTime();
            benchmark::RegisterBenchmark(("workers" + tail).c_str(), workers_benchmark, *plugin, puzzles, s.limit, s.batch)
                ->UseRealTime();
            benchmark::RegisterBenchmark(("decode" + tail).c_str(), parent_benchmark, *plugin, puzzles, s.limit, false)
                ->UseRealTime();
            benchmark::RegisterBenchmark(("parent" + tail).c_str(), parent_benchmark, *plugin, puzzles, s.limit, true)
                ->UseRealTime();
        }
    }
    int rest_argc = static_cast<int>(rest.size());
    benchmark::Initialize(&rest_argc, rest.data());
    // Initialize takes the --benchmark_ flags it knows; one it does not know
    // (a typo) is left over and must not be ignored silently.
    if (benchmark::ReportUnrecognizedArguments(rest_argc, rest.data())) return 2;
    Ratios ratios(benchmark::CreateDefaultDisplayReporter());  // the library's, kept for the run
    benchmark::RunSpecifiedBenchmarks(&ratios);
    benchmark::Shutdown();
    return 0;
}
