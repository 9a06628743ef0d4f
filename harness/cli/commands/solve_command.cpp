// numplace solve / count: one answer per input puzzle, from one plugin;
// with --proof, each answer's checked proof saved in a proof file.
#include <iostream>
#include <memory>

#include "cli/commands/commands.hpp"
#include "numplace/json.hpp"
#include "cli/pipeline.hpp"
#include "proofs/proof_file.hpp"
#include "runner/runner.hpp"
#include "cli/shared.hpp"

namespace np::cli {

namespace {

std::string size_name(const ParseResult& parsed, const std::optional<Geometry>& size) {
    if (const Grid* g = std::get_if<Grid>(&parsed)) return g->geometry.name();
    return size ? size->name() : "";
}

// --proof: where each input's proof goes, and what a proof file says made it.
struct ProofTarget {
    std::string pattern;  // FILE; with {n}, one file per input

    bool numbered() const { return pattern.find("{n}") != std::string::npos; }
    // The file of input number n (1-based, in input order).
    std::string path(uint64_t n) const {
        std::string out = pattern;
        for (std::size_t at; (at = out.find("{n}")) != std::string::npos;) out.replace(at, 3, std::to_string(n));
        return out;
    }
};

// What became of one input's proof file.
struct ProofSave {
    std::string file;
    bool written = false;
    std::string why;  // when not written: the proof's note, or the file's error
};

// The proof line under a text row: "proof: checked (1,234 bytes), written to
// FILE", or "proof: absent, FILE not written: why".
void write_proof_line(std::ostream& out, const ProofOutcome& proof, const ProofSave& save) {
    out << "proof: " << proof_status_name(proof.status);
    if (proof.status == ProofStatus::checked)
        out << " (" << proofs::grouped(proof.bytes) << (proof.bytes == 1 ? " byte)" : " bytes)");
    if (save.written) out << ", written to " << utf8_clean(save.file) << '\n';
    else if (proof.status == ProofStatus::checked) out << ", not written: " << utf8_clean(save.why) << '\n';
    else out << ", " << utf8_clean(save.file) << " not written: " << utf8_clean(save.why) << '\n';
}

json proof_json(const ProofOutcome& proof, const ProofSave& save) {
    json j{{"status", proof_status_name(proof.status)}, {"bytes", proof.bytes}, {"nodes", proof.nodes},
           {"check_micros", proof.check_micros}, {"file", save.file}, {"written", save.written}};
    if (!save.written) j["why"] = save.why;
    return j;
}

// JSON rows, one object reused for every input: assigning into keys and
// strings that already exist keeps allocation out of the per-puzzle path
// (at 150,000 puzzles a second the host's share must stay small).
class JsonRows {
public:
    void write(std::ostream& out, const InputItem& item, const ParseResult& parsed,
               const std::optional<Geometry>& size, const std::string& plugin, const SolveOutcome& outcome,
               const ProofSave* save) {
        json& j = row_;
        j["input"] = item.origin;
        j["puzzle"] = item.text;
        // Pencilmarks: the puzzle's candidate line, whatever form it came in.
        j.erase("candidates");
        if (const Grid* g = std::get_if<Grid>(&parsed); g != nullptr && g->has_candidates())
            j["candidates"] = format_candidates(*g);
        const std::string shape = size_name(parsed, size);
        j["size"] = shape.empty() ? json(nullptr) : json(shape);
        j["plugin"] = plugin;
        j["verdict"] = verdict_name(outcome.verdict);
        j["count"] = outcome.count;
        j["complete"] = outcome.complete;
        json& solutions = j["solutions"];
        if (!solutions.is_array()) solutions = json::array();
        while (solutions.size() > outcome.solutions.size()) solutions.erase(solutions.size() - 1);
        for (std::size_t i = 0; i < outcome.solutions.size(); ++i) {
            if (i < solutions.size()) solutions[i] = format_line(outcome.solutions[i]);
            else solutions.push_back(format_line(outcome.solutions[i]));
        }
        write_stats(j["stats"], outcome.stats);
        j.erase("error");
        j.erase("message");
        if (outcome.error) j["error"] = to_json(*outcome.error);
        else if (outcome.verdict == Verdict::error) j["error"] = {{"code", "plugin_error"}, {"message", outcome.message}};
        else if (!outcome.message.empty()) j["message"] = outcome.message;  // the plugin's remark
        if (save != nullptr) j["proof"] = proof_json(outcome.proof, *save);
        write_json_row(out, j);
    }

private:
    // Into the keys already there when they are the same keys; otherwise
    // anew, in to_json's order.
    static void write_stats(json& stats, const CallStats& s) {
        const bool claim = s.claimed_micros != 0;  // a worker's: see host.hpp
        const std::size_t keys = 3 + (claim ? 1 : 0) + s.counters.size();
        if (stats.size() != keys || stats.contains("claimed_micros") != claim) {
            stats = to_json(s);
            return;
        }
        stats["nodes"] = s.nodes;
        stats["guesses"] = s.guesses;
        stats["micros"] = s.micros;
        if (claim) stats["claimed_micros"] = s.claimed_micros;
        for (const auto& [counter, value] : s.counters) stats[counter] = value;
        if (stats.size() != keys) stats = to_json(s);  // other counters
    }
    json row_ = json::object();
};

// Text rows: a bare solution means unique (proved); "found: " marks a
// solution whose uniqueness nobody examined.
// An invalid input's line names where it came from (FILE:LINE, stdin:N,
// arg:N): the row is the only place a user learns which line was bad.
// A solution as the row shows it; an f-puzzles row is a link to the puzzle
// that carries the solution (f-puzzles then shows it solved).
std::string solution_text(const Grid& solution, const Grid* puzzle, OutputFormat format) {
    if (format == OutputFormat::fpuzzles && puzzle != nullptr) return format_fpuzzles(*puzzle, &solution);
    return format_grid_as(solution, format);
}

void write_text(std::ostream& out, const std::string& origin, const SolveOutcome& outcome, OutputFormat format,
                bool count_mode, const Grid* puzzle) {
    switch (outcome.verdict) {
        case Verdict::invalid: out << "invalid: " << utf8_clean(origin) << ": " << outcome.error->message << '\n'; return;
        case Verdict::error: out << "error: " << outcome.message << '\n'; return;
        default: break;
    }
    if (count_mode) {
        out << outcome.count << (outcome.complete ? "" : "+") << '\n';
        return;
    }
    const bool has_solution = !outcome.solutions.empty();
    if (outcome.verdict == Verdict::unique && has_solution) {
        // A grid ends with its own newline; the extra one separates blocks.
        out << solution_text(outcome.solutions.front(), puzzle, format) << '\n';
    } else if (outcome.verdict == Verdict::found && has_solution) {
        out << (format == OutputFormat::grid ? "found:\n" : "found: ")
            << solution_text(outcome.solutions.front(), puzzle, format) << '\n';
    } else {
        out << verdict_name(outcome.verdict) << '\n';
    }
}

struct Job {
    InputItem item;
    ParseResult parsed;
    SolveOutcome outcome;
    uint64_t number = 0;  // 1-based, in input order: a proof file pattern's {n}
    ProofSave save;       // with --proof
    const ChosenPlugin* plugin = nullptr;  // what solves it (PluginChoice); none for an invalid input
};

// What every call of one run shares.
struct Calls {
    runner::Runner& runner;
    uint64_t limit;
    Budget budget;
    bool one_at_a_time;  // in this process: an interrupt then stops before the next puzzle
    const ProofTarget* proof;  // --proof, or nullptr
};

// Writes a job's proof file when the checker accepted the proof: the same
// bytes it read (`kept`), under a header with the claim it judged.
void save_proof(const ProofTarget& target, Job& job, proofs::ProofFileWriter& kept) {
    ProofSave& save = job.save;
    save.file = target.path(job.number);
    const ProofOutcome& proof = job.outcome.proof;
    const auto claim = proofs::claim_of(job.outcome);
    if (proof.status != ProofStatus::checked) {
        save.why = !proof.note.empty() ? proof.note : "no answer to prove";
        // A cause the note does not name: a limit reached.
        if (job.outcome.verdict == Verdict::multiple && !job.outcome.complete)
            save.why = job.outcome.stop == NP_STOP_LIMIT
                           ? "the search stopped at the limit of " + std::to_string(job.outcome.count) +
                                 " solutions; count --proof proves an exact count"
                           : "the search stopped after " + std::to_string(job.outcome.count) +
                                 " solutions (its budget, or an interrupt), before it was whole";
        return;
    }
    if (!claim || kept.size() != proof.bytes) {
        save.why = "internal: the bytes kept (" + std::to_string(kept.size()) + ") are not those checked";
        return;
    }
    proofs::ProofFileHeader header;
    header.puzzle = std::get<Grid>(job.parsed);
    header.claim = *claim;
    if (claim->kind == ProofClaim::Kind::unique) header.witness = job.outcome.solutions.front();
    header.plugin = job.plugin->plugin->name();
    header.plugin_version = job.plugin->plugin->version();
    header.numplace_version = kVersion;
    save.written = kept.commit(save.file, header, save.why);
}

// Solves the puzzles of jobs [from, to) in one call of the runner (one
// exchange with the worker process), all by one plugin (solve_batch cuts
// the ranges so). With --proof, [from, to) is one job.
void solve_range(const Calls& calls, std::vector<Job>& batch, std::size_t from, std::size_t to) {
    std::vector<const Grid*> grids;
    std::vector<Job*> asked;
    for (std::size_t i = from; i < to; ++i)
        if (const Grid* grid = std::get_if<Grid>(&batch[i].parsed); grid != nullptr && batch[i].plugin != nullptr) {
            grids.push_back(grid);
            asked.push_back(&batch[i]);
        }
    if (calls.proof != nullptr)
        for (std::size_t i = from; i < to; ++i)
            batch[i].save = {calls.proof->path(batch[i].number), false, "no puzzle to prove"};
    if (grids.empty()) return;
    std::vector<std::unique_ptr<proofs::ProofFileWriter>> kept(asked.size());
    ProofSink keep;
    if (calls.proof != nullptr)
        keep = [&](uint64_t k, std::string_view bytes) {
            if (k >= kept.size()) return false;
            if (!kept[k]) kept[k] = std::make_unique<proofs::ProofFileWriter>();
            return kept[k]->add(bytes);
        };
    const ChosenPlugin& chosen = *asked.front()->plugin;
    auto outcomes = calls.runner.solve(*chosen.plugin, grids, calls.limit, chosen.options, calls.budget, keep);
    for (std::size_t k = 0; k < asked.size(); ++k) {
        asked[k]->outcome = std::move(outcomes[k]);
        if (calls.proof == nullptr) continue;
        if (!kept[k]) kept[k] = std::make_unique<proofs::ProofFileWriter>();
        save_proof(*calls.proof, *asked[k], *kept[k]);
    }
}

// Solves a batch in order; drops what an interrupt left unanswered (a
// worker's whole remaining request comes back refused) and stops at a bad
// option, which is the same for every input. False stops the pipeline.
// A worker gets the batch in requests of 1, 2, 4, ... puzzles: few
// exchanges for a long batch, and an interrupt loses only the request in
// flight, not the answers before it. A request holds one plugin's puzzles
// (the defaults may differ by shape). Each finished request is published:
// written out while the rest runs.
std::size_t same_plugin_end(const std::vector<Job>& batch, std::size_t from, std::size_t end) {
    const ChosenPlugin* first = nullptr;
    for (std::size_t i = from; i < end; ++i) {
        if (batch[i].plugin == nullptr) continue;
        if (first == nullptr) first = batch[i].plugin;
        else if (batch[i].plugin != first) return i;
    }
    return end;
}

bool solve_batch(const Calls& calls, std::vector<Job>& batch, const OrderedPipeline<Job>::Publish& publish) {
    std::size_t request = 1;
    for (std::size_t done = 0; done < batch.size();) {
        if (interrupted()) {
            batch.resize(done);
            return false;
        }
        // With --proof, one puzzle a request: its proof is kept whole until
        // its file is written, and only one is kept at a time.
        const bool single = calls.one_at_a_time || calls.proof != nullptr;
        const std::size_t end = same_plugin_end(batch, done, single ? done + 1 : std::min(batch.size(), done + request));
        request *= 2;
        solve_range(calls, batch, done, end);
        for (std::size_t i = done; i < end; ++i) {
            if (interrupted() && batch[i].outcome.fault == Fault::refused) {
                batch.resize(i);
                return false;
            }
            if (batch[i].outcome.status == NP_BAD_OPTION) {
                batch.resize(i + 1);
                return false;
            }
        }
        done = end;
        publish(done);
    }
    return true;
}

const std::string kNoPlugin;

// The plugin of a parsed puzzle (the named one, or its shape's default).
// None for its shape: the row is an error and the rest runs. --option that
// does not suit the default: false (said), a usage error that ends the run.
bool pick_plugin(PluginChoice& choice, Job& job, bool& bad_usage, std::ostream& err) {
    const Grid& grid = std::get<Grid>(job.parsed);
    NoPlugin none;
    job.plugin = choice.for_puzzle(grid, none);
    if (job.plugin != nullptr) return true;
    if (none.usage) {
        err << "numplace: " << none.why << "\n";
        bad_usage = true;
        return false;
    }
    job.outcome.verdict = Verdict::error;
    job.outcome.message = none.why;
    return true;
}

// A parsed input gets its plugin, an invalid one its reason; false: a usage
// error that ends the run (pick_plugin).
bool ready(PluginChoice& choice, Job& job, bool& bad_usage, std::ostream& err) {
    if (const Reason* reason = std::get_if<Reason>(&job.parsed)) {
        job.outcome.verdict = Verdict::invalid;
        job.outcome.error = *reason;
        return true;
    }
    return pick_plugin(choice, job, bad_usage, err);
}

// --proof and --max-proof-bytes, checked before any input is read: "" when
// they are fine, otherwise the usage error.
std::string proof_flags_problem(const Args& args) {
    if (!args.has("--proof")) return args.has("--max-proof-bytes") ? "--max-proof-bytes needs --proof" : "";
    if (args.text("--proof") == "-") return "--proof -: a proof file is binary; name a file";
    if (args.text("--proof").empty()) return "--proof: name a file";
    return "";
}

// Counts the proof a row asked for and did not get as a failure of that row
// (exit 1): a user who asked for FILE can rely on it being there.
void tally_proof(Tally& tally, const Job& job) {
    const Verdict v = job.outcome.verdict;
    if (!job.save.written && v != Verdict::invalid && v != Verdict::error) tally.failed(job.item.origin);
}

// Writes each answered job's row, in input order (and its proof line),
// counted in the tally.
struct RowWriter {
    std::ostream& out;
    Tally& tally;
    const ProofTarget* target;  // --proof
    OutputFormat format;
    std::optional<Geometry> size;
    bool count_mode;
    JsonRows json_rows;
    bool bad_option = false;  // a plugin refused --option: a usage error

