// corpus import: dataset lines -> entries whose expectations the plugins
// computed and agreed on (import.hpp). Read top to bottom it follows the
// phases: reading the files, choosing the lines, asking the plugins, making
// the entries, writing them.
#include "corpus/import.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "numplace/format.hpp"
#include "numplace/fpuzzles.hpp"
#include "numplace/certify.hpp"
#include "output/output_file.hpp"
#include "numplace/random.hpp"

namespace np::corpus {

namespace {

namespace fs = std::filesystem;

// ---------------------------------------------------------------- reading

std::optional<std::string> read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::error_code ec;
    // A folder opens as a stream on Linux; reading it would fail later and
    // less clearly.
    if (!in || fs::is_directory(path, ec)) return std::nullopt;
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        lines.push_back(line);
    }
    return lines;
}

// Datasets put a puzzle first and may follow it with counts, ratings or
// solutions after a separator.
// An f-puzzles line (a link, its Base64 or a JSON object) is the whole line.
std::string first_field(const std::string& line) {
    if (looks_like_fpuzzles(line)) return line;
    return line.substr(0, line.find_first_of(" \t:,;"));
}

std::vector<ImportLine> puzzle_lines(const std::string& text) {
    std::vector<ImportLine> puzzles;
    const auto lines = lines_of(text);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string field = first_field(lines[i]);
        if (!field.empty() && field[0] != '#') puzzles.push_back({static_cast<int>(i + 1), field});
    }
    return puzzles;
}

// Solutions and counts go by position: there must be one per puzzle.
std::string one_per_puzzle(const std::string& path, std::size_t given, const char* noun, const ImportInput& input) {
    if (given == input.puzzles.size()) return "";
    return path + ": " + std::to_string(given) + " " + noun + " for " + std::to_string(input.puzzles.size()) +
           " puzzles";
}

// Each reader below fills its part of `input` from the lines of the file at
// `path` (named in its messages) and returns "" or the problem.

std::string read_solutions(const std::string& path, const std::vector<std::string>& lines, ImportInput& input) {
    for (const auto& line : lines)
        if (!line.empty()) input.solutions.push_back(first_field(line));
    return one_per_puzzle(path, input.solutions.size(), "solutions", input);
}

std::string read_counts(const std::string& path, const std::vector<std::string>& lines, ImportInput& input) {
    for (std::size_t i = 1; i < lines.size(); ++i) {  // row 0 is the header
        if (lines[i].empty()) continue;
        std::istringstream row(lines[i]);
        std::string puzzle, count;
        std::getline(row, puzzle, '\t');
        std::getline(row, count, '\t');
        try {
            input.counts.emplace_back(puzzle, std::stoull(count));
        } catch (const std::exception&) {
            return path + ":" + std::to_string(i + 1) + ": no count in column 2";
        }
    }
    return one_per_puzzle(path, input.counts.size(), "counts", input);
}

std::string read_line_tags(const std::string& path, const std::vector<std::string>& lines, ImportInput& input) {
    int n = 0;
    for (const auto& row : lines) {
        ++n;
        if (row.empty() || row[0] == '#') continue;
        const auto tab = row.find('\t');
        int line = 0;
        try {
            line = std::stoi(row.substr(0, tab));
        } catch (const std::exception&) {
        }
        if (tab == std::string::npos || line <= 0)
            return path + ":" + std::to_string(n) + ": expected LINE<TAB>tag,tag";
        std::istringstream tags(row.substr(tab + 1));
        for (std::string tag; std::getline(tags, tag, ',');)
            if (!tag.empty()) input.line_tags[line].push_back(tag);
    }
    return "";
}

// ---------------------------------------------------------------- choosing

// The indices of the lines to import: all, or a sample that the seed alone
// decides (so a rerun imports the same lines), kept in file order.
std::vector<std::size_t> chosen_lines(std::size_t lines, std::size_t sample, uint64_t seed) {
    std::vector<std::size_t> chosen(lines);
    for (std::size_t i = 0; i < chosen.size(); ++i) chosen[i] = i;
    if (sample == 0 || sample >= chosen.size()) return chosen;
    Rng rng(seed);
    for (std::size_t i = 0; i < sample; ++i) std::swap(chosen[i], chosen[i + rng.below(chosen.size() - i)]);
    chosen.resize(sample);
    std::sort(chosen.begin(), chosen.end());
    return chosen;
}

// ---------------------------------------------------------------- asking the plugins

// A value made from a line, or why the line is refused.
template <typename T>
struct Made {
    std::optional<T> value;
    std::string refusal;
};

Made<PuzzleExpectation> refused(std::string why) { return {std::nullopt, std::move(why)}; }

ExpectedReason expected_from(const Reason& r) {
    ExpectedReason e;
    e.code = r.code;
    e.row = r.row;
    e.column = r.column;
    e.box = r.box;
    e.value = r.value;
    return e;
}

