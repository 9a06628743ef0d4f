// A variant puzzle as the ABI carries it (plugin_api.h, 3.7): np_variant
// and its np_constraint array, with the buffers they point into. The host
// builds one per call; tests build one to call a plugin's descriptor.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "numplace/plugin_api.h"
#include "numplace/variant.hpp"

namespace np {

class VariantRequest {
public:
    // Copies what the ABI needs of the puzzle (its regions, constraints and
    // negative rules; not its grid, which travels as the request's cells).
    explicit VariantRequest(const Puzzle& puzzle);
    VariantRequest(const VariantRequest&) = delete;
    VariantRequest& operator=(const VariantRequest&) = delete;

    // Valid while this object lives.
    const np_variant* get() const { return &variant_; }

private:
    std::vector<uint8_t> regions_;
    std::vector<std::vector<uint32_t>> sizes_, cells_;
    std::vector<std::vector<int32_t>> values_;
    std::vector<np_constraint> constraints_;
    np_variant variant_{};
};

// One constraint of the ABI in the host's model, copied as it is: for
// arrays the host made itself (a request it writes out again); a plugin's
// go through rules_from_plugin. No outside clue position (the ABI has none).
Constraint constraint_from_abi(const np_constraint& c);

// The rules a generator handed the host (np_variant_sink, 3.8), read as a
// plugin's answer is: every count bounded by the grid before anything is
// copied, each kind and the layout among those the plugin declared
// (`kinds`, `layouts`: np_plugin's bits), an outside clue placed one step
// back from its first cell. `side` is the request's N. The puzzle is
// validated when its grid is known (the result's cells); the string says
// what is wrong, naming the constraint.
struct HandedRules {
    std::shared_ptr<Puzzle> rules;  // null when refused
    std::string why;
};
HandedRules rules_from_plugin(const np_variant& in, int side, uint64_t kinds, uint32_t layouts);

// The ABI's bits for a puzzle's kinds, and for its layout (0 for boxes).
uint64_t kind_bits(const Puzzle& puzzle);
uint32_t layout_bits(const Puzzle& puzzle);
// Their words: f-puzzles keys in kind order; "irregular", "none".
std::vector<std::string> kind_names(uint64_t kinds);
std::vector<std::string> layout_names(uint32_t layouts);

}  // namespace np
