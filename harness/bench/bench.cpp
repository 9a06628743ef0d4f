// numplace bench's run (bench.hpp): every dataset, generator or made-to-order
// band, each plugin's row in turn with the prover chosen for it. A row's
// steps are in solver_row.cpp and generating.cpp, the steps themselves in
// child_steps.cpp (a forked child each, child.hpp) and isolated.cpp,
// --resume's rows in resume.cpp.
#include "bench/bench.hpp"

#include <sys/utsname.h>

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <numeric>
#include <thread>

#include "bench/bench_rows.hpp"
#include "numplace/random.hpp"
#include "truth/order.hpp"
#include "setup/setup.hpp"

namespace np::bench {

namespace {

// The prover for a plugin: the oracle, unless it is the plugin itself; then
// the fastest other plugin measured on this dataset that proves uniqueness
// (rows[k] belongs to plugins[k]; the ones not measured yet come after, in
// their order).
const Plugin* prover_for(const Plugin& plugin, const Plugin* oracle, const std::vector<Plugin>& plugins,
                         const std::vector<Row>& rows) {
    std::vector<std::size_t> order(plugins.size());
    std::iota(order.begin(), order.end(), 0);
    auto rate = [&](std::size_t k) {
        return k < rows.size() && rows[k].status == Row::Status::measured ? rows[k].rate : -1.0;
    };
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return rate(a) > rate(b); });
    std::vector<const Plugin*> candidates;
    for (std::size_t k : order) candidates.push_back(&plugins[k]);
    return harness::prover_for(plugin.name(), oracle, candidates);
}

std::string machine_line() {
    std::string cpu;
    std::ifstream info("/proc/cpuinfo");
    for (std::string line; std::getline(info, line);)
        if (line.rfind("model name", 0) == 0) {
            cpu = line.substr(line.find(':') + 2);
            break;
        }
    utsname u{};
    uname(&u);
    return (cpu.empty() ? std::string(u.machine) : cpu) + ", " + std::to_string(std::thread::hardware_concurrency()) +
           " CPUs, " + u.sysname + " " + u.release;
}

std::string today() {
    const std::time_t now = std::time(nullptr);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%d", std::gmtime(&now));
    return text;
}

void add_ratios(Report& r) {
    if (r.settings.baseline.empty()) return;
    for (Row& row : r.rows) {
        if (row.status != Row::Status::measured) continue;
        for (const Row& base : r.rows)
            if (base.plugin == r.settings.baseline && base.dataset == row.dataset && base.status == Row::Status::measured &&
                base.rate > 0)
                row.ratio = row.rate / base.rate;
    }
}

// Whether a plugin also gets a NAME+proof row.
bool proves(const Settings& s, const Plugin& p) { return s.proofs && !s.what && p.can(NP_CAP_PROOF); }

// The plugins measured: those named, or every one that can do what is
// measured (solve, or generate --what).
std::vector<Plugin> measured_plugins(const Settings& s, const std::vector<Plugin>& chosen) {
    std::vector<Plugin> plugins;
    for (const Plugin& p : chosen) {
        const bool can = s.what ? p.can(*s.what == NP_GENERATE_GRID ? NP_CAP_GENERATE_GRID : NP_CAP_GENERATE_PUZZLE)
                                : p.can(NP_CAP_SOLVE);
        if (can || !s.harness.plugins.empty()) plugins.push_back(p);
    }
    return plugins;
}

struct Bench {
    const Settings& s;
    const harness::Plugins& loaded;
    const std::vector<Plugin>& plugins;
    const std::vector<Row>& earlier;
    Report& report;
    const Plugin* rater = nullptr;  // --rating, --technique

    void say(const std::string& line) const {
        if (s.progress) s.progress(line);
    }
    void generators();
    void made_to_order(const Geometry& shape);
    void dataset(const std::string& path);
};

