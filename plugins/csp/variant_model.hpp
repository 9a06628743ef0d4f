// csp: the request's variant as the engine's Model - the one piece of glue
// csp and csp-logic (plugins/csp-logic) share.
#pragma once

#include "model.hpp"
#include "numplace/sdk_variant.hpp"

namespace csp {

inline Model model_of(const np::sdk::Variant& v, int box_rows, int box_cols) {
    Model m;
    m.side = v.side, m.box_rows = box_rows, m.box_cols = box_cols;
    m.boxes = v.layout == NP_REGIONS_BOXES;
    m.region_of = v.region_of;
    for (const auto& c : v.constraints) m.rules.push_back({static_cast<Kind>(c.kind), c.groups, c.values});
    m.negative_xv = v.has_negative(NP_KIND_XV);
    m.negative_difference = v.has_negative(NP_KIND_DIFFERENCE);
    m.negative_ratio = v.has_negative(NP_KIND_RATIO);
    return m;
}

}  // namespace csp
