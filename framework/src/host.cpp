#include "numplace/host.hpp"

#include <algorithm>
#include <boost/dll/runtime_symbol_info.hpp>
#include <boost/dll/shared_library.hpp>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <set>
#include <sstream>

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

bool cells_in_range(const uint8_t* cells, std::size_t n, int side, bool allow_empty) {
    for (std::size_t i = 0; i < n; ++i)
        if (cells[i] > side || (!allow_empty && cells[i] == 0)) return false;
    return true;
}

// An instance for the length of one call.
class Instance {
public:
    explicit Instance(const np_plugin* d) : d_(d), handle_(d->create ? d->create() : nullptr) {}
    ~Instance() {
        if (d_->destroy != nullptr && handle_ != nullptr) d_->destroy(handle_);
    }
    Instance(const Instance&) = delete;
    Instance& operator=(const Instance&) = delete;
    bool failed() const { return d_->create != nullptr && handle_ == nullptr; }
    void* get() const { return handle_; }

private:
    const np_plugin* d_;
    void* handle_;
};

uint64_t micros_since(uint64_t start_ns) { return (monotonic_ns() - start_ns) / 1000; }

}  // namespace

Plugin::Plugin(std::shared_ptr<void> library, const np_plugin* descriptor, std::string path)
    : library_(std::move(library)), descriptor_(descriptor), path_(std::move(path)) {
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

bool Plugin::supports(const Geometry& g) const { return sdk::supports(*descriptor_, g); }

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

SolveOutcome Plugin::solve(const Grid& puzzle, uint64_t limit, const OptionList& options,
                           const Budget& budget) const {
    SolveOutcome out;
    if (descriptor_->solve == nullptr || !can(NP_CAP_SOLVE)) {
        out.message = name_ + " cannot solve";
        return out;
    }
    if (!supports(puzzle.geometry)) {
        out.message = name_ + " does not support " + puzzle.geometry.name() + " grids (supports " +
                      geometry_summary() + ")";
        return out;
    }
    const int side = puzzle.side();
    const std::size_t n = puzzle.cells.size();
    std::vector<uint8_t> witness_buffer(NP_MAX_WITNESSES * n, 0);
    auto c_options = to_c_options(options);
    np_solve_request request{};
    request.geometry = puzzle.geometry.to_c();
    request.cells = puzzle.cells.data();
    request.limit = std::max<uint64_t>(limit, 1);
    request.options = c_options.data();
    request.option_count = static_cast<uint32_t>(c_options.size());
    request.budget = to_c_budget(budget);
    np_solve_result result{};
    for (uint32_t i = 0; i < NP_MAX_WITNESSES; ++i) result.witnesses[i] = witness_buffer.data() + i * n;

    Instance instance(descriptor_);
    if (instance.failed()) {
        out.message = name_ + ": could not create an instance";
        return out;
    }
    const uint64_t start = monotonic_ns();
    const int status = descriptor_->solve(instance.get(), &request, &result);
    out.stats = to_stats(result.stats, micros_since(start));
    out.message = message_of(result.message);

    if (status == NP_INVALID_INPUT) {
        out.verdict = Verdict::invalid;
        out.error = reason_from_violation(result.violation, puzzle.geometry);
        return out;
    }
    if (status != NP_OK) {
        out.message = name_ + ": " + status_word(status) + (out.message.empty() ? "" : ": " + out.message);
        return out;
    }
    // The host checks the shape of the answer; whether the witnesses really
    // solve the puzzle is the harness's business (certificates).
    std::string malformed;
    if (result.count > request.limit) malformed = "count above the limit";
    else if (result.stop > NP_STOP_BUDGET) malformed = "unknown stop value";
    else if (result.witness_count > NP_MAX_WITNESSES || result.witness_count > result.count)
        malformed = "more witnesses than solutions";
    else
        for (uint32_t i = 0; i < result.witness_count; ++i)
            if (!cells_in_range(result.witnesses[i], n, side, false)) malformed = "witness is not a full grid";
    if (!malformed.empty()) {
        out.message = name_ + " returned a malformed answer: " + malformed;
        return out;
    }
    out.count = result.count;
    out.stop = result.stop;
    out.complete = result.stop == NP_STOP_EXHAUSTED && can(NP_CAP_PROVE_UNIQUE);
    for (uint32_t i = 0; i < result.witness_count; ++i)
        out.solutions.emplace_back(puzzle.geometry,
                                   std::vector<uint8_t>(result.witnesses[i], result.witnesses[i] + n));
    out.verdict = decide_verdict(result.count, result.stop, can(NP_CAP_PROVE_UNIQUE));
    return out;
}

CheckOutcome Plugin::check(const Grid& grid, const OptionList& options) const {
    CheckOutcome out;
    if (descriptor_->check_grid == nullptr || !can(NP_CAP_CHECK_GRID)) {
        out.message = name_ + " cannot check grids";
        return out;
    }
    if (!supports(grid.geometry)) {
        out.message = name_ + " does not support " + grid.geometry.name() + " grids";
        return out;
    }
    auto c_options = to_c_options(options);
    np_check_request request{grid.geometry.to_c(), grid.cells.data(), c_options.data(),
                             static_cast<uint32_t>(c_options.size())};
    std::vector<np_violation> buffer(static_cast<std::size_t>(4 * grid.cells.size()));
    np_check_result result{};
    result.violations = buffer.data();
    result.capacity = static_cast<uint32_t>(buffer.size());
    Instance instance(descriptor_);
    const int status = descriptor_->check_grid(instance.get(), &request, &result);
    out.message = message_of(result.message);
    if (status != NP_OK) {
        out.message = name_ + ": " + status_word(status) + (out.message.empty() ? "" : ": " + out.message);
        return out;
    }
    out.ok = true;
    for (uint32_t i = 0; i < std::min(result.violation_count, result.capacity); ++i)
        out.violations.push_back(reason_from_violation(buffer[i], grid.geometry));
    return out;
}

GenerateOutcome Plugin::generate(const Geometry& geometry, np_generate_kind kind, uint64_t seed,
                                 uint32_t count, const OptionList& options, const Budget& budget) const {
    GenerateOutcome out;
    const bool grid = kind == NP_GENERATE_GRID;
    if (descriptor_->generate == nullptr || !can(grid ? NP_CAP_GENERATE_GRID : NP_CAP_GENERATE_PUZZLE)) {
        out.message = name_ + (grid ? " cannot generate grids" : " cannot generate puzzles");
        return out;
    }
    if (!supports(geometry)) {
        out.message = name_ + " does not support " + geometry.name() + " grids (supports " +
                      geometry_summary() + ")";
        return out;
    }
    const std::size_t n = static_cast<std::size_t>(geometry.cell_count());
    std::vector<uint8_t> buffer(n * count, 0);
    auto c_options = to_c_options(options);
    np_generate_request request{};
    request.geometry = geometry.to_c();
    request.kind = kind;
    request.seed = seed;
    request.count = count;
    request.options = c_options.data();
    request.option_count = static_cast<uint32_t>(c_options.size());
    request.budget = to_c_budget(budget);
    np_generate_result result{};
    result.cells = buffer.data();
    Instance instance(descriptor_);
    const uint64_t start = monotonic_ns();
    const int status = descriptor_->generate(instance.get(), &request, &result);
    out.stats = to_stats(result.stats, micros_since(start));
    out.message = message_of(result.message);
    if (status != NP_OK) {
        out.message = name_ + ": " + status_word(status) + (out.message.empty() ? "" : ": " + out.message);
        return out;
    }
    if (result.produced > count || !cells_in_range(buffer.data(), n * result.produced, geometry.side(), !grid)) {
        out.message = name_ + " returned a malformed answer: generated cells out of range";
        return out;
    }
    out.ok = true;
    for (uint32_t i = 0; i < result.produced; ++i)
        out.results.emplace_back(geometry, std::vector<uint8_t>(buffer.begin() + i * n, buffer.begin() + (i + 1) * n));
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

void PluginRegistry::add_directory(const std::string& dir, bool report_missing) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        if (report_missing) skipped_.push_back({dir, "no such directory"});
        return;
    }
    std::vector<std::string> files;
    for (const auto& entry : fs::directory_iterator(dir, ec))
        if (entry.path().extension() == ".so" && entry.is_regular_file(ec)) files.push_back(entry.path().string());
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

}  // namespace

void PluginRegistry::add_file(const std::string& path) {
    std::error_code exists_ec;
    if (!fs::exists(path, exists_ec)) {
        skipped_.push_back({path, "no such file"});
        return;
    }
    auto library = std::make_shared<boost::dll::shared_library>();
    std::error_code ec;
    library->load(path, boost::dll::load_mode::rtld_now | boost::dll::load_mode::rtld_local, ec);
    if (ec || !library->is_loaded()) {
        skipped_.push_back({path, "not a loadable shared library (" + ec.message() + ")"});
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
