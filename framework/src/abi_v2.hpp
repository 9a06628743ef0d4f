// Plugins built for ABI version 2 keep loading: the host calls them through
// this adapter. Version 2's requests and results are version 3's without
// struct_size (and without the members 3.0 appended); its descriptor is the
// same bytes, struct_size then being padding. The structs below mirror the
// frozen version 2 header (tests/abi/v2/numplace/plugin_api.h), which a test
// builds a plugin against and loads: nothing here may change.
#pragma once

#include <cstddef>
#include <cstdint>

#include "numplace/plugin_api.h"

namespace np::abi_v2 {

struct solve_request {
    np_geometry geometry;
    const uint8_t* cells;
    uint64_t limit;
    const np_option* options;
    uint32_t option_count;
    np_budget budget;
};

struct solve_result {
    uint64_t count;
    uint32_t stop;
    uint32_t witness_count;
    uint8_t* witnesses[NP_MAX_WITNESSES];
    np_violation violation;
    np_stats stats;
    char message[NP_MESSAGE_CAPACITY];
};

struct check_request {
    np_geometry geometry;
    const uint8_t* cells;
    const np_option* options;
    uint32_t option_count;
};

struct check_result {
    np_violation* violations;
    uint32_t capacity;
    uint32_t violation_count;
    char message[NP_MESSAGE_CAPACITY];
};

struct generate_request {
    np_geometry geometry;
    uint32_t kind;
    uint64_t seed;
    uint64_t first_index;
    uint32_t count;
    const np_option* options;
    uint32_t option_count;
    np_budget budget;
};

struct generate_result {
    uint8_t* cells;
    uint32_t produced;
    np_stats stats;
    char message[NP_MESSAGE_CAPACITY];
};

using solve_fn = int (*)(void*, const solve_request*, solve_result*);
using check_fn = int (*)(void*, const check_request*, check_result*);
using generate_fn = int (*)(void*, const generate_request*, generate_result*);

// Version 2's descriptor ends with generate: the size the host gives it.
constexpr uint32_t kDescriptorSize = offsetof(np_plugin, generate) + sizeof(void*);
static_assert(offsetof(np_plugin, name) == 8, "version 2's members keep their offsets");
// Sizes under the frozen header on x86-64 (the test plugin's build checks
// the same layout by working).
static_assert(sizeof(solve_request) == 72 && sizeof(solve_result) == 464 && sizeof(check_request) == 32 &&
                  sizeof(check_result) == 272 && sizeof(generate_request) == 88 &&
                  sizeof(generate_result) == 424 && kDescriptorSize == 112,
              "version 2's layout (x86-64)");

// Each call: the version 3 request read into a version 2 one, the answer
// copied back. The witness and violation buffers are the host's own, passed
// through, so the host's checks of them are unchanged.
inline int solve(const np_plugin& d, void* instance, const np_solve_request& in, np_solve_result& out) {
    const solve_request request{in.geometry, in.cells, in.limit, in.options, in.option_count, in.budget};
    solve_result result{};
    for (uint32_t i = 0; i < NP_MAX_WITNESSES; ++i) result.witnesses[i] = out.witnesses[i];
    const int status = reinterpret_cast<solve_fn>(d.solve)(instance, &request, &result);
    out.count = result.count;
    out.stop = result.stop;
    out.witness_count = result.witness_count;
    for (uint32_t i = 0; i < NP_MAX_WITNESSES; ++i) out.witnesses[i] = result.witnesses[i];
    out.violation = result.violation;
    out.stats = result.stats;
    static_assert(sizeof out.message == sizeof result.message);
    __builtin_memcpy(out.message, result.message, sizeof out.message);
    return status;
}

inline int check(const np_plugin& d, void* instance, const np_check_request& in, np_check_result& out) {
    const check_request request{in.geometry, in.cells, in.options, in.option_count};
    check_result result{out.violations, out.capacity, 0, {}};
    const int status = reinterpret_cast<check_fn>(d.check_grid)(instance, &request, &result);
    out.violations = result.violations;
    out.capacity = result.capacity;
    out.violation_count = result.violation_count;
    __builtin_memcpy(out.message, result.message, sizeof out.message);
    return status;
}

inline int generate(const np_plugin& d, void* instance, const np_generate_request& in, np_generate_result& out) {
    const generate_request request{in.geometry, in.kind,         in.seed,  in.first_index,
                                   in.count,    in.options, in.option_count, in.budget};
    generate_result result{out.cells, 0, {}, {}};
    const int status = reinterpret_cast<generate_fn>(d.generate)(instance, &request, &result);
    out.cells = result.cells;
    out.produced = result.produced;
    out.stats = result.stats;
    __builtin_memcpy(out.message, result.message, sizeof out.message);
    return status;
}

}  // namespace np::abi_v2
