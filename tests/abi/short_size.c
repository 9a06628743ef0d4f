/* A version 3 descriptor whose struct_size does not cover version 3's
 * members: the host refuses it rather than read past what the plugin says
 * it wrote. */
#include "numplace/plugin_api.h"

static int solve(void *instance, const np_solve_request *req, np_solve_result *res) {
    (void)instance, (void)req, (void)res;
    return NP_FAILED;
}

static const np_plugin descriptor = {NP_ABI_VERSION, 16, "short-size", "3.0.0", "too small a struct_size",
                                     NP_CAP_SOLVE,   9,  0,            0,       0,       0, 0, 0, solve, 0, 0};

__attribute__((visibility("default"))) const np_plugin *numplace_plugin_entry(void) { return &descriptor; }
