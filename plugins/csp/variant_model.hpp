// csp: the request's variant as the engine's Model - the glue csp and
// csp-logic (plugins/csp-logic) share.
#pragma once

#include <optional>
#include <string>

#include "engine.hpp"
#include "model.hpp"
#include "numplace/plugin.hpp"
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

// A solve call's puzzle (its variant, or a classic one's boxes) as a Model;
// nullopt when the call is answered already: givens repeated (invalid), or
// a model the engine cannot take (failed, saying why).
inline std::optional<Model> model_for(np::plugin::Solve& call) {
    if (call.givens_repeat()) return std::nullopt;
    const auto& shape = call.shape;
    const auto variant = call.variant ? *call.variant : np::sdk::classic_variant({uint32_t(shape.box_rows), uint32_t(shape.box_cols)});
    Model model = model_of(variant, shape.box_rows, shape.box_cols);
    if (const std::string why = malformed(model); !why.empty()) return call.fail("malformed variant: " + why), std::nullopt;
    return model;
}

}  // namespace csp