using Answers = std::vector<std::pair<std::string, SolveOutcome>>;  // (plugin, its answer)

// Counting exactly only when the source gives counts to compare with; a
// limit of 2 is enough to tell none, unique and multiple apart.
Answers ask_provers(const Grid& puzzle, const std::vector<const Plugin*>& provers, bool exact_count,
                    const Budget& budget) {
    Answers answers;
    for (const Plugin* p : provers) {
        if (!p->supports(puzzle.geometry)) continue;
        if (puzzle.is_variant() && p->variant_refusal(*puzzle.variant)) continue;  // it would solve another puzzle
        answers.emplace_back(p->name(), p->solve(puzzle, exact_count ? NP_UNLIMITED : 2, {}, budget));
    }
    return answers;
}

// Duplicate givens: every plugin must say invalid with one of the real
// violations; the entry names the first in the framework's order.
Made<PuzzleExpectation> invalid_expectation(const Answers& answers, const std::vector<Reason>& violations) {
    for (const auto& [name, out] : answers) {
        if (out.verdict != Verdict::invalid || !out.error)
            return refused(name + " does not call the duplicate givens invalid (says " +
                           std::string(verdict_name(out.verdict)) + ")");
        // A plain reference, not the structured binding `out`: clang 14
        // does not implement C++20's capture of a binding in a lambda.
        const Reason& said = *out.error;
        const bool known = std::any_of(violations.begin(), violations.end(), [&](const Reason& v) {
            return v.code == said.code && v.row == said.row && v.column == said.column && v.value == said.value;
        });
        if (!known) return refused(name + " reports a violation the rules do not: " + out.error->message);
    }
    PuzzleExpectation e;
    e.verdict = Verdict::invalid;
    e.reason = expected_from(violations.front());
    return {e, ""};
}

// Why a second conclusive answer does not back the first one ("" when it does).
std::string disagreement(const std::string& first_name, const SolveOutcome& first, const std::string& name,
                         const SolveOutcome& out, bool exact_count) {
    // Under a limit of 2, counts above 2 mean nothing: compare what the limit allows.
    const bool same_count = exact_count ? out.count == first.count
                                        : std::min<uint64_t>(out.count, 2) == std::min<uint64_t>(first.count, 2);
    if (out.verdict != first.verdict || !same_count)
        return first_name + " and " + name + " disagree: " + std::string(verdict_name(first.verdict)) + " (" +
               std::to_string(first.count) + ") vs " + std::string(verdict_name(out.verdict)) + " (" +
               std::to_string(out.count) + ")";
    if (out.verdict == Verdict::unique && out.solutions.at(0) != first.solutions.at(0))
        return first_name + " and " + name + " each find one solution, but different ones: they differ at " +
               where_grids_differ(first.solutions.at(0), out.solutions.at(0));
    return "";
}

// The expectation a conclusive answer stands for.
PuzzleExpectation expectation_of(const SolveOutcome& answer, bool exact_count) {
    PuzzleExpectation e;
    e.verdict = answer.verdict;
    if (e.verdict == Verdict::unique) {
        e.solution = answer.solutions.at(0);
        e.count = 1;
    } else if (e.verdict == Verdict::none) {
        e.count = 0;
    } else if (exact_count && answer.complete) {
        e.count = answer.count;
    } else {
        e.count_at_least = 2;
    }
    return e;
}

// Givens that obey the rules: no plugin may fail or call them invalid, and
// at least two must finish and agree. One plugin alone is never trusted.
Made<PuzzleExpectation> agreed_expectation(const Answers& answers, bool exact_count) {
    const std::pair<std::string, SolveOutcome>* first = nullptr;
    int finished = 0;
    for (const auto& answer : answers) {
        const auto& [name, out] = answer;
        if (out.verdict == Verdict::error || out.verdict == Verdict::invalid)
            return refused(name + " answers " + std::string(verdict_name(out.verdict)) + ": " +
                           (out.error ? out.error->message : out.message));
        // A complete search, or (limit 2) two solutions: either is conclusive.
        const bool conclusive = out.complete || (!exact_count && out.verdict == Verdict::multiple);
        if (!conclusive) continue;
        ++finished;
        if (first == nullptr) {
            first = &answer;
            continue;
        }
        if (auto why = disagreement(first->first, first->second, name, out, exact_count); !why.empty())
            return refused(why);
    }
    if (finished < 2)
        return refused("only " + std::to_string(finished) + " plugin(s) finished within the budget (need 2)");
    return {expectation_of(first->second, exact_count), ""};
}

