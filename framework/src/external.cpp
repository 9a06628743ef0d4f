// Command-line solvers behind a descriptor of the host's own (external.hpp):
// the program run for each call (argument, stdin, or one long-running
// process fed lines), its output read as its description says and put in
// the ABI's terms. The description itself is read by solver_description.cpp.
#include "numplace/external.hpp"

#include "external_parse.hpp"
#include "external_solver.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>
#include <sstream>
#include <vector>

#include "numplace/clock.hpp"
#include "numplace/format.hpp"
#include "numplace/host.hpp"
#include "numplace/process.hpp"
#include "numplace/reason.hpp"
#include "numplace/trust.hpp"
#include "numplace/verdict.hpp"

namespace np {

namespace {

constexpr std::size_t kMaxOutput = 1 << 20;  // an answer is a few lines; more is a broken solver

// One instance: for `lines`, the running process and what it has said.
struct Instance {
    const ExternalSolver* solver = nullptr;
    Child child;
    int to = -1, from = -1;
    std::string buffer;
    bool missed_deadline = false;  // the last call ran out of time (external_missed_deadline)

    void stop() {
        if (to >= 0) close(to);
        if (from >= 0) close(from);
        child.kill_group(SIGKILL);
        child.wait();
        to = from = -1;
        buffer.clear();
    }
};

// Starts argv with pipes to its stdin and from its stdout, in a process
// group of its own (a kill reaches its children too); stderr is dropped.
// No parent-death signal: a `lines` solver outlives the call, and so the
// thread, that started it (it sees EOF on its stdin when numplace ends).
bool spawn(const std::string& program, const std::vector<std::string>& argv, Instance& inst, std::string& error) {
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) != 0) return error = std::strerror(errno), false;
    if (pipe2(out, O_CLOEXEC) != 0) {
        close(in[0]), close(in[1]);
        return error = std::strerror(errno), false;
    }
    SpawnOptions options;
    options.fds = {in[0], out[1], kDevNull};
    options.parent_death_signal = 0;
    options.sandbox = true;
    inst.child = spawn_program(program, argv, options, error);
    close(in[0]), close(out[1]);
    if (!inst.child.running()) {
        close(in[1]), close(out[0]);
        return false;
    }
    inst.to = in[1], inst.from = out[0];
    return true;
}

// Reads until `done(text)` holds, EOF, the deadline or the terminate
// callback. Returns "" on success, else why not ("deadline", "terminated",
// "too much output").
std::string read_until(Instance& inst, const np_budget& budget, bool (*done)(const std::string&)) {
    char chunk[4096];
    for (;;) {
        if (done && done(inst.buffer)) return "";
        if (budget.terminate && budget.terminate(budget.terminate_state)) return "terminated";
        int wait_ms = 50;
        if (budget.deadline_ns) {
            const uint64_t t = monotonic_ns();
            if (t >= budget.deadline_ns) return "deadline";
            wait_ms = static_cast<int>(std::min<uint64_t>(50, (budget.deadline_ns - t) / 1000000 + 1));
        }
        pollfd p{inst.from, POLLIN, 0};
        const int ready = poll(&p, 1, wait_ms);
        if (ready < 0 && errno != EINTR) return std::strerror(errno);
        if (ready <= 0) continue;
        const ssize_t n = read(inst.from, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return "";  // EOF: the whole answer is in
        inst.buffer.append(chunk, static_cast<std::size_t>(n));
        if (inst.buffer.size() > kMaxOutput) return "too much output";
    }
}

bool write_all(int fd, const std::string& text) {
    signal(SIGPIPE, SIG_IGN);  // a solver that closes its stdin early is its failure, not ours
    for (std::size_t done = 0; done < text.size();) {
        const ssize_t n = write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<std::size_t>(n);
    }
    return true;
}

// The solutions written in the output: lines of exactly N*N symbols (spaces,
// commas and bars between them are ignored) that parse as full grids.
std::vector<Grid> solution_lines(const std::string& text, const Geometry& g) {
    std::vector<Grid> found;
    std::size_t start = 0;
    while (start < text.size() && found.size() < NP_MAX_WITNESSES) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        std::string symbols;
        for (char c : std::string_view(text).substr(start, end - start))
            if (c != ' ' && c != '\t' && c != ',' && c != '|' && c != '\r') symbols += c;
        start = end + 1;
        if (static_cast<int>(symbols.size()) != g.cell_count()) continue;
        auto parsed = parse_line(symbols, g);
        if (const Grid* grid = std::get_if<Grid>(&parsed); grid && grid->is_full() &&
                                                         (found.empty() || found[0] != *grid))
            found.push_back(*grid);
    }
    return found;
}

