// The CLI's side of settling a puzzle before it is rated or explained
// (truth/settle.hpp asks the oracle): which oracle --oracle names, and the
// words and JSON value of what it settled.
#pragma once

#include <optional>
#include <ostream>
#include <string>

#include "cli/cli.hpp"
#include "numplace/host.hpp"
#include "truth/settle.hpp"

namespace np::cli {

using truth::Settled;
using truth::Solutions;

// --oracle (default exhaustive-count; "none" asks nobody). nullopt and
// `ok` false (said) when the named one cannot prove uniqueness; nullopt
// and `ok` true when none is asked for, or the default is not loaded.
std::optional<Plugin> settling_oracle(const Args& args, PluginRegistry& registry, std::ostream& err, bool& ok);

// "several solutions (exhaustive-count found two, each certified)", or
// "no solution (exhaustive-count's proof checked)"; "" when one or unsettled.
std::string settled_words(const Settled& settled);
// "one", "several", "none" or "unsettled": the JSON field's value.
const char* solutions_name(Solutions solutions);

// --oracle for rate and explain.
FlagSpec settling_oracle_flag();

}  // namespace np::cli
