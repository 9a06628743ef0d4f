// Turning dataset lines into corpus entries (the engine of `numplace corpus
// import`). Expectations are computed, never typed: every plugin that can
// prove uniqueness solves each puzzle; at least two must finish and all that
// finish must agree (and agree with the source's own solutions or counts when
// given), or the line is refused with the reason.
//
// This is a library of its own (numplace_corpus_import) because it runs
// plugins, so it needs the host; numplace_corpus, the loader and writer,
// stays free of it. The caller loads the plugins and passes them in; nothing
// here prints or knows the command line, so tests call it directly.
//
// The phases, in the order the command runs them:
//   read_import_input  the dataset and its companion files  -> ImportInput
//   import_entries     sample, ask the plugins, make entries -> ImportResult
//   write_import       lint what was made, then write it
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "corpus/corpus.hpp"
#include "numplace/host.hpp"

namespace np::corpus {

// Each prover gets this many nodes per puzzle unless the caller says otherwise.
inline constexpr uint64_t kDefaultImportNodes = 2'000'000;

// One puzzle line of a dataset: its first field, and where it was.
struct ImportLine {
    int line = 0;      // 1-based line number in the dataset
    std::string text;  // the first field (up to a blank, ':', ',' or ';')
};

// What the dataset and its companion files say, read and checked against
// each other. Tests may fill one by hand.
struct ImportInput {
    std::string file_name;            // the dataset's name without folders (ids, sources, messages)
    std::vector<ImportLine> puzzles;  // in file order; blank and '#' lines left out
    // What the source itself says about puzzle i (empty: nothing). When not
    // empty, one per puzzle.
    std::vector<std::string> solutions;
    std::vector<std::pair<std::string, uint64_t>> counts;  // (puzzle, count)
    std::map<int, std::vector<std::string>> line_tags;     // dataset line -> more tags
};

// The files to read; only `dataset` is required.
struct ImportFiles {
    std::string dataset;    // one puzzle per line (its first field)
    std::string solutions;  // line i is the solution of puzzle i
    std::string counts;     // TSV with a header: puzzle, count[, solution] for puzzle i
    std::string line_tags;  // lines "LINE<TAB>tag,tag": more tags for that dataset line
};

// The input, or (when a file cannot be read or does not fit the dataset) one
// sentence naming the file, and line when there is one: "FILE:LINE: ...".
struct ReadImport {
    std::optional<ImportInput> input;
    std::string error;
};
ReadImport read_import_input(const ImportFiles& files);

enum class ImportKind { puzzle, grid_check };

struct ImportSettings {
    ImportKind kind = ImportKind::puzzle;
    std::optional<Geometry> size;  // how to read the lines (default: from their length)
    Budget budget;                 // per prover, per puzzle
    std::vector<std::string> tags;  // for every entry
    std::string source;             // attribution; each entry's source adds "(FILE line N)"
    std::string id_prefix;          // ids are PREFIX-LINE; default: the file's stem
    std::size_t sample = 0;         // 0: every line; else this many, chosen by `seed`, in file order
    uint64_t seed = 0;
};

// Why one dataset line did not become an entry.
struct Refusal {
    std::string file;  // ImportInput::file_name
    int line = 0;
    std::string reason;

    std::string where() const { return file + ":" + std::to_string(line); }
};

struct ImportResult {
    // Set when nothing could be tried (too few plugins able to prove
    // uniqueness); everything else is then empty.
    std::string error;
    ImportKind kind = ImportKind::puzzle;
    std::string file_name;
    // The plugins that vouch for the entries: the provers (puzzles) or the
    // grid checkers (grid-checks), in the order given.
    std::vector<std::string> vouched_by;
    std::vector<PuzzleEntry> puzzles;        // kind puzzle, in file order
    std::vector<GridCheckEntry> grid_checks;  // kind grid_check, in file order
    std::vector<Refusal> refused;            // in file order

    std::size_t written() const { return puzzles.size() + grid_checks.size(); }
};

// Runs the lines (all, or the sample) past `plugins` and makes the entries.
// `plugins` may hold any loaded plugins: those that can prove uniqueness are
// the provers, those that can check grids the checkers. `on_refusal`, when
// set, also hears each refusal as it happens (a long import shows progress).
ImportResult import_entries(const ImportInput& input, const std::vector<Plugin>& plugins,
                            const ImportSettings& settings,
                            const std::function<void(const Refusal&)>& on_refusal = {});

// The entries as a corpus file's YAML ("[]" when there are none).
std::string entries_yaml(const ImportResult& result);

// Writes the result to `path`, a comment naming the dataset and the plugins
// first; but only when the entries load back without a diagnostic, since
// what import writes must lint clean (`internal` then holds them and nothing
// is written).
struct WriteImport {
    std::vector<Diagnostic> internal;
    bool written = false;  // false with `internal` empty: the file could not be written
};
WriteImport write_import(const ImportResult& result, const std::string& path);

}  // namespace np::corpus
