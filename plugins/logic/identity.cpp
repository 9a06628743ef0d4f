// What this build of the plugin is: its name, and the finder it runs for
// each technique. They sit alone in this file so that tests/mutants/logic
// can link the plugin's other sources with a file of its own in place of
// this one (another name, one finder swapped for a broken one): the broken
// copies are built from the shipped code, and the plugin carries none of
// theirs.
#include "solver.hpp"

namespace logic {

extern const char kPluginName[] = "logic";

Finder finder(std::size_t i) { return kTechniques[i].find; }

}  // namespace logic
