// Internal to numplace_corpus: the writer's parts shared by writer.cpp and
// variant_writer.cpp.
#pragma once

#include <yaml-cpp/emitter.h>

#include <string>

#include "numplace/variant.hpp"

namespace np::corpus::detail {

// A string as plain YAML when every reader takes it for a string, else
// quoted (or a literal block for lines of text).
void put_string(YAML::Emitter& out, const std::string& s);

// A variant puzzle's keys (docs/corpus-format.md, "Variant puzzles"):
// `regions` (written after `size`; nothing for boxes), and `constraints`
// and `negative` (after `puzzle`; nothing when empty).
void put_regions(YAML::Emitter& out, const Puzzle& p);
void put_rules(YAML::Emitter& out, const Puzzle& p);

}  // namespace np::corpus::detail
