#include "test_support.hpp"

#include <gtest/gtest.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <csignal>
#include <cstdlib>
#include <iterator>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <regex>
#include <sstream>
#include <thread>

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

std::vector<PublishedCount> published_counts(const std::string& tsv_path) {
    const auto lines = read_lines(tsv_path);
    std::vector<PublishedCount> rows;
    for (std::size_t i = 1; i < lines.size(); ++i) {  // line 0 is the header
        const auto fields = split_tabs(lines[i]);
        if (fields.size() < 2 || fields[1].empty() || fields[1].find_first_not_of("0123456789") != std::string::npos) {
            ADD_FAILURE() << tsv_path << ":" << i + 1 << ": not puzzle<TAB>count[<TAB>solution]: " << lines[i];
            continue;
        }
        rows.push_back({fields[0], std::stoull(fields[1]), fields.size() >= 3 ? fields[2] : ""});
    }
    return rows;
}

const PluginRegistry& bundled_plugins() {
    static const PluginRegistry registry = [] {
        // The library plugins: the command-line solvers beside them run
        // other programs and have tests of their own (external_test.cpp).
        PluginRegistry r;
        std::vector<std::string> libraries;
        for (const auto& entry : std::filesystem::directory_iterator(NUMPLACE_TEST_PLUGIN_DIR))
            if (entry.path().extension() == ".so") libraries.push_back(entry.path().string());
        std::sort(libraries.begin(), libraries.end());
        for (const auto& path : libraries) r.add_file(path);
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

Grid generated_grid(const std::string& generator, Geometry geometry, uint64_t seed, uint64_t max_nodes) {
    const std::string who = generator + " " + geometry.name() + " grid of seed " + std::to_string(seed);
    const auto out = bundled_plugin(generator).generate(geometry, NP_GENERATE_GRID, seed, 1, {}, node_budget(max_nodes));
    if (!out.ok || out.results.size() != 1) {
        ADD_FAILURE() << who << ": not made within " << max_nodes << " nodes: " << out.message;
        return Grid(geometry);
    }
    const Grid& grid = out.results[0];
    if (grid.geometry != geometry || !grid.is_full()) {
        ADD_FAILURE() << who << ": not a full grid of that shape: " << text_of(grid);
        return Grid(geometry);
    }
    if (const auto broken = check_rules(grid); !broken.empty()) {
        ADD_FAILURE() << who << ": breaks a rule: " << broken.front().message << " in " << text_of(grid);
        return Grid(geometry);
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

const Plugin& oracle() { return bundled_plugin("exhaustive-count"); }

namespace {

// Asks the oracle; true when its answer is conclusive (see oracle_count),
// otherwise `why` says what it was.
bool ask_oracle(const Grid& puzzle, uint64_t limit, uint64_t max_nodes, SolveOutcome& out, std::string& why) {
    auto refuse = [&](const std::string& reason) {
        why = "exhaustive-count on " + text_of(puzzle) + ": " + reason;
        return false;
    };
    out = oracle().solve(puzzle, limit, {}, node_budget(max_nodes));
    if (out.fault != Fault::none || out.verdict == Verdict::error || out.verdict == Verdict::invalid)
        return refuse(std::string(verdict_name(out.verdict)) + ": " + out.message);
    // The host has certified the witnesses already; checked again here, by
    // check_rules, so that the proof does not rest on the host alone.
    for (const Grid& solution : out.solutions)
        if (auto fits = solves(puzzle, solution); !fits) return refuse(std::string("bad witness: ") + fits.message());
    if (out.solutions.size() == 2 && out.solutions[0] == out.solutions[1]) return refuse("two equal witnesses");
    if (out.solutions.size() != std::min<uint64_t>(out.count, 2))
        return refuse(std::to_string(out.solutions.size()) + " witnesses for a count of " + std::to_string(out.count));
    const bool exhausted = out.complete && out.stop == static_cast<uint32_t>(NP_STOP_EXHAUSTED);
    const bool reached_limit = out.stop == static_cast<uint32_t>(NP_STOP_LIMIT) && out.count == limit;
    if (!exhausted && !reached_limit)
        return refuse("unknown: the search did not finish within " + std::to_string(max_nodes) + " nodes (" +
                      std::to_string(out.count) + " solutions so far, " + std::to_string(out.stats.nodes) +
                      " nodes)");
    return true;
}

}  // namespace

std::optional<uint64_t> oracle_count(const Grid& puzzle, uint64_t limit, uint64_t max_nodes, std::string* why) {
    SolveOutcome out;
    std::string reason;
    if (!ask_oracle(puzzle, limit, max_nodes, out, reason)) {
        if (why != nullptr) *why = reason;
        return std::nullopt;
    }
    return out.count;
}

::testing::AssertionResult oracle_proves_unique(const Grid& puzzle, uint64_t max_nodes, const Grid* solution) {
    SolveOutcome out;
    std::string why;
    if (!ask_oracle(puzzle, 2, max_nodes, out, why)) return ::testing::AssertionFailure() << why;
    if (out.count != 1)
        return ::testing::AssertionFailure() << "exhaustive-count: " << (out.count == 0 ? "no solution" : "2+ solutions")
                                             << ", not unique: " << text_of(puzzle);
    if (solution != nullptr && out.solutions.at(0) != *solution)
        return ::testing::AssertionFailure() << "exhaustive-count: the one solution of " << text_of(puzzle) << " is "
                                             << text_of(out.solutions[0]) << ", not " << text_of(*solution);
    return ::testing::AssertionSuccess();
}

::testing::AssertionResult oracle_proves_several(const Grid& puzzle, uint64_t max_nodes) {
    std::string why;
    const auto count = oracle_count(puzzle, 2, max_nodes, &why);
    if (!count) return ::testing::AssertionFailure() << why;
    if (*count < 2)
        return ::testing::AssertionFailure() << "exhaustive-count: " << (*count == 0 ? "no solution" : "unique")
                                             << ", not several: " << text_of(puzzle);
    return ::testing::AssertionSuccess();
}

::testing::AssertionResult oracle_counts(const Grid& puzzle, uint64_t expected, uint64_t max_nodes) {
    std::string why;
    const auto count = oracle_count(puzzle, NP_UNLIMITED, max_nodes, &why);
    if (!count) return ::testing::AssertionFailure() << why;
    if (*count != expected)
        return ::testing::AssertionFailure() << "exhaustive-count counts " << *count << " solutions, not " << expected
                                             << ": " << text_of(puzzle);
    return ::testing::AssertionSuccess();
}

std::string proved_class(const Grid& puzzle) {
    std::string why;
    const auto count = oracle_count(puzzle, 2, kProofNodes, &why);
    if (!count) return why;
    return *count == 0 ? "none" : *count == 1 ? "unique" : "multiple";
}

void expect_witnesses_solve(const Grid& puzzle, const SolveOutcome& out) {
    for (const Grid& solution : out.solutions) EXPECT_TRUE(solves(puzzle, solution));
    if (out.solutions.size() == 2) {
        EXPECT_NE(out.solutions[0], out.solutions[1]);
    }
}

uint64_t expect_count_as_oracle(const Plugin& plugin, const Grid& puzzle, uint64_t limit, const OptionList& options) {
    const auto want = oracle_count(puzzle, limit, kProofNodes);
    EXPECT_TRUE(want.has_value()) << text_of(puzzle);
    if (!want) return 0;
    const auto out = plugin.solve(puzzle, limit, options, {});
    EXPECT_EQ(out.count, *want) << plugin.name() << " on " << text_of(puzzle) << " limit " << limit;
    EXPECT_EQ(out.solutions.size(), std::min<uint64_t>(*want, 2)) << plugin.name() << " on " << text_of(puzzle);
    expect_witnesses_solve(puzzle, out);
    return *want;
}

void expect_masks_are_the_problem(const Plugin& plugin, const OptionList& options) {
    const Grid puzzle = parse(kSeed002Puzzle);
    const Grid solution = parse(kSeed002Solution);
    const int empty = 2;  // r1c3
    ASSERT_EQ(puzzle.cells[empty], 0);
    for (const bool remove_solution : {true, false}) {
        Grid masked = puzzle;
        masked.candidates.resize(81);
        for (int i = 0; i < 81; ++i) masked.candidates[static_cast<std::size_t>(i)] = puzzle.mask(i);
        const uint8_t other = solution.cells[empty] == 9 ? 8 : 9;
        masked.candidates[empty] &= ~(uint64_t{1} << (remove_solution ? solution.cells[empty] : other));
        const auto want = oracle_count(masked, 2, kProofNodes);
        ASSERT_TRUE(want.has_value());
        const auto out = plugin.solve(masked, 2, options, {});
        EXPECT_EQ(out.count, *want) << plugin.name();
        EXPECT_EQ(out.verdict, remove_solution ? Verdict::none : Verdict::unique) << plugin.name();
    }
}

void agree_on_dataset(const std::string& plugin, const std::string& file) {
    NP_REQUIRE_DATASET(path, file);
    const Plugin& tested = bundled_plugin(plugin);
    const Plugin& bitmask = bundled_plugin("bitmask-mrv");
    std::size_t checked = 0, index = 0;
    // Under the sanitizers (several times slower; they check memory, the
    // Release suite every answer) every fourth puzzle.
    const std::size_t stride = np::sanitizer_build() ? 4 : 1;
    for (const std::string& line : read_lines(path)) {
        if (index++ % stride != 0) continue;
        const Grid puzzle = parse(line.substr(0, line.find_first_of(" \t:,;")));
        const auto t = tested.solve(puzzle, 2, {}, {});
        for (const Plugin* other : {&bitmask, &oracle()}) {
            const auto o = other->solve(puzzle, 2, {}, {});
            ASSERT_EQ(t.verdict, o.verdict) << line << " vs " << other->name();
            ASSERT_EQ(t.count, o.count) << line << " vs " << other->name();
            if (t.verdict == Verdict::unique) {
                ASSERT_EQ(t.solutions, o.solutions) << line;
            }
        }
        for (const Grid& s : t.solutions) ASSERT_TRUE(solves(puzzle, s)) << line;
        ++checked;
    }
    EXPECT_GT(checked, 1000u / stride);
}

std::optional<uint64_t> counter(const CallStats& stats, const std::string& name) {
    for (const auto& [key, value] : stats.counters)
        if (key == name) return value;
    return std::nullopt;
}

std::string fixture_dir() { return NUMPLACE_TEST_FIXTURE_DIR; }
std::string liar_dir() { return fixture_dir() + "/../fixture-liars"; }
std::string variant_fixture_dir() { return fixture_dir() + "/../fixture-variants"; }
std::string broken_dir() { return fixture_dir() + "/../fixture-broken"; }
std::string plugin_dir() { return NUMPLACE_TEST_PLUGIN_DIR; }
std::string source_dir() { return NUMPLACE_TEST_SOURCE_DIR; }

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

namespace {
std::string slurp(const fs::path& p) { return read_file(p.string()); }
}  // namespace

std::vector<std::pair<std::string, std::string>> real_segv() {
    const char* options = std::getenv("ASAN_OPTIONS");
    const std::string before = options != nullptr && *options != '\0' ? std::string(options) + ":" : "";
    return {{"ASAN_OPTIONS", before + "handle_segv=0"}};
}

CliRun run_cli(const std::vector<std::string>& args, const std::string& input,
               const std::vector<std::pair<std::string, std::string>>& env) {
    return run_program(NUMPLACE_TEST_BINARY, args, input, env);
}

namespace {

// Starts `program` with stdin, stdout and stderr on DIR/in, DIR/out and
// DIR/err. Tests see only the plugins they ask for: the bundled folder is
// found beside the binary, and $NUMPLACE_PLUGIN_PATH is cleared unless `env`
// sets it.
// With `err_fd` (>= 0), stderr is that descriptor instead.
pid_t spawn(const std::string& program, const std::vector<std::string>& args, const fs::path& dir,
            const std::vector<std::pair<std::string, std::string>>& env, int err_fd = -1) {
    const pid_t pid = fork();
    if (pid == 0) {
        const fs::path in_path = dir / "in", out_path = dir / "out", err_path = dir / "err";
        if (!freopen(in_path.c_str(), "rb", stdin) || !freopen(out_path.c_str(), "wb", stdout))
            _exit(127);
        if (err_fd >= 0 ? dup2(err_fd, STDERR_FILENO) < 0 : !freopen(err_path.c_str(), "wb", stderr)) _exit(127);
        if (err_fd >= 0) close(err_fd);
        unsetenv("NUMPLACE_PLUGIN_PATH");
        for (const auto& [key, value] : env) setenv(key.c_str(), value.c_str(), 1);
        std::vector<char*> argv;
        std::string binary = program;
        argv.push_back(binary.data());
        std::vector<std::string> copies(args);
        for (auto& a : copies) argv.push_back(a.data());
        argv.push_back(nullptr);
        execv(binary.c_str(), argv.data());
        _exit(127);
    }
    return pid;
}

}  // namespace

CliRun run_program(const std::string& program, const std::vector<std::string>& args, const std::string& input,
                   const std::vector<std::pair<std::string, std::string>>& env) {
    // stdin, stdout and stderr go through temporary files: simple, and no
    // pipe can fill up and deadlock.
    char dir_template[] = "/tmp/numplace-cli-XXXXXX";
    const fs::path dir = mkdtemp(dir_template);
    const fs::path in_path = dir / "in", out_path = dir / "out", err_path = dir / "err";
    std::ofstream(in_path, std::ios::binary) << input;

    CliRun run;
    const pid_t pid = spawn(program, args, dir, env);
    int status = 0;
    waitpid(pid, &status, 0);
    run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    run.out = slurp(out_path);
    run.err = slurp(err_path);
    std::error_code ec;
    fs::remove_all(dir, ec);
    return run;
}

namespace {

struct ProcStat {
    int ppid = 0;
    unsigned long long ticks = 0;  // utime + stime + cutime + cstime
};

// /proc/PID/stat: the parent, and the CPU time of the process and of the
// children it has reaped. nullopt when the process is gone.
std::optional<ProcStat> proc_stat(const std::string& pid) {
    // A process that ends between the open and the read makes read() fail
    // with ESRCH, which libstdc++'s filebuf throws: read it as "gone".
    std::string text;
    try {
        std::ifstream stat("/proc/" + pid + "/stat");
        text.assign(std::istreambuf_iterator<char>(stat), std::istreambuf_iterator<char>());
    } catch (const std::exception&) {
        return std::nullopt;
    }
    const auto close = text.rfind(')');  // the command name may hold spaces
    if (close == std::string::npos || close + 2 > text.size()) return std::nullopt;
    std::istringstream fields(text.substr(close + 2));
    std::string field;
    ProcStat out;
    for (int i = 3; i <= 17 && fields >> field; ++i) {  // field 3 is the state
        if (i == 4) out.ppid = std::stoi(field);
        if (i >= 14) out.ticks += std::stoull(field);
    }
    return out;
}

// CPU seconds of `pid` and of every live process below it (verify, fuzz
// and bench run plugins in worker processes).
double cpu_seconds_of(int pid) {
    std::vector<std::pair<int, ProcStat>> all;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator("/proc", ec)) {
        const std::string name = entry.path().filename().string();
        if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
        if (auto st = proc_stat(name)) all.emplace_back(std::stoi(name), *st);
    }
    unsigned long long ticks = 0;
    std::vector<int> frontier = {pid};
    while (!frontier.empty()) {
        const int at = frontier.back();
        frontier.pop_back();
        for (const auto& [p, st] : all) {
            if (p == at) ticks += st.ticks;
            if (st.ppid == at && p != at) frontier.push_back(p);
        }
    }
    return static_cast<double>(ticks) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

}  // namespace

// The master side of the pseudo-terminal, read by a thread of its own so that
// the CLI never blocks on a full terminal buffer.
struct BackgroundCli::Terminal {
    int master = -1;
    std::thread reader;
    std::atomic<bool> stop{false};
    mutable std::mutex mutex;
    std::string text;

    void read_loop() {
        char buffer[4096];
        while (true) {
            pollfd p{master, POLLIN, 0};
            const int ready = poll(&p, 1, 20);
            if (ready > 0) {
                const ssize_t n = read(master, buffer, sizeof buffer);
                if (n > 0) {
                    const std::lock_guard<std::mutex> lock(mutex);
                    text.append(buffer, static_cast<std::size_t>(n));
                    continue;
                }
                if (n < 0 && errno == EINTR) continue;
                return;  // EIO: every writer has closed the terminal
            }
            if (ready < 0 && errno != EINTR) return;
            if (ready == 0 && stop) return;
        }
    }
};

BackgroundCli::BackgroundCli(const std::vector<std::string>& args, const std::string& input, ErrTo err) {
    char dir_template[] = "/tmp/numplace-bg-XXXXXX";
    dir_ = mkdtemp(dir_template);
    std::ofstream(fs::path(dir_) / "in", std::ios::binary) << input;
    int slave = -1;
    if (err == ErrTo::terminal) {
        terminal_ = std::make_unique<Terminal>();
        terminal_->master = posix_openpt(O_RDWR | O_NOCTTY);
        if (terminal_->master < 0 || grantpt(terminal_->master) != 0 || unlockpt(terminal_->master) != 0)
            ADD_FAILURE() << "no pseudo-terminal: " << std::strerror(errno);
        else if ((slave = open(ptsname(terminal_->master), O_RDWR | O_NOCTTY)) < 0)
            ADD_FAILURE() << "cannot open the pseudo-terminal: " << std::strerror(errno);
        else {
            // Raw: the bytes as the CLI wrote them ("\n", not "\r\n").
            termios mode{};
            tcgetattr(slave, &mode);
            cfmakeraw(&mode);
            tcsetattr(slave, TCSANOW, &mode);
        }
    }
    pid_ = spawn(NUMPLACE_TEST_BINARY, args, dir_, {}, slave);
    if (slave >= 0) {
        close(slave);  // the child has its own; EIO on the master once it and its workers are gone
        terminal_->reader = std::thread([t = terminal_.get()] { t->read_loop(); });
    }
}

void BackgroundCli::stop_reader() {
    if (!terminal_) return;
    terminal_->stop = true;
    if (terminal_->reader.joinable()) terminal_->reader.join();
    if (terminal_->master >= 0) close(terminal_->master);
    terminal_->master = -1;
}

BackgroundCli::~BackgroundCli() {
    if (!ended_) {
        kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
    }
    stop_reader();
    std::error_code ec;
    fs::remove_all(dir_, ec);
}

bool BackgroundCli::wait_until(const std::function<bool(double, const std::string&)>& ready, double limit_seconds) {
    for (double waited = 0; waited < limit_seconds; waited += 0.01) {
        if (ready(cpu_seconds_of(pid_), slurp(fs::path(dir_) / "out"))) return true;
        if (wait4(pid_, &status_, WNOHANG, &usage_) == pid_) {  // ended before it was ready
            ended_ = true;
            return ready(0, slurp(fs::path(dir_) / "out"));
        }
        usleep(10000);
    }
    return false;
}

std::string BackgroundCli::err_so_far() const {
    if (!terminal_) return slurp(fs::path(dir_) / "err");
    const std::lock_guard<std::mutex> lock(terminal_->mutex);
    return terminal_->text;
}

void BackgroundCli::signal(int signo) {
    if (!ended_) kill(pid_, signo);
}

CliRun BackgroundCli::finish(long* max_rss_kib) {
    CliRun run;
    if (!ended_) wait4(pid_, &status_, 0, &usage_);
    ended_ = true;
    run.exit_code = WIFEXITED(status_) ? WEXITSTATUS(status_) : 128 + WTERMSIG(status_);
    if (max_rss_kib != nullptr) *max_rss_kib = usage_.ru_maxrss;
    run.out = slurp(fs::path(dir_) / "out");
    stop_reader();
    run.err = err_so_far();
    return run;
}

std::pair<std::size_t, std::size_t> verify_progress(const std::string& err) {
    static const std::regex progress(R"((\d+)/(\d+) entries)");
    std::pair<std::size_t, std::size_t> last{0, 0};
    for (auto it = std::sregex_iterator(err.begin(), err.end(), progress); it != std::sregex_iterator(); ++it)
        last = {std::stoull((*it)[1]), std::stoull((*it)[2])};
    return last;
}

}  // namespace np::test
