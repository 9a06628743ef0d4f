#include "numplace/variant_abi.hpp"

namespace np {

namespace {

bool outside_clue(Kind k) {
    return k == Kind::little_killer || k == Kind::sandwich || k == Kind::x_sum || k == Kind::skyscraper;
}

// One step back from a line's first cell along it: where its clue sits.
Clue clue_before(const std::vector<int>& cells, int side) {
    const int r0 = cells[0] / side, c0 = cells[0] % side;
    const int dr = cells.size() > 1 ? cells[1] / side - r0 : -1, dc = cells.size() > 1 ? cells[1] % side - c0 : 0;
    return {r0 - dr, c0 - dc};
}

// Whether a plugin's constraint may be copied: a kind it declares, its
// counts within what is left of `budget` (cells, groups and values of the
// whole variant), no null array, every cell inside the grid. "" when so.
std::string constraint_problem(const np_constraint& in, int side, uint64_t kinds, std::size_t& budget) {
    if (in.kind >= NP_KIND_COUNT) return "an unknown kind " + std::to_string(in.kind);
    if ((kinds & NP_KIND_BIT(in.kind)) == 0)
        return "kind '" + std::string(kind_key(static_cast<Kind>(in.kind))) + "', which the plugin does not declare";
    if (in.group_count > budget || in.value_count > budget) return "more groups or values than the grid allows";
    if ((in.group_count > 0 && (in.group_sizes == nullptr || in.cells == nullptr)) || (in.value_count > 0 && in.values == nullptr))
        return "a null array";
    budget -= in.group_count + in.value_count;
    const uint32_t* cell = in.cells;
    for (uint32_t g = 0; g < in.group_count; ++g) {
        const uint32_t size = in.group_sizes[g];
        if (size > budget) return "more cells than the grid allows";
        budget -= size;
        for (uint32_t i = 0; i < size; ++i, ++cell)
            if (*cell >= static_cast<uint32_t>(side * side)) return "cell " + std::to_string(*cell) + " outside the grid";
    }
    return "";
}

}  // namespace

Constraint constraint_from_abi(const np_constraint& c) {
    Constraint out;
    out.kind = static_cast<Kind>(c.kind);
    const uint32_t* cell = c.cells;
    for (uint32_t g = 0; g < c.group_count; ++g) {
        out.cells.emplace_back(cell, cell + c.group_sizes[g]);
        cell += c.group_sizes[g];
    }
    out.values.assign(c.values, c.values + c.value_count);
    return out;
}

HandedRules rules_from_plugin(const np_variant& in, int side, uint64_t kinds, uint32_t layouts) {
    const auto refuse = [](std::string why) { return HandedRules{nullptr, std::move(why)}; };
    auto p = std::make_shared<Puzzle>();
    if (in.region_layout > NP_REGIONS_NONE) return refuse("an unknown region layout " + std::to_string(in.region_layout));
    p->regions = static_cast<RegionLayout>(in.region_layout);
    if (p->regions != RegionLayout::boxes && (layouts & NP_REGIONS_BIT(in.region_layout)) == 0)
        return refuse("region layout '" + layout_names(NP_REGIONS_BIT(in.region_layout))[0] + "', which the plugin does not declare");
    const std::size_t cells = static_cast<std::size_t>(side) * static_cast<std::size_t>(side);
    if (p->regions == RegionLayout::irregular) {
        if (in.regions == nullptr) return refuse("an irregular layout with no region map");
        p->region_of.assign(in.regions, in.regions + cells);
    }
    // At most 4 constraints, and 16 cells, groups or values in all, per cell
    // of the grid: more than any puzzle needs, and a bound on the copy.
    if (in.constraint_count > 4 * cells) return refuse(std::to_string(in.constraint_count) + " constraints on " + std::to_string(cells) + " cells");
    if (in.constraint_count > 0 && in.constraints == nullptr) return refuse("a null constraint array");
    std::size_t budget = 16 * cells;
    for (uint32_t i = 0; i < in.constraint_count; ++i) {
        if (auto why = constraint_problem(in.constraints[i], side, kinds, budget); !why.empty())
            return refuse("constraint " + std::to_string(i + 1) + ": " + why);
        Constraint& c = p->constraints.emplace_back(constraint_from_abi(in.constraints[i]));
        if (outside_clue(c.kind) && !c.cells.empty() && !c.cells[0].empty()) c.clue = clue_before(c.cells[0], side);
    }
    for (int k = 0; k < kKindCount; ++k)
        if (in.negative & NP_KIND_BIT(k)) {
            if ((kinds & NP_KIND_BIT(k)) == 0) return refuse("a negative rule of '" + std::string(kind_key(static_cast<Kind>(k))) + "', which the plugin does not declare");
            p->negative.push_back(static_cast<Kind>(k));
        }
    if (in.negative >> kKindCount) return refuse("negative bits past the last kind");
    return {std::move(p), ""};
}

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
