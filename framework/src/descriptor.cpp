// Descriptor validation (descriptor.hpp): a plugin's descriptor, read once
// when it loads, bounded and checked field by field (caps on every text and
// list, shapes, options, functions for the capabilities declared, the
// default offer); a bad one is skipped with its reason.
#include "descriptor.hpp"

#include <cstddef>
#include <cstring>
#include <string_view>

#include "abi_v2.hpp"
#include "numplace/grid.hpp"

namespace np {

namespace {

// Caps on what a descriptor may hold. A name is a word; the other texts are
// a line or a short list; no real plugin lists 64 shapes or options. Above
// these the descriptor is broken or hostile, and the host reads no further.
constexpr std::size_t kMaxNameBytes = 64;
constexpr std::size_t kMaxTextBytes = 4096;
constexpr uint32_t kMaxListed = 64;

// Why `text` (a field of the descriptor, named `field`) cannot be read: NULL,
// no NUL within `cap` bytes (strnlen: never past the cap), or a control
// character (every text is printed on one line). "" when it is fine.
std::string text_problem(const char* text, std::size_t cap, const std::string& field) {
    if (text == nullptr) return field + " is NULL";
    const std::size_t n = strnlen(text, cap + 1);
    if (n > cap) return field + " is longer than " + std::to_string(cap) + " bytes or not NUL-terminated";
    for (std::size_t i = 0; i < n; ++i) {
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte < 0x20 || byte == 0x7f) return field + " contains a control character (byte " + std::to_string(byte) + ")";
    }
    return "";
}

std::string name_problem(const char* name) {
    if (auto why = text_problem(name, kMaxNameBytes, "name"); !why.empty()) return why;
    if (*name == '\0') return "name is empty";
    for (const char* p = name; *p; ++p)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-' || *p == '_'))
            return "name is not [a-z0-9_-]+";
    return "";
}

// Each side checked alone before R*C is formed, so that nothing overflows.
bool sane_shape(const np_geometry& g) {
    return g.box_rows >= 1 && g.box_cols >= 1 && g.box_rows <= NP_MAX_SIDE && g.box_cols <= NP_MAX_SIDE &&
           Geometry::from_c(g).valid();
}

std::string geometry_problem(const np_plugin& d) {
    if (d.max_side > NP_MAX_SIDE)
        return "max_side " + std::to_string(d.max_side) + " is above " + std::to_string(NP_MAX_SIDE);
    if (d.geometry_count > kMaxListed)
        return "geometry_count " + std::to_string(d.geometry_count) + " is above " + std::to_string(kMaxListed);
    if (d.geometry_count != 0 && d.geometries == nullptr) return "geometries is NULL with geometry_count > 0";
    for (uint32_t i = 0; i < d.geometry_count; ++i)
        if (!sane_shape(d.geometries[i]))
            return "geometries[" + std::to_string(i) + "] " + std::to_string(d.geometries[i].box_rows) + "x" +
                   std::to_string(d.geometries[i].box_cols) + " is not a shape numplace supports (R*C from 2 to " +
                   std::to_string(NP_MAX_SIDE) + ")";
    return "";
}

// `values` may be NULL: any value is accepted (the SDK's option checker and
// fixture_liar's "say" rely on that). Every other field must be a text.
std::string option_spec_problem(const np_option_spec& s, const std::string& at) {
    std::string why = text_problem(s.key, kMaxNameBytes, at + ".key");
    if (why.empty() && *s.key == '\0') why = at + ".key is empty";
    if (why.empty() && s.values != nullptr) why = text_problem(s.values, kMaxTextBytes, at + ".values");
    if (why.empty()) why = text_problem(s.default_value, kMaxTextBytes, at + ".default_value");
    if (why.empty()) why = text_problem(s.applies_to, kMaxNameBytes, at + ".applies_to");
    if (why.empty()) why = text_problem(s.help, kMaxTextBytes, at + ".help");
    if (!why.empty()) return why;
    const std::string_view to = s.applies_to;
    if (to != "solve" && to != "generate" && to != "check" && to != "all")
        return at + ".applies_to '" + std::string(to) + "' is not solve, generate, check or all";
    return "";
}

std::string options_problem(const np_plugin& d) {
    if (d.option_count > kMaxListed)
        return "option_count " + std::to_string(d.option_count) + " is above " + std::to_string(kMaxListed);
    if (d.option_count != 0 && d.options == nullptr) return "options is NULL with option_count > 0";
    for (uint32_t i = 0; i < d.option_count; ++i)
        if (auto why = option_spec_problem(d.options[i], "options[" + std::to_string(i) + "]"); !why.empty())
            return why;
    return "";
}

std::string functions_problem(const np_plugin& d) {
    const bool solves = d.capabilities & (NP_CAP_SOLVE | NP_CAP_COUNT | NP_CAP_PROVE_UNIQUE);
    if (solves && d.solve == nullptr) return "declares solving but has no solve function";
    if ((d.capabilities & (NP_CAP_GENERATE_GRID | NP_CAP_GENERATE_PUZZLE)) && d.generate == nullptr)
        return "declares generation but has no generate function";
    if ((d.capabilities & NP_CAP_CHECK_GRID) && d.check_grid == nullptr)
        return "declares check-grid but has no check_grid function";
    return "";
}

// ABI 3.6's offer to be the default: only operations it declares, and a
// rank with them (a plugin whose struct is shorter offers nothing: zero).
std::string defaults_problem(const np_plugin& d) {
    if (d.abi_version != 3 || d.struct_size < offsetof(np_plugin, default_rank) + sizeof d.default_rank) return "";
    constexpr uint32_t kOperations = NP_CAP_SOLVE | NP_CAP_COUNT | NP_CAP_EXPLAIN | NP_CAP_GENERATE_GRID |
                                     NP_CAP_GENERATE_PUZZLE | NP_CAP_CHECK_GRID;
    if (d.default_for & ~kOperations) return "default_for holds bits that name no operation";
    if (d.default_for & ~d.capabilities) return "default_for offers an operation its capabilities do not declare";
    if ((d.default_for != 0) != (d.default_rank != 0)) return "default_for and default_rank: both set or both zero";
    return "";
}

// ABI 3.7's variant declaration: known kinds and layouts, and a solve
// function to hand them to.
std::string variants_problem(const np_plugin& d) {
    if (d.abi_version != 3 || d.struct_size < offsetof(np_plugin, region_layouts) + sizeof d.region_layouts) return "";
    if (d.kinds >> NP_KIND_COUNT) return "kinds holds bits that name no constraint kind";
    if (d.region_layouts & ~(NP_REGIONS_BIT(NP_REGIONS_IRREGULAR) | NP_REGIONS_BIT(NP_REGIONS_NONE)))
        return "region_layouts holds bits that name no layout besides boxes";
    if ((d.kinds != 0 || d.region_layouts != 0) && !(d.capabilities & (NP_CAP_SOLVE | NP_CAP_COUNT)))
        return "declares variant kinds or layouts but cannot solve";
    return "";
}

}  // namespace

