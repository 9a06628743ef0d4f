// numplace generate's puzzles made to order (--rating, --technique).
#pragma once

#include "cli/commands/commands.hpp"
#include "cli/shared.hpp"

namespace np::cli {

bool wants_order(const Args& args);
// Runs generate with the order's flags, `generator` already chosen.
int run_to_order(const Args& args, Streams io, PluginRegistry& registry, const ChosenPlugin& generator);

}  // namespace np::cli
