// numplace rate --compare plugin:NAME: a plugin, or a command-line solver,
// as a rater. It solves each puzzle (limit 1, its default options) and the
// `rating` counter of its answer is taken as its rating (docs/rating.md,
// docs/plugin-guide.md). That number is the plugin's claim: the harness
// certifies the solution as always, uses the rating only when the answer
// stands, and derives nothing else from it.
#include <atomic>
#include <cmath>
#include <limits>
#include <thread>

#include "cli/commands/rate_rows.hpp"
#include "runner/runner.hpp"
#include "cli/shared.hpp"

namespace np::cli {

namespace {

constexpr std::size_t kChunk = 16;  // puzzles per runner call: one worker round trip

// The rating a plugin's answer claims, or NaN: only an answer that stands
// (no fault, a certified solution) carries one. `se` says it was an SE-style
// one (the counter se_rating, in tenths).
double claimed_rating(const SolveOutcome& outcome, bool& se) {
    double rating = std::numeric_limits<double>::quiet_NaN();
    if (outcome.fault != Fault::none || outcome.solutions.empty()) return rating;
    for (const auto& [name, value] : outcome.stats.counters) {
        if (name == "se_rating") return se = true, static_cast<double>(value) / 10;
        if (name == "rating") rating = static_cast<double>(value);
    }
    return rating;
}

struct RaterJob {
    const Plugin& plugin;
    Budget budget;
    runner::Settings settings;
    const std::vector<RateRow>& rows;
    std::vector<double>& values;
    std::vector<char>& se;  // per row: its rating was SE-style
};

// Rows [from, to) solved in one runner call, their ratings stored.
void rate_chunk(runner::Runner& runner, const RaterJob& job, std::size_t from, std::size_t to) {
    std::vector<const Grid*> grids;
    std::vector<std::size_t> at;
    for (std::size_t i = from; i < to; ++i)
        if (const Grid* g = std::get_if<Grid>(&job.rows[i].parsed)) grids.push_back(g), at.push_back(i);
    if (grids.empty()) return;
    const auto outcomes = runner.solve(job.plugin, grids, 1, {}, job.budget);
    for (std::size_t k = 0; k < outcomes.size() && k < at.size(); ++k) {
        bool se = false;
        job.values[at[k]] = claimed_rating(outcomes[k], se);
        job.se[at[k]] = se;
    }
}

// Every chunk, `threads` at a time, each thread with its own runner (so
// its own worker); each chunk writes only its own slots of `values`.
void rate_chunks(const RaterJob& job, unsigned threads) {
    const std::size_t chunks = (job.rows.size() + kChunk - 1) / kChunk;
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        const auto runner = runner::make_runner(job.settings);
        for (std::size_t c; (c = next++) < chunks && !interrupted();)
            rate_chunk(*runner, job, c * kChunk, std::min(job.rows.size(), (c + 1) * kChunk));
    };
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < std::max(1u, threads); ++t) pool.emplace_back(work);
    for (std::thread& t : pool) t.join();
}

}  // namespace

bool is_plugin_rater(const std::string& rater) { return rater.rfind(kPluginRaterPrefix, 0) == 0; }

std::optional<Plugin> plugin_rater(const Args& args, Streams io, const std::string& rater) {
    const std::string name = rater.substr(std::string(kPluginRaterPrefix).size());
    PluginRegistry registry = load_plugins(args, io.err);
    std::string why;
    std::optional<Plugin> plugin = registry.resolve(name, why);
    if (!plugin) {
        io.err << "numplace rate: --compare " << utf8_clean(rater) << ": " << utf8_clean(why) << "\n";
        return std::nullopt;
    }
    if ((plugin->capabilities() & NP_CAP_SOLVE) == 0) {
        io.err << "numplace rate: --compare " << utf8_clean(rater) << ": " << plugin->name() << " cannot solve\n";
        return std::nullopt;
    }
    if (!worker_available(args, io.err)) return std::nullopt;
    return plugin;
}

PluginRatings plugin_ratings(const Args& args, const Plugin& plugin, const std::vector<RateRow>& rows) {
    PluginRatings out;
    out.values.assign(rows.size(), std::numeric_limits<double>::quiet_NaN());
    std::vector<char> se(rows.size(), 0);
    rate_chunks({plugin, budget_of(args), harness_settings(args).runner, rows, out.values, se}, rate_threads(args));
    bool any = false, all = true;
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (!std::isnan(out.values[i])) any = true, all = all && se[i];
    out.se_scale = any && all;
    return out;
}

}  // namespace np::cli
