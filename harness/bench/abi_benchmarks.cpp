// Plugin speed through the C ABI, with Google Benchmark.
//
//   numplace_benchmarks --plugins bitmask-mrv [--datasets DIR]
//       [--files 17clue.txt,top1465.txt] [--limit 2] [--max-puzzles N]
//       [--generate puzzle|grid] [--generate-option key=value]...
//       [--plugin-dir DIR] [Google Benchmark flags, e.g. --benchmark_format=json]
//
// (kUsage below is the full list; --help prints it.) Each solve iteration is
// one pass over the whole file (so every puzzle counts, not only the first
// ones), each generate iteration one result, the next of one seed's sequence;
// items_per_second is puzzles/s. The calls go straight to the descriptor with
// buffers allocated once, so the figure is the plugin's, not the host's
// conveniences (parsing, JSON, verdicts).
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <string_view>

#include "numplace/format.hpp"
#include "numplace/host.hpp"

namespace {

struct Settings {
    std::vector<std::string> plugins;
    std::vector<std::string> plugin_dirs;
    std::string datasets = "../shared/datasets";
    std::vector<std::string> files = {"17clue.txt", "top1465.txt", "forum_hardest_1905_11plus.txt"};
    uint64_t limit = 2;
    std::size_t max_puzzles = 0;
    std::string generate;  // "", "grid" or "puzzle"
    np::OptionList generate_options;
};

std::vector<std::string> split_commas(const std::string& text) {
    std::vector<std::string> out;
    std::stringstream in(text);
    for (std::string item; std::getline(in, item, ',');)
        if (!item.empty()) out.push_back(item);
    return out;
}

// Instance for the whole benchmark: an instance serves many calls.
struct Instance {
    const np_plugin& d;
    void* handle;
    explicit Instance(const np_plugin& descriptor) : d(descriptor), handle(d.create ? d.create() : nullptr) {}
    ~Instance() {
        if (d.destroy && handle) d.destroy(handle);
    }
};

void solve_benchmark(benchmark::State& state, np::Plugin plugin, std::vector<np::Grid> puzzles, uint64_t limit) {
    const np_plugin& d = plugin.descriptor();
    Instance instance(d);
    const std::size_t cells = puzzles.front().cells.size();
    std::vector<uint8_t> witnesses(2 * cells);
    np_solve_request request{};
    request.geometry = puzzles.front().geometry.to_c();
    request.limit = limit;
    uint64_t solutions = 0, failures = 0;
    for (auto _ : state) {
        for (const auto& puzzle : puzzles) {
            request.cells = puzzle.cells.data();
            np_solve_result result;  // the host zero-fills; so do we
            std::memset(&result, 0, sizeof result);
            result.witnesses[0] = witnesses.data();
            result.witnesses[1] = witnesses.data() + cells;
            if (d.solve(instance.handle, &request, &result) != NP_OK) ++failures;
            solutions += result.count;
            benchmark::DoNotOptimize(result.count);
        }
    }
    const double solved = static_cast<double>(state.iterations()) * static_cast<double>(puzzles.size());
    state.SetItemsProcessed(static_cast<int64_t>(solved));
    state.counters["puzzles"] = benchmark::Counter(static_cast<double>(puzzles.size()));
    state.counters["solutions_per_puzzle"] = benchmark::Counter(static_cast<double>(solutions) / solved);
    if (failures) state.SkipWithError("the plugin refused some puzzles");
}

void generate_benchmark(benchmark::State& state, np::Plugin plugin, np_generate_kind kind,
                        np::OptionList options) {
    const np_plugin& d = plugin.descriptor();
    Instance instance(d);
    const np::Geometry geometry{3, 3};
    std::vector<uint8_t> cells(static_cast<std::size_t>(geometry.cell_count()));
    std::vector<np_option> c_options;
    for (const auto& [k, v] : options) c_options.push_back({k.c_str(), v.c_str()});
    np_generate_request request{};
    request.geometry = geometry.to_c();
    request.kind = kind;
    request.seed = 0;
    request.count = 1;
    request.options = c_options.data();
    request.option_count = static_cast<uint32_t>(c_options.size());
    // Iteration i asks for result i of seed 0's sequence: every iteration a
    // different result, and a rerun measures the same ones.
    uint64_t index = 0, clues = 0;
    for (auto _ : state) {
        request.first_index = index++;
        np_generate_result result;
        std::memset(&result, 0, sizeof result);
        result.cells = cells.data();
        if (d.generate(instance.handle, &request, &result) != NP_OK || result.produced != 1) {
            state.SkipWithError(result.message);
            break;
        }
        for (auto c : cells) clues += c != 0;
    }
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
    state.counters["clues"] = benchmark::Counter(static_cast<double>(clues) / static_cast<double>(state.iterations()));
}

std::vector<np::Grid> read_puzzles(const std::string& path, std::size_t max) {
    std::ifstream in(path);
    std::vector<np::Grid> out;
    for (std::string line; std::getline(in, line) && (max == 0 || out.size() < max);) {
        auto field = line.substr(0, line.find_first_of(" \t:,;\r"));
        if (field.empty() || field[0] == '#') continue;
        auto parsed = np::parse_line(field);
        if (auto* g = std::get_if<np::Grid>(&parsed)) out.push_back(std::move(*g));
    }
    return out;
}

constexpr const char* kUsage =
    "Usage: numplace_benchmarks --plugins NAME[,NAME...] [options] [Google Benchmark flags]\n"
    "\n"
    "Measures plugins straight through the C ABI (solve, or generate with --generate).\n"
    "\n"
    "Options:\n"
    "  --plugins A,B              plugins to measure (required)\n"
    "  --plugin-dir DIR           folder (or .so) to load plugins from, before the standard\n"
    "                             search path; repeatable\n"
    "  --datasets DIR             folder of the puzzle files (default ../shared/datasets,\n"
    "                             or $NUMPLACE_DATASETS)\n"
    "  --files F1,F2              puzzle files in that folder to solve\n"
    "                             (default 17clue.txt,top1465.txt,forum_hardest_1905_11plus.txt)\n"
    "  --limit N                  solve limit, a whole number >= 1 (default 2: solve and\n"
    "                             prove unique)\n"
    "  --max-puzzles N            read at most N puzzles per file, a whole number >= 0\n"
    "                             (default 0: all)\n"
    "  --generate grid|puzzle     measure generate (9x9) instead of solve: one result per\n"
    "                             iteration\n"
    "  --generate-option KEY=VAL  plugin option for generate; repeatable\n"
    "  -h, --help                 print this help and exit\n"
    "\n"
    "Flags starting with --benchmark_ go to Google Benchmark, e.g. --benchmark_filter=REGEX,\n"
    "--benchmark_repetitions=3, --benchmark_format=json, --benchmark_list_tests=true.\n"
    "Each flag's value may follow as the next argument or after '=' (--limit=2).\n"
    "\n"
    "Exit codes: 0 done; 2 usage error (unknown flag, bad value, unknown plugin, no puzzles).\n";

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
    auto items = split_commas(text);
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
        else if (flag == "--generate") {
            s.generate = value();
            if (s.generate != "grid" && s.generate != "puzzle")
                usage_error("--generate " + s.generate + ": expected grid or puzzle");
        } else if (flag == "--generate-option") {
            const std::string kv = value();
            const std::size_t at = kv.find('=');
            if (at == 0 || at == std::string::npos) usage_error("--generate-option " + kv + ": expected KEY=VALUE");
            s.generate_options.emplace_back(kv.substr(0, at), kv.substr(at + 1));
        } else if (arg.rfind('-', 0) == 0) {
            usage_error("unknown flag " + arg + " (--help lists them)");
        } else {
            usage_error("unexpected argument " + arg);
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    Settings s;
    if (const char* env = std::getenv("NUMPLACE_DATASETS")) s.datasets = env;
    std::vector<char*> rest = {argv[0]};
    parse_arguments(argc, argv, s, rest);
    if (s.plugins.empty()) {
        std::cerr << "numplace_benchmarks: name the plugins to measure with --plugins a,b (see --help)\n";
        return 2;
    }
    np::PluginRegistry registry;
    registry.add_standard_search_path(s.plugin_dirs);
    for (const auto& name : s.plugins) {
        const np::Plugin* plugin = registry.find(name);
        if (!plugin) {
            std::cerr << "numplace_benchmarks: unknown plugin " << name << "\n";
            return 2;
        }
        if (!s.generate.empty()) {
            auto kind = s.generate == "grid" ? NP_GENERATE_GRID : NP_GENERATE_PUZZLE;
            std::string label = "generate/" + name + "/" + s.generate;
            for (const auto& [k, v] : s.generate_options) label += "," + k + "=" + v;
            benchmark::RegisterBenchmark(label.c_str(), generate_benchmark, *plugin, kind, s.generate_options);
            continue;
        }
        for (const auto& file : s.files) {
            auto puzzles = read_puzzles(s.datasets + "/" + file, s.max_puzzles);
            if (puzzles.empty()) {
                std::cerr << "numplace_benchmarks: no puzzles in " << s.datasets << "/" << file << "\n";
                return 2;
            }
            std::string label = "solve/" + name + "/" + file + "/limit=" + std::to_string(s.limit);
            benchmark::RegisterBenchmark(label.c_str(), solve_benchmark, *plugin, std::move(puzzles), s.limit);
        }
    }
    int rest_argc = static_cast<int>(rest.size());
    benchmark::Initialize(&rest_argc, rest.data());
    // Initialize takes the --benchmark_ flags it knows; one it does not know
    // (a typo) is left over and must not be ignored silently.
    if (benchmark::ReportUnrecognizedArguments(rest_argc, rest.data())) return 2;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
