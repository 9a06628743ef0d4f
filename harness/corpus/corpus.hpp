// The puzzle corpus: YAML files of entries whose answers are known, read and
// checked against a strict schema (docs/corpus-format.md). `numplace corpus
// lint` is load() plus printing the diagnostics; the harness runs plugins
// against the entries that load; `numplace corpus import` makes entries with
// import.hpp and writes them with to_yaml().
//
// Where it is: corpus.cpp loads (a FileChecker per file, checker.hpp, a
// function per entry kind and per part of an entry: its text, its
// expectation, ...; the field readers in fields.cpp, the schemas in
// schemas.cpp and generator_schema.cpp, the checks against the rules in
// rules.cpp); yaml_reader.hpp reads YAML with the place of every node;
// writer.cpp is to_yaml(); import.hpp / import.cpp make entries from
// dataset lines, in a library of their own (numplace_corpus_import) because
// they run plugins and this one must not need the host.
//
// The loader checks only what needs no plugin: the schema, the ids, that
// texts parse for their size, and that every stated expectation agrees with
// the rules (np::check_rules) and with itself. Whether a puzzle really has
// the stated verdict or count is for the harness to find out.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "numplace/format.hpp"
#include "numplace/grid.hpp"
#include "numplace/plugin_api.h"
#include "numplace/reason.hpp"
#include "numplace/verdict.hpp"

namespace np::corpus {

// A place in a corpus file; line and column are 1-based (0: unknown).
struct Location {
    std::string file;
    int line = 0, column = 0;

    std::string text() const;  // "file:line:column", or "file" when the line is unknown
};

// One problem found while loading.
struct Diagnostic {
    Location where;
    std::string message;  // one plain sentence, no trailing period

    std::string text() const;  // "file:line:column: message"
};

// A reason as an entry states it: the code and whichever locations it gives
// (0 = not given). It matches an actual reason when the codes are equal and
// every given location is equal.
struct ExpectedReason {
    ReasonCode code = ReasonCode::wrong_length;
    int row = 0, column = 0, box = 0, value = 0;
    Location where;

