#include "numplace/sdk_variant.hpp"

#include <cstddef>

namespace np::sdk {
namespace {

void fill_boxes(Variant& v, np_geometry g) {
    const int n = v.side;
    v.region_of.assign(static_cast<std::size_t>(n) * n, -1);
    const int rows = static_cast<int>(g.box_rows), cols = static_cast<int>(g.box_cols);
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) v.region_of[r * n + c] = (r / rows) * rows + c / cols;
}

VariantConstraint copy_constraint(const np_constraint& c) {
    VariantConstraint out;
    out.kind = static_cast<np_kind>(c.kind);
    const uint32_t* cell = c.cells;
    for (uint32_t g = 0; g < c.group_count; ++g) {
        out.groups.emplace_back(cell, cell + c.group_sizes[g]);
        cell += c.group_sizes[g];
    }
    out.values.assign(c.values, c.values + c.value_count);
    return out;
}

}  // namespace

Variant classic_variant(np_geometry geometry) {
    Variant v;
    v.side = static_cast<int>(geometry.box_rows * geometry.box_cols);
    fill_boxes(v, geometry);
    return v;
}

std::optional<Variant> variant_of(const np_solve_request& request) {
    if (!NP_HAS(np_solve_request, &request, variant) || request.variant == nullptr) return std::nullopt;
    const np_variant& in = *request.variant;
    Variant v = classic_variant(request.geometry);
    v.layout = static_cast<np_region_layout>(in.region_layout);
    if (v.layout == NP_REGIONS_IRREGULAR && in.regions != nullptr)
        v.region_of.assign(in.regions, in.regions + v.region_of.size());
    else if (v.layout == NP_REGIONS_NONE)
        v.region_of.assign(v.region_of.size(), -1);
    for (uint32_t i = 0; i < in.constraint_count; ++i) v.constraints.push_back(copy_constraint(in.constraints[i]));
    v.negative = in.negative;
    return v;
}

}  // namespace np::sdk
