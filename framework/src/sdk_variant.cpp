#include "numplace/sdk_variant.hpp"

#include <cstddef>
#include <vector>

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

std::string give_variant(const np_generate_request& request, uint32_t k, const Variant& v) {
    if (!NP_HAS(np_generate_request, &request, variant) || request.variant.write == nullptr)
        return "this host takes no variant puzzles from a generator (ABI 3.8)";
    // The C view of v: one size list, cell list and value list per constraint.
    const std::size_t count = v.constraints.size();
    std::vector<std::vector<uint32_t>> sizes(count), cells(count);
    std::vector<std::vector<int32_t>> values(count);
    std::vector<np_constraint> constraints;
    for (std::size_t i = 0; i < count; ++i) {
        const VariantConstraint& c = v.constraints[i];
        for (const auto& group : c.groups) {
            sizes[i].push_back(static_cast<uint32_t>(group.size()));
            cells[i].insert(cells[i].end(), group.begin(), group.end());
        }
        values[i].assign(c.values.begin(), c.values.end());
        constraints.push_back({static_cast<uint32_t>(c.kind), static_cast<uint32_t>(sizes[i].size()), sizes[i].data(),
                               cells[i].data(), static_cast<uint32_t>(values[i].size()), values[i].data()});
    }
    std::vector<uint8_t> regions;
    if (v.layout == NP_REGIONS_IRREGULAR)
        for (int r : v.region_of) regions.push_back(static_cast<uint8_t>(r));
    np_variant out{};
    out.region_layout = static_cast<uint32_t>(v.layout);
    out.regions = regions.empty() ? nullptr : regions.data();
    out.constraints = constraints.data();
    out.constraint_count = static_cast<uint32_t>(count);
    out.negative = v.negative;
    if (request.variant.write(request.variant.state, k, &out) != 0) return "the host refused the result's rules";
    return "";
}

}  // namespace np::sdk
