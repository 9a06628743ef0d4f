// A generator's rules for its results (ABI 3.8, np_variant_sink): the C end
// of the sink, which copies each result's regions and constraints through
// the intake (variant_abi.hpp's rules_from_plugin), and the certification of
// a result against them. session.cpp's generate uses both.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "numplace/grid.hpp"
#include "numplace/plugin_api.h"
#include "numplace/variant.hpp"

namespace np {

class RulesTap {
public:
    // `kinds`, `layouts`: what the plugin declares; `side`: the request's N.
    RulesTap(uint64_t kinds, uint32_t layouts, int side) : kinds_(kinds), layouts_(layouts), side_(side) {}
    // The sink for one call of `want` results: the rules are cleared.
    np_variant_sink open(uint64_t want);
    // The first refusal of the call ("result 3: constraint 2: ..."), or "".
    const std::string& refused() const { return refused_; }
    // Result k of the call as a Grid: its rules attached (a jigsaw's or a
    // puzzle's with no regions on a 1 x N geometry), or classic when none
    // were written. "" in `why` when the result keeps its rules (a puzzle:
    // its givens break none; a grid: it is full and obeys every one).
    Grid result(uint32_t k, Grid made, bool is_puzzle, std::string& why) const;

private:
    static int write(void* state, uint32_t result, const np_variant* variant) noexcept;
    uint64_t kinds_;
    uint32_t layouts_;
    int side_;
    std::vector<std::shared_ptr<Puzzle>> rules_;  // per result of the call; null: classic
    std::string refused_;
};

}  // namespace np
