/* The step flood (issue 40, finding 2): on any shape up to 25x25 it
 * removes every candidate of every empty cell, one certified elimination a
 * step, and gives each step the largest pattern the host takes, every
 * cell whole and every (cell, value): N*N*(N+1) entries, 130 KB a step on
 * 25x25. Each step changes the host's state, so each is certified; on an
 * empty 25x25 grid that is 15,625 steps, about 2 GB for a parent that
 * keeps them all. Named "forcing net", whose pattern may name any fact.
 * It ignores the host's request to stop, then answers unknown. Not built
 * on attack.h, whose solver stops at 9x9: this plugin never solves. */
#include <stdlib.h>
#include <string.h>

#include "numplace/plugin_api.h"

/* Whether a given in the cell's row, column or box holds v. */
static int given_sees(const np_solve_request *req, uint32_t cell, uint32_t v) {
    const uint32_t rows = req->geometry.box_rows, cols = req->geometry.box_cols, n = rows * cols;
    const uint32_t r = cell / n, c = cell % n, r0 = r / rows * rows, c0 = c / cols * cols;
    uint32_t i;
    for (i = 0; i < n; ++i)
        if (req->cells[r * n + i] == v || req->cells[i * n + c] == v ||
            req->cells[(r0 + i / cols) * n + c0 + i % cols] == v)
            return 1;
    return 0;
}

static int flood_solve(void *instance, const np_solve_request *req, np_solve_result *res) {
    const uint32_t n = req->geometry.box_rows * req->geometry.box_cols;
    uint32_t cell, v, k = 0;
    np_candidate *pattern;
    (void)instance;
    res->count = 0;
    res->stop = NP_STOP_BUDGET;
    if (!NP_HAS(np_solve_request, req, steps) || req->steps.step == NULL) return NP_OK;
    pattern = malloc(sizeof *pattern * n * n * (n + 1));
    if (pattern == NULL) return NP_OK;
    for (cell = 0; cell < n * n; ++cell)
        for (v = 0; v <= n; ++v) pattern[k].cell = cell, pattern[k].value = v, ++k;
    for (cell = 0; cell < n * n; ++cell)
        for (v = 1; v <= n; ++v) {
            np_candidate gone;
            np_step step;
            if (req->cells[cell] != 0 || given_sees(req, cell, v)) continue;
            gone.cell = cell;
            gone.value = v;
            memset(&step, 0, sizeof step);
            step.struct_size = sizeof step;
            step.technique = "forcing net";
            step.eliminations = &gone;
            step.elimination_count = 1;
            step.pattern = pattern;
            step.pattern_count = k;
            req->steps.step(req->steps.state, &step); /* a refusal is ignored: the flood goes on */
        }
    free(pattern);
    return NP_OK;
}

static const np_plugin flood_descriptor = {
    NP_DESCRIPTOR_HEAD,
    "attack-step-flood",
    "0.0.1",
    "an attack on the harness (tests/hostile), not a real solver",
    NP_CAP_SOLVE | NP_CAP_EXPLAIN,
    25,
    NULL,
    0,
    NULL,
    0,
    NULL,
    NULL,
    flood_solve,
    NULL,
    NULL,
};

__attribute__((visibility("default"))) const np_plugin *numplace_plugin_entry(void) { return &flood_descriptor; }
