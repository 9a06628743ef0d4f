// A row from its measuring steps: a child's result read into a row, and a
// solver's row on one dataset (bench.hpp's steps, in children or, with
// --isolate, through workers).
#include <cmath>
#include <memory>

#include "bench/bench_rows.hpp"
#include "numplace/utf8.hpp"

namespace np::bench {

namespace {

// The sample's times: the timed pass's (sample_us), then the extra ones'.
PuzzleTimes puzzle_times(const std::vector<std::size_t>& index, const json& v) {
    PuzzleTimes p;
    p.index.assign(index.begin(), index.end());
    auto take = [&](const json& us) {
        for (const json& t : us) p.us.push_back(t.is_null() ? std::nullopt : std::optional<double>(t.get<double>()));
    };
    take(v["sample_us"]);
    take(v["extra"]["us"]);
    p.not_reached = v["extra"]["not_reached"].get<uint64_t>();
    return p;
}

// The most of a child's finding message a row keeps: the host's sentence
// around a plugin's 256 bytes and a stderr tail fit well within it.
constexpr std::size_t kMaxChildMessage = 16 << 10;

}  // namespace

ChildResult here(const std::function<json()>& work) {
    ChildResult r;
    r.value = work();
    return r;
}

double child_limit(const Settings& s, std::size_t puzzles) {
    const double per_puzzle = s.harness.timeout_seconds > 0 ? s.harness.timeout_seconds + 1 : 0;
    if (per_puzzle == 0) return 0;
    return 60 + 4 * (s.warmup + s.seconds) + std::min<double>(3 * per_puzzle * static_cast<double>(puzzles), 3600);
}

void fill_figures(Row& row, const json& v) {
    row.status = Row::Status::measured;
    row.timed = v["timed"].get<uint64_t>();
    row.seconds = v["seconds"];
    row.rate = v["rate"];
    row.mean_us = v["mean_us"];
    row.median_us = v["median_us"];
    row.p99_us = v["p99_us"];
    row.no_guess_percent = v["no_guess_percent"];
    row.guesses = v["guesses"];
    row.nodes = v["nodes"];
    row.unknown = v["unknown"].get<uint64_t>();
    if (v.contains("mean_clues")) row.mean_clues = v["mean_clues"];
    if (v.contains("proofs")) {
        const json& p = v["proofs"];
        row.proofs = ProofFigures{p["checked"], p["unproved"], p["bytes_mean"], p["bytes_p99"], p["check_rate"]};
    }
    if (v.contains("timeouts")) row.timeouts = v["timeouts"].get<uint64_t>();
    if (v.contains("par2_seconds") && !v["par2_seconds"].is_null()) row.par2_seconds = v["par2_seconds"].get<double>();
    if (v.contains("cpu_seconds")) row.cpu_seconds = v["cpu_seconds"].get<double>(), row.wall_seconds = v["wall_seconds"].get<double>();
}

bool take(Row& row, const ChildResult& c) {
    if (!c.value) {
        row.status = Row::Status::finding;
        // The child died, or sent nothing: its process failed.
        row.kind = c.timed_out ? judge::Kind::timed_out : judge::Kind::crashed;
        row.message = row.plugin + " " + c.failure;
        return false;
    }
    if (c.value->contains("finding")) {
        // The child ran plugin code: its words are read as a plugin's are,
        // bounded and made plain, and a finding it cannot state well is a
        // contract failure (docs/reliability.md, "Channels").
        const json& f = (*c.value)["finding"];
        const auto text = [&f](const char* key) {
            const json* v = f.is_object() && f.contains(key) ? &f[key] : nullptr;
            return v != nullptr && v->is_string() ? v->get<std::string>() : std::string();
        };
        row.status = Row::Status::finding;
        row.kind = judge::kind_from_name(text("kind")).value_or(judge::Kind::contract);
        std::string message = text("message");
        if (message.size() > kMaxChildMessage) message.resize(kMaxChildMessage);
        row.message = message.empty() ? row.plugin + "'s measuring child sent a finding without a message" : plain_text(message);
        return false;
    }
    return true;
}

namespace {

// Why `plugin` cannot be measured on the dataset ("" when it can). A plugin
// that cannot prove uniqueness at --limit 2 is measured, with a note, once.
std::string cannot_solve(const Plugin& plugin, const DatasetRun& d, std::vector<std::string>& notes) {
    const Settings& s = d.settings;
    if (!plugin.can(NP_CAP_SOLVE)) return plugin.name() + " cannot solve";
    for (const Grid& g : d.data.puzzles)
        if (!plugin.supports(g.geometry)) return plugin.name() + " does not support " + g.geometry.name() + " boxes";
    // A variant it does not take would be timed as a refusal: as a shape it
    // lacks, the row says so instead of a rate.
    for (const Grid& g : d.data.puzzles)
        if (g.is_variant())
            if (const auto why = plugin.variant_refusal(*g.variant)) return *why;
    const std::string cannot_prove = plugin.name() + " cannot prove uniqueness: at --limit 2 it answers 'found' at best";
    if (s.limit >= 2 && !plugin.can(NP_CAP_PROVE_UNIQUE) && std::find(notes.begin(), notes.end(), cannot_prove) == notes.end())
        notes.push_back(cannot_prove);
    if (auto problem = plugin.option_problem(s.options, "solve"); !problem.empty()) return "--option: " + problem;
    return "";
}

// Step 1, in a child (through a worker with --isolate): the rate, or
// nullopt with the row's finding, or "interrupted", set.
std::optional<double> estimate_rate(Row& row, const Job& probe) {
    const Settings& s = probe.settings;
    std::unique_ptr<runner::Runner> isolated = s.isolate ? runner::make_runner(s.harness.runner) : nullptr;
    const ChildResult est = s.isolate ? here([&] { return estimate_isolated(probe, *isolated); })
                                      : in_child([&] { return estimate(probe); }, child_limit(s, 1), s.harness.cancel);
    isolated.reset();
    if (!take(row, est)) return std::nullopt;
    if (est.value->contains("interrupted")) {
        row.message = "interrupted";
        return std::nullopt;
    }
    return (*est.value)["rate"].get<double>();
}

// The per-puzzle sample: the same first puzzles of the seeded order for
// every plugin; those past this plugin's timed prefix (`n` puzzles) are
// timed apart.
Sample sample_of(const DatasetRun& d, const Row& row, std::size_t n) {
    Sample sample;
    const std::size_t cap = std::min<std::size_t>(d.settings.sample_cap, row.dataset_size);
    sample.index.assign(d.permutation.begin(), d.permutation.begin() + static_cast<long>(cap));
    sample.whole_file = !row.sampled;
    sample.covered = row.sampled ? std::min(cap, n) : cap;
    return sample;
}

// The prover's verdicts on the puzzles to be judged, into d.truth, in a
// child; a prover that fails leaves them unconfirmed (a note). False when
// interrupted.
bool learn_truth(DatasetRun& d, const std::vector<std::size_t>& order, const Sample& sample,
                 std::vector<std::string>& notes) {
    if (!d.prover) return true;
    const Settings& s = d.settings;
    std::vector<std::size_t> to_prove = order;
    for (std::size_t i : sample.extra()) to_prove.push_back(i);
    const ChildResult proof = in_child([&] { return prove(*d.prover, d.data, to_prove, d.truth, s); }, 0, s.harness.cancel);
    if (!proof.value) {
        notes.push_back(d.prover->name() + " " + proof.failure + " proving " + d.data.name + ": verdicts unconfirmed");
    } else if (proof.value->is_object() && proof.value->contains("interrupted")) {
        return false;
    } else {
        for (const auto& item : *proof.value) {
            const int v = item[1];
            d.truth[item[0].get<std::size_t>()] = v < 0 ? Known{} : Known{static_cast<Verdict>(v)};
        }
    }
    return true;
}

// Steps 3 and 4: the figures (or {"interrupted": true}), or nullopt with the
// row's finding set.
std::optional<json> measure_row(Row& row, const Job& job, const DatasetRun& d, const Sample& sample) {
    const Settings& s = d.settings;
    const std::string prover = d.prover ? d.prover->name() : "";
    if (s.isolate) {
        const ChildResult m = here([&] { return measure_isolated(job, d.truth, prover, sample); });
        if (!take(row, m)) return std::nullopt;
        return *m.value;
    }
    // Certifying, then timing, each in a child of its own: the second's
    // CPU and wall time, read here as it is reaped, are the timed pass's.
    const std::size_t n = job.order.size();
    const ChildResult c = in_child([&] { return certify(job, d.truth, prover, sample); },
                                   child_limit(s, n + sample.index.size()), s.harness.cancel);
    if (!take(row, c)) return std::nullopt;
    if (c.value->contains("interrupted")) return *c.value;
    const std::vector<uint64_t> certified = (*c.value)["certified"].get<std::vector<uint64_t>>();
    const ChildResult m = in_child([&] { return measure(job, certified, d.truth, prover, sample); },
                                   child_limit(s, n), s.harness.cancel);
    if (!take(row, m)) return std::nullopt;
    json figures = *m.value;
    if (!figures.contains("interrupted")) {
        figures["extra"] = (*c.value)["extra"];
        if (c.value->contains("proofs")) figures["proofs"] = (*c.value)["proofs"];
        figures["cpu_seconds"] = m.cpu_seconds;
        figures["wall_seconds"] = m.wall_seconds;
        row.peak_mib = std::max(c.peak_mib, m.peak_mib);
    }
    return figures;
}

}  // namespace

Row bench_solver(const Plugin& plugin, DatasetRun& d, std::vector<std::string>& notes, bool proofs) {
    const Settings& s = d.settings;
    Row row;
    row.plugin = plugin.name() + (proofs ? kProofSuffix : "");
    row.dataset = d.data.name;
    row.dataset_size = d.data.puzzles.size();
    if (std::string why = cannot_solve(plugin, d, notes); !why.empty()) return row.message = why, row;
    const Job probe{s, plugin, d.data, d.permutation, proofs};
    const std::optional<double> rate = estimate_rate(row, probe);
    if (!rate) return row;
    const auto n = static_cast<std::size_t>(std::clamp(std::ceil(*rate * s.seconds), 1.0, static_cast<double>(row.dataset_size)));
    std::vector<std::size_t> order(d.permutation.begin(), d.permutation.begin() + static_cast<long>(n));
    row.sampled = n < row.dataset_size;
    if (!row.sampled) std::sort(order.begin(), order.end());  // the whole file, in its order
    const Sample sample = sample_of(d, row, n);
    if (!learn_truth(d, order, sample, notes)) return row.message = "interrupted", row;
    const Job job{s, plugin, d.data, order, proofs};
    const std::optional<json> figures = measure_row(row, job, d, sample);
    if (!figures) return row;
    if (figures->contains("interrupted")) return row.message = "interrupted", row;
    fill_figures(row, *figures);
    row.puzzles = puzzle_times(sample.index, *figures);
    return row;
}

}  // namespace np::bench
