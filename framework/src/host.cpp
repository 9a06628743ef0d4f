#include "numplace/host.hpp"

#include <algorithm>
#include <boost/dll/runtime_symbol_info.hpp>
#include <boost/dll/shared_library.hpp>
#include <cstdlib>
#include <dlfcn.h>
#include <ctime>
#include <filesystem>
#include <set>
#include <sstream>

#include "numplace/certify.hpp"
#include "numplace/external.hpp"
#include "numplace/plugin_sdk.hpp"

namespace np {

namespace fs = std::filesystem;

namespace {

uint64_t monotonic_ns() {
    timespec now{};
    clock_gettime(CLOCK_MONOTONIC, &now);
    return static_cast<uint64_t>(now.tv_sec) * 1000000000ull + static_cast<uint64_t>(now.tv_nsec);
}

int cancel_requested(void* state) {
    return static_cast<const std::atomic<bool>*>(state)->load(std::memory_order_relaxed) ? 1 : 0;
}

np_budget to_c_budget(const Budget& budget) {
    np_budget c{};
    c.max_nodes = budget.max_nodes;
    if (budget.timeout_seconds > 0)
        c.deadline_ns = monotonic_ns() + static_cast<uint64_t>(budget.timeout_seconds * 1e9);
    if (budget.cancel != nullptr) {
        c.terminate = &cancel_requested;
        c.terminate_state = const_cast<std::atomic<bool>*>(budget.cancel);
    }
    return c;
}

// The C view of an option list; the strings stay owned by `options`.
std::vector<np_option> to_c_options(const OptionList& options) {
    std::vector<np_option> c;
    c.reserve(options.size());
    for (const auto& [key, value] : options) c.push_back({key.c_str(), value.c_str()});
    return c;
}

CallStats to_stats(const np_stats& s, uint64_t micros) {
    CallStats stats;
    stats.nodes = s.nodes;
    stats.guesses = s.guesses;
    stats.micros = micros;
    stats.counters.reserve(std::min(s.counter_count, NP_MAX_COUNTERS));  // one allocation, not three
    for (uint32_t i = 0; i < std::min(s.counter_count, NP_MAX_COUNTERS); ++i)
        if (s.counters[i].name != nullptr) stats.counters.emplace_back(s.counters[i].name, s.counters[i].value);
    return stats;
}

std::string message_of(const char (&buffer)[NP_MESSAGE_CAPACITY]) {
    return std::string(buffer, strnlen(buffer, NP_MESSAGE_CAPACITY));
}

std::string status_word(int status) {
    switch (status) {
        case NP_INVALID_INPUT: return "invalid input";
        case NP_BAD_OPTION: return "bad option";
        case NP_UNSUPPORTED: return "unsupported";
        case NP_FAILED: return "failed";
        default: return "status " + std::to_string(status);
    }
}

// Without an early exit, so that the compiler vectorises it: it runs on
// every witness of every call.
bool cells_in_range(const uint8_t* cells, std::size_t n, int side, bool allow_empty) {
    const uint8_t top = static_cast<uint8_t>(side), bottom = allow_empty ? 0 : 1;
    uint8_t bad = 0;
    for (std::size_t i = 0; i < n; ++i) bad |= static_cast<uint8_t>((cells[i] > top) | (cells[i] < bottom));
    return bad == 0;
}

// Every call into a plugin goes through here. The ABI is C: an exception
// thrown across it is a broken plugin, and noexcept makes it end the process
// (std::terminate, SIGABRT) right there instead of unwinding through host
// code that never expected it. In a worker that is one crashed row.
template <class Call>
int through_abi(Call&& call) noexcept {
    return call();
}

uint64_t micros_since(uint64_t start_ns) { return (monotonic_ns() - start_ns) / 1000; }

}  // namespace

Plugin::Plugin(std::shared_ptr<void> library, const np_plugin* descriptor, std::string path,
               std::function<void*()> create)
    : library_(std::move(library)), descriptor_(descriptor), create_(std::move(create)), path_(std::move(path)) {
    name_ = descriptor->name ? descriptor->name : "";
    version_ = descriptor->version ? descriptor->version : "";
    description_ = descriptor->description ? descriptor->description : "";
    for (uint32_t i = 0; i < descriptor->option_count; ++i) {
        const np_option_spec& s = descriptor->options[i];
        auto text = [](const char* p) { return std::string(p ? p : ""); };
        options_.push_back({text(s.key), text(s.values), text(s.default_value),
                            s.applies_to ? s.applies_to : "all", text(s.help)});
    }
}

bool Plugin::supports(const Geometry& g) const {
    if (!g.valid()) return false;
    if (descriptor_->max_side != 0 && g.side() <= static_cast<int>(descriptor_->max_side)) return true;
    for (uint32_t i = 0; i < descriptor_->geometry_count; ++i)
        if (Geometry::from_c(descriptor_->geometries[i]) == g) return true;
    return false;
}

std::vector<Geometry> Plugin::listed_geometries() const {
    std::vector<Geometry> list;
    for (uint32_t i = 0; i < descriptor_->geometry_count; ++i)
        list.push_back(Geometry::from_c(descriptor_->geometries[i]));
    return list;
}

std::string Plugin::geometry_summary() const {
    std::string text;
    if (descriptor_->max_side != 0)
        text = "any RxC with R*C <= " + std::to_string(descriptor_->max_side);
    for (const auto& g : listed_geometries()) text += (text.empty() ? "" : ", ") + g.name();
    return text.empty() ? "none" : text;
}

std::string Plugin::option_problem(const OptionList& options, std::string_view operation) const {
    // The SDK's own checker, run on the plugin's declared specs: the host
    // refuses what the plugin would refuse, once, before any input is read.
    auto c_options = to_c_options(options);
    sdk::Options parsed;
    std::string error;
    if (parsed.parse(descriptor_->options, descriptor_->option_count, c_options.data(),
                     static_cast<uint32_t>(c_options.size()), operation, error))
        return "";
    return error;
}

SolveOutcome Plugin::solve(const Grid& puzzle, uint64_t limit, const OptionList& options,
                           const Budget& budget) const {
    return Session(*this).solve(puzzle, limit, options, budget);
}

CheckOutcome Plugin::check(const Grid& grid, const OptionList& options) const {
    return Session(*this).check(grid, options);
}

GenerateOutcome Plugin::generate(const Geometry& geometry, np_generate_kind kind, uint64_t seed,
                                 uint32_t count, const OptionList& options, const Budget& budget,
                                 uint64_t first_index) const {
    return Session(*this).generate(geometry, kind, seed, first_index, count, options, budget);
}

// ---- Session -----------------------------------------------------------------

void* Plugin::create_instance() const {
    if (create_) return create_();
    return descriptor_->create ? descriptor_->create() : nullptr;
}

Session::Session(const Plugin& plugin) : plugin_(plugin) {
    if (plugin_.descriptor().create == nullptr && !plugin_.external()) return;  // a stateless plugin
    instance_ = plugin_.create_instance();
    if (instance_ == nullptr) failure_ = plugin_.name() + ": could not create an instance";
}

Session::~Session() {
    const np_plugin& d = plugin_.descriptor();
    if (instance_ != nullptr && d.destroy != nullptr) d.destroy(instance_);
}

namespace {

// "name: bad option: the plugin's words"
std::string failure_text(const std::string& name, int status, const std::string& message) {
    return name + ": " + status_word(status) + (message.empty() ? "" : ": " + message);
}

std::string wrong_answer(const std::string& name, const std::string& what) {
    return name + " gave a wrong answer: " + what;
}

// The shape of a solve answer (the ABI's contract), before any certificate.
std::string malformed_solve(const np_solve_result& result, const np_solve_request& request, std::size_t n,
                            int side) {
    if (result.count > request.limit) return "count above the limit";
    if (result.stop > NP_STOP_BUDGET) return "unknown stop value";
    if (result.witness_count > NP_MAX_WITNESSES || result.witness_count > result.count)
        return "more witnesses than solutions";
    // A solution nobody can see is not certified: every claim of one comes
    // with at least one witness.
    if (result.count > 0 && result.witness_count == 0) return "solutions claimed without a witness";
    // "multiple" is shown, not claimed: two distinct witnesses.
    if (result.count >= 2 && result.witness_count < 2) return "two or more solutions claimed with one witness";
    for (uint32_t i = 0; i < result.witness_count; ++i)
        if (!cells_in_range(result.witnesses[i], n, side, false)) return "witness is not a full grid";
    return "";
}

}  // namespace

// Why the host will not make a call, or nullopt when it will.
std::optional<std::string> Session::refusal(bool has_function, uint32_t capability, const char* what,
                                            const Geometry& geometry) const {
    if (!failure_.empty()) return failure_;
    if (!has_function || !plugin_.can(static_cast<np_capability>(capability))) return plugin_.name() + " cannot " + what;
    if (!plugin_.supports(geometry))
        return plugin_.name() + " does not support " + geometry.name() + " grids (supports " +
               plugin_.geometry_summary() + ")";
    return std::nullopt;
}

SolveOutcome Session::solve(const Grid& puzzle, uint64_t limit, const OptionList& options, const Budget& budget) {
    SolveOutcome out;
    const std::string& name = plugin_.name();
    const np_plugin& d = plugin_.descriptor();
    if (auto why = refusal(d.solve != nullptr, NP_CAP_SOLVE, "solve", puzzle.geometry)) {
        out.message = std::move(*why);
        out.fault = Fault::refused;
        return out;
    }
    const int side = puzzle.side();
    const std::size_t n = puzzle.cells.size();
    buffer_.assign(NP_MAX_WITNESSES * n, 0);
    auto c_options = to_c_options(options);
    np_solve_request request{};
    request.geometry = puzzle.geometry.to_c();
    request.cells = puzzle.cells.data();
    request.limit = std::max<uint64_t>(limit, 1);
    request.options = c_options.data();
    request.option_count = static_cast<uint32_t>(c_options.size());
    request.budget = to_c_budget(budget);
    np_solve_result result{};
    for (uint32_t i = 0; i < NP_MAX_WITNESSES; ++i) result.witnesses[i] = buffer_.data() + i * n;

    const uint64_t start = monotonic_ns();
    const int status = through_abi([&] { return d.solve(instance_, &request, &result); });
    out.stats = to_stats(result.stats, micros_since(start));
    out.message = message_of(result.message);
    out.status = static_cast<uint32_t>(status);

    if (status == NP_INVALID_INPUT) {
        out.verdict = Verdict::invalid;
        out.error = reason_from_violation(result.violation, puzzle.geometry);
    } else if (status != NP_OK) {
        out.message = failure_text(name, status, out.message);
        out.fault = Fault::failed;
        return out;
    } else {
        if (auto malformed = malformed_solve(result, request, n, side); !malformed.empty()) {
            out.message = name + " returned a malformed answer: " + malformed;
            out.fault = Fault::malformed;
            return out;
        }
        for (uint32_t i = 0; i < result.witness_count; ++i)
            out.solutions.emplace_back(puzzle.geometry,
                                       std::vector<uint8_t>(result.witnesses[i], result.witnesses[i] + n));
        out.count = result.count;
        out.stop = result.stop;
        out.complete = result.stop == NP_STOP_EXHAUSTED && plugin_.can(NP_CAP_PROVE_UNIQUE);
        out.verdict = decide_verdict(result.count, result.stop, plugin_.can(NP_CAP_PROVE_UNIQUE));
    }
    if (certify_) certify_answer(puzzle, out, name);
    return out;
}

std::string signal_name(int signo) {
    const char* abbrev = sigabbrev_np(signo);
    return abbrev != nullptr ? std::string("SIG") + abbrev : "signal " + std::to_string(signo);
}

void certify_answer(const Grid& puzzle, SolveOutcome& out, const std::string& plugin) {
    if (out.fault != Fault::none) return;
    std::string wrong;
    if (out.verdict == Verdict::invalid) {
        if (!out.error) wrong = "invalid, but it gave no reason";
        else if (auto w = certify_violation(puzzle, *out.error); !w.empty()) wrong = "invalid, but " + w;
    } else {
        for (std::size_t i = 0; i < out.solutions.size() && wrong.empty(); ++i)
            if (auto w = certify_solution(puzzle, out.solutions[i]); !w.empty()) {
                wrong = (out.solutions.size() > 1 ? "witness " + std::to_string(i + 1) + ": " : "") + w;
                out.solutions.resize(i);  // the ones before it stand
            }
        // Givens that break a rule must be called invalid. A certified
        // witness keeps the givens and obeys the rules, so it proves they do
        // not; only an answer without one needs the check.
        if (wrong.empty() && out.solutions.empty() && !obeys_rules(puzzle))
            wrong = "the givens break a rule (" + first_violation(puzzle)->message + ") but it did not call them invalid";
        if (wrong.empty() && out.solutions.size() == 2 && out.solutions[0] == out.solutions[1]) {
            out.solutions.clear();
            wrong = "its two witnesses are the same grid";
        }
    }
    if (wrong.empty()) return;
    out.message = wrong_answer(plugin, wrong);
    out.fault = Fault::wrong;
    out.verdict = Verdict::error;
    out.error.reset();
}

CheckOutcome Session::check(const Grid& grid, const OptionList& options) {
    CheckOutcome out;
    const std::string& name = plugin_.name();
    const np_plugin& d = plugin_.descriptor();
    if (auto why = refusal(d.check_grid != nullptr, NP_CAP_CHECK_GRID, "check grids", grid.geometry)) {
        out.message = std::move(*why);
        out.fault = Fault::refused;
        return out;
    }
    auto c_options = to_c_options(options);
    np_check_request request{grid.geometry.to_c(), grid.cells.data(), c_options.data(),
                             static_cast<uint32_t>(c_options.size())};
    std::vector<np_violation> violations(static_cast<std::size_t>(4 * grid.cells.size()));
    np_check_result result{};
    result.violations = violations.data();
    result.capacity = static_cast<uint32_t>(violations.size());
    const int status = through_abi([&] { return d.check_grid(instance_, &request, &result); });
    out.message = message_of(result.message);
    out.status = static_cast<uint32_t>(status);
    if (status != NP_OK) {
        out.message = failure_text(name, status, out.message);
        out.fault = Fault::failed;
        return out;
    }
    for (uint32_t i = 0; i < std::min(result.violation_count, result.capacity); ++i) {
        Reason reason = reason_from_violation(violations[i], grid.geometry);
        if (auto wrong = certify_violation(grid, reason); !wrong.empty()) {
            out.violations.clear();
            out.message = wrong_answer(name, wrong);
            out.fault = Fault::wrong;
            return out;
        }
        out.violations.push_back(std::move(reason));
    }
    if (out.violations.empty() && !obeys_rules(grid)) {
        out.message = wrong_answer(name, "it finds no violation, but " + first_violation(grid)->message);
        out.fault = Fault::wrong;
        return out;
    }
    out.ok = true;
    return out;
}

GenerateOutcome Session::generate(const Geometry& geometry, np_generate_kind kind, uint64_t seed,
                                  uint64_t first_index, uint64_t count, const OptionList& options,
                                  const Budget& budget, const GridSink& sink) {
    GenerateOutcome out;
    const std::string& name = plugin_.name();
    const np_plugin& d = plugin_.descriptor();
    const bool puzzle = kind == NP_GENERATE_PUZZLE;
    if (auto why = refusal(d.generate != nullptr, puzzle ? NP_CAP_GENERATE_PUZZLE : NP_CAP_GENERATE_GRID,
                           puzzle ? "generate puzzles" : "generate grids", geometry)) {
        out.message = std::move(*why);
        out.fault = Fault::refused;
        return out;
    }
    const std::size_t n = static_cast<std::size_t>(geometry.cell_count());
    auto c_options = to_c_options(options);
    const np_budget whole = to_c_budget(budget);  // one deadline for the run
    // Calls grow from 1 result to kLargestCall: the first result shows at
    // once, later calls amortise the call, and memory stays bounded.
    constexpr uint64_t kLargestCall = 256;
    uint64_t call_size = 1;
    const uint64_t start = monotonic_ns();
    while (out.produced < count) {
        if (budget.cancel != nullptr && budget.cancel->load(std::memory_order_relaxed)) break;
        if (whole.max_nodes != 0 && out.stats.nodes >= whole.max_nodes) break;
        const uint64_t want = std::min(call_size, count - out.produced);
        buffer_.assign(want * n, 0);
        np_generate_request request{};
        request.geometry = geometry.to_c();
        request.kind = kind;
        request.seed = seed;
        request.first_index = first_index + out.produced;
        request.count = static_cast<uint32_t>(want);
        request.options = c_options.data();
        request.option_count = static_cast<uint32_t>(c_options.size());
        request.budget = whole;
        if (whole.max_nodes != 0) request.budget.max_nodes = whole.max_nodes - out.stats.nodes;
        np_generate_result result{};
        result.cells = buffer_.data();
        const int status = through_abi([&] { return d.generate(instance_, &request, &result); });
        out.stats.nodes += result.stats.nodes;
        out.stats.guesses += result.stats.guesses;
        // The plugin's own counters, summed by name over the calls.
        for (const auto& [counter, value] : to_stats(result.stats, 0).counters) {
            auto same = std::find_if(out.stats.counters.begin(), out.stats.counters.end(),
                                     [&](const auto& c) { return c.first == counter; });
            if (same == out.stats.counters.end()) out.stats.counters.emplace_back(counter, value);
            else same->second += value;
        }
        out.message = message_of(result.message);
        out.status = static_cast<uint32_t>(status);
        if (status != NP_OK) {
            out.message = failure_text(name, status, out.message);
            out.fault = Fault::failed;
            return out;
        }
        if (result.produced > want) {
            out.message = name + " returned a malformed answer: more results than asked";
            out.fault = Fault::malformed;
            return out;
        }
        for (uint32_t i = 0; i < result.produced; ++i) {
            Grid made(geometry, std::vector<uint8_t>(buffer_.begin() + i * n, buffer_.begin() + (i + 1) * n));
            const uint64_t index = first_index + out.produced;
            if (auto wrong = certify_generated(made, puzzle); !wrong.empty()) {
                out.message = wrong_answer(name, "result " + std::to_string(index) + ": " + wrong);
                out.fault = Fault::wrong;
                return out;
            }
            ++out.produced;
            if (!sink) out.results.push_back(std::move(made));
            else if (!sink(index, made)) {
                out.ok = true;
                out.stats.micros = micros_since(start);
                return out;
            }
        }
        if (result.produced < want) break;  // the budget ran out inside the call
        call_size = std::min(call_size * 2, kLargestCall);
    }
    out.stats.micros = micros_since(start);
    out.ok = true;
    return out;
}

std::vector<std::string> capability_names(uint32_t c) {
    static const std::pair<uint32_t, const char*> names[] = {
        {NP_CAP_SOLVE, "solve"},
        {NP_CAP_COUNT, "count"},
        {NP_CAP_PROVE_UNIQUE, "prove-unique"},
        {NP_CAP_GENERATE_GRID, "generate-grid"},
        {NP_CAP_GENERATE_PUZZLE, "generate-puzzle"},
        {NP_CAP_CHECK_GRID, "check-grid"},
    };
    std::vector<std::string> out;
    for (auto [bit, name] : names)
        if (c & bit) out.emplace_back(name);
    return out;
}

// ---- Registry --------------------------------------------------------------

const Plugin* PluginRegistry::find(std::string_view name) const {
    for (const auto& p : plugins_)
        if (p.name() == name) return &p;
    return nullptr;
}

std::optional<std::vector<Plugin>> PluginRegistry::select(const std::vector<std::string>& names,
                                                          std::string& error) const {
    if (names.empty()) {  // command-line solvers run other people's programs: only when named
        std::vector<Plugin> libraries;
        for (const Plugin& p : plugins_)
            if (!p.external()) libraries.push_back(p);
        return libraries;
    }
    std::vector<Plugin> chosen;
    for (const auto& name : names) {
        const Plugin* p = find(name);
        if (p == nullptr) {
            error = "unknown plugin '" + name + "'";
            return std::nullopt;
        }
        chosen.push_back(*p);
    }
    return chosen;
}

void PluginRegistry::add_directory(const std::string& dir, bool report_missing) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        if (report_missing) skipped_.push_back({dir, "no such directory"});
        return;
    }
    std::vector<std::string> files;
    for (const auto& entry : fs::directory_iterator(dir, ec))
        if ((entry.path().extension() == ".so" || is_solver_description(entry.path().string())) &&
            entry.is_regular_file(ec))
            files.push_back(entry.path().string());
    if (ec) {
        skipped_.push_back({dir, "cannot read directory: " + ec.message()});
        return;
    }
    std::sort(files.begin(), files.end());
    for (const auto& f : files) add_file(f);
}