    void operator()(Job& job) {
        const SolveOutcome& outcome = job.outcome;
        tally.row();
        if (outcome.verdict == Verdict::invalid) tally.invalid(job.item.origin);
        else if (outcome.verdict == Verdict::error) tally.failed(job.item.origin);
        if (outcome.status == NP_BAD_OPTION) bad_option = true;
        if (target) tally_proof(tally, job);
        const ProofSave* save = target ? &job.save : nullptr;
        const std::string& plugin = job.plugin != nullptr ? job.plugin->plugin->name() : kNoPlugin;
        if (format == OutputFormat::json) json_rows.write(out, job.item, job.parsed, size, plugin, outcome, save);
        else write_text(out, job.item.origin, outcome, format, count_mode, std::get_if<Grid>(&job.parsed));
        if (save != nullptr && format != OutputFormat::json) write_proof_line(out, outcome.proof, *save);
    }
};

const char* const kProofHelp =
    "--proof FILE asks the plugin for a proof of each answer and checks it here; a row is then followed by "
    "'proof: checked (N bytes), written to FILE', or 'proof: STATUS, FILE not written: why' (a search "
    "that did not finish, multiple without a full count, a plugin that cannot prove with these options, a "
    "rejected proof). Exit 1 when a proof was not written (an existing FILE is then left as it was); exit 2 "
    "when the plugin cannot prove at all, or a second puzzle comes for a FILE without {n}.";

int run(const Args& args, Streams io, bool count_mode) {
    const uint64_t limit = args.has("--limit") ? args.whole("--limit") : (count_mode ? NP_UNLIMITED : 2);
    const std::string command = count_mode ? "count" : "solve";
    if (auto problem = proof_flags_problem(args); !problem.empty()) {
        io.err << "numplace " << command << ": " << problem << "\n";
        return kExitUsage;
    }
    const bool proving = args.has("--proof");
    PluginRegistry registry = load_plugins(args, io.err);
    const uint32_t needs = (count_mode ? (NP_CAP_SOLVE | NP_CAP_COUNT) : NP_CAP_SOLVE) | (proving ? NP_CAP_PROOF : 0);
    auto choice = PluginChoice::make(
        args, registry, {needs, count_mode ? NP_CAP_COUNT : NP_CAP_SOLVE, command, "solve", proving ? "write proofs" : ""},
        io.err);
    if (!choice) return kExitUsage;
    if (!worker_available(args, io.err)) return kExitUsage;
    const auto runner = runner::make_runner(harness_settings(args).runner);
    std::optional<ProofTarget> target;
    if (proving) target = ProofTarget{args.text("--proof")};
    Budget budget = budget_of(args);
    budget.max_proof_bytes = proving ? args.whole("--max-proof-bytes") : 0;
    const Calls calls{*runner, limit, budget, args.flag("--in-process"), target ? &*target : nullptr};
    const OutputFormat format = output_format_from_name(args.text("--format")).value_or(OutputFormat::line);
    const auto size = size_of(args);

    // Parsing and writing on this thread, solving on the pipeline's worker
    // thread (which talks to the worker process, if any).
    Tally tally;
    bool second_puzzle = false, no_plugin = false;
    uint64_t inputs = 0;
    RowWriter rows{io.out, tally, target ? &*target : nullptr, format, size, count_mode, {}};
    OrderedPipeline<Job> pipeline(
        OrderedPipeline<Job>::Batched{},
        [&](std::vector<Job>& batch, const OrderedPipeline<Job>::Publish& publish) {
            return solve_batch(calls, batch, publish);
        },
        [&](Job& job) { rows(job); },
        [&] { io.out.flush(); });  // before waiting for a slow answer: those before it are out
    for_each_input(args, io.in, io.err, tally, [&](const InputItem& item) {
        if (++inputs == 2 && target && !target->numbered()) {
            io.err << "numplace " << command << ": --proof " << utf8_clean(target->pattern)
                   << " holds one puzzle's proof, and " << utf8_clean(item.origin)
                   << " is a second puzzle: put {n} in the name (--proof proof-{n}.np) for one file per puzzle\n";
            second_puzzle = true;
            return false;
        }
        Job job{item, parse_item(item, size), {}, inputs, {}};
        return ready(*choice, job, no_plugin, io.err) && pipeline.add(std::move(job));
    }, [&] {
        // The input paused: every answer out now (stdout to a pipe is
        // block-buffered), not when the last puzzle is done.
        pipeline.drain();
        io.out.flush();
    });
    pipeline.finish();
    io.out.flush();
    const int code = tally.finish(io.err, "inputs");
    return (rows.bad_option || second_puzzle || no_plugin) && !interrupted() ? kExitUsage : code;
}

constexpr uint64_t kDefaultMaxProofBytes = uint64_t{1} << 30;  // 1 GiB: kept in a temporary file, not in memory

std::vector<FlagSpec> solve_flags(bool count_mode) {
    FlagSpec limit{"--limit", FlagKind::whole,
                   count_mode ? "Stop after this many solutions (default: count them all)"
                              : "Stop after this many solutions; 2 also proves uniqueness, 1 takes the first found",
                   count_mode ? "" : "2"};
    limit.at_least(1);
    FlagSpec proof{"--proof", FlagKind::text,
                   "Save each answer's proof, once checked here, in this proof file (docs/proofs.md); with {n} in the "
                   "name, one file per input ({n} = its number, 1, 2, ...), otherwise one puzzle only. Needs a plugin "
                   "that can prove (capability proof)"};
    FlagSpec max_proof = flags::max_proof_bytes(kDefaultMaxProofBytes);
    max_proof.help = "With --proof: the byte budget of each proof; past it the answer stands unproved and no file is "
                     "written";
    max_proof.at_least(1);
    return {flags::plugin_or_default(count_mode ? "Plugin that counts exactly (capability count)" : "Plugin to use"), flags::plugin_dir(), flags::allow_insecure_plugins(), flags::no_sandbox(), limit, flags::option(), flags::size(),
            flags::input_format(), flags::format({"line", "grid", "share", "json", "fpuzzles"}, "line"), flags::max_nodes(),
            flags::timeout(), proof, max_proof, flags::in_process(), flags::memory(), flags::inputs()};
}

}  // namespace

Command solve_command() {
    return {{"solve"},
            "Solve puzzles; limit 2 (the default) also proves uniqueness",
            "Each input gets one row: the solution when it is unique (proved), 'found: <solution>' when a "
            "solution was found but uniqueness was not examined (a plugin that cannot prove it, --limit 1, or a "
            "spent budget), otherwise none, multiple, unknown (budget spent), 'invalid: <reason>' or "
            "'error: <message>'. --format json gives one object per input. " + std::string(kProofHelp) + " " +
                std::string(kWorkerHelp),
            solve_flags(false),
            [](const Args& a, Streams io) { return run(a, io, false); }};
}

Command count_command() {
    return {{"count"},
            "Count solutions (all of them unless --limit); N+ = a lower bound",
            "Each input gets its count; N+ when the search stopped early (--limit, --max-nodes, --timeout or "
            "an interrupt), so N is a lower bound. Needs a plugin that can count. " + std::string(kProofHelp) + " " +
                std::string(kWorkerHelp),
            solve_flags(true),
            [](const Args& a, Streams io) { return run(a, io, true); }};
}

}  // namespace np::cli