Made<PuzzleExpectation> compute_expectation(const Grid& puzzle, const std::vector<const Plugin*>& provers,
                                            bool exact_count, const Budget& budget) {
    const Answers answers = ask_provers(puzzle, provers, exact_count, budget);
    const auto violations = check_rules(puzzle);
    if (!violations.empty()) return invalid_expectation(answers, violations);
    return agreed_expectation(answers, exact_count);
}

// The source's own facts about puzzle `index` must match what the plugins
// found: "" when they do (or the source says nothing), else why not.
std::string source_disagreement(const ImportInput& input, std::size_t index, const PuzzleExpectation& expect) {
    if (!input.solutions.empty()) {
        const std::string& known = input.solutions[index];
        if (expect.verdict != Verdict::unique || format_line(*expect.solution) != known)
            return "the source's solution " + known + " does not match the plugins' answer";
    }
    if (!input.counts.empty()) {
        const auto& [puzzle_text, count] = input.counts[index];
        if (puzzle_text != input.puzzles[index].text) return "the counts file's row does not name this puzzle";
        if (!expect.count || *expect.count != count)
            return "the source's count " + std::to_string(count) + " does not match the plugins' " +
                   (expect.count ? std::to_string(*expect.count) : std::string("unfinished count"));
    }
    return "";
}

// ---------------------------------------------------------------- making entries

// The plugins import relies on, picked by what they can do.
struct Judges {
    std::vector<const Plugin*> provers, checkers;
};

Judges judges_of(const std::vector<Plugin>& plugins) {
    Judges j;
    for (const auto& p : plugins) {
        if (p.can(NP_CAP_PROVE_UNIQUE)) j.provers.push_back(&p);
        if (p.can(NP_CAP_CHECK_GRID)) j.checkers.push_back(&p);
    }
    return j;
}

std::string sanitize_id(std::string text) {
    for (char& c : text)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_' && c != '.') c = '-';
    return text;
}

// What every entry carries whatever its kind: id, attribution, tags.
struct Label {
    std::string id, source;
    std::vector<std::string> tags;
};

Label label_of(const ImportInput& input, const ImportSettings& s, const std::string& prefix, int line) {
    Label l;
    l.id = prefix + "-" + std::to_string(line);
    l.source = s.source + " (" + input.file_name + " line " + std::to_string(line) + ")";
    l.tags = s.tags;
    if (auto it = input.line_tags.find(line); it != input.line_tags.end())
        for (const auto& t : it->second)
            if (std::find(l.tags.begin(), l.tags.end(), t) == l.tags.end()) l.tags.push_back(t);
    return l;
}

// A grid-check entry: the framework's rule check gives the violations, and
// every plugin checker must agree on valid / not valid.
Made<GridCheckEntry> grid_check_entry(const ImportLine& line, const ParseResult& parsed,
                                      const std::vector<const Plugin*>& checkers, Label label) {
    const Grid* grid = std::get_if<Grid>(&parsed);
    if (!grid) return {std::nullopt, std::get<Reason>(parsed).message};
    GridCheckEntry e;
    e.id = std::move(label.id);
    e.size = grid->geometry;
    e.text = line.text;
    e.grid = *grid;
    const auto violations = check_rules(*grid);
    e.valid = violations.empty();
    for (const auto& v : violations) e.violations.push_back(expected_from(v));
    for (const Plugin* c : checkers) {
        if (!c->supports(grid->geometry) || !grid->is_full()) continue;
        auto out = c->check(*grid, {});
        if (!out.ok || out.violations.empty() != e.valid)
            return {std::nullopt, c->name() + " disagrees with the rule check" + (out.ok ? "" : ": " + out.message)};
    }
    e.source = std::move(label.source);
    e.tags = std::move(label.tags);
    return {std::move(e), ""};
}

// A puzzle entry: malformed text is invalid by the framework's parser, the
// authority on text; anything else gets the plugins' agreed expectation.
Made<PuzzleEntry> puzzle_entry(const ImportInput& input, std::size_t index, const ParseResult& parsed,
                               const std::vector<const Plugin*>& provers, const ImportSettings& s, Label label) {
    const ImportLine& line = input.puzzles[index];
    PuzzleEntry e;
    e.id = std::move(label.id);
    e.text = line.text;
    e.source = std::move(label.source);
    e.tags = std::move(label.tags);
    if (const Reason* reason = std::get_if<Reason>(&parsed)) {
        // An f-puzzles line the reader refuses has no corpus form to keep it in.
        if (looks_like_fpuzzles(line.text)) return {std::nullopt, "not read: " + reason->message};
        // The shape the text was meant to have: --size, or what its length
        // suggests (a 4x4 with a 5 in it is still a 4x4).
        e.size = s.size ? *s.size : Geometry::from_cell_count(line.text.size()).value_or(Geometry{3, 3});
        e.puzzle = *reason;
        e.expect.verdict = Verdict::invalid;
        e.expect.reason = expected_from(*reason);
        return {std::move(e), ""};
    }
    const Grid& grid = std::get<Grid>(parsed);
    e.size = grid.geometry;
    e.puzzle = grid;
    auto computed = compute_expectation(grid, provers, !input.counts.empty(), s.budget);
    if (!computed.value) return {std::nullopt, computed.refusal};
    e.expect = *computed.value;
    if (auto why = source_disagreement(input, index, e.expect); !why.empty()) return {std::nullopt, why};
    return {std::move(e), ""};
}