// --what: each plugin's generator on one shape.
void Bench::generators() {
    const Geometry shape = s.size ? *s.size : Geometry{3, 3};
    if (!s.bands.empty() || !s.technique.empty()) return made_to_order(shape);
    report.dataset_names.push_back(std::string(*s.what == NP_GENERATE_GRID ? "grids " : "puzzles ") + shape.name());
    for (const Plugin& p : plugins) {
        if (cancelled(s)) break;
        if (const Row* done = find_row(earlier, p.name(), report.dataset_names.back())) {
            report.rows.push_back(*done);
            continue;
        }
        say(p.name() + ": generating " + report.dataset_names.back());
        std::vector<const Plugin*> provers;
        if (const Plugin* first = prover_for(p, loaded.oracle, loaded.registry.plugins(), {})) provers.push_back(first);
        for (const Plugin& other : loaded.registry.plugins())
            if (other.can(NP_CAP_SOLVE) && other.can(NP_CAP_PROVE_UNIQUE)) provers.push_back(&other);
        report.rows.push_back(bench_generator(s, p, shape, provers));
    }
}

// --rating, --technique: each generator's puzzles made to each order, one
// "dataset" per band. The rater and the prover were checked by run().
void Bench::made_to_order(const Geometry& shape) {
    std::vector<std::string> bands = s.bands;
    if (bands.empty()) bands.push_back("");
    for (const std::string& band : bands) {
        truth::OrderCall call;
        call.size = shape, call.seed = s.seed, call.generator_options = s.options;
        call.rater = rater, call.rater_options = s.rater_options;
        call.order.technique = rating::technique_slug(s.technique);
        call.order.table = *rating::table_named(s.table);
        std::string why;
        if (!band.empty())
            if (auto b = rating::parse_band(band, why)) call.order.lo = b->first, call.order.hi = b->second;
        const std::string name = "puzzles " + shape.name() + " " + judge::describe(call.order);
        report.dataset_names.push_back(name);
        for (const Plugin& p : plugins) {
            if (cancelled(s)) return;
            if (const Row* done = find_row(earlier, p.name(), name)) {
                report.rows.push_back(*done);
                continue;
            }
            call.generator = &p;
            call.prover = prover_for(p, loaded.oracle, loaded.registry.plugins(), {});
            if (call.prover == rater) call.prover = nullptr;
            say(p.name() + ": " + name);
            if (call.prover == nullptr) {
                Row row;
                row.plugin = p.name(), row.dataset = name;
                row.message = "no plugin other than " + p.name() + " and the rater to prove its puzzles unique";
                report.rows.push_back(row);
                continue;
            }
            report.rows.push_back(bench_order(s, call, name));
        }
    }
}

// One dataset: every plugin on the same seeded order of its puzzles.
void Bench::dataset(const std::string& path) {
    std::string why;
    auto data = read_dataset(path, s.size, why);
    if (!data) return report.notes.push_back(why);
    for (const auto& e : data->errors) report.notes.push_back(e);
    if (data->puzzles.empty()) return report.notes.push_back(path + ": no puzzles");
    // Two files with one stem (x.txt, x.tsv) keep their extensions apart.
    auto& names = report.dataset_names;
    if (std::find(names.begin(), names.end(), data->name) != names.end())
        data->name = std::filesystem::path(path).filename().string();
    names.push_back(data->name);
    std::vector<std::size_t> permutation(data->puzzles.size());
    std::iota(permutation.begin(), permutation.end(), 0);
    Rng rng(s.seed ^ fnv1a(data->name));
    rng.shuffle(permutation.begin(), permutation.end());
    // One truth cache per prover (a plugin is never its own prover). The
    // oracle goes last: its prover is then the fastest plugin measured.
    std::map<std::string, std::vector<Known>> truths;
    std::vector<Row> rows(plugins.size());
    std::vector<std::size_t> order(plugins.size());
    std::iota(order.begin(), order.end(), 0);
    const Plugin* oracle = loaded.oracle;
    std::stable_partition(order.begin(), order.end(), [&](std::size_t k) { return !oracle || plugins[k].name() != oracle->name(); });
    std::vector<Row> proved(plugins.size());  // NAME+proof rows (--proofs)
    for (std::size_t k : order) {
        const Plugin& p = plugins[k];
        for (const bool proofs : {false, true}) {
            if (cancelled(s) || (proofs && !proves(s, p))) break;
            Row& row = proofs ? proved[k] : rows[k];
            const std::string name = p.name() + (proofs ? kProofSuffix : "");
            if (const Row* done = find_row(earlier, name, data->name)) {
                row = *done;
                continue;
            }
            say(name + ": " + data->name + " (" + std::to_string(data->puzzles.size()) + " puzzles)");
            const Plugin* prover = prover_for(p, oracle, plugins, rows);
            auto& truth = truths[prover ? prover->name() : ""];
            truth.resize(data->puzzles.size());
            DatasetRun d{s, *data, prover, permutation, truth};
            row = bench_solver(p, d, report.notes, proofs);
        }
    }
    for (std::size_t k = 0; k < rows.size(); ++k)
        for (Row* row : {&rows[k], &proved[k]})
            if (!row->plugin.empty()) report.rows.push_back(std::move(*row));
}

