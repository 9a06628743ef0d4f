// A variant puzzle as the ABI carries it (plugin_api.h, 3.7): np_variant
// and its np_constraint array, with the buffers they point into. The host
// builds one per call; tests build one to call a plugin's descriptor.
#pragma once

#include <cstdint>
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

// The ABI's bits for a puzzle's kinds, and for its layout (0 for boxes).
uint64_t kind_bits(const Puzzle& puzzle);
uint32_t layout_bits(const Puzzle& puzzle);
// Their words: f-puzzles keys in kind order; "irregular", "none".
std::vector<std::string> kind_names(uint64_t kinds);
std::vector<std::string> layout_names(uint32_t layouts);

}  // namespace np
