// verify's sources (internal to harness/verify): the inputs a run reads
// become work units, one entry with all its plugins each. The corpus's
// puzzle and grid-check entries, its generator entries and the standard
// generator sweep, and the lines of plain puzzle files.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "corpus.hpp"
#include "generators.hpp"
#include "numplace/input.hpp"
#include "verify.hpp"

namespace np::verify {

// A generator check: a corpus generator entry, or one call of the sweep.
struct GeneratorUnit {
    std::string id;
    std::string plugin;
    judge::GeneratorCall call;
    corpus::GeneratorProperties expect;
    bool sweep = false;  // from the standard sweep, not the corpus: refusals are skips
};

struct Unit {
    enum class Kind { corpus_puzzle, plain_puzzle, grid_check, generator };
    explicit Unit(Kind k) : kind(k) {}

    Kind kind;
    const corpus::PuzzleEntry* puzzle = nullptr;
    const corpus::GridCheckEntry* check = nullptr;
    InputItem item;             // plain puzzles
    std::optional<Grid> grid;   // plain puzzles that parse
    GeneratorUnit generator;

    // What the unit is, for the run's fingerprint.
    std::string identity() const;
};

// Everything a run reads, kept alive while units point into it.
struct Inputs {
    corpus::Corpus corpus;
    std::vector<Unit> units;
    std::vector<std::string> errors;
    bool has_corpus = false;
};

// The units of every path in `settings` (the bundled corpus when none is
// given), filtered by --ids, --tags and --size; the generator sweep of
// `judged` when a corpus is read. Unreadable paths and lines that are not
// puzzles become errors; the rest still runs.
Inputs gather(const Settings& settings, const std::vector<Plugin>& judged);

}  // namespace np::verify
