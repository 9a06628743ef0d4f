// numplace: the command line. The only file that includes CLI11.
#include <CLI/CLI.hpp>
#include <iostream>

#include "commands.hpp"

namespace {

const char* kExitCodes =
    "Exit codes:\n"
    "  0  every input was processed and well-formed (any verdict: unique, none, multiple, ...)\n"
    "  1  every input was processed, but one was invalid or a plugin reported an error\n"
    "     (numplace plugins: a plugin file was skipped; numplace check: a grid breaks a rule)\n"
    "  2  usage or I/O error: unknown flag or plugin, bad flag value, unreadable file\n";

// The flags every subcommand accepts, so they can follow it.
void add_common(CLI::App* app, np::cli::Common& c) {
    app->add_option("--plugin-dir", c.plugin_dirs,
                    "Folder (or single .so) to load plugins from; searched before $NUMPLACE_PLUGIN_PATH "
                    "and the bundled folder. Repeatable.")
        ->allow_extra_args(false);
    app->add_option("--size", c.size, "Box shape RxC (R = box height, C = box width); 3x3 is a 9x9 grid");
    app->add_option("--format", c.format, "Output: line, grid, share or json")->capture_default_str();
    app->add_option("--input-format", c.input_format, "Input: auto, line, grid or share")->capture_default_str();
    app->add_option("--max-nodes", c.max_nodes, "Stop each call after this many search nodes (0 = no limit)");
    app->add_option("--timeout", c.timeout_seconds, "Stop each call after this many seconds (0 = no limit)");
}

void add_inputs(CLI::App* app, std::vector<std::string>& inputs) {
    app->add_option("INPUT", inputs,
                    "Puzzle files, puzzles, or - for stdin (the default). A name of an existing file is read "
                    "as a file; anything else is a puzzle.");
}

}  // namespace

int main(int argc, char** argv) {
    using namespace np::cli;
    CLI::App app{"numplace: Sudoku solver and generator plugins behind one host"};
    app.footer(kExitCodes);
    app.set_version_flag("--version", "numplace 0.1.0, plugin ABI 1");
    app.require_subcommand(1, 1);

    PluginsSettings plugins;
    auto* plugins_cmd = app.add_subcommand("plugins", "List the plugins found, then the files skipped and why");
    add_common(plugins_cmd, plugins.common);
    plugins_cmd->add_flag("--json", plugins.json, "Print JSON");

    SolveSettings solve;
    auto* solve_cmd = app.add_subcommand("solve", "Solve puzzles; limit 2 also proves uniqueness");
    SolveSettings count;
    count.count_mode = true;
    auto* count_cmd = app.add_subcommand("count", "Count solutions (all of them unless --limit); N+ = lower bound");
    for (auto [cmd, settings] : {std::pair{solve_cmd, &solve}, std::pair{count_cmd, &count}}) {
        add_common(cmd, settings->common);
        cmd->add_option("--plugin", settings->plugin, "Plugin to use")->required();
        cmd->add_option("--limit", settings->limit, "Stop after this many solutions (>= 1)");
        cmd->add_option("--option", settings->options, "Plugin option key=value; repeatable")->allow_extra_args(false);
        add_inputs(cmd, settings->inputs);
    }

    GenerateSettings generate;
    auto* generate_cmd = app.add_subcommand("generate", "Generate full grids or puzzles from a seed");
    add_common(generate_cmd, generate.common);
    generate_cmd->add_option("--plugin", generate.plugin, "Plugin to use")->required();
    generate_cmd->add_option("--what", generate.what, "grid or puzzle")->capture_default_str();
    generate_cmd->add_option("--count", generate.count, "How many results")->capture_default_str();
    generate_cmd->add_option("--seed", generate.seed, "64-bit seed; the same seed gives the same output")
        ->capture_default_str();
    generate_cmd->add_option("--option", generate.options, "Plugin option key=value; repeatable")
        ->allow_extra_args(false);

    CheckSettings check;
    auto* check_cmd = app.add_subcommand("check", "Check full or partial grids against the rules, listing every "
                                                  "violation");
    add_common(check_cmd, check.common);
    check_cmd->add_option("--plugin", check.plugin, "Use this plugin's check-grid instead of the framework's");
    check_cmd->add_option("--option", check.options, "Plugin option key=value; repeatable")
        ->allow_extra_args(false);
    add_inputs(check_cmd, check.inputs);

    auto* corpus_cmd = app.add_subcommand("corpus", "The YAML puzzle corpus: lint it, import datasets into it");
    corpus_cmd->require_subcommand(1, 1);
    CorpusLintSettings lint;
    auto* lint_cmd = corpus_cmd->add_subcommand("lint", "Check corpus files against the schema (solves nothing)");
    add_common(lint_cmd, lint.common);
    lint_cmd->add_option("PATHS", lint.paths, "Corpus files or folders (default: corpus/)");
    CorpusImportSettings import;
    auto* import_cmd = corpus_cmd->add_subcommand(
        "import", "Turn dataset lines into corpus entries whose expectations the plugins compute and agree on");
    add_common(import_cmd, import.common);
    import_cmd->add_option("FILE", import.file, "Dataset: one puzzle per line (its first field)")->required();
    import_cmd->add_option("--out", import.out, "Corpus file to write (replaced)")->required();
    import_cmd->add_option("--source", import.source, "Attribution; each entry adds its file and line")->required();
    import_cmd->add_option("--tag", import.tags, "Tag for every entry; repeatable")->allow_extra_args(false);
    import_cmd->add_option("--kind", import.kind, "puzzle or grid-check")->capture_default_str();
    import_cmd->add_option("--id-prefix", import.id_prefix, "Ids are PREFIX-LINE (default: the file's stem)");
    import_cmd->add_option("--sample", import.sample, "Take this many lines at random (0: all)");
    import_cmd->add_option("--seed", import.seed, "Seed for --sample")->capture_default_str();
    import_cmd->add_option("--solutions", import.solutions, "File whose line i is the solution of puzzle i");
    import_cmd->add_option("--counts", import.counts,
                           "TSV with a header; row i: puzzle, solution count[, solution] of puzzle i");
    import_cmd->add_option("--line-tags", import.line_tags,
                           "Lines LINE<TAB>tag,tag...: extra tags for the puzzle on that line of FILE");

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // --help and --version end here with 0; every real parse error is a
        // usage error, exit 2.
        return app.exit(e) == 0 ? kExitOk : kExitUsage;
    }

    Streams io{std::cin, std::cout, std::cerr};
    if (*plugins_cmd) return run_plugins(plugins, io);
    if (*solve_cmd) return run_solve(solve, io);
    if (*count_cmd) return run_solve(count, io);
    if (*generate_cmd) return run_generate(generate, io);
    if (*check_cmd) return run_check(check, io);
    if (*lint_cmd) return run_corpus_lint(lint, io);
    if (*import_cmd) return run_corpus_import(import, io);
    return kExitUsage;
}
