// The C end of every call into a plugin (abi_call.hpp): marshalling to and
// from the ABI's structs, the bounds on what every answer shares, and the
// calls through the version 2 adapter.
#include "abi_call.hpp"

#include <algorithm>
#include <cstring>

#include "abi_v2.hpp"
#include "numplace/clock.hpp"
#include "numplace/utf8.hpp"

namespace np {

namespace {

int cancel_requested(void* state) {
    return static_cast<const std::atomic<bool>*>(state)->load(std::memory_order_relaxed) ? 1 : 0;
}


// A counter's name becomes a column and a JSON key: a word, not a paragraph.
constexpr std::size_t kMaxCounterName = 64;

}  // namespace

np_budget to_c_budget(const Budget& budget) {
    np_budget c{};
    c.max_nodes = budget.max_nodes;
    if (budget.timeout_seconds > 0)
        c.deadline_ns = monotonic_ns() + static_cast<uint64_t>(budget.timeout_seconds * 1e9);
    if (budget.cancel != nullptr) {
        c.terminate = &cancel_requested;
        c.terminate_state = const_cast<std::atomic<bool>*>(budget.cancel);
    }
    return c;
}

// The C view of an option list; the strings stay owned by `options`.
std::vector<np_option> to_c_options(const OptionList& options) {
    std::vector<np_option> c;
    c.reserve(options.size());
    for (const auto& [key, value] : options) c.push_back({key.c_str(), value.c_str()});
    return c;
}

CallStats to_stats(const np_stats& s, uint64_t micros) {
    CallStats stats;
    stats.nodes = s.nodes;
    stats.guesses = s.guesses;
    stats.micros = micros;
    stats.counters.reserve(std::min(s.counter_count, NP_MAX_COUNTERS));  // one allocation, not three
    for (uint32_t i = 0; i < std::min(s.counter_count, NP_MAX_COUNTERS); ++i)
        if (s.counters[i].name != nullptr)  // bounded by answer_problem before this runs
            stats.counters.emplace_back(plain_text(s.counters[i].name), s.counters[i].value);
    return stats;
}

// Read only after answer_problem passed: the buffer then holds its NUL.
// The one way a plugin's message becomes the host's text: plain
// (utf8.hpp), so that no output shows it raw.
std::string message_of(const char (&buffer)[NP_MESSAGE_CAPACITY]) {
    return plain_text(std::string_view(buffer, strnlen(buffer, NP_MESSAGE_CAPACITY)));
}


// What breaks the ABI in the parts every answer shares, before the host
// reads any of it: the message buffer must hold its NUL (an unterminated one
// would be read past its end by anything that trusted it), and the counters
// must be within NP_MAX_COUNTERS, each with a bounded name. "" when sound.
std::string answer_problem(const char (&message)[NP_MESSAGE_CAPACITY], const np_stats* stats) {
    if (strnlen(message, NP_MESSAGE_CAPACITY) == NP_MESSAGE_CAPACITY)
        return "its message is not NUL-terminated within " + std::to_string(NP_MESSAGE_CAPACITY) + " bytes";
    if (stats == nullptr) return "";
    if (stats->counter_count > NP_MAX_COUNTERS)
        return "counter_count " + std::to_string(stats->counter_count) + " is above " + std::to_string(NP_MAX_COUNTERS);
    for (uint32_t i = 0; i < stats->counter_count; ++i) {
        const char* name = stats->counters[i].name;
        if (name == nullptr) return "counter " + std::to_string(i) + " has no name";
        if (strnlen(name, kMaxCounterName + 1) > kMaxCounterName)
            return "counter " + std::to_string(i) + "'s name is longer than " + std::to_string(kMaxCounterName) +
                   " bytes or not NUL-terminated";
    }
    return "";
}

std::string status_word(int status) {
    switch (status) {
        case NP_INVALID_INPUT: return "invalid input";
        case NP_BAD_OPTION: return "bad option";
        case NP_UNSUPPORTED: return "unsupported";
        case NP_FAILED: return "failed";
        default: return "status " + std::to_string(status);
    }
}

// Without an early exit, so that the compiler vectorises it: it runs on
// every witness of every call.
bool cells_in_range(const uint8_t* cells, std::size_t n, int side, bool allow_empty) {
    const uint8_t top = static_cast<uint8_t>(side), bottom = allow_empty ? 0 : 1;
    uint8_t bad = 0;
    for (std::size_t i = 0; i < n; ++i) bad |= static_cast<uint8_t>((cells[i] > top) | (cells[i] < bottom));
    return bad == 0;
}

uint64_t micros_since(uint64_t start_ns) { return (monotonic_ns() - start_ns) / 1000; }

// The three calls, to a plugin of either ABI version: version 2's through
// the adapter (abi_v2.hpp).
int call_solve(const np_plugin& d, void* instance, const np_solve_request& request, np_solve_result& result) {
    if (d.abi_version == 2) return abi_v2::solve(d, instance, request, result);
    return d.solve(instance, &request, &result);
}
int call_check(const np_plugin& d, void* instance, const np_check_request& request, np_check_result& result) {
    if (d.abi_version == 2) return abi_v2::check(d, instance, request, result);
    return d.check_grid(instance, &request, &result);
}
int call_generate(const np_plugin& d, void* instance, const np_generate_request& request,
                  np_generate_result& result) {
    if (d.abi_version == 2) return abi_v2::generate(d, instance, request, result);
    return d.generate(instance, &request, &result);
}

}  // namespace np
