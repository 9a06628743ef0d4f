// JSON views of framework values (nlohmann::ordered_json; never written by hand).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "numplace/host.hpp"
#include "numplace/reason.hpp"

namespace np {

// {"code", "row", "column", "box", "value", "message"}; locations that do not
// apply are left out.
nlohmann::ordered_json to_json(const Reason& reason);
// {"nodes", "guesses", "micros", "claimed_micros" (only when not 0: a
// worker's claim), plus each plugin counter by name}
nlohmann::ordered_json to_json(const CallStats& stats);
// name, version, description, capabilities, geometries, options, path
nlohmann::ordered_json to_json(const Plugin& plugin);

// A count in a JSON document that may come from anywhere (a shard from another
// machine, a hand edit): a whole number in [0, max], never a float such as
// 1e300, whose conversion to an integer is undefined behaviour. Read from
// text a count is unsigned; built in memory (from an int) it may be a signed
// integer that is not negative. Throws std::runtime_error naming `what`.
template <class Json>
uint64_t whole_number(const Json& v, const char* what, uint64_t max = UINT64_MAX) {
    const bool whole = v.is_number_unsigned() || (v.is_number_integer() && v.template get<int64_t>() >= 0);
    if (!whole || v.template get<uint64_t>() > max)
        throw std::runtime_error(std::string("'") + what + "' is not a whole number in range");
    return v.template get<uint64_t>();
}

}  // namespace np
