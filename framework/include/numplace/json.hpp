// JSON views of framework values (nlohmann::ordered_json; never written by hand).
#pragma once

#include <nlohmann/json.hpp>

#include "numplace/host.hpp"
#include "numplace/reason.hpp"

namespace np {

// {"code", "row", "column", "box", "value", "message"}; locations that do not
// apply are left out.
nlohmann::ordered_json to_json(const Reason& reason);
// {"nodes", "guesses", "micros", plus each plugin counter by name}
nlohmann::ordered_json to_json(const CallStats& stats);
// name, version, description, capabilities, geometries, options, path
nlohmann::ordered_json to_json(const Plugin& plugin);

}  // namespace np
