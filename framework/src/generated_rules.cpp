#include "generated_rules.hpp"

#include "numplace/certify.hpp"
#include "numplace/variant_abi.hpp"

namespace np {

np_variant_sink RulesTap::open(uint64_t want) {
    rules_.assign(static_cast<std::size_t>(want), nullptr);
    refused_.clear();
    return {&RulesTap::write, this};
}

// Refuses what is not one write per result of this call, and rules the
// intake refuses; the first refusal is kept and fails the call.
int RulesTap::write(void* state, uint32_t result, const np_variant* variant) noexcept {
    auto& tap = *static_cast<RulesTap*>(state);
    const auto refuse = [&](const std::string& why) {
        if (tap.refused_.empty()) tap.refused_ = "result " + std::to_string(result) + ": " + why;
        return 1;
    };
    try {
        if (variant == nullptr) return refuse("null rules");
        if (result >= tap.rules_.size()) return refuse("rules for a result outside the call");
        if (tap.rules_[result]) return refuse("rules written twice");
        HandedRules handed = rules_from_plugin(*variant, tap.side_, tap.kinds_, tap.layouts_);
        if (!handed.rules) return refuse(handed.why);
        tap.rules_[result] = std::move(handed.rules);
        return 0;
    } catch (const std::exception& e) {  // memory: the rules are bounded, but never let it cross the ABI
        return refuse(std::string("the host could not take them: ") + e.what());
    }
}

Grid RulesTap::result(uint32_t k, Grid made, bool is_puzzle, std::string& why) const {
    if (k < rules_.size() && rules_[k]) {
        auto rules = std::make_shared<Puzzle>(*rules_[k]);
        if (rules->regions != RegionLayout::boxes) made.geometry = Geometry{1, side_};
        rules->grid = made;
        made.variant = std::move(rules);
    }
    why = certify_generated(made, is_puzzle);
    return made;
}

}  // namespace np
