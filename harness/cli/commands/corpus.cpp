// numplace corpus lint / import.
//
// import turns dataset lines into corpus entries whose expectations are
// computed, never typed: every plugin that can prove uniqueness solves each
// puzzle; at least two must finish and all that finish must agree (and agree
// with the source's own solutions or counts when given), or the puzzle is
// refused and reported.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

#include "commands.hpp"
#include "corpus.hpp"
#include "shared.hpp"
#include "numplace/certify.hpp"
#include "numplace/input.hpp"
#include "numplace/random.hpp"

namespace np::cli {

namespace {

namespace fs = std::filesystem;

struct CorpusImportSettings {
    std::vector<std::string> plugin_dirs;
    bool allow_insecure_plugins = false;  // --allow-insecure-plugins (PluginRegistry::set_allow_insecure)
    std::optional<Geometry> size;
    uint64_t max_nodes = 0;
    double timeout_seconds = 0;
    std::string file;       // the dataset: one puzzle per line (first field)
    std::string out;        // the corpus file to write
    std::string kind;       // puzzle or grid-check
    std::vector<std::string> tags;
    std::string source;     // attribution; each entry's source adds "FILE line N"
    std::string id_prefix;  // default: the file's name without extension
    std::size_t sample = 0; // 0: every line
    uint64_t seed = 0;      // for the sample
    std::string solutions;  // line i is the solution of puzzle i
    std::string counts;     // TSV with header: puzzle, count[, solution] for puzzle i
    std::string line_tags;  // lines "LINE<TAB>tag,tag": more tags for that dataset line
};

// Each prover gets this many nodes per puzzle unless --max-nodes says otherwise.
constexpr uint64_t kDefaultImportNodes = 2'000'000;

std::optional<std::string> read_file(const std::string& path, std::ostream& err) {
    std::ifstream in(path, std::ios::binary);
    std::error_code ec;
    if (!in || fs::is_directory(path, ec)) {
        err << "numplace: " << path << ": cannot read\n";
        return std::nullopt;
    }
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

std::string first_field(const std::string& line) { return line.substr(0, line.find_first_of(" \t:,;")); }

std::string sanitize_id(std::string text) {
    for (char& c : text)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_' && c != '.') c = '-';
    return text;
}

corpus::ExpectedReason expected_from(const Reason& r) {
    corpus::ExpectedReason e;
    e.code = r.code;
    e.row = r.row;
    e.column = r.column;
    e.box = r.box;
    e.value = r.value;
    return e;
}

// What the source itself says about puzzle number `index` (0-based among
// the file's puzzle lines).
struct SourceFacts {
    std::vector<std::string> solutions;               // by index
    std::vector<std::pair<std::string, uint64_t>> counts;  // (puzzle, count) by index
};

// The expectation the provers agree on, or the reason they do not.
struct Computed {
    std::optional<corpus::PuzzleExpectation> expect;
    std::string refusal;
};

Computed compute_expectation(const Grid& puzzle, const std::vector<const Plugin*>& provers, bool exact_count,
                             const Budget& budget) {
    Computed c;
    std::vector<std::pair<std::string, SolveOutcome>> answers;
    for (const Plugin* p : provers) {
        if (!p->supports(puzzle.geometry)) continue;
        answers.emplace_back(p->name(), p->solve(puzzle, exact_count ? NP_UNLIMITED : 2, {}, budget));
    }
    // Duplicate givens: every plugin must say invalid with one of the real
    // violations; the entry names the first in the framework's order.
    const auto violations = check_rules(puzzle);
    if (!violations.empty()) {
        for (const auto& [name, out] : answers) {
            if (out.verdict != Verdict::invalid || !out.error) {
                c.refusal = name + " does not call the duplicate givens invalid (says " +
                            std::string(verdict_name(out.verdict)) + ")";
                return c;
            }
            // A plain reference, not the structured binding `out`: clang 14
            // does not implement C++20's capture of a binding in a lambda.
            const Reason& said = *out.error;
            const bool known = std::any_of(violations.begin(), violations.end(), [&](const Reason& v) {
                return v.code == said.code && v.row == said.row && v.column == said.column && v.value == said.value;
            });
            if (!known) {
                c.refusal = name + " reports a violation the rules do not: " + out.error->message;
                return c;
            }
        }
        corpus::PuzzleExpectation e;
        e.verdict = Verdict::invalid;
        e.reason = expected_from(violations.front());
        c.expect = e;
        return c;
    }
    const SolveOutcome* first = nullptr;
    std::string first_name;
    int finished = 0;
    for (const auto& [name, out] : answers) {
        if (out.verdict == Verdict::error || out.verdict == Verdict::invalid) {
            c.refusal = name + " answers " + std::string(verdict_name(out.verdict)) + ": " +
                        (out.error ? out.error->message : out.message);
            return c;
        }
        // A complete search, or (limit 2) two solutions: either is conclusive.
        const bool conclusive = out.complete || (!exact_count && out.verdict == Verdict::multiple);
        if (!conclusive) continue;
        ++finished;
        if (first == nullptr) {
            first = &out;
            first_name = name;
            continue;
        }
        const bool same_count = exact_count ? out.count == first->count : std::min<uint64_t>(out.count, 2) == std::min<uint64_t>(first->count, 2);
        if (out.verdict != first->verdict || !same_count) {
            c.refusal = first_name + " and " + name + " disagree: " + std::string(verdict_name(first->verdict)) +
                        " (" + std::to_string(first->count) + ") vs " + std::string(verdict_name(out.verdict)) +
                        " (" + std::to_string(out.count) + ")";
            return c;
        }
        if (out.verdict == Verdict::unique && out.solutions.at(0) != first->solutions.at(0)) {
            c.refusal = first_name + " and " + name + " each find one solution, but different ones: they differ at " +
                        where_grids_differ(first->solutions.at(0), out.solutions.at(0));
            return c;
        }
    }
    if (finished < 2) {
        c.refusal = "only " + std::to_string(finished) + " plugin(s) finished within the budget (need 2)";
        return c;
    }
    corpus::PuzzleExpectation e;
    e.verdict = first->verdict;
    if (e.verdict == Verdict::unique) {
        e.solution = first->solutions.at(0);
        e.count = 1;
    } else if (e.verdict == Verdict::none) {
        e.count = 0;
    } else if (exact_count && first->complete) {
        e.count = first->count;
    } else {
        e.count_at_least = 2;
    }
    c.expect = e;
    return c;
}

}  // namespace

// ---- numplace corpus lint --------------------------------------------------------

int run_corpus_lint(const Args& args, Streams io) {
    std::vector<std::string> paths = args.texts("PATHS");
    if (paths.empty()) paths.push_back("corpus");
    corpus::LoadResult r = corpus::load(paths);
    for (const auto& d : r.errors) io.err << d.text() << "\n";
    io.out << r.corpus.files << " file(s), " << r.corpus.puzzles.size() << " puzzle, " << r.corpus.grid_checks.size()
           << " grid-check and " << r.corpus.generators.size() << " generator entries";
    if (r.ok()) io.out << ": ok\n";
    else io.out << " loaded; " << r.errors.size() << " error(s)\n";
    return r.ok() ? kExitOk : kExitFailed;
}

// ---- numplace corpus import ------------------------------------------------------

int run_corpus_import(const CorpusImportSettings& s, Streams io) {
    const std::optional<Geometry> size = s.size;
    if (s.source.empty()) {
        io.err << "numplace: corpus import needs --source (the attribution)\n";
        return kExitUsage;
    }
    auto text = read_file(s.file, io.err);
    if (!text) return kExitUsage;

    // The dataset's puzzle lines, with their 1-based line numbers.
    std::vector<std::pair<int, std::string>> puzzles;
    {
        auto lines = lines_of(*text);
        for (std::size_t i = 0; i < lines.size(); ++i) {
            const std::string field = first_field(lines[i]);
            if (!field.empty() && field[0] != '#') puzzles.emplace_back(static_cast<int>(i + 1), field);
        }
    }
    SourceFacts facts;
    if (!s.solutions.empty()) {
        auto t = read_file(s.solutions, io.err);
        if (!t) return kExitUsage;
        for (const auto& line : lines_of(*t))
            if (!line.empty()) facts.solutions.push_back(first_field(line));
        if (facts.solutions.size() != puzzles.size()) {
            io.err << "numplace: " << s.solutions << ": " << facts.solutions.size() << " solutions for "
                   << puzzles.size() << " puzzles\n";
            return kExitUsage;
        }
    }
    if (!s.counts.empty()) {
        auto t = read_file(s.counts, io.err);
        if (!t) return kExitUsage;
        auto lines = lines_of(*t);
        for (std::size_t i = 1; i < lines.size(); ++i) {  // row 0 is the header
            if (lines[i].empty()) continue;
            std::istringstream row(lines[i]);
            std::string puzzle, count;
            std::getline(row, puzzle, '\t');
            std::getline(row, count, '\t');
            try {
                facts.counts.emplace_back(puzzle, std::stoull(count));
            } catch (const std::exception&) {
                io.err << "numplace: " << s.counts << ":" << i + 1 << ": no count in column 2\n";
                return kExitUsage;
            }
        }
        if (facts.counts.size() != puzzles.size()) {
            io.err << "numplace: " << s.counts << ": " << facts.counts.size() << " counts for " << puzzles.size()
                   << " puzzles\n";
            return kExitUsage;
        }
    }

    std::map<int, std::vector<std::string>> extra_tags;
    if (!s.line_tags.empty()) {
        auto t = read_file(s.line_tags, io.err);
        if (!t) return kExitUsage;
        int n = 0;
        for (const auto& row : lines_of(*t)) {
            ++n;
            if (row.empty() || row[0] == '#') continue;
            const auto tab = row.find('\t');
            int line = 0;
            try {
                line = std::stoi(row.substr(0, tab));
            } catch (const std::exception&) {
            }
            if (tab == std::string::npos || line <= 0) {
                io.err << "numplace: " << s.line_tags << ":" << n << ": expected LINE<TAB>tag,tag\n";
                return kExitUsage;
            }
            std::istringstream tags(row.substr(tab + 1));
            for (std::string tag; std::getline(tags, tag, ',');)
                if (!tag.empty()) extra_tags[line].push_back(tag);
        }
    }

    // A reproducible sample, kept in file order.
    std::vector<std::size_t> chosen(puzzles.size());
    for (std::size_t i = 0; i < chosen.size(); ++i) chosen[i] = i;
    if (s.sample != 0 && s.sample < chosen.size()) {
        Rng rng(s.seed);
        for (std::size_t i = 0; i < s.sample; ++i) std::swap(chosen[i], chosen[i + rng.below(chosen.size() - i)]);
        chosen.resize(s.sample);
        std::sort(chosen.begin(), chosen.end());
    }

    PluginRegistry registry;
    registry.set_allow_insecure(s.allow_insecure_plugins);
    registry.add_standard_search_path(s.plugin_dirs);
    std::vector<const Plugin*> provers, checkers;
    for (const auto& p : registry.plugins()) {
        if (p.can(NP_CAP_PROVE_UNIQUE)) provers.push_back(&p);
        if (p.can(NP_CAP_CHECK_GRID)) checkers.push_back(&p);
    }
    if (s.kind == "puzzle" && provers.size() < 2) {
        io.err << "numplace: corpus import needs two plugins that can prove uniqueness; found " << provers.size()
               << "\n";
        return kExitUsage;
    }
    Budget budget;
    budget.max_nodes = s.max_nodes ? s.max_nodes : kDefaultImportNodes;
    budget.timeout_seconds = s.timeout_seconds;
    budget.cancel = &interrupt_flag();

    const std::string prefix = sanitize_id(s.id_prefix.empty() ? fs::path(s.file).stem().string() : s.id_prefix);
    const std::string file_name = fs::path(s.file).filename().string();
    std::string yaml;
    int written = 0, refused = 0;
    for (std::size_t index : chosen) {
        const auto& [line, text_field] = puzzles[index];
        const std::string where = file_name + ":" + std::to_string(line);
        auto refuse = [&](const std::string& why) {
            io.err << "numplace: " << where << ": refused: " << why << "\n";
            ++refused;
        };
        ParseResult parsed_result = parse_line(text_field, size);
        const std::string id = prefix + "-" + std::to_string(line);
        const std::string source = s.source + " (" + file_name + " line " + std::to_string(line) + ")";
        std::vector<std::string> tags = s.tags;
        if (auto it = extra_tags.find(line); it != extra_tags.end())
            for (const auto& t : it->second)
                if (std::find(tags.begin(), tags.end(), t) == tags.end()) tags.push_back(t);

        if (s.kind == "grid-check") {
            const Grid* grid = std::get_if<Grid>(&parsed_result);
            if (!grid) {
                refuse(std::get<Reason>(parsed_result).message);
                continue;
            }
            corpus::GridCheckEntry e;
            e.id = id;
            e.size = grid->geometry;
            e.text = text_field;
            e.grid = *grid;
            const auto violations = check_rules(*grid);
            e.valid = violations.empty();
            for (const auto& v : violations) e.violations.push_back(expected_from(v));
            // Every plugin checker must agree on valid / not valid.
            bool agree = true;
            for (const Plugin* c : checkers) {
                if (!c->supports(grid->geometry) || !grid->is_full()) continue;
                auto out = c->check(*grid, {});
                if (!out.ok || out.violations.empty() != e.valid) {
                    refuse(c->name() + " disagrees with the rule check" + (out.ok ? "" : ": " + out.message));
                    agree = false;
                    break;
                }
            }
            if (!agree) continue;
            e.source = source;
            e.tags = tags;
            yaml += corpus::to_yaml(e);
            ++written;
            continue;
        }

        corpus::PuzzleEntry e;
        e.id = id;
        e.text = text_field;
        e.source = source;
        e.tags = tags;
        if (const Reason* reason = std::get_if<Reason>(&parsed_result)) {
            // Malformed text: the framework's parser is the authority.
            // The shape the text was meant to have: --size, or what its
            // length suggests (a 4x4 with a 5 in it is still a 4x4).
            e.size = size ? *size : Geometry::from_cell_count(text_field.size()).value_or(Geometry{3, 3});
            e.puzzle = *reason;
            e.expect.verdict = Verdict::invalid;
            e.expect.reason = expected_from(*reason);
        } else {
            const Grid& grid = std::get<Grid>(parsed_result);
            e.size = grid.geometry;
            e.puzzle = grid;
            Computed c = compute_expectation(grid, provers, !facts.counts.empty(), budget);
            if (!c.expect) {
                refuse(c.refusal);
                continue;
            }
            e.expect = *c.expect;
            // The source's own facts must match what the plugins found.
            if (!facts.solutions.empty()) {
                const std::string& known = facts.solutions[index];
                if (e.expect.verdict != Verdict::unique || format_line(*e.expect.solution) != known) {
                    refuse("the source's solution " + known + " does not match the plugins' answer");
                    continue;
                }
            }
            if (!facts.counts.empty()) {
                const auto& [puzzle_text, count] = facts.counts[index];
                if (puzzle_text != text_field) {
                    refuse("the counts file's row does not name this puzzle");
                    continue;
                }
                if (!e.expect.count || *e.expect.count != count) {
                    refuse("the source's count " + std::to_string(count) + " does not match the plugins' " +
                           (e.expect.count ? std::to_string(*e.expect.count) : std::string("unfinished count")));
                    continue;
                }
            }
        }
        yaml += corpus::to_yaml(e);
        ++written;
    }

    // What we write must lint clean.
    if (yaml.empty()) yaml = "[]\n";
    corpus::LoadResult check = corpus::load_text(yaml, s.out);
    for (const auto& d : check.errors) io.err << "numplace: internal: " << d.text() << "\n";
    if (!check.ok()) return kExitFailed;
    std::ofstream out(s.out, std::ios::binary);
    out << "# Imported with numplace corpus import from " << file_name << "; ";
    if (s.kind == "grid-check") {
        out << "violations from the framework's rule check, valid / not valid confirmed by";
        for (const Plugin* p : checkers) out << " " << p->name();
    } else {
        out << "expectations computed by";
        for (const Plugin* p : provers) out << " " << p->name();
    }
    out << ".\n" << yaml;
    if (!out) {
        io.err << "numplace: " << s.out << ": cannot write\n";
        return kExitUsage;
    }
    io.out << written << " entries written to " << s.out << "; " << refused << " refused\n";
    return refused ? kExitFailed : kExitOk;
}

// ---- The two command units --------------------------------------------------------

namespace {

int run_import(const Args& args, Streams io) {
    CorpusImportSettings s;
    s.plugin_dirs = args.texts("--plugin-dir");
    s.allow_insecure_plugins = args.flag("--allow-insecure-plugins");
    s.size = size_of(args);
    s.max_nodes = args.whole("--max-nodes");
    s.timeout_seconds = args.seconds("--timeout");
    s.file = args.text("FILE");
    s.out = args.text("--out");
    s.kind = args.text("--kind");
    s.tags = args.texts("--tag");
    s.source = args.text("--source");
    s.id_prefix = args.text("--id-prefix");
    s.sample = args.whole("--sample");
    s.seed = args.whole("--seed");
    s.solutions = args.text("--solutions");
    s.counts = args.text("--counts");
    s.line_tags = args.text("--line-tags");
    const int code = run_corpus_import(s, io);
    return interrupted() ? interrupt_exit_code() : code;
}

}  // namespace

Command corpus_lint_command() {
    return {{"corpus", "lint"},
            "Check corpus files against the schema (solves nothing)",
            "Exit 1 when a file breaks the schema; each problem is one line naming FILE:LINE.",
            {{"PATHS", FlagKind::texts, "Corpus files or folders (default: corpus/)"}},
            run_corpus_lint};
}

Command corpus_import_command() {
    return {{"corpus", "import"},
            "Turn dataset lines into corpus entries whose expectations the plugins compute and agree on",
            "Every plugin that can prove uniqueness solves each puzzle (with --max-nodes 2000000 each unless "
            "given); at least two must finish and all must agree, or the line is refused with the reason.",
            {FlagSpec{"FILE", FlagKind::text, "Dataset: one puzzle per line (its first field)"}.mandatory(),
             FlagSpec{"--out", FlagKind::text, "Corpus file to write (replaced)"}.mandatory(),
             FlagSpec{"--source", FlagKind::text, "Attribution; each entry adds its file and line"}.mandatory(),
             {"--tag", FlagKind::texts, "Tag for every entry; repeatable"},
             {"--kind", FlagKind::choice, "puzzle or grid-check", "puzzle", {"puzzle", "grid-check"}},
             {"--id-prefix", FlagKind::text, "Ids are PREFIX-LINE (default: the file's stem)"},
             {"--sample", FlagKind::whole, "Take this many lines at random (0: all)", "0"},
             flags::seed("Seed for --sample"),
             {"--solutions", FlagKind::text, "File whose line i is the solution of puzzle i"},
             {"--counts", FlagKind::text, "TSV with a header; row i: puzzle, solution count[, solution] of puzzle i"},
             {"--line-tags", FlagKind::text,
              "Lines LINE<TAB>tag,tag...: extra tags for the puzzle on that line of FILE"},
             flags::plugin_dir(), flags::allow_insecure_plugins(), flags::size(), flags::max_nodes(), flags::timeout()},
            run_import};
}

}  // namespace np::cli
