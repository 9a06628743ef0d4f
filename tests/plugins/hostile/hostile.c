/* Hostile plugins for the host's boundary (tests/host/plugin_boundary_test.cpp).
 * One file, built once per case with -DHOSTILE_CASE=N and -DHOSTILE_NAME: each
 * build breaks one rule of the descriptor, and the host must refuse it at
 * load with a reason naming the field, without reading past what it may.
 * Case 0 ("fixture-hostile-answers") has a sound descriptor and breaks the
 * rules of an answer instead, chosen per call with the option "mode":
 *   mode=fine             a sound answer (the baseline)
 *   mode=message          256 message bytes and no NUL (solve, check, generate)
 *   mode=counters         counter_count 9, above NP_MAX_COUNTERS
 *   mode=counter-null     a counter without a name
 *   mode=counter-long     a counter name with no NUL within the cap
 *   mode=witness-pointer  the host's witness pointer moved to plugin memory
 *   mode=capacity         check: capacity and violation_count raised to 2^32-1
 * Oversized texts point into `big`, 5000 bytes of 'x' without a NUL: larger
 * than any cap the host uses, so even the host's bounded read stays inside. */
#include <string.h>

#include "numplace/plugin_api.h"

#ifndef HOSTILE_CASE
#define HOSTILE_CASE 0
#endif
#ifndef HOSTILE_NAME
#define HOSTILE_NAME "fixture-hostile-answers"
#endif

static char big[5000];
static uint8_t stolen[2][16];

static np_option_spec options[] = {
    {"mode", "fine|message|counters|counter-null|counter-long|witness-pointer|capacity", "fine", "all",
     "which rule of an answer to break"},
};
static np_geometry shapes[] = {{2, 2}, {3, 3}};

static const char *mode_of(const np_option *given, uint32_t count) {
    uint32_t i;
    for (i = 0; i < count; ++i)
        if (strcmp(given[i].key, "mode") == 0) return given[i].value;
    return "fine";
}

static int is(const char *mode, const char *word) { return strcmp(mode, word) == 0; }

/* The parts every answer shares: the message and the counters. */
static void spoil_common(const char *mode, char *message, np_stats *stats) {
    if (is(mode, "message")) memset(message, 'm', NP_MESSAGE_CAPACITY);
    if (is(mode, "counters")) {
        stats->counter_count = NP_MAX_COUNTERS + 1;
        stats->counters[0].name = "ok";
    }
    if (is(mode, "counter-null")) stats->counter_count = 1; /* name left NULL */
    if (is(mode, "counter-long")) {
        stats->counter_count = 1;
        stats->counters[0].name = big;
    }
}

/* A full 4x4 grid is its own solution; anything else has none. */
static int solve(void *instance, const np_solve_request *req, np_solve_result *res) {
    const char *mode = mode_of(req->options, req->option_count);
    const size_t n = (size_t)(req->geometry.box_rows * req->geometry.box_cols) *
                     (size_t)(req->geometry.box_rows * req->geometry.box_cols);
    size_t i;
    (void)instance;
    for (i = 0; i < n && req->cells[i] != 0; ++i) {}
    if (i == n) {
        memcpy(res->witnesses[0], req->cells, n);
        res->count = 1;
        res->witness_count = 1;
    }
    res->stop = NP_STOP_EXHAUSTED;
    if (is(mode, "witness-pointer") && n <= sizeof stolen[0]) {
        memcpy(stolen[0], req->cells, n);
        res->witnesses[0] = stolen[0];
    }
    spoil_common(mode, res->message, &res->stats);
    return NP_OK;
}

static int check(void *instance, const np_check_request *req, np_check_result *res) {
    const char *mode = mode_of(req->options, req->option_count);
    (void)instance;
    if (is(mode, "capacity")) {
        res->capacity = 0xffffffffu;
        res->violation_count = 0xffffffffu;
    }
    if (is(mode, "message")) memset(res->message, 'm', NP_MESSAGE_CAPACITY);
    return NP_OK;
}

/* The pattern grid, valid for every box shape. */
static int generate(void *instance, const np_generate_request *req, np_generate_result *res) {
    const uint32_t rb = req->geometry.box_rows, cb = req->geometry.box_cols, side = rb * cb;
    uint32_t k, r, c;
    (void)instance;
    for (k = 0; k < req->count; ++k)
        for (r = 0; r < side; ++r)
            for (c = 0; c < side; ++c)
                res->cells[(size_t)k * side * side + r * side + c] = (uint8_t)((cb * (r % rb) + r / rb + c) % side + 1);
    res->produced = req->count;
    spoil_common(mode_of(req->options, req->option_count), res->message, &res->stats);
    return NP_OK;
}

static np_plugin descriptor = {
    NP_DESCRIPTOR_HEAD, HOSTILE_NAME, "0.0.1", "boundary test fixture (not a real solver)",
    NP_CAP_SOLVE | NP_CAP_PROVE_UNIQUE | NP_CAP_CHECK_GRID | NP_CAP_GENERATE_GRID,
    0, shapes, 2, options, 1, NULL, NULL, solve, check, generate,
    UINT64_MAX, /* asks for every node: verify and fuzz keep their own bound */
};

/* The one rule this build breaks (see plugin_boundary_test.cpp for each
 * case's number and the reason the host must give). */
static void spoil_descriptor(np_plugin *d) {
    switch (HOSTILE_CASE) {
        case 1: d->name = NULL; break;
        case 2: d->name = "a-name-far-longer-than-sixty-four-bytes-which-no-plugin-needs-at-all-really"; break;
        case 3: d->version = big; break;
        case 4: d->description = big; break;
        case 5: d->description = "one line\nand a second"; break;
        case 6: d->geometry_count = 1000000u; break; /* the list has 2 entries */
        case 7: shapes[1].box_rows = 0; break;
        case 8: shapes[1].box_rows = 0x80000000u; shapes[1].box_cols = 2; break; /* R*C overflows an int */
        case 9: d->max_side = 1000; break;
        case 10: options[0].key = NULL; break;
        case 11: options[0].default_value = NULL; break;
        case 12: options[0].help = big; break;
        case 13: options[0].applies_to = "sometimes"; break;
        case 14: d->option_count = 100000u; break;
        case 15: d->version = NULL; break;
        case 16: options[0].applies_to = NULL; break;
        case 17: d->default_for = NP_CAP_SOLVE | NP_CAP_EXPLAIN; d->default_rank = 1000; break; /* explains nothing */
        case 18: d->default_for = NP_CAP_SOLVE; d->default_rank = 0; break;
        default: break;
    }
}

__attribute__((visibility("default"))) const np_plugin *numplace_plugin_entry(void) {
    memset(big, 'x', sizeof big);
    spoil_descriptor(&descriptor);
    return &descriptor;
}