    bool matches(const Reason& actual) const;
    std::string describe() const;  // "duplicate_in_row (row 9, column 8)"
};

// Verdicts a puzzle entry may expect.
struct PuzzleExpectation {
    Verdict verdict = Verdict::unique;       // invalid, none, unique or multiple
    std::optional<Grid> solution;            // exactly when unique
    std::optional<uint64_t> count;           // exact number of solutions
    std::optional<uint64_t> count_at_least;  // a lower bound (never with count)
    std::optional<ExpectedReason> reason;    // exactly when invalid
};

struct PuzzleEntry {
    std::string id;
    Location where;             // the start of the entry
    Geometry size;              // 3x3 unless the entry says otherwise
    std::string text;           // the puzzle as written (a line or a block of rows)
    ParseResult puzzle;         // the parsed grid, or why it does not parse (invalid entries only)
    PuzzleExpectation expect;
    std::string source;
    std::vector<std::string> tags;
    std::string notes;
    // Search nodes a call on this entry gets at least in verify unless
    // --max-nodes is given: for an entry that needs more than the default
    // (a logic solver's hardest technique entries); 0: the default.
    uint64_t max_nodes = 0;
};

// A full or partial grid and the violations np::check_rules (and so every
// plugin's grid checker) must find in it.
struct GridCheckEntry {
    std::string id;
    Location where;
    Geometry size;
    std::string text;  // the grid as written
    Grid grid;
    bool valid = true;
    std::vector<ExpectedReason> violations;  // empty exactly when valid
    std::string source;
    std::vector<std::string> tags;
    std::string notes;
};

// Properties a generator's output must have. `max_clues` and `symmetric`
// (under the entry's `symmetry` option) apply to puzzles; `full` to grids.
struct GeneratorProperties {
    bool full = false;
    bool valid = false;          // obeys the rules
    bool unique = false;         // exactly one solution
    bool minimal = false;        // no given can go without losing uniqueness
    bool symmetric = false;      // the clue pattern has the option's symmetry
    bool deterministic = false;  // same seed, same output; a K-prefix is stable
    std::optional<int> max_clues;
    bool rated = false;          // made to the entry's order: re-rated in band, using its technique
};

// A generator entry's order (docs/rating.md, "Puzzles made to order"): the
// generator's puzzles kept when the rater's certified steps rate in the
// band, or use the technique (numplace generate --rating, --technique).
struct GeneratorOrder {
    std::string rater;  // a plugin that explains
    std::vector<std::pair<std::string, std::string>> rater_options;
    std::optional<int> lo, hi;  // ER band in tenths, inclusive
    std::string technique;      // as a slug ("" = any)
    std::string table = "se";   // se or sukaku
    uint64_t candidates = 10000;  // at most this many of the generator's puzzles tried
};

struct GeneratorEntry {
    std::string id;
    Location where;
    std::string plugin;
    np_generate_kind what = NP_GENERATE_GRID;
    Geometry size;
    uint64_t seed = 0;
    uint32_t count = 1;
    // In the order written; the same type as np::OptionList.
    std::vector<std::pair<std::string, std::string>> options;
    std::optional<GeneratorOrder> order;
    GeneratorProperties expect;
    std::string source;
    std::vector<std::string> tags;
    std::string notes;
};

// A step regression: the candidate state just before a step of an
// explanation that the step checker failed (judge/steps.hpp), that step as
// text, and the state's truth. The harness has every plugin that explains
// explain from the state, and checks all of its steps (verify --deep
// strength): the step must not come back, nor any other that fails.
struct StepEntry {
    std::string id;
    Location where;
    Geometry size;
    std::string text;    // the candidate line as written
    Grid state;          // parsed: every cell a mask (parse_candidates), none a given
    std::string plugin;  // who took the step
    std::string technique;
    std::string step;       // the step as step_text wrote it
    std::string explained;  // the puzzle whose explanation took it, as a line ("" when not given)
    PuzzleExpectation expect;  // of the state: none, unique (with its solution) or multiple
    std::string source;
    std::vector<std::string> tags;
    std::string notes;
};

// The entries that passed every check, in file order (files in the order
// loaded). An entry with any error is left out.
struct Corpus {
    std::vector<PuzzleEntry> puzzles;
    std::vector<GridCheckEntry> grid_checks;
    std::vector<GeneratorEntry> generators;
    std::vector<StepEntry> steps;
    std::size_t files = 0;  // files read (including ones with errors)

    std::size_t entries() const { return puzzles.size() + grid_checks.size() + generators.size() + steps.size(); }
};

struct LoadResult {
    Corpus corpus;
    std::vector<Diagnostic> errors;  // in file order; empty when everything is right

    bool ok() const { return errors.empty(); }
};

// Loads files and directories (every *.yaml and *.yml directly inside, in
// name order). Ids must be unique across everything loaded. Problems never
// stop the load: each is a diagnostic and the other entries and files still
// load. A path that does not exist, cannot be read or (a directory) holds no
// corpus file is an error naming it. A file named twice is read once.
LoadResult load(const std::vector<std::string>& paths);

// The bundled corpus, <exe>/../share/numplace/corpus: in an install, and in
// the build tree (a link CMake makes). The one default of `verify` and
// `corpus lint`, so that both find the same corpus wherever they stand; ""
// when the running program cannot be located.
std::string bundled_path();

// Loads one file's text as if read from `name` (for tests and for checking
// entries before they are written).
LoadResult load_text(std::string_view yaml, const std::string& name);

// How an entry's `puzzle` or `grid` text is read: a block of rows (the grid
// format) when it spans several lines, else a line.
ParseResult parse_text(std::string_view text, const Geometry& size);

// The canonical YAML of one entry as a one-item sequence ("- id: ...\n  ..."),
// so that entries written one after another make a corpus file. Keys in the
// order id, kind (not for puzzles), size, puzzle, grid or candidates (a
// step entry's step and explained follow), expect, source, tags, notes; grids as line strings (an unparsable puzzle text as written);
// optional keys only when set. load_text of the result gives the entry back.
std::string to_yaml(const PuzzleEntry& entry);
std::string to_yaml(const GridCheckEntry& entry);
std::string to_yaml(const GeneratorEntry& entry);
std::string to_yaml(const StepEntry& entry);

}  // namespace np::corpus
