// The corpus loader's schema of generator entries (checker.hpp): the call,
// its options, an order (a rater and a band or technique), and the
// properties every result must have.
#include <algorithm>
#include <limits>
#include <set>

#include "corpus/checker.hpp"
#include "rating/rating.hpp"

namespace np::corpus::detail {

void FileChecker::generator_entry(const Node& n) {
    const std::size_t before = errors_.size();
    Fields f(*this, n,
             {"id", "kind", "plugin", "what", "size", "seed", "count", "options", "order", "expect", "source",
              "tags", "notes"},
             "a generator entry");
    GeneratorEntry e;
    e.where = where(n);
    Common c;
    common(f, c);

    generator_call(f, e);
    const std::optional<np_generate_kind> what = generator_kind(f);
    const auto size = size_value(f["size"]);
    generator_numbers(f, e);
    if (const Node* options = f["options"]) generator_options(*options, e.options);
    if (const Node* order = f["order"]) {
        generator_order(*order, e);
        if (what == NP_GENERATE_GRID) error(*order, "an 'order' makes puzzles: 'what' must be puzzle");
    }
    if (const Node* expect = expect_map(f, "the properties of the output", "a map with 'properties'"))
        generator_properties(*expect, what, size, e);

    if (errors_.size() != before) return;
    take_common(std::move(c), e);
    e.what = *what;
    e.size = *size;
    corpus_.generators.push_back(std::move(e));
}

// The plugin's name: the harness looks it up among the loaded plugins, so
// it is kept to the characters plugin names use.
void FileChecker::generator_call(const Fields& f, GeneratorEntry& e) {
    if (const Node* plugin = f.required(*this, "plugin", "the generator's name"))
        if (auto name = plugin_name(*plugin, "plugin")) e.plugin = *name;
}

std::optional<np_generate_kind> FileChecker::generator_kind(const Fields& f) {
    const Node* what = f.required(*this, "what", "grid or puzzle");
    if (!what) return std::nullopt;
    auto text = string_value(*what, "what");
    if (!text) return std::nullopt;
    if (*text == "grid") return NP_GENERATE_GRID;
    if (*text == "puzzle") return NP_GENERATE_PUZZLE;
    error(*what, "'what' must be grid or puzzle, not " + shown(*text));
    return std::nullopt;
}

void FileChecker::generator_numbers(const Fields& f, GeneratorEntry& e) {
    if (const Node* seed = f.required(*this, "seed", "an unsigned 64-bit integer"))
        if (auto v = unsigned_value(*seed, "seed")) e.seed = *v;
    if (const Node* count = f.required(*this, "count", "how many results, at least 1")) {
        // The ABI counts results in 32 bits.
        if (auto v = unsigned_value(*count, "count", 1, std::numeric_limits<uint32_t>::max()))
            e.count = static_cast<uint32_t>(*v);
    }
}

// 'options': names to single values, in the order written (the plugin
// checks them against its own specs when the harness runs the entry).
void FileChecker::generator_options(const Node& options, std::vector<std::pair<std::string, std::string>>& out) {
    if (!options.is_map()) {
        error(options, "'options' must be a map of option names to values, not " + describe(options));
        return;
    }
    for (std::size_t i = 0; i + 1 < options.children.size(); i += 2) {
        const Node& key = options.children[i];
        const Node& value = options.children[i + 1];
        if (!key.is_scalar() || key.text.empty()) {
            error(key, "an option name must be a word, not " + describe(key));
            continue;
        }
        const bool repeated =
            std::any_of(out.begin(), out.end(), [&](const auto& o) { return o.first == key.text; });
        if (repeated) {
            error(key, "the option " + quote(key.text) + " is repeated");
            continue;
        }
        if (!value.is_scalar()) {
            error(value, "the option " + quote(key.text) + " must have a single value, not " + describe(value));
            continue;
        }
        out.emplace_back(key.text, value.text);
    }
}

// 'order: {rater: logic, options: {profile: se}, rating: 6.0..8.0,
// technique: x-wing, table: se, candidates: 5000}': a rater and a band, a
// technique or both.
void FileChecker::generator_order(const Node& order, GeneratorEntry& e) {
    Fields f(*this, order, {"rater", "options", "rating", "technique", "table", "candidates"}, "'order'");
    GeneratorOrder o;
    if (const Node* rater = f.required(*this, "rater", "the plugin that explains the candidates"))
        if (auto name = plugin_name(*rater, "rater")) o.rater = *name;
    if (const Node* options = f["options"]) generator_options(*options, o.rater_options);
    if (const Node* band = f["rating"]) {
        std::string why;
        if (auto text = string_value(*band, "rating")) {
            if (auto parsed = rating::parse_band(*text, why)) o.lo = parsed->first, o.hi = parsed->second;
            else error(*band, "'rating': " + why);
        }
    }
    if (const Node* technique = f["technique"])
        if (auto text = string_value(*technique, "technique")) o.technique = rating::technique_slug(*text);
    if (!f["rating"] && !f["technique"]) error(order, "an 'order' needs a 'rating' band, a 'technique' or both");
    if (const Node* table = f["table"])
        if (auto text = string_value(*table, "table")) {
            if (!rating::table_named(*text)) error(*table, "'table' must be se or sukaku, not " + shown(*text));
            else o.table = *text;
        }
    if (const Node* candidates = f["candidates"])
        if (auto v = unsigned_value(*candidates, "candidates", 1)) o.candidates = *v;
    e.order = std::move(o);
}

constexpr std::string_view kPropertyNames =
    "full, valid, unique, minimal, symmetric, deterministic, rated or max_clues: N";

// 'expect: {properties: [...]}': each property once, and only those that
// apply to what is generated.
void FileChecker::generator_properties(const Node& expect, std::optional<np_generate_kind> what,
                                       const std::optional<Geometry>& size, GeneratorEntry& e) {
    Fields x(*this, expect, {"properties"}, "'expect'");
    const Node* list = x.required(*this, "properties", "what every result must be");
    if (list && (!list->is_sequence() || list->children.empty())) {
        error(*list, "'properties' must be a non-empty sequence (" + std::string(kPropertyNames) + "), not " +
                         describe(*list));
        return;
    }
    if (!list) return;
    std::set<std::string> seen;
    for (const Node& item : list->children) {
        const auto name = property_name(item);
        if (!name) continue;
        if (!seen.insert(*name).second) {
            error(item, "the property " + quote(*name) + " is repeated");
            continue;
        }
        const bool for_grids = *name == "full";
        const bool for_puzzles = *name == "unique" || *name == "minimal" || *name == "symmetric" ||
                                 *name == "max_clues" || *name == "rated";
        if (what == NP_GENERATE_PUZZLE && for_grids)
            error(item, "the property 'full' applies to generated grids, not puzzles");
        if (what == NP_GENERATE_GRID && for_puzzles)
            error(item, "the property " + quote(*name) + " applies to generated puzzles, not grids");
        generator_property(item, *name, size, e);
    }
}

// A property is a word, or the one-key map {max_clues: N}.
std::optional<std::string> FileChecker::property_name(const Node& item) {
    if (item.is_scalar()) return item.text;
    if (item.is_map() && item.children.size() == 2 && item.children[0].is_scalar() &&
        item.children[0].text == "max_clues")
        return "max_clues";
    error(item, "a property must be one of " + std::string(kPropertyNames) + ", not " + describe(item));
    return std::nullopt;
}

void FileChecker::generator_property(const Node& item, const std::string& name, const std::optional<Geometry>& size,
                                     GeneratorEntry& e) {
    GeneratorProperties& p = e.expect;
    if (name == "full") p.full = true;
    else if (name == "valid") p.valid = true;
    else if (name == "unique") p.unique = true;
    else if (name == "minimal") p.minimal = true;
    else if (name == "deterministic") p.deterministic = true;
    else if (name == "rated") {
        p.rated = true;
        if (!e.order) error(item, "the property 'rated' needs the entry's 'order' (a rater and a band or technique)");
    } else if (name == "symmetric") {
        // Symmetric under what: the generator's own option says.
        p.symmetric = true;
        auto it = std::find_if(e.options.begin(), e.options.end(), [](const auto& o) { return o.first == "symmetry"; });
        if (it == e.options.end() || it->second == "none")
            error(item, "the property 'symmetric' needs the generator's 'symmetry' option "
                        "(for example options: {symmetry: rotate180})");
    } else if (name == "max_clues") {
        // Without a usable size there is no cell count to bound it by.
        const uint64_t cells =
            size ? static_cast<uint64_t>(size->cell_count()) : std::numeric_limits<uint64_t>::max();
        if (auto v = unsigned_value(item.children[1], "max_clues", 0, cells)) p.max_clues = static_cast<int>(*v);
    } else {
        error(item, "unknown property " + shown(name) + " (" + std::string(kPropertyNames) + ")");
    }
}

}  // namespace np::corpus::detail
