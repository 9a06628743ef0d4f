// Helpers for writing a plugin in C++, under the C++ layer (plugin.hpp): the
// message buffer, budget polling, option parsing, exception catching. A
// plugin needs none of this (the ABI is plain C). Part of numplace_sdk, the
// small library a plugin links; nothing here knows the host.
#pragma once

#include <cstdint>
#include <cstring>
#include <exception>
#include <map>
#include <string>
#include <string_view>

#include "numplace/plugin_api.h"

// Put in front of the entry function so that it is the one exported symbol.
#define NP_PLUGIN_EXPORT extern "C" __attribute__((visibility("default")))

namespace np::sdk {

// Copy text into a fixed ABI message buffer, always NUL-terminated.
void set_message(char (&buffer)[NP_MESSAGE_CAPACITY], std::string_view text);

// Budget polling for a search loop: call spent() once per node. It counts the
// node and, every 1024 nodes, looks at the deadline and the terminate
// callback, so the cost stays negligible.
class BudgetGuard {
public:
    explicit BudgetGuard(const np_budget& budget) : budget_(budget) {}

    bool spent() {
        ++nodes_;
        if (stopped_) return true;
        if (budget_.max_nodes != 0 && nodes_ > budget_.max_nodes) return stopped_ = true;
        if ((nodes_ & 1023u) == 0) return stopped_ = poll();
        return false;
    }
    // Check the deadline and the callback now (outside the hot loop).
    bool poll_now() { return stopped_ = stopped_ || poll(); }
    bool stopped() const { return stopped_; }
    // Calls to spent() so far, including the one that reported the budget
    // spent (so max_nodes + 1 after a node-limit stop).
    uint64_t nodes() const { return nodes_; }

private:
    bool poll() const;

    np_budget budget_;
    uint64_t nodes_ = 0;
    bool stopped_ = false;
};

// The options of one call, checked against the plugin's np_option_spec list:
// an unknown key, a repeated key, or a value outside the spec's "a|b|c" list
// (or not a whole number for "integer") is an error. Defaults fill the rest.
class Options {
public:
    // Returns false and writes the reason to `error` when something is wrong.
    bool parse(const np_option_spec* specs, uint32_t spec_count, const np_option* given,
               uint32_t given_count, std::string_view operation, std::string& error);

    const std::string& get(const std::string& key) const;
    long long get_int(const std::string& key) const;

private:
    std::map<std::string, std::string> values_;
};

// Run `body` and turn any exception into NP_FAILED with its message: nothing
// may cross the C boundary.
template <class Result, class Body>
int guarded(Result* result, Body&& body) noexcept {
    try {
        return body();
    } catch (const std::exception& e) {
        set_message(result->message, e.what());
    } catch (...) {
        set_message(result->message, "unknown internal error");
    }
    return NP_FAILED;
}

// The stats counters array is fixed-size; this appends one.
inline void add_counter(np_stats& stats, const char* name, uint64_t value) {
    if (stats.counter_count < NP_MAX_COUNTERS) stats.counters[stats.counter_count++] = {name, value};
}

}  // namespace np::sdk