// A JSON value as solutions: a string of symbols, an array of numbers (one
// grid), or an array of either (several grids). Only that one level of
// nesting is read (`outer`): deeper arrays are not grids, and following them
// would let a solver's output of nested brackets exhaust the stack.
std::vector<Grid> grids_in(const nlohmann::json& v, const Geometry& g, bool outer = true) {
    if (v.is_string()) return solution_lines(v.get<std::string>(), g);
    if (!v.is_array()) return {};
    if (!v.empty() && v.front().is_number_integer()) {
        std::vector<uint8_t> cells;
        for (const auto& cell : v) cells.push_back(cell.is_number_integer() ? static_cast<uint8_t>(cell.get<int>()) : 255);
        if (static_cast<int>(cells.size()) != g.cell_count()) return {};
        Grid grid(g, cells);
        if (!grid.is_full()) return {};
        return {grid};
    }
    if (!outer) return {};
    std::vector<Grid> all;
    for (const auto& item : v)
        for (Grid& grid : grids_in(item, g, false))
            if (all.size() < NP_MAX_WITNESSES && (all.empty() || all[0] != grid)) all.push_back(std::move(grid));
    return all;
}

struct Answer {
    std::vector<Grid> solutions;
    std::optional<uint64_t> count;
    std::optional<Verdict> verdict;
    std::optional<uint64_t> rating;  // the program's claim, passed on as the counter `rating`
};

std::optional<Verdict> verdict_named(const ExternalSolver& s, const std::string& word) {
    for (const auto& [text, v] : s.verdict_words)
        if (word == text) return v;
    return verdict_from_name(word);
}

// The count by the description's regular expression (its first group), in
// the first line that has it. Lines are searched one by one and only their
// first kMaxCountLine bytes: libstdc++'s matcher recurses once per character
// a repetition consumes, so a pattern like '(a|b)*([0-9]+)' on one 200 KB
// line exhausts the stack. A line that says the count is short.
constexpr std::size_t kMaxCountLine = 2048;

std::optional<std::string> first_group(const std::string& text, const std::regex& pattern) {
    for (std::size_t start = 0; start < text.size();) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        const auto first = text.begin() + static_cast<std::ptrdiff_t>(start);
        const auto last = first + static_cast<std::ptrdiff_t>(std::min(end - start, kMaxCountLine));
        std::smatch m;
        if (std::regex_search(first, last, m, pattern) && m.size() > 1) return m[1].str();
        start = end + 1;
    }
    return std::nullopt;
}

std::optional<uint64_t> count_in(const std::string& text, const std::regex& pattern) {
    const auto group = first_group(text, pattern);
    if (!group) return std::nullopt;
    return std::stoull(*group);
}

}  // namespace

