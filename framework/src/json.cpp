#include "numplace/json.hpp"
#include "numplace/variant_abi.hpp"

namespace np {

nlohmann::ordered_json to_json(const Reason& r) {
    nlohmann::ordered_json j;
    j["code"] = std::string(reason_code_name(r.code));
    if (r.row) j["row"] = r.row;
    if (r.column) j["column"] = r.column;
    if (r.box) j["box"] = r.box;
    if (r.value) j["value"] = r.value;
    j["message"] = r.message;
    return j;
}

nlohmann::ordered_json to_json(const CallStats& s) {
    nlohmann::ordered_json j{{"nodes", s.nodes}, {"guesses", s.guesses}, {"micros", s.micros}};
    if (s.claimed_micros != 0) j["claimed_micros"] = s.claimed_micros;  // from a worker only
    for (const auto& [name, value] : s.counters) j[name] = value;
    return j;
}

nlohmann::ordered_json to_json(const Plugin& p) {
    nlohmann::ordered_json geometries = nlohmann::ordered_json::object();
    if (p.max_side() != 0) geometries["max_side"] = p.max_side();
    nlohmann::ordered_json listed = nlohmann::ordered_json::array();
    for (const auto& g : p.listed_geometries()) listed.push_back(g.name());
    geometries["listed"] = listed;
    nlohmann::ordered_json options = nlohmann::ordered_json::array();
    for (const auto& o : p.options())
        options.push_back({{"key", o.key},
                           {"values", o.values},
                           {"default", o.default_value},
                           {"applies_to", o.applies_to},
                           {"help", o.help}});
    nlohmann::ordered_json j{{"name", p.name()},
                             {"version", p.version()},
                             {"description", p.description()},
                             {"capabilities", capability_names(p.capabilities())},
                             {"geometries", geometries},
                             {"options", options},
                             {"path", p.path()},
                             {"kind", p.external() ? "command" : "library"}};
    if (p.suggested_max_nodes() != 0) j["suggested_max_nodes"] = p.suggested_max_nodes();
    if (!p.shapes_note().empty()) j["shapes_note"] = p.shapes_note();
    if (p.default_for() != 0) j["default_for"] = {{"operations", capability_names(p.default_for())}, {"rank", p.default_rank()}};
    if (p.kinds() != 0 || p.region_layouts() != 0)
        j["variants"] = {{"kinds", kind_names(p.kinds())}, {"region_layouts", layout_names(p.region_layouts())}};
    return j;
}

}  // namespace np
