/* A version 3 plugin built against a later minor version of the header,
 * one that appended a member to the descriptor: its struct_size is larger
 * than this host's sizeof(np_plugin). The host must load it, reading only
 * the members it knows (compatibility rule 4 in plugin_api.h). */
#include <string.h>

#include "numplace/plugin_api.h"

typedef struct later_descriptor {
    np_plugin known;
    int (*later_call)(void *instance); /* what a later version might append */
} later_descriptor;

static int later_call(void *instance) { return instance == NULL; }

/* It answers "unknown" (a spent budget): always a sound answer. */
static int solve(void *instance, const np_solve_request *req, np_solve_result *res) {
    (void)instance, (void)req;
    res->stop = NP_STOP_BUDGET;
    strcpy(res->message, "a plugin from a later minor version");
    return NP_OK;
}

static const later_descriptor descriptor = {
    {NP_ABI_VERSION, (uint32_t)sizeof(later_descriptor), "future-minor", "3.1.0", "appends a descriptor member",
     NP_CAP_SOLVE, 9, 0, 0, 0, 0, 0, 0, solve, 0, 0},
    later_call,
};

__attribute__((visibility("default"))) const np_plugin *numplace_plugin_entry(void) { return &descriptor.known; }