// A whole number of at most 18 digits (it fits a uint64_t), else nothing.
std::optional<uint64_t> whole_number(const std::string& text) {
    if (text.empty() || text.size() > 18 || text.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    return std::stoull(text);
}

namespace {

// An SE-style rating, 0 to 99.9 with at most one decimal ("7.2", "11"),
// in tenths; anything else is nothing.
std::optional<uint64_t> se_tenths(const std::string& text) {
    const std::size_t dot = text.find('.');
    const std::string whole = text.substr(0, dot);
    const std::string tenth = dot == std::string::npos ? "0" : text.substr(dot + 1);
    if (whole.empty() || whole.size() > 2 || tenth.size() != 1) return std::nullopt;
    const auto w = whole_number(whole), t = whole_number(tenth);
    if (!w || !t) return std::nullopt;
    return *w * 10 + *t;
}

// The rating the output claims. A line without it, or a word the levels do
// not list, gives none: the puzzle is unrated, and the answer still stands.
std::optional<uint64_t> rating_in(const std::string& text, const ExternalSolver::RatingPattern& rating) {
    const auto group = first_group(text, rating.pattern);
    if (!group) return std::nullopt;
    if (rating.se_scale) return se_tenths(*group);
    if (rating.levels.empty()) return whole_number(*group);
    const auto level = rating.levels.find(*group);
    return level == rating.levels.end() ? std::nullopt : std::optional(level->second);
}

Answer read_answer(const ExternalSolver& s, const std::string& text, const Geometry& g) {
    Answer a;
    if (!s.json_fields.empty()) {
        const auto doc = nlohmann::json::parse(text.substr(0, text.find('\n', text.find_first_not_of(" \n")) ), nullptr, false);
        if (doc.is_object()) {
            auto field = [&](const char* role) -> const nlohmann::json* {
                auto it = s.json_fields.find(role);
                if (it == s.json_fields.end() || !doc.contains(it->second)) return nullptr;
                return &doc[it->second];
            };
            if (auto* v = field("solution")) a.solutions = grids_in(*v, g);
            if (auto* v = field("count"); v && v->is_number_unsigned()) a.count = v->get<uint64_t>();
            if (auto* v = field("verdict"); v && v->is_string()) a.verdict = verdict_named(s, v->get<std::string>());
        }
    }
    if (s.solution_line && a.solutions.empty()) a.solutions = solution_lines(text, g);
    if (s.count_pattern && !a.count) a.count = count_in(text, *s.count_pattern);
    if (s.rating) a.rating = rating_in(text, *s.rating);
    if (!a.verdict)
        for (const auto& [word, v] : s.verdict_words)
            if (text.find(word) != std::string::npos) {
                a.verdict = v;
                break;
            }
    return a;
}

void message(np_solve_result& r, const std::string& text) {
    const std::size_t n = std::min(text.size(), std::size_t{NP_MESSAGE_CAPACITY - 1});
    std::memcpy(r.message, text.data(), n);
    r.message[n] = '\0';
}

// The answer into the ABI's terms, for the host to judge like any other.
int fill(const ExternalSolver& s, const np_solve_request& req, const Answer& a, const std::string& text,
         np_solve_result& r) {
    const Geometry g = Geometry::from_c(req.geometry);
    const Grid puzzle(g, std::vector<uint8_t>(req.cells, req.cells + g.cell_count()));
    if (a.verdict == Verdict::invalid) {
        // A command-line solver says "invalid" without saying where; the host
        // locates it (and if the givens are fine, names no violation, which
        // the host's certificate then rejects: the claim is the solver's).
        const auto v = first_violation(puzzle);
        if (v) r.violation = {static_cast<uint32_t>(v->code), static_cast<uint32_t>(v->row), static_cast<uint32_t>(v->column),
                              static_cast<uint32_t>(v->box), static_cast<uint32_t>(v->value)};
        message(r, s.name + " says the givens break a rule");
        return NP_INVALID_INPUT;
    }
    const std::size_t n = static_cast<std::size_t>(g.cell_count());
    for (const Grid& sol : a.solutions)
        if (r.witness_count < NP_MAX_WITNESSES && r.witnesses[r.witness_count])
            std::memcpy(r.witnesses[r.witness_count++], sol.cells.data(), n);
    uint64_t count = a.count.value_or(a.solutions.size());
    if (a.verdict == Verdict::unique) count = std::max<uint64_t>(count, 1);
    if (a.verdict == Verdict::multiple) count = std::max<uint64_t>(count, 2);
    if (a.verdict == Verdict::none) count = 0;
    r.count = std::min(count, req.limit);
    // At the limit the host wants no more witnesses than that (a program
    // that prints two solutions under {limit} 1 still answers well).
    if (r.count == req.limit) r.witness_count = std::min<uint32_t>(r.witness_count, static_cast<uint32_t>(r.count));
    // A conclusion is a verdict that says so, or a bare count (a counter's
    // complete answer); "found" or "unknown" is none.
    const bool concluded = a.verdict == Verdict::none || a.verdict == Verdict::unique || (!a.verdict && a.count);
    r.stop = r.count >= req.limit ? NP_STOP_LIMIT : concluded ? NP_STOP_EXHAUSTED : NP_STOP_BUDGET;
    if (!a.verdict && !a.count && a.solutions.empty()) {
        std::string shown = text.substr(0, 80);
        for (char& c : shown)
            if (c == '\n' || c == '\r') c = ' ';
        message(r, s.name + " gave no answer numplace can read: \"" + shown + "\"");
        return NP_FAILED;
    }
    // The name is a literal: a counter's name must outlive the call.
    if (a.rating && r.stats.counter_count < NP_MAX_COUNTERS)
        r.stats.counters[r.stats.counter_count++] = np_counter{s.rating->se_scale ? "se_rating" : "rating", *a.rating};
    return NP_OK;
}

// The answer in a solver's output, read as its description says, in the
// ABI's terms; output that cannot be read is the solver's failure.
int answer_from_output(const ExternalSolver& s, const np_solve_request& req, const std::string& text,
                       np_solve_result& res) {
    try {
        return fill(s, req, read_answer(s, text, Geometry::from_c(req.geometry)), text, res);
    } catch (const std::exception& e) {
        return message(res, s.name + ": its answer cannot be read: " + e.what()), NP_FAILED;
    }
}

bool has_line(const std::string& text) { return text.find('\n') != std::string::npos; }

}  // namespace

// `text` with each placeholder of `values` replaced, in one pass from left
// to right: what a value brings in (a folder named "{dir}" or "{size}") is
// copied as it is, never read again as a placeholder.
std::string substitute(const std::string& text, const Placeholders& values) {
    std::string out;
    for (std::size_t at = 0; at < text.size();) {
        const auto match = std::find_if(values.begin(), values.end(), [&](const auto& v) {
            return text.compare(at, v.first.size(), v.first) == 0;
        });
        if (text[at] == '{' && match != values.end()) {
            out += match->second;
            at += match->first.size();
        } else {
            out += text[at++];
        }
    }
    return out;
}

namespace {

// The call's deadline: the host's when it set one (--timeout, verify's
// per-call budget), else the description's `timeout` (60 s unless it says
// otherwise, 0 = none) from now.
uint64_t deadline_of(const ExternalSolver& s, const np_budget& budget) {
    if (budget.deadline_ns != 0) return budget.deadline_ns;
    if (s.timeout_seconds <= 0) return 0;
    return monotonic_ns() + static_cast<uint64_t>(s.timeout_seconds * 1e9);
}

// {timeout}: the seconds left, as a decimal. "0" is no deadline, so a
// deadline that is close (or past) still reads as the smallest step, 0.001.
std::string seconds_left(uint64_t deadline_ns) {
    if (deadline_ns == 0) return "0";
    const uint64_t now = monotonic_ns();
    const uint64_t ms = deadline_ns > now ? std::max<uint64_t>((deadline_ns - now) / 1000000, 1) : 1;
    char text[32];
    std::snprintf(text, sizeof text, "%llu.%03llu", static_cast<unsigned long long>(ms / 1000),
                  static_cast<unsigned long long>(ms % 1000));
    return text;
}

// The command of one call, its placeholders filled in: {dir}, {puzzle},
// {size} (RxC), {limit} (1, 2, ..., or 0 to count them all) and {timeout}.
std::vector<std::string> command_for(const ExternalSolver& s, const np_solve_request& req, const std::string& line,
                                     uint64_t deadline_ns) {
    const std::string size = std::to_string(req.geometry.box_rows) + "x" + std::to_string(req.geometry.box_cols);
    const std::string limit = req.limit == NP_UNLIMITED ? "0" : std::to_string(req.limit);
    const std::string timeout = seconds_left(deadline_ns);
    const Placeholders values = {
        {"{dir}", s.here}, {"{puzzle}", line}, {"{size}", size}, {"{limit}", limit}, {"{timeout}", timeout}};
    std::vector<std::string> argv;
    for (const auto& a : s.argv) argv.push_back(substitute(a, values));
    return argv;
}

// Starts the program for this call (or keeps the running `lines` one) and
// gives it the puzzle.
int start_call(Instance& inst, const np_solve_request& req, const std::string& line, uint64_t deadline_ns,
               np_solve_result& res) {
    const ExternalSolver& s = *inst.solver;
    if (!long_running(s) || !inst.child.running()) {
        inst.stop();
        std::string error;
        if (!spawn(s.program, command_for(s, req, line, deadline_ns), inst, error))
            return message(res, s.name + ": cannot start: " + error), NP_FAILED;
    }
    // A one-shot program may answer without reading its input (and may have
    // ended already): what it prints is judged, so only a `lines` process,
    // which must read every puzzle, fails for closing its input.
    const bool written =
        s.input == Input::argument ||
        write_all(inst.to, call_line(s, req, line, req.limit == NP_UNLIMITED ? "0" : std::to_string(req.limit),
                                     seconds_left(deadline_ns)) +
                               "\n");
    if (!written && long_running(s)) {
        inst.stop();
        return message(res, s.name + " closed its input"), NP_FAILED;
    }
    if (!long_running(s)) close(inst.to), inst.to = -1;
    return NP_OK;
}

// The answer read so far: for `lines` its first line (the rest stays for
// the next call), otherwise everything.
std::string take_answer(Instance& inst) {
    std::string text;
    if (!long_running(*inst.solver)) {
        text.swap(inst.buffer);
        return text;
    }
    const std::size_t end = inst.buffer.find('\n');
    text = inst.buffer.substr(0, end);
    inst.buffer.erase(0, end == std::string::npos ? inst.buffer.size() : end + 1);
    return text;
}

// Says whose deadline passed: a user who set none learns where the default
// comes from and how to change it.
std::string deadline_missed(const ExternalSolver& s, const np_budget& host_budget) {
    if (host_budget.deadline_ns != 0) return s.name + " gave no answer by its deadline";
    std::ostringstream seconds;
    seconds << s.timeout_seconds;
    return s.name + " gave no answer by its deadline (" + seconds.str() + " s, " +
           (s.timeout_given ? "its description's 'timeout'" : "the default for command-line solvers") +
           "; --timeout sets another)";
}

int solve(void* instance, const np_solve_request* req, np_solve_result* res) {
    if (instance == nullptr || req == nullptr || res == nullptr) return NP_FAILED;  // the host always makes one
    auto& inst = *static_cast<Instance*>(instance);
    const ExternalSolver& s = *inst.solver;
    inst.missed_deadline = false;
    if (req->option_count > 0) {
        const char* key = req->options[0].key ? req->options[0].key : "";
        return message(*res, std::string("unknown option '") + key + "' (a command-line solver takes no options)"),
               NP_BAD_OPTION;
    }
    np_budget budget = req->budget;
    budget.deadline_ns = deadline_of(s, req->budget);
    if (const int status = start_call(inst, *req, puzzle_text(s, *req), budget.deadline_ns, *res); status != NP_OK)
        return status;
    const std::string why = read_until(inst, budget, long_running(s) ? has_line : nullptr);
    const std::string text = take_answer(inst);
    if (why == "terminated") {
        inst.stop();
        res->stop = NP_STOP_BUDGET;  // asked to stop: no answer, and not the solver's fault
        return NP_OK;
    }
    if (!why.empty()) {
        inst.stop();
        inst.missed_deadline = why == "deadline";
        return message(*res, inst.missed_deadline ? deadline_missed(s, req->budget) : s.name + ": " + why), NP_FAILED;
    }
    if (!long_running(s)) {
        const Exit end = inst.child.wait();
        close(inst.from), inst.from = -1;
        if (end.signalled) return message(*res, s.name + " " + end.describe()), NP_FAILED;
    } else if (text.empty() && inst.buffer.empty()) {
        inst.stop();
        return message(*res, s.name + " ended without an answer"), NP_FAILED;
    }
    return answer_from_output(s, *req, text, *res);
}

void destroy(void* instance) {
    auto* inst = static_cast<Instance*>(instance);
    inst->stop();
    delete inst;
}

}  // namespace

ExternalPlugin::~ExternalPlugin() = default;

const np_plugin& ExternalPlugin::descriptor() const { return solver_->descriptor; }

const std::string& ExternalPlugin::program() const { return solver_->program; }

void* ExternalPlugin::create() const {
    auto* inst = new Instance();
    inst->solver = solver_.get();
    return inst;
}

bool external_missed_deadline(const void* instance) {
    return instance != nullptr && static_cast<const Instance*>(instance)->missed_deadline;
}

bool is_solver_description(const std::string& path) {
    const std::string suffix = ".solver.yaml";
    return path.size() > suffix.size() && path.compare(path.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::shared_ptr<ExternalPlugin> ExternalPlugin::load(const std::string& path, bool allow_insecure,
                                                    std::string& error) {
    auto solver = std::make_unique<ExternalSolver>();
    solver->path = path;
    solver->allow_insecure = allow_insecure;
    error = read_description(*solver, path);
    if (!error.empty()) return nullptr;
    np_plugin& d = solver->descriptor;
    d.abi_version = NP_ABI_VERSION;
    d.struct_size = sizeof(np_plugin);
    d.name = solver->name.c_str();
    d.version = solver->version.c_str();
    d.description = solver->description.c_str();
    d.capabilities = solver->capabilities;
    d.max_side = solver->max_side;
    d.geometries = solver->shapes.data();
    d.geometry_count = static_cast<uint32_t>(solver->shapes.size());
    d.kinds = solver->kinds;
    d.region_layouts = solver->region_layouts;
    d.create = nullptr;  // instances come from ExternalPlugin::create, which knows the solver
    d.destroy = &destroy;
    d.solve = &solve;
    std::shared_ptr<ExternalPlugin> plugin(new ExternalPlugin());
    plugin->solver_ = std::move(solver);
    return plugin;
}

namespace detail {

int read_solver_output(void* instance, const np_solve_request& request, const std::string& text,
                       np_solve_result& result) {
    return answer_from_output(*static_cast<Instance*>(instance)->solver, request, text, result);
}

}  // namespace detail

}  // namespace np