namespace {

bool good_name(const char* name) {
    if (name == nullptr || *name == '\0') return false;
    for (const char* p = name; *p; ++p)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-' || *p == '_')) return false;
    return true;
}

// Why a descriptor cannot be used, or "" when it can.
std::string descriptor_problem(const np_plugin* d) {
    if (d == nullptr) return "entry function returned no descriptor";
    if (d->abi_version != NP_ABI_VERSION)
        return "ABI version " + std::to_string(d->abi_version) + ", this host speaks version " +
               std::to_string(NP_ABI_VERSION);
    if (!good_name(d->name)) return "plugin name missing or not [a-z0-9_-]+";
    if (d->version == nullptr) return "plugin has no version string";
    const bool solves = d->capabilities & (NP_CAP_SOLVE | NP_CAP_COUNT | NP_CAP_PROVE_UNIQUE);
    if (solves && d->solve == nullptr) return "declares solving but has no solve function";
    if ((d->capabilities & (NP_CAP_GENERATE_GRID | NP_CAP_GENERATE_PUZZLE)) && d->generate == nullptr)
        return "declares generation but has no generate function";
    if ((d->capabilities & NP_CAP_CHECK_GRID) && d->check_grid == nullptr)
        return "declares check-grid but has no check_grid function";
    if ((d->geometry_count != 0 && d->geometries == nullptr) || (d->option_count != 0 && d->options == nullptr))
        return "descriptor lists are missing";
    for (uint32_t i = 0; i < d->option_count; ++i)
        if (d->options[i].key == nullptr) return "an option has no key";
    return "";
}

// Boost.DLL reports a failed load as a bare errno ("Bad file descriptor");
// the dynamic loader's own words ("undefined symbol: foo") are what a plugin
// author needs, so ask it again and keep what dlerror() says.
std::string loader_message(const std::string& path, const std::error_code& ec) {
    dlerror();
    if (void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL)) {
        dlclose(handle);
        return ec.message();
    }
    const char* text = dlerror();
    return text != nullptr ? std::string(text) : ec.message();
}

}  // namespace

