#include "numplace/plugin_sdk.hpp"

#include <algorithm>
#include <charconv>
#include <set>
#include <stdexcept>

#include "numplace/clock.hpp"

namespace np::sdk {

void set_message(char (&buffer)[NP_MESSAGE_CAPACITY], std::string_view text) {
    const std::size_t n = std::min(text.size(), std::size_t{NP_MESSAGE_CAPACITY - 1});
    std::memcpy(buffer, text.data(), n);
    buffer[n] = '\0';
}

bool BudgetGuard::poll() const {
    if (budget_.deadline_ns != 0 && monotonic_ns() >= budget_.deadline_ns) return true;
    return budget_.terminate != nullptr && budget_.terminate(budget_.terminate_state) != 0;
}

namespace {

bool value_allowed(std::string_view allowed, std::string_view value) {
    if (allowed == "integer") {
        long long parsed = 0;
        auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), parsed);
        return ec == std::errc() && end == value.data() + value.size();
    }
    // "a|b|c"
    std::size_t start = 0;
    while (start <= allowed.size()) {
        std::size_t bar = allowed.find('|', start);
        if (bar == std::string_view::npos) bar = allowed.size();
        if (allowed.substr(start, bar - start) == value) return true;
        start = bar + 1;
    }
    return false;
}

bool applies(std::string_view applies_to, std::string_view operation) {
    return applies_to == "all" || operation.empty() || applies_to == operation;
}

}  // namespace

bool Options::parse(const np_option_spec* specs, uint32_t spec_count, const np_option* given,
                    uint32_t given_count, std::string_view operation, std::string& error) {
    values_.clear();
    for (uint32_t i = 0; i < spec_count; ++i)
        if (applies(specs[i].applies_to ? specs[i].applies_to : "all", operation))
            values_[specs[i].key] = specs[i].default_value ? specs[i].default_value : "";
    std::set<std::string> seen;
    for (uint32_t i = 0; i < given_count; ++i) {
        const std::string key = given[i].key ? given[i].key : "";
        const std::string value = given[i].value ? given[i].value : "";
        const np_option_spec* spec = nullptr;
        for (uint32_t s = 0; s < spec_count; ++s)
            if (key == specs[s].key) spec = &specs[s];
        if (spec == nullptr || !applies(spec->applies_to ? spec->applies_to : "all", operation)) {
            error = "unknown option '" + key + "'";
            if (!operation.empty()) error += " for " + std::string(operation);
            return false;
        }
        if (!seen.insert(key).second) {
            error = "option '" + key + "' given twice";
            return false;
        }
        if (spec->values != nullptr && !value_allowed(spec->values, value)) {
            error = "option '" + key + "': value '" + value + "' is " +
                    (std::string_view(spec->values) == "integer" ? std::string("not a whole number")
                                                                 : "not one of " + std::string(spec->values));
            return false;
        }
        values_[key] = value;
    }
    return true;
}

const std::string& Options::get(const std::string& key) const {
    auto it = values_.find(key);
    if (it == values_.end()) throw std::logic_error("option '" + key + "' is not declared");
    return it->second;
}

long long Options::get_int(const std::string& key) const {
    const std::string& text = get(key);
    long long value = 0;
    std::from_chars(text.data(), text.data() + text.size(), value);
    return value;
}


}  // namespace np::sdk
