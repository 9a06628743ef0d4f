// numplace corpus lint / import.
//
// import is harness/corpus/import.hpp (numplace_corpus_import) behind the
// command's flags: this unit reads the flags, loads the plugins, and turns
// the library's refusals and problems into messages and exit codes.
#include <filesystem>

#include "cli/commands/commands.hpp"
#include "corpus/corpus.hpp"
#include "corpus/import.hpp"
#include "verify/report_file.hpp"
#include "cli/shared.hpp"

namespace np::cli {

// ---- numplace corpus lint --------------------------------------------------------

namespace {

// A regressions file that verify wrote names its run and its report; a
// report of another run beside it means a run was killed between renaming
// its files (regressions first, the report last): one line saying so.
std::vector<std::string> mixed_runs(const std::vector<std::string>& paths) {
    namespace fs = std::filesystem;
    std::vector<std::string> problems;
    std::vector<fs::path> files;
    for (const auto& p : paths) {
        std::error_code ec;
        if (fs::is_directory(p, ec)) {
            for (const auto& e : fs::recursive_directory_iterator(p, ec))
                if (e.path().extension() == ".yaml" || e.path().extension() == ".yml") files.push_back(e.path());
        } else {
            files.emplace_back(p);
        }
    }
    for (const auto& file : files) {
        std::string report;
        const std::string id = verify::regressions_run_id(file.string(), &report);
        if (id.empty() || report.empty() || report == "(none)" || report == "-") continue;
        const std::string beside = (file.parent_path() / report).string();
        std::error_code ec;
        if (!fs::exists(beside, ec)) continue;
        const std::string other = verify::report_run_id(beside);
        if (other != id)
            problems.push_back(file.string() + ":3: written by verify run " + id + ", but its report " + beside +
                               " holds run " + (other.empty() ? "(none)" : other) +
                               ": a run was killed between renaming its files; run verify again");
    }
    return problems;
}

}  // namespace

int run_corpus_lint(const Args& args, Streams io) {
    std::vector<std::string> paths = args.texts("PATHS");
    // verify's default too: the installed corpus, wherever the user stands.
    if (paths.empty()) paths.push_back(corpus::bundled_path());
    corpus::LoadResult r = corpus::load(paths);
    for (const auto& d : r.errors) io.err << d.text() << "\n";
    const auto mixed = mixed_runs(paths);
    for (const auto& line : mixed) io.err << line << "\n";
    const std::size_t errors = r.errors.size() + mixed.size();
    io.out << r.corpus.files << " file(s), " << r.corpus.puzzles.size() << " puzzle, " << r.corpus.grid_checks.size()
           << " grid-check, " << r.corpus.generators.size() << " generator and " << r.corpus.steps.size()
           << " step entries";
    if (errors == 0) io.out << ": ok\n";
    else io.out << " loaded; " << errors << " error(s)\n";
    return errors == 0 ? kExitOk : kExitFailed;
}

// ---- numplace corpus import ------------------------------------------------------

namespace {

// What the import command was asked, from its flags.
struct CorpusImport {
    harness::Settings plugins;  // every plugin found: import picks its provers by capability
    corpus::ImportFiles files;
    corpus::ImportSettings settings;
    std::string out;  // the corpus file to write
};

CorpusImport import_request(const Args& args) {
    CorpusImport c;
    c.plugins.plugin_dirs = args.texts("--plugin-dir");
    c.plugins.allow_insecure_plugins = args.flag("--allow-insecure-plugins");
    c.plugins.oracle = "";  // the provers must agree: none of them is the truth alone
    c.files = {args.text("FILE"), args.text("--solutions"), args.text("--counts"), args.text("--line-tags")};
    corpus::ImportSettings& s = c.settings;
    s.kind = args.text("--kind") == "grid-check" ? corpus::ImportKind::grid_check : corpus::ImportKind::puzzle;
    s.size = size_of(args);
    s.budget.max_nodes = args.whole("--max-nodes");
    if (s.budget.max_nodes == 0) s.budget.max_nodes = corpus::kDefaultImportNodes;
    s.budget.timeout_seconds = args.seconds("--timeout");
    s.budget.cancel = &interrupt_flag();
    s.tags = args.texts("--tag");
    s.source = args.text("--source");
    s.id_prefix = args.text("--id-prefix");
    s.sample = args.whole("--sample");
    s.seed = args.whole("--seed");
    c.out = args.text("--out");
    return c;
}

// Usage and I/O problems (2) come before any plugin runs; a refused line
// makes the exit code 1 but never stops the others.
int run_corpus_import(const CorpusImport& c, Streams io) {
    if (c.settings.source.empty()) {
        io.err << "numplace: corpus import needs --source (the attribution)\n";
        return kExitUsage;
    }
    const corpus::ReadImport read = corpus::read_import_input(c.files);
    if (!read.input) {
        io.err << "numplace: " << read.error << "\n";
        return kExitUsage;
    }
    std::string error;
    const auto loaded = harness::load_plugins(c.plugins, error);
    if (!loaded) {
        io.err << "numplace: " << error << "\n";
        return kExitUsage;
    }
    const corpus::ImportResult result =
        corpus::import_entries(*read.input, loaded->registry.plugins(), c.settings, [&](const corpus::Refusal& r) {
            io.err << "numplace: " << r.where() << ": refused: " << r.reason << "\n";
        });
    if (!result.error.empty()) {
        io.err << "numplace: " << result.error << "\n";
        return kExitUsage;
    }
    const corpus::WriteImport written = corpus::write_import(result, c.out);
    for (const auto& d : written.internal) io.err << "numplace: internal: " << d.text() << "\n";
    if (!written.internal.empty()) return kExitFailed;
    if (!written.written) {
        io.err << "numplace: " << c.out << ": cannot write\n";
        return kExitUsage;
    }
    io.out << result.written() << " entries written to " << c.out << "; " << result.refused.size() << " refused\n";
    return result.refused.empty() ? kExitOk : kExitFailed;
}

int run_import(const Args& args, Streams io) {
    const int code = run_corpus_import(import_request(args), io);
    return interrupted() ? interrupt_exit_code() : code;
}

}  // namespace

// ---- The two command units --------------------------------------------------------

Command corpus_lint_command() {
    return {{"corpus", "lint"},
            "Check corpus files against the schema (solves nothing)",
            "Exit 1 when a file breaks the schema; each problem is one line naming FILE:LINE.",
            {{"PATHS", FlagKind::texts,
              "Corpus files or folders (default: the bundled corpus, <exe>/../share/numplace/corpus, as for verify)"}},
            run_corpus_lint};
}

Command corpus_import_command() {
    return {{"corpus", "import"},
            "Turn dataset lines into corpus entries whose expectations the plugins compute and agree on",
            "Every plugin that can prove uniqueness solves each puzzle (with --max-nodes " +
                std::to_string(corpus::kDefaultImportNodes) +
                " each unless given); at least two must finish and all must agree, or the line is refused with the reason.",
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
             flags::plugin_dir(), flags::allow_insecure_plugins(), flags::no_sandbox(), flags::size(), flags::max_nodes(), flags::timeout()},
            run_import};
}

}  // namespace np::cli
