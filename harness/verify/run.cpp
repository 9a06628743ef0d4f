// Sources and runner: inputs become work units (one entry with all its
// plugins), units run across threads, rows come back in unit order.
#include <algorithm>
#include <boost/dll/runtime_symbol_info.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <thread>

#include "judge.hpp"
#include "numplace/random.hpp"
#include "numplace/certify.hpp"
#include "numplace/input.hpp"
#include "runner.hpp"
#include "verify.hpp"

namespace np::verify {

namespace fs = std::filesystem;

namespace {

// ---- Units ---------------------------------------------------------------------------

struct GeneratorCheck {
    std::string id;
    std::string plugin;
    np_generate_kind what = NP_GENERATE_GRID;
    Geometry size;
    uint64_t seed = 0;
    uint32_t count = 10;
    OptionList options;
    corpus::GeneratorProperties expect;
    bool sweep = false;  // from the standard sweep, not the corpus: refusals are skips
};

struct Unit {
    enum class Kind { corpus_puzzle, plain_puzzle, grid_check, generator };
    explicit Unit(Kind k) : kind(k) {}

    Kind kind;
    const corpus::PuzzleEntry* puzzle = nullptr;
    const corpus::GridCheckEntry* check = nullptr;
    InputItem item;             // plain puzzles
    std::optional<Grid> grid;   // plain puzzles that parse
    GeneratorCheck generator;