// The rater of --rating and --technique (named, or the one loaded plugin
// that explains), once the bands are known to parse; nullptr and `error`
// otherwise.
const Plugin* order_rater(const Settings& s, const std::vector<Plugin>& all, std::string& error) {
    if (!s.what || *s.what != NP_GENERATE_PUZZLE) return error = "--rating and --technique need --what puzzle", nullptr;
    for (const std::string& band : s.bands)
        if (std::string why; !rating::parse_band(band, why)) return error = "--rating " + band + ": " + why, nullptr;
    if (!rating::table_named(s.table)) return error = "--table " + s.table + ": se or sukaku", nullptr;
    const Plugin* rater = truth::find_rater(all, s.rater, error);
    if (rater == nullptr) return nullptr;
    if (auto problem = rater->option_problem(s.rater_options, "solve"); !problem.empty())
        return error = "--rater-option: " + problem, nullptr;
    return rater;
}

}  // namespace

std::optional<Report> run(const Settings& s, std::string& error) {
    const auto loaded = harness::load_plugins(s.harness, error);
    if (!loaded) return std::nullopt;
    const std::vector<Plugin> plugins = measured_plugins(s, loaded->chosen);
    Report r;
    r.files = harness::files_of(plugins, loaded->oracle);
    const auto earlier = resumed_rows(s, r.files, error);
    if (!earlier) return std::nullopt;
    r.settings = s;
    r.machine = machine_line();
    r.date = today();
    r.prover = loaded->oracle ? loaded->oracle->name() : "";
    for (const Plugin& p : plugins) {
        r.plugin_names.push_back(p.name());
        if (proves(s, p)) r.plugin_names.push_back(p.name() + kProofSuffix);
    }
    if (!s.baseline.empty() && std::find(r.plugin_names.begin(), r.plugin_names.end(), s.baseline) == r.plugin_names.end()) {
        error = "--baseline " + s.baseline + " is not one of the plugins measured";
        return std::nullopt;
    }
    const Plugin* rater = nullptr;
    if ((!s.bands.empty() || !s.technique.empty()) && !(rater = order_rater(s, loaded->registry.plugins(), error)))
        return std::nullopt;
    Bench bench{s, *loaded, plugins, *earlier, r, rater};
    if (s.what) bench.generators();
    for (const std::string& path : s.datasets) {
        if (cancelled(s)) break;
        bench.dataset(path);
    }
    r.interrupted = cancelled(s);
    if (r.dataset_names.empty()) {
        error = s.what ? "nothing to generate" : "no dataset could be read";
        for (const auto& n : r.notes) error += "; " + n;
        return std::nullopt;
    }
    add_ratios(r);
    return r;
}

int exit_code(const Report& report) {
    for (const Row& row : report.rows)
        if (row.status == Row::Status::finding) return 1;
    return 0;
}
}  // namespace np::bench
