// numplace rate: a difficulty rating for each puzzle, computed here from the
// steps of any plugin that explains (NP_CAP_EXPLAIN), each step certified
// as it comes (the runner's StepIntake), with the harness's own table
// (harness/rating, docs/rating.md). Puzzles are rated in chunks, -j at a
// time, each thread with its own runner (worker); rows are written in input
// order as their chunk finishes.
#include <atomic>
#include <condition_variable>
#include <iostream>
#include <mutex>
#include <thread>

#include "cli/commands/commands.hpp"
#include "numplace/format.hpp"
#include "numplace/json.hpp"
#include "numplace/steps.hpp"
#include "cli/commands/rate_rows.hpp"
#include "rating/rating.hpp"
#include "runner/runner.hpp"
#include "truth/settle.hpp"
#include "cli/shared.hpp"

namespace np::cli {

namespace {

using rating::Rating;

using Row = RateRow;

}  // namespace

bool row_rated(const RateRow& row) {
    return std::holds_alternative<Grid>(row.parsed) && settled_words(row.settled).empty() &&
           row.outcome.fault == Fault::none &&
           row.outcome.verdict != Verdict::error && row.outcome.verdict != Verdict::invalid && row.rated.unknown.empty();
}

namespace {



std::string problem(const Row& row) {
    if (const Reason* r = std::get_if<Reason>(&row.parsed)) return "invalid: " + r->message;
    if (std::string words = settled_words(row.settled); !words.empty()) return words + ": not rated";
    if (row.outcome.verdict == Verdict::invalid)
        return "invalid: " + (row.outcome.error ? row.outcome.error->message : row.outcome.message);
    if (row.outcome.verdict == Verdict::error || row.outcome.fault != Fault::none) return "error: " + row.outcome.message;
    if (!row.rated.unknown.empty())
        return "unrated: " + utf8_clean(row.rated.unknown);
    return "";
}

std::string text_line(const Row& row) {
    const std::string what = std::holds_alternative<Grid>(row.parsed) ? puzzle_text(std::get<Grid>(row.parsed))
                                                                        : utf8_clean(row.item.origin);
    if (std::string p = problem(row); !p.empty()) return what + "  " + p;
    const Rating& r = row.rated;
    std::string line = what + "  ";
    if (!r.solved) line += "stuck after " + std::to_string(r.steps) + " steps, at least ";
    line += "ER " + rating::tenths_text(r.er) + " EP " + rating::tenths_text(r.ep) + " ED " + rating::tenths_text(r.ed) +
            "  hodoku " + std::to_string(r.score) + " " + rating::level_name(r.level);
    if (!r.hardest.empty()) line += "  hardest: " + r.hardest + " (step " + std::to_string(r.hardest_step) + ")";
    return line;
}

json json_row(const Row& row, const std::string& plugin, rating::Table table) {
    json j{{"input", row.item.origin}, {"plugin", plugin}, {"table", rating::table_name(table)}};
    if (const Grid* g = std::get_if<Grid>(&row.parsed)) j["puzzle"] = puzzle_text(*g);
    if (row.settled.solutions != Solutions::unsettled) {
        j["solutions"] = solutions_name(row.settled.solutions);
        j["oracle"] = row.settled.oracle;
    }
    if (std::string p = problem(row); !p.empty()) {
        j["error"] = p;
        return j;
    }
    const Rating& r = row.rated;
    j["verdict"] = verdict_name(row.outcome.verdict);
    j["solved"] = r.solved;
    j["steps"] = r.steps;
    j["er"] = r.er / 10.0, j["ep"] = r.ep / 10.0, j["ed"] = r.ed / 10.0;
    j["class"] = rating::class_name(rating::class_of(r.er));
    j["hardest"] = r.hardest, j["hardest_step"] = r.hardest_step;
    j["hodoku_score"] = r.score, j["hodoku_level"] = rating::level_name(r.level);
    return j;
}

std::string csv_field(const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

std::string csv_row(const Row& row) {
    const std::string puzzle = std::holds_alternative<Grid>(row.parsed) ? puzzle_text(std::get<Grid>(row.parsed)) : "";
    std::string out = csv_field(row.item.origin) + "," + puzzle + ",";
    if (std::string p = problem(row); !p.empty()) return out + ",,,,,,,,," + csv_field(p);
    const Rating& r = row.rated;
    return out + rating::tenths_text(r.er) + "," + rating::tenths_text(r.ep) + "," + rating::tenths_text(r.ed) + "," +
           csv_field(rating::class_name(rating::class_of(r.er))) + "," + std::to_string(r.score) + "," +
           rating::level_name(r.level) + "," + csv_field(r.hardest) + "," + std::to_string(r.steps) + "," +
           (r.solved ? "yes" : "no") + ",";
}
constexpr const char* kCsvHeader = "input,puzzle,er,ep,ed,class,hodoku_score,hodoku_level,hardest,steps,solved,error";

// What every thread shares.
struct Job {
    const Plugin* oracle;  // settles each puzzle first; nullptr: nobody
    Budget budget;
    rating::Table table;
    runner::Settings settings;
    std::vector<Row>& rows;
    std::size_t chunk;
};

// Rates rows [from, to) of one plugin in one runner call: each item's
// certified steps rated as they come (rating::Rater), none of them held, so
// that what a chunk costs this process does not grow with its steps.
void rate_range(runner::Runner& runner, const Job& job, const ChosenPlugin& chosen, std::size_t from, std::size_t to) {
    std::vector<const Grid*> grids;
    std::vector<Row*> asked;
    for (std::size_t i = from; i < to; ++i)
        if (const Grid* g = std::get_if<Grid>(&job.rows[i].parsed);
            g != nullptr && job.rows[i].plugin == &chosen && settled_words(job.rows[i].settled).empty())
            grids.push_back(g), asked.push_back(&job.rows[i]);
    if (grids.empty()) return;
    std::vector<rating::Rater> raters;
    raters.reserve(grids.size());
    for (const Grid* g : grids) raters.emplace_back(*g, job.table);
    // A step the rater refuses voids the rating: the plugin need not go on.
    auto sink = [&](std::size_t item, const Step& s) { return item < raters.size() && raters[item].take(s); };
    auto outcomes = runner.solve(*chosen.plugin, grids, 2, chosen.options, job.budget, {}, sink);
    for (std::size_t k = 0; k < asked.size(); ++k) {
        asked[k]->outcome = std::move(outcomes[k]);
        asked[k]->rated = raters[k].result();
    }
}

// The oracle's word on rows [from, to), before any is rated: a puzzle with
// several solutions or none is said so, not rated.
void settle_range(runner::Runner& runner, const Job& job, std::size_t from, std::size_t to) {
    if (job.oracle == nullptr) return;
    std::vector<const Grid*> grids;
    std::vector<Row*> asked;
    for (std::size_t i = from; i < to; ++i)
        if (const Grid* g = std::get_if<Grid>(&job.rows[i].parsed); g != nullptr && job.rows[i].plugin != nullptr)
            grids.push_back(g), asked.push_back(&job.rows[i]);
    if (grids.empty()) return;
    const std::vector<Settled> settled = truth::settle(runner, *job.oracle, grids, job.budget);
    for (std::size_t k = 0; k < asked.size() && k < settled.size(); ++k) asked[k]->settled = settled[k];
}

// The rows rated by `threads` threads, chunk by chunk; `done(k)` is called
// (under no lock) in chunk order as soon as chunks 0..k are all rated.
void rate_all(const Job& job, unsigned threads, const std::function<void(std::size_t, std::size_t)>& done) {
    const std::size_t chunks = (job.rows.size() + job.chunk - 1) / job.chunk;
    std::atomic<std::size_t> next{0};
    std::vector<char> finished(chunks, 0);
    std::mutex m;
    std::condition_variable cv;
    auto work = [&] {
        const auto runner = runner::make_runner(job.settings);
        for (std::size_t c; (c = next++) < chunks && !interrupted();) {
            const std::size_t from = c * job.chunk, to = std::min(job.rows.size(), (c + 1) * job.chunk);
            settle_range(*runner, job, from, to);
            std::vector<const ChosenPlugin*> plugins;  // a chunk's explainers, one call each
            for (std::size_t i = from; i < to; ++i)
                if (const ChosenPlugin* p = job.rows[i].plugin;
                    p != nullptr && std::find(plugins.begin(), plugins.end(), p) == plugins.end())
                    plugins.push_back(p);
            for (const ChosenPlugin* p : plugins) rate_range(*runner, job, *p, from, to);
            std::lock_guard lock(m);
            finished[c] = 1;
            cv.notify_all();
        }
        std::lock_guard lock(m);
        next = chunks;  // an interrupt: the writer stops waiting
        cv.notify_all();
    };
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t) pool.emplace_back(work);
    for (std::size_t c = 0; c < chunks; ++c) {
        std::unique_lock lock(m);
        cv.wait(lock, [&] { return finished[c] || (next >= chunks && interrupted()); });
        if (!finished[c]) break;
        lock.unlock();
        done(c * job.chunk, std::min(job.rows.size(), (c + 1) * job.chunk));
    }
    for (std::thread& t : pool) t.join();
}

int show_table(rating::Table table, Streams io) {
    io.out << "technique\t" << rating::table_name(table) << "\thodoku score\thodoku level\n";
    for (const rating::TableRow& r : rating::table_rows(table))
        io.out << r.technique << '\t' << r.se << '\t' << r.score << '\t' << rating::level_name(r.level) << '\n';
    return kExitOk;
}

// The plugins (named, or each shape's default), their options and the
// budget, from the flags.
struct Setup {
    PluginRegistry registry;
    std::optional<PluginChoice> choice;
    std::optional<Plugin> oracle;
    Budget budget;
};

// Loads the plugins and takes the choice of explainer: false (with the
// error said) when it cannot run.
bool choose(const Args& args, Streams io, Setup& setup) {
    setup.registry = load_plugins(args, io.err);
    setup.choice = PluginChoice::make(args, setup.registry, {NP_CAP_SOLVE | NP_CAP_EXPLAIN, NP_CAP_EXPLAIN, "rate", "solve"}, io.err);
    if (!setup.choice || !worker_available(args, io.err)) return false;
    bool ok = true;
    setup.oracle = settling_oracle(args, setup.registry, io.err, ok);
    if (!ok) return false;
    setup.budget = budget_of(args);
    setup.budget.max_steps = args.whole("--max-steps");
    return true;
}

// The inputs, each puzzle with its explainer (`choice`; none when rows are
// only read). False (said) when --option does not suit a default: a usage
// error. A shape no plugin explains is the row's error.
bool read_rows(const Args& args, Streams io, Tally& tally, PluginChoice* choice, std::vector<Row>& rows) {
    const auto size = size_of(args);
    bool usable = true;
    for_each_input(args, io.in, io.err, tally, [&](const InputItem& item) {
        Row row{item, parse_item(item, size), {}, {}, nullptr, {}};
        if (const Grid* g = std::get_if<Grid>(&row.parsed); g != nullptr && choice != nullptr) {
            NoPlugin none;
            row.plugin = choice->for_puzzle(*g, none);
            if (none.usage) {
                io.err << "numplace: " << none.why << "\n";
                return usable = false;
            }
            if (row.plugin == nullptr) row.outcome.verdict = Verdict::error, row.outcome.message = none.why;
        }
        rows.push_back(std::move(row));
        return !interrupted();
    });
    return usable;
}

Job job_of(const Args& args, const Setup& setup, rating::Table table, std::vector<Row>& rows) {
    return {setup.oracle ? &*setup.oracle : nullptr, setup.budget, table, harness_settings(args).runner, rows,
            args.flag("--in-process") ? 1u : 16u};
}

}  // namespace

unsigned rate_threads(const Args& args) {
    if (args.flag("--in-process")) return 1;
    return args.has("-j") ? static_cast<unsigned>(args.whole("-j")) : usable_cpus();
}

namespace {

int run(const Args& args, Streams io) {
    const auto table = rating::table_named(args.text("--table"));
    if (!table) {
        io.err << "numplace rate: --table must be se or sukaku, not " << utf8_clean(args.text("--table"))
               << did_you_mean(args.text("--table"), {"se", "sukaku"}) << "\n";
        return kExitUsage;
    }
    if (args.flag("--show-table")) return show_table(*table, io);
    Setup setup;
    if (args.has("--compare")) {
        CompareSetup compare{[&](bool rate, std::vector<Row>& rows) {
            if (rate && !choose(args, io, setup)) return kExitUsage;
            Tally tally;
            if (!read_rows(args, io, tally, rate ? &*setup.choice : nullptr, rows)) return kExitUsage;
            if (rate) rate_all(job_of(args, setup, *table, rows), rate_threads(args), [](std::size_t, std::size_t) {});
            return interrupted() ? interrupt_exit_code() : kExitOk;
        }};
        return compare_ratings(args, io, compare);
    }
    if (!choose(args, io, setup)) return kExitUsage;
    const std::string format = args.text("--format");
    Tally tally;
    std::vector<Row> rows;
    if (!read_rows(args, io, tally, &*setup.choice, rows)) return kExitUsage;
    if (format == "csv") io.out << kCsvHeader << '\n';
    bool bad_option = false;
    rate_all(job_of(args, setup, *table, rows), rate_threads(args), [&](std::size_t from, std::size_t to) {
        for (std::size_t i = from; i < to && !bad_option; ++i) {
            const Row& row = rows[i];
            tally.row();
            if (std::holds_alternative<Reason>(row.parsed) || row.outcome.verdict == Verdict::invalid ||
                !settled_words(row.settled).empty())
                tally.invalid(row.item.origin);
            else if (!row_rated(row)) tally.failed(row.item.origin);
            if (format == "json")
                write_json_row(io.out, json_row(row, row.plugin != nullptr ? row.plugin->plugin->name() : "", *table));
            else if (format == "csv") io.out << csv_row(row) << '\n';
            else io.out << text_line(row) << '\n';
            bad_option = row.outcome.status == NP_BAD_OPTION;
        }
        io.out.flush();
    });
    return tally.finish(io.err, "inputs");
}

std::vector<FlagSpec> rate_flags() {
    FlagSpec table{"--table", FlagKind::text,
                   "The rating table: se (Sudoku Explainer v1.2.1) or sukaku (with Sukaku Explainer's additions)", "se",
                   {"se", "sukaku"}};
    FlagSpec show{"--show-table", FlagKind::flag, "Print the table (technique, SE-style difficulty, HoDoKu-style score and level) and exit"};
    FlagSpec max_steps{"--max-steps", FlagKind::whole, "Take at most this many steps a puzzle", "100000"};
    max_steps.at_least(1);
    FlagSpec jobs{"-j", FlagKind::whole, "Puzzles rated in parallel, one worker each (default: the CPUs this process may use)"};
    jobs.at_least(1);
    FlagSpec plugin = flags::plugin_or_default("Plugin that explains (capability explain), e.g. logic with --option profile=se");
    std::vector<FlagSpec> own{plugin,
                              flags::plugin_dir(), flags::allow_insecure_plugins(), flags::no_sandbox(), flags::option(),
                              flags::size(), flags::input_format(), flags::format({"text", "json", "csv"}, "text"), table,
                              show, max_steps, jobs, settling_oracle_flag(), flags::max_nodes(), flags::timeout(), flags::in_process(),
                              flags::memory()};
    for (FlagSpec& f : compare_flags()) own.push_back(std::move(f));
    own.push_back(flags::inputs());
    return own;
}

}  // namespace

Command rate_command() {
    return {{"rate"},
            "Rate each puzzle's difficulty from an explaining plugin's certified steps",
            "Each input gets an SE-style rating (ER: the hardest step; EP: the hardest up to the first placement; ED: "
            "the first step's) and a HoDoKu-style score (the sum over the steps) and level, computed here from the "
            "plugin's steps with the table docs/rating.md gives (--show-table prints it), so that two explainers are "
            "rated on one scale. Every step is certified before it counts. A puzzle the plugin cannot finish is "
            "rated 'stuck after K steps, at least ...'; one that --oracle shows to have several solutions, or none, is "
            "said so and not rated (exit 1; the JSON's \"solutions\" field). With --compare, rates nothing: compares raters on a file "
            "(docs/rating.md). " + std::string(kWorkerHelp),
            rate_flags(),
            [](const Args& a, Streams io) { return run(a, io); }};
}

}  // namespace np::cli
