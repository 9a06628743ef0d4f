#include "test_support.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "numplace/random.hpp"

namespace np::test {

namespace fs = std::filesystem;

std::optional<std::string> datasets_dir() {
    // $NUMPLACE_DATASETS wins when set (even if it names nothing: then the
    // tests skip); otherwise the folder configured with NUMPLACE_DATASETS_DIR.
    const char* env = std::getenv("NUMPLACE_DATASETS");
    const std::string dir = env != nullptr && *env != '\0' ? env : NUMPLACE_TEST_DATASETS_DEFAULT;
    std::error_code ec;
    if (fs::is_directory(dir, ec)) return dir;
    return std::nullopt;
}

bool file_exists(const std::string& path) {
    std::error_code ec;
    return fs::is_regular_file(path, ec);
}

std::vector<std::string> read_lines(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!line.empty()) lines.push_back(line);
    }
    return lines;
}

const PluginRegistry& bundled_plugins() {
    static const PluginRegistry registry = [] {
        PluginRegistry r;
        r.add_directory(NUMPLACE_TEST_PLUGIN_DIR);
        return r;
    }();
    return registry;
}

const Plugin& bundled_plugin(const std::string& name) {
    const Plugin* p = bundled_plugins().find(name);
    if (p == nullptr) {
        ADD_FAILURE() << "plugin " << name << " not found in " << NUMPLACE_TEST_PLUGIN_DIR;
        std::abort();
    }
    return *p;
}

Grid parse(std::string_view text, std::optional<Geometry> size) {
    ParseResult result = parse_line(text, size);
    if (!parsed(result)) {
        ADD_FAILURE() << "cannot parse puzzle: " << text << ": " << std::get<Reason>(result).message;
        return Grid(size.value_or(Geometry{}));
    }
    return std::get<Grid>(result);
}

std::string text_of(const Grid& grid) { return format_line(grid); }

::testing::AssertionResult solves(const Grid& puzzle, const Grid& solution) {
    if (solution.geometry != puzzle.geometry || solution.cells.size() != puzzle.cells.size())
        return ::testing::AssertionFailure() << "wrong shape";
    if (!solution.is_full()) return ::testing::AssertionFailure() << "not full: " << text_of(solution);
    const auto broken = check_rules(solution);
    if (!broken.empty())
        return ::testing::AssertionFailure() << "breaks a rule: " << broken.front().message << " in "
                                             << text_of(solution);
    for (std::size_t i = 0; i < puzzle.cells.size(); ++i)
        if (puzzle.cells[i] != 0 && puzzle.cells[i] != solution.cells[i])
            return ::testing::AssertionFailure() << "changes the given at index " << i << ": " << text_of(solution);
    return ::testing::AssertionSuccess();
}

Budget node_budget(uint64_t max_nodes) {
    Budget budget;
    budget.max_nodes = max_nodes;
    return budget;
}

Grid pattern_grid(Geometry geometry, uint64_t seed) {
    const int side = geometry.side();
    std::vector<int> relabel(static_cast<std::size_t>(side));
    for (int v = 0; v < side; ++v) relabel[static_cast<std::size_t>(v)] = v + 1;
    Rng rng(seed);
    rng.shuffle(relabel.begin(), relabel.end());
    Grid grid(geometry);
    for (int r = 0; r < side; ++r)
        for (int c = 0; c < side; ++c) {
            const int v = (geometry.box_cols * (r % geometry.box_rows) + r / geometry.box_rows + c) % side;
            grid.at(r, c) = static_cast<uint8_t>(relabel[static_cast<std::size_t>(v)]);
        }
    return grid;
}

Grid remove_cells(const Grid& full, int percent, uint64_t seed) {
    Rng rng(seed);
    Grid puzzle = full;
    for (auto& cell : puzzle.cells)
        if (rng.below(100) < static_cast<uint64_t>(percent)) cell = 0;
    return puzzle;
}

std::vector<std::string> split_tabs(const std::string& line) {
    std::vector<std::string> fields;
    std::string field;
    std::istringstream in(line);
    while (std::getline(in, field, '\t')) fields.push_back(field);
    return fields;
}

std::string fixture_dir() { return NUMPLACE_TEST_FIXTURE_DIR; }
std::string plugin_dir() { return NUMPLACE_TEST_PLUGIN_DIR; }
std::string source_dir() { return NUMPLACE_TEST_SOURCE_DIR; }

namespace {
std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}
}  // namespace

CliRun run_cli(const std::vector<std::string>& args, const std::string& input,
               const std::vector<std::pair<std::string, std::string>>& env) {
    // stdin, stdout and stderr go through temporary files: simple, and no
    // pipe can fill up and deadlock.
    char dir_template[] = "/tmp/numplace-cli-XXXXXX";
    const fs::path dir = mkdtemp(dir_template);
    const fs::path in_path = dir / "in", out_path = dir / "out", err_path = dir / "err";
    std::ofstream(in_path, std::ios::binary) << input;

    CliRun run;
    const pid_t pid = fork();
    if (pid == 0) {
        if (!freopen(in_path.c_str(), "rb", stdin) || !freopen(out_path.c_str(), "wb", stdout) ||
            !freopen(err_path.c_str(), "wb", stderr))
            _exit(127);
        // Tests see only the plugins they ask for: the bundled folder is found
        // beside the binary, and $NUMPLACE_PLUGIN_PATH is cleared unless set here.
        unsetenv("NUMPLACE_PLUGIN_PATH");
        for (const auto& [key, value] : env) setenv(key.c_str(), value.c_str(), 1);
        std::vector<char*> argv;
        std::string binary = NUMPLACE_TEST_BINARY;
        argv.push_back(binary.data());
        std::vector<std::string> copies(args);
        for (auto& a : copies) argv.push_back(a.data());
        argv.push_back(nullptr);
        execv(binary.c_str(), argv.data());
        _exit(127);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    run.out = slurp(out_path);
    run.err = slurp(err_path);
    std::error_code ec;
    fs::remove_all(dir, ec);
    return run;
}

}  // namespace np::test
