// Whether a puzzle has one solution, settled by the oracle before it is
// rated or explained (issue 41): a puzzle with several solutions, or none,
// has no rating, and logic that runs on it only gets stuck after seconds.
// The oracle's word stands only on its certificate: two distinct solutions,
// each checked against the rules, for "several"; a proof the host checked
// for "none". Anything less leaves the puzzle unsettled, and it is rated.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "numplace/host.hpp"
#include "runner/runner.hpp"

namespace np::cli {

enum class Solutions { one, several, none, unsettled };

struct Settled {
    Solutions solutions = Solutions::unsettled;
    std::string oracle;  // who settled it
};

// --oracle (default exhaustive-count; "none" asks nobody). nullopt and
// `ok` false (said) when the named one cannot prove uniqueness; nullopt
// and `ok` true when none is asked for, or the default is not loaded.
std::optional<Plugin> settling_oracle(const Args& args, PluginRegistry& registry, std::ostream& err, bool& ok);

// One oracle call (limit 2, proofs asked) for these puzzles, in order.
std::vector<Settled> settle(runner::Runner& runner, const Plugin& oracle, const std::vector<const Grid*>& puzzles,
                            const Budget& budget);

// "several solutions (exhaustive-count found two, each certified)", or
// "no solution (exhaustive-count's proof checked)"; "" when one or unsettled.
std::string settled_words(const Settled& settled);
// "one", "several", "none" or "unsettled": the JSON field's value.
const char* solutions_name(Solutions solutions);

// --oracle for rate and explain.
FlagSpec settling_oracle_flag();

}  // namespace np::cli
