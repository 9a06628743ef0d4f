// A broken copy of the logic plugin is plugins/logic's sources with one
// file of tests/mutants/logic in place of plugins/logic/identity.cpp: it
// defines kPluginName (the copy's own name) and finder(i), the shipped
// finder for every technique but one.
#pragma once

#include <cstring>
#include <string>

#include "solver.hpp"

namespace logic::mutant {

// kTechniques[i]'s finder, or `broken` when its id is `id`.
inline Finder swapped(std::size_t i, const char* id, Finder broken) {
    return std::strcmp(kTechniques[i].id, id) == 0 ? broken : kTechniques[i].find;
}

inline uint32_t u32(int x) { return static_cast<uint32_t>(x); }
inline std::string sym(int v) { return std::string(1, Board::symbol(v)); }

// Every cell of unit u, for value v, into the pattern.
inline void name_unit(const Board& b, int u, int v, Step& step) {
    for (int cell : b.unit(u)) step.pattern.push_back({u32(cell), u32(v)});
}

}  // namespace logic::mutant
