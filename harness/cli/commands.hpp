// The numplace commands, free of any command-line library: main.cpp parses
// the arguments into these settings and calls one function.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "numplace/format.hpp"
#include "numplace/host.hpp"

namespace np::cli {

// Exit codes, the same for every command.
constexpr int kExitOk = 0;       // every input processed and well-formed
constexpr int kExitInvalid = 1;  // an input was invalid, a plugin reported an error,
                                 // or (plugins) a file was skipped
constexpr int kExitUsage = 2;    // usage or I/O error: unknown flag or plugin, unreadable file

// Flags every subcommand accepts.
struct Common {
    std::vector<std::string> plugin_dirs;
    std::string size;  // "RxC" or empty
    std::string format = "line";
    std::string input_format = "auto";
    uint64_t max_nodes = 0;
    double timeout_seconds = 0;
};

struct SolveSettings {
    Common common;
    bool count_mode = false;  // `numplace count`
    std::string plugin;
    std::optional<uint64_t> limit;
    std::vector<std::string> options;  // "key=value"
    std::vector<std::string> inputs;
};

struct GenerateSettings {
    Common common;
    std::string plugin;
    std::string what = "grid";
    uint32_t count = 1;
    uint64_t seed = 0;
    std::vector<std::string> options;
};

struct CheckSettings {
    Common common;
    std::string plugin;  // empty: the framework's rule check
    std::vector<std::string> options;
    std::vector<std::string> inputs;
};

struct PluginsSettings {
    Common common;
    bool json = false;
};

struct Streams {
    std::istream& in;
    std::ostream& out;
    std::ostream& err;
};

struct CorpusLintSettings {
    Common common;
    std::vector<std::string> paths;  // files or folders; default corpus/
};

struct CorpusImportSettings {
    Common common;
    std::string file;       // the dataset: one puzzle per line (first field)
    std::string out;        // the corpus file to write
    std::string kind = "puzzle";  // puzzle or grid-check
    std::vector<std::string> tags;
    std::string source;     // attribution; each entry's source adds "FILE line N"
    std::string id_prefix;  // default: the file's name without extension
    std::size_t sample = 0; // 0: every line
    uint64_t seed = 0;      // for the sample
    std::string solutions;  // line i is the solution of puzzle i
    std::string counts;     // TSV with header: puzzle, count[, solution] for puzzle i
    std::string line_tags;  // lines "LINE<TAB>tag,tag": more tags for that dataset line
};

int run_plugins(const PluginsSettings& s, Streams io);
int run_corpus_lint(const CorpusLintSettings& s, Streams io);
int run_corpus_import(const CorpusImportSettings& s, Streams io);
int run_solve(const SolveSettings& s, Streams io);
int run_generate(const GenerateSettings& s, Streams io);
int run_check(const CheckSettings& s, Streams io);

}  // namespace np::cli
