// A variant request as a plugin reads it (part of numplace_sdk): the C
// structs of np_solve_request.variant copied into plain C++ values, with
// every layout's regions as one map, so an engine handles boxes, jigsaws
// and "no regions" alike. Kinds and their rules: docs/variants.md.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "numplace/plugin_api.h"

namespace np::sdk {

struct VariantConstraint {
    np_kind kind = NP_KIND_KILLER_CAGE;
    std::vector<std::vector<int>> groups;  // cell numbers, row-major from 0
    std::vector<int> values;
};

struct Variant {
    int side = 0;                          // N
    np_region_layout layout = NP_REGIONS_BOXES;
    std::vector<int> region_of;            // N*N: the region of each cell (boxes too), -1 for none
    std::vector<VariantConstraint> constraints;
    uint64_t negative = 0;                 // NP_KIND_BIT of kinds whose negative rule holds

    bool has_negative(np_kind kind) const { return (negative & NP_KIND_BIT(kind)) != 0; }
};

// The request's variant; nullopt for a classic puzzle (no variant, or a
// request too short to carry one). Boxes come from request.geometry.
std::optional<Variant> variant_of(const np_solve_request& request);

// The variant of a classic puzzle of this shape: its boxes, no constraint
// (so an engine has one path for both).
Variant classic_variant(np_geometry geometry);

// Hands a generated result's rules to the host through the request's sink
// (3.8): result k of the call (0 for first_index). "" when the host took
// them; otherwise why not (the host opened no sink, or refused them).
std::string give_variant(const np_generate_request& request, uint32_t k, const Variant& variant);

}  // namespace np::sdk
