// A loaded plugin as the host sees it (numplace/host.hpp's Plugin): what its
// checked descriptor declares (shapes, options, capabilities) and one-call
// shortcuts through a Session. The rest of the host: abi_call.cpp (the C
// end of a call), session.cpp (calls and their certification),
// registry.cpp (finding and loading plugins), descriptor.cpp (validation).
#include "numplace/host.hpp"

#include "abi_call.hpp"
#include "numplace/plugin_sdk.hpp"
#include "numplace/variant.hpp"

namespace np {

Plugin::Plugin(std::shared_ptr<void> library, const np_plugin* descriptor, std::string path,
               std::function<void*()> create)
    : library_(std::move(library)), descriptor_(descriptor), create_(std::move(create)), path_(std::move(path)) {
    name_ = descriptor->name ? descriptor->name : "";
    version_ = descriptor->version ? descriptor->version : "";
    description_ = descriptor->description ? descriptor->description : "";
    for (uint32_t i = 0; i < descriptor->option_count; ++i) {
        const np_option_spec& s = descriptor->options[i];
        auto text = [](const char* p) { return std::string(p ? p : ""); };
        options_.push_back({text(s.key), text(s.values), text(s.default_value),
                            s.applies_to ? s.applies_to : "all", text(s.help)});
    }
}

bool Plugin::supports(const Geometry& g) const {
    if (!g.valid()) return false;
    if (descriptor_->max_side != 0 && g.side() <= static_cast<int>(descriptor_->max_side)) return true;
    for (uint32_t i = 0; i < descriptor_->geometry_count; ++i)
        if (Geometry::from_c(descriptor_->geometries[i]) == g) return true;
    return false;
}

std::optional<std::string> Plugin::variant_refusal(const Puzzle& puzzle) const {
    static constexpr const char* kLayoutWords[] = {"boxes", "irregular regions", "no regions"};
    const int layout = static_cast<int>(puzzle.regions);
    if (puzzle.regions != RegionLayout::boxes && !(region_layouts() & NP_REGIONS_BIT(layout)))
        return name_ + " does not take puzzles with " + kLayoutWords[layout] + " (it would solve another puzzle)";
    std::string missing;
    for (Kind k : puzzle.kinds())
        if (!(kinds() & NP_KIND_BIT(static_cast<int>(k)))) missing += (missing.empty() ? "" : ", ") + std::string(kind_key(k));
    if (!missing.empty())
        return name_ + " does not take the constraint kind" + (missing.find(',') != std::string::npos ? "s " : " ") +
               missing + " (it would solve another puzzle)";
    return std::nullopt;
}

std::vector<Geometry> Plugin::listed_geometries() const {
    std::vector<Geometry> list;
    for (uint32_t i = 0; i < descriptor_->geometry_count; ++i)
        list.push_back(Geometry::from_c(descriptor_->geometries[i]));
    return list;
}

std::string Plugin::geometry_summary() const {
    std::string text;
    if (descriptor_->max_side != 0)
        text = "any RxC with R*C <= " + std::to_string(descriptor_->max_side);
    for (const auto& g : listed_geometries()) text += (text.empty() ? "" : ", ") + g.name();
    return text.empty() ? "none" : text;
}

std::string Plugin::option_problem(const OptionList& options, std::string_view operation) const {
    // The SDK's own checker, run on the plugin's declared specs: the host
    // refuses what the plugin would refuse, once, before any input is read.
    auto c_options = to_c_options(options);
    sdk::Options parsed;
    std::string error;
    if (parsed.parse(descriptor_->options, descriptor_->option_count, c_options.data(),
                     static_cast<uint32_t>(c_options.size()), operation, error))
        return "";
    return error;
}

SolveOutcome Plugin::solve(const Grid& puzzle, uint64_t limit, const OptionList& options,
                           const Budget& budget) const {
    return Session(*this).solve(puzzle, limit, options, budget);
}

CheckOutcome Plugin::check(const Grid& grid, const OptionList& options) const {
    return Session(*this).check(grid, options);
}

GenerateOutcome Plugin::generate(const Geometry& geometry, np_generate_kind kind, uint64_t seed,
                                 uint32_t count, const OptionList& options, const Budget& budget,
                                 uint64_t first_index) const {
    return Session(*this).generate(geometry, kind, seed, first_index, count, options, budget);
}

std::vector<std::string> capability_names(uint32_t c) {
    static const std::pair<uint32_t, const char*> names[] = {
        {NP_CAP_SOLVE, "solve"},
        {NP_CAP_COUNT, "count"},
        {NP_CAP_PROVE_UNIQUE, "prove-unique"},
        {NP_CAP_GENERATE_GRID, "generate-grid"},
        {NP_CAP_GENERATE_PUZZLE, "generate-puzzle"},
        {NP_CAP_CHECK_GRID, "check-grid"},
        {NP_CAP_PROOF, "proof"},
        {NP_CAP_EXPLAIN, "explain"},
        {NP_CAP_CANDIDATES, "candidates"},
    };
    std::vector<std::string> out;
    for (auto [bit, name] : names)
        if (c & bit) out.emplace_back(name);
    return out;
}

}  // namespace np
