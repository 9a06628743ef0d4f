#include "numplace/variant_abi.hpp"

namespace np {

static_assert(static_cast<int>(Kind::box_indexer) == NP_KIND_BOX_INDEXER && kKindCount == NP_KIND_COUNT,
              "np::Kind and enum np_kind must have the same numbers");
static_assert(static_cast<int>(RegionLayout::irregular) == NP_REGIONS_IRREGULAR &&
                  static_cast<int>(RegionLayout::none) == NP_REGIONS_NONE,
              "np::RegionLayout and enum np_region_layout must have the same numbers");

VariantRequest::VariantRequest(const Puzzle& puzzle) {
    const std::size_t count = puzzle.constraints.size();
    sizes_.resize(count), cells_.resize(count), values_.resize(count);
    for (std::size_t i = 0; i < count; ++i) {
        const Constraint& c = puzzle.constraints[i];
        for (const auto& group : c.cells) {
            sizes_[i].push_back(static_cast<uint32_t>(group.size()));
            cells_[i].insert(cells_[i].end(), group.begin(), group.end());
        }
        values_[i].assign(c.values.begin(), c.values.end());
        constraints_.push_back({static_cast<uint32_t>(c.kind), static_cast<uint32_t>(sizes_[i].size()),
                                sizes_[i].data(), cells_[i].data(), static_cast<uint32_t>(values_[i].size()),
                                values_[i].data()});
    }
    if (puzzle.regions == RegionLayout::irregular) regions_ = puzzle.region_of;
    variant_.region_layout = static_cast<uint32_t>(puzzle.regions);
    variant_.regions = regions_.empty() ? nullptr : regions_.data();
    variant_.constraints = constraints_.data();
    variant_.constraint_count = static_cast<uint32_t>(constraints_.size());
    for (Kind k : puzzle.negative) variant_.negative |= NP_KIND_BIT(static_cast<int>(k));
}

uint64_t kind_bits(const Puzzle& puzzle) {
    uint64_t bits = 0;
    for (Kind k : puzzle.kinds()) bits |= NP_KIND_BIT(static_cast<int>(k));
    return bits;
}

uint32_t layout_bits(const Puzzle& puzzle) {
    return puzzle.regions == RegionLayout::boxes ? 0 : NP_REGIONS_BIT(static_cast<int>(puzzle.regions));
}

std::vector<std::string> kind_names(uint64_t kinds) {
    std::vector<std::string> names;
    for (int k = 0; k < kKindCount; ++k)
        if (kinds & NP_KIND_BIT(k)) names.emplace_back(kind_key(static_cast<Kind>(k)));
    return names;
}

std::vector<std::string> layout_names(uint32_t layouts) {
    std::vector<std::string> names;
    if (layouts & NP_REGIONS_BIT(NP_REGIONS_IRREGULAR)) names.emplace_back("irregular");
    if (layouts & NP_REGIONS_BIT(NP_REGIONS_NONE)) names.emplace_back("none");
    return names;
}

}  // namespace np