// Why a descriptor cannot be used, or "" when it can. Nothing in it is read
// before it has been bounded here: the Plugin made from it reads only what
// passed.
std::string descriptor_problem(const np_plugin* d) {
    if (d == nullptr) return "entry function returned no descriptor";
    if (d->abi_version < NP_ABI_OLDEST || d->abi_version > NP_ABI_VERSION)
        return "ABI version " + std::to_string(d->abi_version) + ", this host loads versions " +
               std::to_string(NP_ABI_OLDEST) + " to " + std::to_string(NP_ABI_VERSION);
    if (d->abi_version == 3 && d->struct_size < abi_v2::kDescriptorSize)
        return "bad descriptor: struct_size " + std::to_string(d->struct_size) + " is smaller than version 3's " +
               std::to_string(abi_v2::kDescriptorSize) + " bytes";
    if (d->abi_version == 2 && (d->capabilities & (NP_CAP_PROOF | NP_CAP_EXPLAIN | NP_CAP_CANDIDATES)))
        return "bad descriptor: a version 2 plugin declares a capability of version 3 (proof, explain or candidates)";
    std::string why = name_problem(d->name);
    if (why.empty()) why = text_problem(d->version, kMaxTextBytes, "version");
    if (why.empty() && d->description != nullptr) why = text_problem(d->description, kMaxTextBytes, "description");
    // ABI 3.5's note, when the plugin's struct reaches it.
    const bool has_note = d->abi_version == 3 && d->struct_size >= offsetof(np_plugin, shapes_note) + sizeof d->shapes_note;
    if (why.empty() && has_note && d->shapes_note != nullptr)
        why = text_problem(d->shapes_note, kMaxTextBytes, "shapes_note");
    if (why.empty()) why = geometry_problem(*d);
    if (why.empty()) why = options_problem(*d);
    if (why.empty()) why = defaults_problem(*d);
    if (why.empty()) why = variants_problem(*d);
    if (!why.empty()) return "bad descriptor: " + why;
    return functions_problem(*d);
}

}  // namespace np
