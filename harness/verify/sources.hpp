// verify's sources (internal to harness/verify): the inputs a run reads
// become work units, one entry with all its plugins each. The corpus's
// puzzle, grid-check and step entries, its generator entries and the standard
// generator sweep, and the lines of plain puzzle files.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "corpus/corpus.hpp"
#include "judge/generators.hpp"
#include "numplace/input.hpp"
#include "verify/verify.hpp"

namespace np::verify {

// A generator check: a corpus generator entry, or one call of the sweep.
struct GeneratorUnit {
    std::string id;
    std::string plugin;
    judge::GeneratorCall call;
    corpus::GeneratorProperties expect;
    bool sweep = false;  // from the standard sweep, not the corpus: refusals are skips
    std::vector<std::string> tags;  // the entry's; the sweep's: "generator"
    std::string file;               // the corpus file of the entry ("" for the sweep)
};

struct Unit {
    enum class Kind { corpus_puzzle, plain_puzzle, grid_check, generator, corpus_step };
    explicit Unit(Kind k) : kind(k) {}

    Kind kind;
    const corpus::PuzzleEntry* puzzle = nullptr;
    const corpus::GridCheckEntry* check = nullptr;
    const corpus::StepEntry* step = nullptr;  // a step regression: explained from its candidate state
    InputItem item;             // plain puzzles
    std::optional<Grid> grid;   // plain puzzles that parse
    GeneratorUnit generator;

    // What the unit is, for the run's fingerprint.
    std::string identity() const;
};

// Everything a run reads. The corpus (YAML, human-sized) is held with its
// units; plain puzzle files, which may hold millions of lines, are read
// again each time the units are walked (for_each_unit), so that no more
// than a chunk of them is ever in memory. A plain path that is no regular
// file (a pipe) cannot be read twice: its units are held.
struct Inputs {
    corpus::Corpus corpus;
    std::vector<Unit> corpus_units;          // puzzles, grid checks, generator entries, step entries
    std::vector<std::string> plain_paths;
    std::vector<std::vector<Unit>> held;     // per plain path: its units when it is no regular file
    std::vector<Unit> sweep;                 // the generator sweep, last
    std::vector<std::string> sweep_left_out; // --quick: shapes the sweep left out ("4x4", "5x5")
    std::vector<std::string> errors;
    bool has_corpus = false;
};

// The corpus of every path in `settings` (the bundled corpus when none is
// given) as units, filtered by --ids, --tags and --size; the generator sweep
// of `judged` when a corpus is read. Plain files are not read yet.
Inputs gather(const Settings& settings, const std::vector<Plugin>& judged);

// Calls `each` with every unit in order (the corpus's, the plain files'
// lines, the sweep), stopping when it returns false. Unreadable paths and
// lines that are not puzzles go to `errors` when it is given (the first
// walk), and are passed over silently otherwise.
void for_each_unit(const Settings& settings, Inputs& inputs, const std::function<bool(const Unit&)>& each,
                   std::vector<std::string>* errors);

}  // namespace np::verify