// Makes the entry for puzzle `index` into `result`; "" or why it is refused.
std::string import_line(const ImportInput& input, std::size_t index, const Judges& judges, const ImportSettings& s,
                        const std::string& prefix, ImportResult& result) {
    const ImportLine& line = input.puzzles[index];
    const ParseResult parsed = looks_like_fpuzzles(line.text) ? parse_fpuzzles(line.text) : parse_line(line.text, s.size);
    Label label = label_of(input, s, prefix, line.line);
    if (s.kind == ImportKind::grid_check) {
        auto made = grid_check_entry(line, parsed, judges.checkers, std::move(label));
        if (made.value) result.grid_checks.push_back(std::move(*made.value));
        return made.refusal;
    }
    auto made = puzzle_entry(input, index, parsed, judges.provers, s, std::move(label));
    if (made.value) result.puzzles.push_back(std::move(*made.value));
    return made.refusal;
}

// ---------------------------------------------------------------- writing

std::string header_comment(const ImportResult& r) {
    std::string text = "# Imported with numplace corpus import from " + r.file_name + "; ";
    text += r.kind == ImportKind::grid_check
                ? "violations from the framework's rule check, valid / not valid confirmed by"
                : "expectations computed by";
    for (const auto& name : r.vouched_by) text += " " + name;
    return text + ".\n";
}

}  // namespace

ReadImport read_import_input(const ImportFiles& files) {
    ImportInput input;
    auto text = read_text(files.dataset);
    if (!text) return {std::nullopt, files.dataset + ": cannot read"};
    input.file_name = fs::path(files.dataset).filename().string();
    input.puzzles = puzzle_lines(*text);
    // The companion files are optional; the first problem ends the reading.
    std::string problem;
    auto companion = [&](const std::string& path, auto read) {
        if (!problem.empty() || path.empty()) return;
        auto companion_text = read_text(path);
        problem = companion_text ? read(path, lines_of(*companion_text), input) : path + ": cannot read";
    };
    companion(files.solutions, read_solutions);
    companion(files.counts, read_counts);
    companion(files.line_tags, read_line_tags);
    if (!problem.empty()) return {std::nullopt, problem};
    return {std::move(input), ""};
}

ImportResult import_entries(const ImportInput& input, const std::vector<Plugin>& plugins,
                            const ImportSettings& settings, const std::function<void(const Refusal&)>& on_refusal) {
    ImportResult result;
    result.kind = settings.kind;
    result.file_name = input.file_name;
    const Judges judges = judges_of(plugins);
    if (settings.kind == ImportKind::puzzle && judges.provers.size() < 2) {
        result.error = "corpus import needs two plugins that can prove uniqueness; found " +
                       std::to_string(judges.provers.size());
        return result;
    }
    for (const Plugin* p : settings.kind == ImportKind::grid_check ? judges.checkers : judges.provers)
        result.vouched_by.push_back(p->name());
    const std::string prefix = sanitize_id(
        settings.id_prefix.empty() ? fs::path(input.file_name).stem().string() : settings.id_prefix);
    for (std::size_t index : chosen_lines(input.puzzles.size(), settings.sample, settings.seed)) {
        std::string why = import_line(input, index, judges, settings, prefix, result);
        if (why.empty()) continue;
        result.refused.push_back({input.file_name, input.puzzles[index].line, std::move(why)});
        if (on_refusal) on_refusal(result.refused.back());
    }
    return result;
}

std::string entries_yaml(const ImportResult& result) {
    std::string yaml;
    for (const auto& e : result.puzzles) yaml += to_yaml(e);
    for (const auto& e : result.grid_checks) yaml += to_yaml(e);
    // An empty file is not a corpus file; an empty sequence is.
    return yaml.empty() ? "[]\n" : yaml;
}

WriteImport write_import(const ImportResult& result, const std::string& path) {
    WriteImport w;
    const std::string yaml = entries_yaml(result);
    // Checked before the file is opened, so a failure leaves no half-made file.
    w.internal = load_text(yaml, path).errors;
    if (!w.internal.empty()) return w;
    // Through a temporary renamed over the target (harness/output): a full
    // disk or a kill never leaves half a corpus file.
    std::string error;
    auto out = output::OutputFile::open(path, error);
    w.written = out && out->write(header_comment(result) + yaml) && out->commit();
    return w;
}

}  // namespace np::corpus