    std::string identity() const {
        switch (kind) {
            case Kind::corpus_puzzle: return "puzzle " + puzzle->id;
            case Kind::grid_check: return "check " + check->id;
            case Kind::plain_puzzle: return "plain " + item.origin + " " + item.text;
            case Kind::generator: return "generator " + generator.id;
        }
        return "";
    }
};

// Everything a run reads, kept alive while units point into it.
struct Inputs {
    corpus::Corpus corpus;
    std::vector<Unit> units;
    std::vector<std::string> errors;
    bool has_corpus = false;
};

bool is_yaml(const std::string& path) {
    const auto ext = fs::path(path).extension().string();
    return ext == ".yaml" || ext == ".yml";
}

// The bundled corpus: <exe>/../share/numplace/corpus, in an install and (a
// link made by CMake) in the build tree.
std::string bundled_corpus() {
    std::error_code ec;
    const fs::path exe = boost::dll::program_location(ec);
    if (ec) return "";
    return (exe.parent_path().parent_path() / "share" / "numplace" / "corpus").lexically_normal().string();
}

bool wanted(const Settings& s, const std::string& id, const std::vector<std::string>& tags, const Geometry* size) {
    if (!s.ids.empty() && std::find(s.ids.begin(), s.ids.end(), id) == s.ids.end()) return false;
    if (!s.tags.empty() &&
        std::none_of(s.tags.begin(), s.tags.end(),
                     [&](const std::string& t) { return std::find(tags.begin(), tags.end(), t) != tags.end(); }))
        return false;
    if (s.size && size != nullptr && !(*size == *s.size)) return false;
    return true;
}

// The standard generator sweep: every generating plugin on every standard
// shape it supports, two seeds each, grids and puzzles.
void add_sweep(const Settings& s, const std::vector<Plugin>& plugins, std::vector<Unit>& units) {
    static const Geometry kShapes[] = {{2, 2}, {2, 3}, {3, 3}, {3, 4}, {4, 4}, {5, 5}};
    for (const Plugin& p : plugins) {
        for (np_generate_kind what : {NP_GENERATE_GRID, NP_GENERATE_PUZZLE}) {
            if (!p.can(what == NP_GENERATE_GRID ? NP_CAP_GENERATE_GRID : NP_CAP_GENERATE_PUZZLE)) continue;
            for (const Geometry& g : kShapes) {
                if (!p.supports(g)) continue;
                for (uint64_t seed : {1u, 2u}) {
                    Unit u(Unit::Kind::generator);
                    GeneratorCheck& c = u.generator;
                    c.plugin = p.name();
                    c.what = what;
                    c.size = g;
                    c.seed = seed;
                    c.count = 10;
                    c.sweep = true;
                    c.expect.valid = true;
                    c.expect.deterministic = true;
                    c.expect.full = what == NP_GENERATE_GRID;
                    c.expect.unique = what == NP_GENERATE_PUZZLE;
                    c.id = "generate-" + p.name() + "-" + (what == NP_GENERATE_GRID ? "grid" : "puzzle") + "-" +
                           g.name() + "-seed" + std::to_string(seed);
                    if (wanted(s, c.id, {"generator"}, &g)) units.push_back(std::move(u));
                }
            }
        }
    }
}

Inputs gather(const Settings& s, const std::vector<Plugin>& judged) {
    Inputs in;
    std::vector<std::string> yaml_paths, plain_paths;
    if (s.paths.empty()) {
        const std::string bundled = bundled_corpus();
        std::error_code ec;
        if (bundled.empty() || !fs::is_directory(bundled, ec)) in.errors.push_back("no bundled corpus found at " + bundled);
        else yaml_paths.push_back(bundled);
    }
    for (const auto& p : s.paths) {
        std::error_code ec;
        if (fs::is_directory(p, ec) || is_yaml(p)) yaml_paths.push_back(p);
        else plain_paths.push_back(p);
    }
    if (!yaml_paths.empty()) {
        corpus::LoadResult loaded = corpus::load(yaml_paths);
        for (const auto& d : loaded.errors) in.errors.push_back(d.text());
        in.corpus = std::move(loaded.corpus);
        in.has_corpus = true;
    }
    for (const auto& e : in.corpus.puzzles)
        if (wanted(s, e.id, e.tags, &e.size)) {
            Unit u(Unit::Kind::corpus_puzzle);
            u.puzzle = &e;
            in.units.push_back(std::move(u));
        }
    for (const auto& e : in.corpus.grid_checks)
        if (wanted(s, e.id, e.tags, &e.size)) {
            Unit u(Unit::Kind::grid_check);
            u.check = &e;
            in.units.push_back(std::move(u));
        }
    for (const auto& e : in.corpus.generators) {
        if (!wanted(s, e.id, e.tags, &e.size)) continue;
        if (std::none_of(judged.begin(), judged.end(), [&](const Plugin& p) { return p.name() == e.plugin; }))
            continue;  // its plugin is not among those judged
        Unit u(Unit::Kind::generator);
        u.generator = {e.id, e.plugin, e.what, e.size, e.seed, e.count, e.options, e.expect, false};
        in.units.push_back(std::move(u));
    }
    for (const auto& path : plain_paths) {
        auto take = [&](InputItem&& item) {
            if (!s.tags.empty() || (!s.ids.empty() && std::find(s.ids.begin(), s.ids.end(), item.origin) == s.ids.end()))
                return true;
            ParseResult parsed = parse_item(item, s.size);
            if (const Reason* r = std::get_if<Reason>(&parsed)) {
                in.errors.push_back(item.origin + ": not a puzzle: " + r->message);
                return true;
            }
            Unit u(Unit::Kind::plain_puzzle);
            u.item = std::move(item);
            u.grid = std::get<Grid>(parsed);
            in.units.push_back(std::move(u));
            return true;
        };
        std::string error;
        read_file_items(path, InputFormat::automatic, s.size, take, error, s.cancel);
        if (!error.empty()) in.errors.push_back(path + ": cannot read (" + error + ")");
    }
    if (in.has_corpus && s.generators) add_sweep(s, judged, in.units);
    return in;
}

// ---- Running units -------------------------------------------------------------------

struct Context {
    const Settings& settings;
    const std::vector<Plugin>& judged;
    const Plugin* oracle;
    Budget budget;
};

// One call a unit needs. A chunk's calls are grouped by plugin and sent as
// batches (a worker round trip costs more than a 17-clue solve).
struct Call {
    const Plugin* plugin = nullptr;
    bool check = false;
    const Grid* grid = nullptr;
    uint64_t limit = 2;
    SolveOutcome solved;
    CheckOutcome checked;
};

Row row_for(const std::string& entry, const std::string& plugin, const std::string& operation, const Judgement& j) {
    Row r;
    r.entry = entry;
    r.plugin = plugin;
    r.operation = operation;
    r.status = j.status;
    r.kind = j.kind;
    r.finding = j.finding;
    return r;
}

std::string verdict_of(const SolveOutcome& out) {
    if (out.fault != Fault::none) return "error";
    std::string v(verdict_name(out.verdict));
    if (out.count > 2 || (out.verdict == Verdict::multiple && out.complete)) v += " (" + std::to_string(out.count) + (out.complete ? ")" : "+)");
    return v;
}

corpus::PuzzleEntry regression_entry(const std::string& id, const Grid& puzzle, const Truth& truth,
                                     const std::string& source) {
    corpus::PuzzleEntry e;
    std::string clean;
    for (char c : id) clean += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.') ? c : '-';
    e.id = clean;
    e.size = puzzle.geometry;
    e.text = format_line(puzzle);
    e.puzzle = puzzle;
    e.expect.verdict = truth.verdict;
    if (truth.verdict == Verdict::unique) {
        e.expect.solution = truth.solution;
        e.expect.count = 1;
    } else if (truth.verdict == Verdict::none) {
        e.expect.count = 0;
    } else if (truth.verdict == Verdict::multiple) {
        if (truth.count) e.expect.count = truth.count;
        else e.expect.count_at_least = std::max<uint64_t>(truth.at_least, 2);
    } else if (truth.verdict == Verdict::invalid) {
        if (auto v = first_violation(puzzle)) {
            corpus::ExpectedReason r;
            r.code = v->code;
            r.row = v->row;
            r.column = v->column;
            r.box = v->box;
            r.value = v->value;
            e.expect.reason = r;
        }
    }
    e.source = source;
    e.tags = {"regression"};
    return e;
}

// An entry with an exact count above 2 is counted by plugins that can count.
uint64_t limit_for(const corpus::PuzzleEntry& e, const Plugin& p) {
    return p.can(NP_CAP_COUNT) && e.expect.count.value_or(0) > 2 ? NP_UNLIMITED : 2;
}

std::vector<Row> judge_corpus_puzzle(const corpus::PuzzleEntry& e, const std::vector<Call>& calls) {
    if (const Reason* reason = std::get_if<Reason>(&e.puzzle)) {
        // Text the host's parser refuses never reaches a plugin: the parser
        // itself is judged.
        const bool right = e.expect.reason && e.expect.reason->matches(*reason);
        Judgement j = right ? Judgement{Status::pass, "", ""}
                            : Judgement{Status::fail, "expectation", "the parser says " + reason->message};
        Row r = row_for(e.id, "host", "parse", j);
        r.verdict = "invalid";
        return {r};
    }
    const Truth truth = truth_from_corpus(e.expect);
    std::vector<Row> rows;
    for (const Call& call : calls) {
        const SolveOutcome& out = call.solved;
        Row r = row_for(e.id, call.plugin->name(), call.limit == NP_UNLIMITED ? "count" : "solve",
                        judge_solve(out, truth, "expectation"));
        r.verdict = verdict_of(out);
        r.micros = out.stats.micros;
        if (r.status == Status::fail) {
            corpus::PuzzleEntry copy = e;
            copy.tags.push_back("regression");
            r.regression = std::move(copy);
        }
        rows.push_back(std::move(r));
    }
    return rows;
}

// The calls come from plan(): every judged solver, then the oracle when it
// is not among them.
std::vector<Row> judge_plain_puzzle(const Unit& u, const std::vector<Call>& calls, const Context& ctx) {
    const Grid& grid = *u.grid;
    std::vector<NamedAnswer> answers;
    const SolveOutcome* oracle = nullptr;
    for (const Call& call : calls) {
        const bool judged = std::any_of(ctx.judged.begin(), ctx.judged.end(),
                                        [&](const Plugin& p) { return &p == call.plugin; });
        if (judged) answers.push_back({call.plugin->name(), &call.solved});
        if (ctx.oracle && call.plugin->name() == ctx.oracle->name()) oracle = &call.solved;
    }
    Truth truth;
    if (!obeys_rules(grid)) {
        truth.established = true;
        truth.verdict = Verdict::invalid;
        truth.source = "the rules";
    } else {
        truth = truth_from_answers(answers, oracle, ctx.oracle ? ctx.oracle->name() : "");
    }
    const auto clashes = truth.established ? std::vector<std::string>(answers.size()) : contradictions(answers);
    std::vector<Row> rows;
    for (std::size_t i = 0; i < answers.size(); ++i) {
        const SolveOutcome& out = *answers[i].outcome;
        Judgement j = judge_solve(out, truth, "disagreement");
        if (j.status == Status::pass && !clashes[i].empty()) j = {Status::fail, "disagreement", clashes[i]};
        Row r = row_for(u.item.origin, answers[i].plugin, "solve", j);
        r.verdict = verdict_of(out);
        r.micros = out.stats.micros;
        if (r.status == Status::fail && truth.established)
            r.regression = regression_entry(u.item.origin, grid, truth, "numplace verify: " + u.item.origin +
                                                                             "; truth from " + truth.source);
        rows.push_back(std::move(r));
    }
    return rows;
}

std::vector<Row> judge_grid_check(const corpus::GridCheckEntry& e, const std::vector<Call>& calls) {
    std::vector<Row> rows;
    for (const Call& call : calls) {
        const CheckOutcome& out = call.checked;
        Row r = row_for(e.id, call.plugin->name(), "check", judge_check(out, e));
        r.verdict = out.fault != Fault::none ? "error" : out.violations.empty() ? "valid" : "not valid";
        rows.push_back(std::move(r));
    }
    return rows;
}

// The calls a unit needs (generators make theirs as they go).
std::vector<Call> plan(const Unit& u, const Context& ctx) {
    std::vector<Call> calls;
    auto solve = [&](const Plugin& p, const Grid& g, uint64_t limit) {
        Call c;
        c.plugin = &p;
        c.grid = &g;
        c.limit = limit;
        calls.push_back(std::move(c));
    };
    switch (u.kind) {
        case Unit::Kind::corpus_puzzle:
            if (const Grid* g = std::get_if<Grid>(&u.puzzle->puzzle))
                for (const Plugin& p : ctx.judged)
                    if (p.can(NP_CAP_SOLVE)) solve(p, *g, limit_for(*u.puzzle, p));
            break;
        case Unit::Kind::plain_puzzle: {
            bool oracle_judged = false;
            for (const Plugin& p : ctx.judged) {
                if (!p.can(NP_CAP_SOLVE)) continue;
                solve(p, *u.grid, 2);
                oracle_judged = oracle_judged || (ctx.oracle && p.name() == ctx.oracle->name());
            }
            // The oracle judges without being judged.
            if (ctx.oracle && !oracle_judged) solve(*ctx.oracle, *u.grid, 2);
            break;
        }
        case Unit::Kind::grid_check:
            for (const Plugin& p : ctx.judged) {
                if (!p.can(NP_CAP_CHECK_GRID)) continue;
                Call c;
                c.plugin = &p;
                c.check = true;
                c.grid = &u.check->grid;
                calls.push_back(std::move(c));
            }
            break;
        case Unit::Kind::generator: break;
    }
    return calls;
}

// Symmetries of a clue pattern, as the corpus format names them.
int mirror_cell(const std::string& symmetry, int r, int c, int side) {
    const int last = side - 1;
    if (symmetry == "rotate180") return (last - r) * side + (last - c);
    if (symmetry == "rotate90") return c * side + (last - r);
    if (symmetry == "mirror") return r * side + (last - c);
    if (symmetry == "diagonal") return c * side + r;
    return r * side + c;
}

// The plugin that proves uniqueness for a generator: the oracle, unless the
// oracle is the generator itself; then any other plugin that can prove it.
const Plugin* prover_for(const std::string& generator, const Context& ctx, const std::vector<Plugin>& all) {
    if (ctx.oracle && ctx.oracle->name() != generator) return ctx.oracle;
    for (const Plugin& p : all)
        if (p.name() != generator && p.can(NP_CAP_PROVE_UNIQUE) && p.can(NP_CAP_SOLVE)) return &p;
    return nullptr;
}

Row run_generator(const GeneratorCheck& c, const Context& ctx, const std::vector<Plugin>& all,
                  runner::Runner& run) {
    Row row;
    row.entry = c.id;
    row.plugin = c.plugin;
    row.operation = "generate";
    auto finish = [&](Status status, const std::string& kind, const std::string& finding) {
        row.status = status;
        row.kind = kind;
        row.finding = finding;
        return row;
    };
    const Plugin* plugin = nullptr;
    for (const Plugin& p : ctx.judged)
        if (p.name() == c.plugin) plugin = &p;
    if (plugin == nullptr) return finish(Status::skip, "", c.plugin + " is not loaded");
    Budget budget = ctx.budget;
    budget.timeout_seconds *= c.count;  // the per-call budget, for each result
    const auto all_results = run.generate(*plugin, c.size, c.what, c.seed, 0, c.count, c.options, budget);
    row.micros = all_results.stats.micros;
    if (all_results.fault != Fault::none) {
        if (c.sweep && (all_results.status == NP_BAD_OPTION || all_results.status == NP_UNSUPPORTED))
            return finish(Status::skip, "", all_results.message);
        auto j = judge_fault(all_results.fault, all_results.status, all_results.message);
        const bool worker_failure = all_results.fault == Fault::crashed || all_results.fault == Fault::timed_out ||
                                    all_results.fault == Fault::out_of_memory;
        return finish(j->status, j->status == Status::fail && !worker_failure ? "generator" : j->kind, j->finding);
    }
    const auto& results = all_results.results;
    row.verdict = std::to_string(results.size()) + " " + (c.what == NP_GENERATE_GRID ? "grids" : "puzzles");
    if (results.size() < c.count)
        return finish(Status::unknown, "", "the budget ran out after " + std::to_string(results.size()) + " of " +
                                               std::to_string(c.count) + " results");
    // Deterministic: the same seed again gives the first 3; first_index gives
    // the last 3 (ABI 2).
    if (c.expect.deterministic && c.count >= 1) {
        const uint32_t k = std::min<uint32_t>(3, c.count);
        const auto head = run.generate(*plugin, c.size, c.what, c.seed, 0, k, c.options, budget);
        const auto tail = run.generate(*plugin, c.size, c.what, c.seed, c.count - k, k, c.options, budget);
        if (!head.ok || !tail.ok || head.results.size() < k || tail.results.size() < k)
            return finish(Status::unknown, "", "the budget ran out on the second run");
        for (uint32_t i = 0; i < k; ++i) {
            if (head.results[i] != results[i])
                return finish(Status::fail, "generator", "result " + std::to_string(i) + " of a run of " +
                                                             std::to_string(k) + " differs from the run of " +
                                                             std::to_string(c.count) + " (same seed)");
            if (tail.results[i] != results[c.count - k + i])
                return finish(Status::fail, "generator",
                              "result " + std::to_string(c.count - k + i) + " asked with first_index " +
                                  std::to_string(c.count - k) + " differs from the whole run's");
        }
    }
    const Plugin* prover = prover_for(c.plugin, ctx, all);
    Budget proof = ctx.budget;
    for (std::size_t i = 0; i < results.size(); ++i) {
        const Grid& g = results[i];
        const std::string which = "result " + std::to_string(i);
        if (c.expect.full && !g.is_full()) return finish(Status::fail, "generator", which + " is not full");
        if (c.expect.max_clues && g.given_count() > *c.expect.max_clues)
            return finish(Status::fail, "generator", which + " has " + std::to_string(g.given_count()) + " givens, above " +
                                                         std::to_string(*c.expect.max_clues));
        if (c.expect.symmetric) {
            std::string symmetry = "none";
            for (const auto& [k, v] : c.options)
                if (k == "symmetry") symmetry = v;
            const int side = g.side();
            for (int r = 0; r < side; ++r)
                for (int col = 0; col < side; ++col)
                    if ((g.at(r, col) != 0) != (g.cells[static_cast<std::size_t>(mirror_cell(symmetry, r, col, side))] != 0))
                        return finish(Status::fail, "generator",
                                      which + ": its givens are not " + symmetry + "-symmetric at " + cell_label(r + 1, col + 1));
        }
        if (!(c.expect.unique || c.expect.minimal)) continue;
        if (prover == nullptr) return finish(Status::skip, "", "no independent plugin to prove uniqueness");
        const SolveOutcome u = run.solve_one(*prover, g, 2, {}, proof);
        if (u.fault != Fault::none) return finish(Status::unknown, "", prover->name() + ": " + u.message);
        if (c.expect.unique) {
            if (u.verdict == Verdict::multiple)
                return finish(Status::fail, "generator", which + " has more than one solution (" + prover->name() + ")");
            if (u.verdict == Verdict::none)
                return finish(Status::fail, "generator", which + " has no solution (" + prover->name() + ")");
            if (!u.complete) return finish(Status::unknown, "", prover->name() + " did not finish proving " + which + " unique");
        }
        if (c.expect.minimal) {
            // With a symmetry, a given goes together with its orbit (the
            // cells the symmetry maps it to): the puzzle must stay symmetric.
            std::string symmetry = "none";
            for (const auto& [k, v] : c.options)
                if (k == "symmetry") symmetry = v;
            const int side = g.side();
            for (std::size_t cell = 0; cell < g.cells.size(); ++cell) {
                if (g.cells[cell] == 0) continue;
                Grid less = g;
                for (int at = static_cast<int>(cell), step = 0; step < 4; ++step) {
                    less.cells[static_cast<std::size_t>(at)] = 0;
                    at = mirror_cell(symmetry, at / side, at % side, side);
                }
                const SolveOutcome m = run.solve_one(*prover, less, 2, {}, proof);
                if (m.fault != Fault::none || m.verdict == Verdict::unknown)
                    return finish(Status::unknown, "", prover->name() + " did not finish the minimality check");
                if (m.verdict != Verdict::multiple)
                    return finish(Status::fail, "generator",
                                  which + " is not minimal: without the given at " +
                                      cell_label(static_cast<int>(cell) / side + 1, static_cast<int>(cell) % side + 1) +
                                      (symmetry == "none" ? "" : " (and its " + symmetry + " orbit)") +
                                      " it is still unique (" + prover->name() + ")");
            }
        }
    }
    return finish(Status::pass, "", prover && (c.expect.unique || c.expect.minimal) ? "proved by " + prover->name() : "");
}

std::vector<Row> judge_unit(const Unit& u, const std::vector<Call>& calls, const Context& ctx) {
    switch (u.kind) {
        case Unit::Kind::corpus_puzzle: return judge_corpus_puzzle(*u.puzzle, calls);
        case Unit::Kind::plain_puzzle: return judge_plain_puzzle(u, calls, ctx);
        case Unit::Kind::grid_check: return judge_grid_check(*u.check, calls);
        case Unit::Kind::generator: break;
    }
    return {};
}

// Runs a chunk's calls grouped by plugin, kind and limit, in batches.
void run_calls(std::vector<Call*>& calls, runner::Runner& run, const Context& ctx) {
    std::vector<bool> done(calls.size(), false);
    for (std::size_t i = 0; i < calls.size(); ++i) {
        if (done[i]) continue;
        std::vector<std::size_t> group;
        for (std::size_t k = i; k < calls.size(); ++k)
            if (!done[k] && calls[k]->plugin == calls[i]->plugin && calls[k]->check == calls[i]->check &&
                calls[k]->limit == calls[i]->limit)
                group.push_back(k);
        std::vector<const Grid*> grids;
        for (std::size_t k : group) grids.push_back(calls[k]->grid);
        if (calls[i]->check) {
            auto out = run.check(*calls[i]->plugin, grids, {}, ctx.budget);
            for (std::size_t g = 0; g < group.size(); ++g) calls[group[g]]->checked = std::move(out[g]);
        } else {
            auto out = run.solve(*calls[i]->plugin, grids, calls[i]->limit, {}, ctx.budget);
            for (std::size_t g = 0; g < group.size(); ++g) calls[group[g]]->solved = std::move(out[g]);
        }
        for (std::size_t k : group) done[k] = true;
    }
}

// Whether an earlier report may be resumed by this run: the same units,
// plugins and settings (the fingerprint), the same shard.
bool resumable(const Report& earlier, const Report& now, std::string& error) {
    if (earlier.fingerprint != now.fingerprint || earlier.plugins != now.plugins) {
        error = "--resume: that report was made with other inputs, plugins or settings (fingerprint " +
                earlier.fingerprint + ", this run " + now.fingerprint +
                "): give the same paths, plugins and budget flags, or run without --resume";
        return false;
    }
    if (earlier.shard_index != now.shard_index || earlier.shard_count != now.shard_count) {
        error = "--resume: that report is shard " + std::to_string(earlier.shard_index) + "/" +
                std::to_string(earlier.shard_count) + ", this run is shard " + std::to_string(now.shard_index) +
                "/" + std::to_string(now.shard_count);
        return false;
    }
    return true;
}

}  // namespace

std::optional<Report> run(const Settings& s, std::string& error) {
    PluginRegistry registry;
    registry.set_allow_insecure(s.allow_insecure_plugins);
    registry.add_standard_search_path(s.plugin_dirs);
    auto chosen = registry.select(s.plugins, error);
    if (!chosen) return std::nullopt;
    const std::vector<Plugin> judged = std::move(*chosen);
    const Plugin* oracle = s.oracle.empty() ? nullptr : registry.find(s.oracle);
    // The default oracle may be absent (plain files are then judged by
    // agreement alone); one the user named must be there.
    if (oracle == nullptr && s.oracle_required && !s.oracle.empty()) {
        error = "unknown oracle plugin '" + s.oracle + "'";
        return std::nullopt;
    }

    Inputs inputs = gather(s, judged);
    Report report;
    for (const auto& p : judged) report.plugins.push_back(p.name());
    report.oracle = oracle ? oracle->name() : "";
    report.input_errors = inputs.errors;
    report.shard_index = s.shard_index;
    report.shard_count = s.shard_count;

    // The fingerprint: every unit, plugin and setting that decides the rows.
    uint64_t hash = fnv1a("numplace verify 1");
    for (const auto& u : inputs.units) hash = fnv1a(u.identity() + "\n", hash);
    for (const auto& p : judged) hash = fnv1a(p.name() + " " + p.version() + "\n", hash);
    hash = fnv1a(report.oracle + " " + std::to_string(s.timeout_seconds) + " " + std::to_string(s.max_nodes) + " " +
                     std::to_string(s.shard_count),
                 hash);
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
    report.fingerprint = hex;

    std::set<uint64_t> finished;  // units whose rows --resume's report holds
    if (s.resume != nullptr) {
        if (!resumable(*s.resume, report, error)) return std::nullopt;
        for (const Row& r : s.resume->rows)
            if (!r.derived) finished.insert(r.unit);
    }

    // This shard's units: every shard_count-th, so each shard gets a mix.
    std::vector<std::size_t> mine;
    for (std::size_t i = 0; i < inputs.units.size(); ++i)
        if (i % s.shard_count == s.shard_index - 1 && finished.count(i) == 0) mine.push_back(i);

    Context ctx{s, judged, oracle, {}};
    ctx.budget.max_nodes = s.max_nodes;
    ctx.budget.timeout_seconds = s.timeout_seconds;
    ctx.budget.cancel = s.cancel;

    // Threads take chunks of units: a chunk's calls go to each plugin as one
    // batch (a worker round trip is dearer than an easy solve).
    constexpr std::size_t kChunk = 64;
    std::vector<std::vector<Row>> results(mine.size());
    std::atomic<std::size_t> next{0}, done{0};
    auto cancelled = [&] { return s.cancel != nullptr && s.cancel->load(std::memory_order_relaxed); };
    auto worker = [&] {
        auto run = runner::make_runner(s.runner);
        for (std::size_t first; (first = next.fetch_add(kChunk)) < mine.size();) {
            if (cancelled()) break;
            const std::size_t last = std::min(first + kChunk, mine.size());
            std::vector<std::vector<Call>> calls(last - first);
            std::vector<Call*> flat;
            for (std::size_t k = first; k < last; ++k) {
                calls[k - first] = plan(inputs.units[mine[k]], ctx);
                for (Call& c : calls[k - first]) flat.push_back(&c);
            }
            run_calls(flat, *run, ctx);
            for (std::size_t k = first; k < last; ++k) {
                const Unit& unit = inputs.units[mine[k]];
                auto rows = unit.kind == Unit::Kind::generator
                                ? std::vector<Row>{run_generator(unit.generator, ctx, registry.plugins(), *run)}
                                : judge_unit(unit, calls[k - first], ctx);
                // A call the interrupt stopped would read as "unknown": a
                // unit judged after the interrupt is left out whole, so that
                // the report holds finished units only and --resume runs it.
                if (cancelled()) break;
                for (auto& r : rows) r.unit = mine[k];
                results[k] = std::move(rows);
                done.fetch_add(1);
            }
        }
    };
    const unsigned threads = std::max(1u, std::min<unsigned>(s.jobs, static_cast<unsigned>((mine.size() + kChunk - 1) / kChunk)));
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t) pool.emplace_back(worker);
    // This thread only reports progress while the pool works.
    while (done.load() < mine.size() && !cancelled()) {
        if (s.progress) s.progress(done.load(), mine.size());
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    for (auto& t : pool) t.join();
    if (s.progress) s.progress(done.load(), mine.size());
    report.interrupted = cancelled();
    if (s.resume != nullptr)
        for (const Row& r : s.resume->rows)
            if (!r.derived) report.rows.push_back(r);
    for (auto& rows : results)
        for (auto& r : rows) report.rows.push_back(std::move(r));
    finalize(report, s.min_conclusive);
    return report;
}

}  // namespace np::verify
