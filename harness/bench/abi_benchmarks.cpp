// Plugin speed through the C ABI, with Google Benchmark.
//
//   numplace_benchmarks --plugins bitmask-mrv [--datasets DIR]
//       [--files 17clue.txt,top1465.txt] [--limit 2] [--max-puzzles N]
//       [--generate puzzle|grid] [--generate-option key=value]...
//       [--plugin-dir DIR] [Google Benchmark flags, e.g. --benchmark_format=json]
//
// Each solve iteration is one pass over the whole file (so every puzzle counts,
// not only the first ones), each generate iteration one result;
// items_per_second is puzzles/s. The calls go
// straight to the descriptor with buffers allocated once, so the figure is the
// plugin's, not the host's conveniences (parsing, JSON, verdicts).
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

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
    request.count = 1;
    request.options = c_options.data();
    request.option_count = static_cast<uint32_t>(c_options.size());
    uint64_t seed = 0, clues = 0;
    for (auto _ : state) {
        request.seed = seed++;
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

}  // namespace

int main(int argc, char** argv) {
    Settings s;
    if (const char* env = std::getenv("NUMPLACE_DATASETS")) s.datasets = env;
    std::vector<char*> rest = {argv[0]};
    for (int i = 1; i < argc; ++i) {
        std::string arg = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::cerr << "numplace_benchmarks: " << arg << " needs a value\n";
                std::exit(2);
            }
            return argv[++i];
        };
        if (arg == "--plugins") s.plugins = split_commas(value());
        else if (arg == "--plugin-dir") s.plugin_dirs.push_back(value());
        else if (arg == "--datasets") s.datasets = value();
        else if (arg == "--files") s.files = split_commas(value());
        else if (arg == "--limit") s.limit = std::stoull(value());
        else if (arg == "--max-puzzles") s.max_puzzles = std::stoull(value());
        else if (arg == "--generate") s.generate = value();
        else if (arg == "--generate-option") {
            std::string kv = value();
            auto eq = kv.find('=');
            s.generate_options.emplace_back(kv.substr(0, eq), eq == std::string::npos ? "" : kv.substr(eq + 1));
        } else rest.push_back(argv[i]);
    }
    if (s.plugins.empty()) {
        std::cerr << "numplace_benchmarks: name the plugins to measure with --plugins a,b\n";
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
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