void PluginRegistry::add_file(const std::string& path) {
    std::error_code exists_ec;
    if (!fs::exists(path, exists_ec)) {
        skipped_.push_back({path, "no such file"});
        return;
    }
    if (is_solver_description(path)) return add_external(path);
    auto library = std::make_shared<boost::dll::shared_library>();
    std::error_code ec;
    library->load(path, boost::dll::load_mode::rtld_now | boost::dll::load_mode::rtld_local, ec);
    if (ec || !library->is_loaded()) {
        skipped_.push_back({path, "not a loadable shared library (" + loader_message(path, ec) + ")"});
        return;
    }
    if (!library->has(NP_ENTRY_SYMBOL)) {
        skipped_.push_back({path, std::string("no entry symbol ") + NP_ENTRY_SYMBOL});
        return;
    }
    const np_plugin* descriptor = nullptr;
    try {
        descriptor = library->get<const np_plugin*()>(NP_ENTRY_SYMBOL)();
    } catch (const std::exception& e) {
        skipped_.push_back({path, std::string("entry function failed: ") + e.what()});
        return;
    }
    if (auto problem = descriptor_problem(descriptor); !problem.empty()) {
        skipped_.push_back({path, problem});
        return;
    }
    if (const Plugin* earlier = find(descriptor->name)) {
        skipped_.push_back({path, std::string("duplicate plugin name '") + descriptor->name +
                                      "' (already loaded from " + earlier->path() + ")"});
        return;
    }
    plugins_.emplace_back(std::static_pointer_cast<void>(library), descriptor, path);
}

