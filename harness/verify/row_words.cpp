// The words of a verify row: a row from a judgement and its verdict word,
// and what a row says of itself (report version 4): its tags, the command
// that reruns it (`numplace verify FILE --ids ID --plugins ...` with the
// run's flags that change a row, each word quoted as a shell reads it) and,
// for a failed row, the grid it is about. The judging is units.cpp's.
#include <algorithm>
#include <bit>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "numplace/sandbox.hpp"
#include "verify/units.hpp"
#include "verify/verify.hpp"

namespace np::verify {

Row row_for(const std::string& entry, const std::string& plugin, const std::string& operation, const judge::Judgement& j) {
    Row r;
    r.entry = entry;
    r.plugin = plugin;
    r.operation = operation;
    r.status = j.status;
    r.kind = j.kind;
    r.finding = j.finding;
    return r;
}

RowProof row_proof(const ProofOutcome& p) { return {p.status, p.bytes, p.check_micros}; }

// The row of a call that --max-timeouts kept from running: a skip that
// --resume runs again.
Row not_run_row(const std::string& entry, const std::string& plugin, const std::string& operation,
                const std::string& reason) {
    Row r = row_for(entry, plugin, operation, {Status::skip, Kind::none, reason});
    r.not_run = true;
    return r;
}

std::string verdict_of(const SolveOutcome& out) {
    if (out.fault != Fault::none) return "error";
    std::string v(verdict_name(out.verdict));
    if (out.count > 2 || (out.verdict == Verdict::multiple && out.complete)) v += " (" + std::to_string(out.count) + (out.complete ? ")" : "+)");
    return v;
}

namespace {

// A word as a POSIX shell reads it: quoted when it holds anything else
// than letters, digits and _ . / : = , + - @ %.
std::string shell_word(const std::string& word) {
    const bool plain = !word.empty() && std::all_of(word.begin(), word.end(), [](unsigned char c) {
        return std::isalnum(c) || std::strchr("_./:=,+-@%", c) != nullptr;
    });
    if (plain) return word;
    std::string quoted = "'";
    for (char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

std::string number_word(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", v);
    return text;
}

// The options of this run that change a row, as verify's flags.
std::vector<std::string> row_flags(const Settings& s) {
    const harness::Settings& h = s.harness;
    const harness::Settings defaults;
    std::vector<std::string> f;
    for (const auto& dir : h.plugin_dirs) f.insert(f.end(), {"--plugin-dir", dir});
    if (h.allow_insecure_plugins) f.push_back("--allow-insecure-plugins");
    if (h.oracle != defaults.oracle) f.insert(f.end(), {"--oracle", h.oracle});
    if (s.size) f.insert(f.end(), {"--size", s.size->name()});
    if (h.timeout_seconds != defaults.timeout_seconds) f.insert(f.end(), {"--timeout", number_word(h.timeout_seconds)});
    if (h.max_nodes_given) f.insert(f.end(), {"--max-nodes", std::to_string(h.max_nodes)});
    if (h.runner.memory_mib != defaults.runner.memory_mib) f.insert(f.end(), {"--memory", std::to_string(h.runner.memory_mib)});
    if (h.max_proof_bytes != kDefaultProofBytes) f.insert(f.end(), {"--max-proof-bytes", std::to_string(h.max_proof_bytes)});
    if (s.require_proofs) f.push_back("--require-proofs");
    if (s.deep) f.push_back("--deep");
    if (s.step_sample != Settings{}.step_sample) f.insert(f.end(), {"--step-sample", std::to_string(s.step_sample)});
    if (h.runner.in_process) f.push_back("--in-process");
    if (!sandbox_enabled()) f.push_back("--no-sandbox");
    return f;
}

// The files a unit comes from, for its command: the corpus file of its
// entry, the plain file of its line, or the run's corpus paths (the sweep).
std::vector<std::string> unit_files(const Unit& u, const Settings& s) {
    switch (u.kind) {
        case Unit::Kind::corpus_puzzle: return {u.puzzle->where.file};
        case Unit::Kind::grid_check: return {u.check->where.file};
        case Unit::Kind::corpus_step: return {u.step->where.file};
        case Unit::Kind::plain_puzzle: return {u.item.origin.substr(0, u.item.origin.rfind(':'))};
        case Unit::Kind::generator:
            if (!u.generator.file.empty()) return {u.generator.file};
            break;
    }
    std::vector<std::string> corpus;  // the sweep runs wherever a corpus is read
    for (const auto& p : s.paths) {
        const auto ext = std::filesystem::path(p).extension();
        std::error_code ec;
        if (ext == ".yaml" || ext == ".yml" || std::filesystem::is_directory(p, ec)) corpus.push_back(p);
    }
    return corpus;
}

std::vector<std::string> unit_tags(const Unit& u) {
    switch (u.kind) {
        case Unit::Kind::corpus_puzzle: return u.puzzle->tags;
        case Unit::Kind::grid_check: return u.check->tags;
        case Unit::Kind::corpus_step: return u.step->tags;
        case Unit::Kind::generator: return u.generator.tags;
        case Unit::Kind::plain_puzzle: break;
    }
    return {};
}

// A candidate state as values: a cell whose candidates are down to one
// value (bit v for value v) shows it; a grid without candidates is itself.
Grid decided(const Grid& state) {
    Grid g(state.geometry, state.cells);
    for (std::size_t i = 0; i < g.cells.size() && i < state.candidates.size(); ++i)
        if (g.cells[i] == 0 && std::has_single_bit(state.candidates[i]))
            g.cells[i] = static_cast<uint8_t>(std::countr_zero(state.candidates[i]));
    return g;
}

// The grid a failed row is about: the unit's puzzle, grid or state (a
// generator row has its culprit already).
std::optional<Grid> unit_grid(const Unit& u) {
    switch (u.kind) {
        case Unit::Kind::corpus_puzzle:
            if (const Grid* g = std::get_if<Grid>(&u.puzzle->puzzle)) return *g;
            break;
        case Unit::Kind::grid_check: return u.check->grid;
        case Unit::Kind::corpus_step: return decided(u.step->state);
        case Unit::Kind::plain_puzzle: return u.grid;
        case Unit::Kind::generator: break;
    }
    return std::nullopt;
}

// A failure of these kinds is wrong on its face, whatever the other
// answers: its row needs no other plugin to fail again.
bool stands_alone(Kind kind) {
    return kind == Kind::certificate || kind == Kind::contract || kind == Kind::crashed || kind == Kind::timed_out ||
           kind == Kind::out_of_memory;
}

// The --plugins that rerun a row: its own plugin, and for a plain puzzle's
// row the parties its judgement rests on (Row::parties, in run order) unless
// its failure stands alone. The oracle answers whether it is named or not,
// so it is named only when it is the row's own plugin. "" for the host's
// rows.
std::string plugins_needed(const Row& r, const Context& ctx) {
    if (r.plugin == "host") return "";
    std::string named = r.plugin;
    if (r.status == Status::fail && stands_alone(r.kind)) return named;
    for (const Plugin& p : ctx.judged) {
        const bool party = std::find(r.parties.begin(), r.parties.end(), p.name()) != r.parties.end();
        const bool oracle = ctx.oracle && p.name() == ctx.oracle->name();
        if (party && !oracle && p.name() != r.plugin) named += "," + p.name();
    }
    return named;
}

}  // namespace

void describe(std::vector<Row>& rows, const Unit& u, const Context& ctx) {
    const Settings& s = ctx.settings;
    const std::vector<std::string> tags = unit_tags(u), files = unit_files(u, s), flags = row_flags(s);
    for (Row& r : rows) {
        r.tags = tags;
        std::vector<std::string> words = {"numplace", "verify"};
        words.insert(words.end(), files.begin(), files.end());
        words.insert(words.end(), {"--ids", r.entry});
        const std::string named = plugins_needed(r, ctx);
        if (!named.empty()) words.insert(words.end(), {"--plugins", named});
        words.insert(words.end(), flags.begin(), flags.end());
        std::string command;
        for (const auto& word : words) command.append(command.empty() ? "" : " ").append(shell_word(word));
        r.reproduce = command;
        // A bad step's row shows the board just before it when verify made
        // the step's regression entry (the oracle settled that state).
        if (r.status == Status::fail && !r.shown_puzzle && r.step_regression)
            r.shown_puzzle = decided(r.step_regression->state);
        if (r.status == Status::fail && !r.shown_puzzle) r.shown_puzzle = unit_grid(u);
    }
}

}  // namespace np::verify
