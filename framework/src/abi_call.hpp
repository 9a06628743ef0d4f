// The C end of every call into a plugin (abi_call.cpp): the host's
// budget, options and statistics in the ABI's structs and back, the checks
// every answer's shared parts pass before the host reads them, and the
// three calls themselves, to a plugin of either ABI version.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "numplace/host.hpp"
#include "numplace/plugin_api.h"
#include "numplace/trust.hpp"

namespace np {

np_budget to_c_budget(const Budget& budget);
// The C view of an option list; the strings stay owned by `options`.
std::vector<np_option> to_c_options(const OptionList& options);
CallStats to_stats(const np_stats& s, uint64_t micros);
// The one way a plugin's message becomes the host's text (after
// answer_problem passed).
std::string message_of(const char (&buffer)[NP_MESSAGE_CAPACITY]);
// What breaks the ABI in the parts every answer shares: "" when sound.
std::string answer_problem(const char (&message)[NP_MESSAGE_CAPACITY], const np_stats* stats);
std::string status_word(int status);
bool cells_in_range(const uint8_t* cells, std::size_t n, int side, bool allow_empty);


// Every call into a plugin goes through here. The ABI is C: an exception
// thrown across it is a broken plugin, and noexcept makes it end the process
// (std::terminate, SIGABRT) right there instead of unwinding through host
// code that never expected it. In a worker that is one crashed row. The
// mark names the plugin if it calls exit() meanwhile (trust.hpp).
template <class Call>
int through_abi(const std::string& plugin, const char* operation, Call&& call) noexcept {
    const PluginCall mark(plugin.c_str(), operation);
    return call();
}

uint64_t micros_since(uint64_t start_ns);

// The three calls, to a plugin of either ABI version: version 2's through
// the adapter (abi_v2.hpp).
int call_solve(const np_plugin& d, void* instance, const np_solve_request& request, np_solve_result& result);
int call_check(const np_plugin& d, void* instance, const np_check_request& request, np_check_result& result);
int call_generate(const np_plugin& d, void* instance, const np_generate_request& request,
                  np_generate_result& result);

}  // namespace np