void PluginRegistry::add_external(const std::string& path) {
    std::string error;
    auto solver = ExternalPlugin::load(path, error);
    if (!solver) {
        skipped_.push_back({path, error});
        return;
    }
    const np_plugin& d = solver->descriptor();
    if (const Plugin* earlier = find(d.name)) {
        skipped_.push_back({path, std::string("duplicate plugin name '") + d.name + "' (already loaded from " +
                                      earlier->path() + ")"});
        return;
    }
    const ExternalPlugin* raw = solver.get();
    plugins_.emplace_back(std::static_pointer_cast<void>(solver), &d, path, [raw] { return raw->create(); });
}

std::string PluginRegistry::bundled_plugin_dir() {
    std::error_code ec;
    fs::path exe = boost::dll::program_location(ec);
    if (ec) return {};
    return (exe.parent_path().parent_path() / "lib" / "numplace" / "plugins").lexically_normal().string();
}

void PluginRegistry::add_standard_search_path(const std::vector<std::string>& explicit_dirs) {
    std::error_code ec;
    for (const auto& dir : explicit_dirs) {
        if (fs::is_regular_file(dir, ec)) add_file(dir);
        else add_directory(dir, true);
    }
    if (const char* env = std::getenv("NUMPLACE_PLUGIN_PATH")) {
        std::stringstream list(env);
        std::string dir;
        while (std::getline(list, dir, ':'))
            if (!dir.empty()) add_directory(dir, true);
    }
    if (auto bundled = bundled_plugin_dir(); !bundled.empty()) add_directory(bundled, false);
}

}  // namespace np
