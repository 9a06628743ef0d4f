/* The base of every attack plugin in tests/hostile: an honest backtracking
 * solver for shapes up to 9x9 (solve, count to the limit, prove), so that
 * every row the attack does not aim at is right. Each attack_*.c defines
 * attack(), which runs first on every solve call: it returns -1 to let the
 * honest solver answer, or a status to answer itself. The attack fires on
 * 6x6 puzzles (attack_target), the shape the tests' corpus holds once. */
#ifndef NUMPLACE_TEST_ATTACK_H
#define NUMPLACE_TEST_ATTACK_H

#include <string.h>

#include "numplace/plugin_api.h"

#ifndef ATTACK_NAME
#error "define ATTACK_NAME before including attack.h"
#endif

static int attack(const np_solve_request *req, np_solve_result *res);

static int attack_target(const np_solve_request *req) {
    return req->geometry.box_rows * req->geometry.box_cols == 6;
}

typedef struct {
    uint32_t rows, cols, side;
    uint8_t cells[81];
    uint64_t limit, count, nodes;
    np_solve_result *res;
} attack_search;

static int attack_fits(const attack_search *s, uint32_t at, uint8_t v) {
    const uint32_t r = at / s->side, c = at % s->side;
    const uint32_t r0 = r / s->rows * s->rows, c0 = c / s->cols * s->cols;
    uint32_t i, j;
    for (i = 0; i < s->side; ++i)
        if (s->cells[r * s->side + i] == v || s->cells[i * s->side + c] == v) return 0;
    for (i = r0; i < r0 + s->rows; ++i)
        for (j = c0; j < c0 + s->cols; ++j)
            if (s->cells[i * s->side + j] == v) return 0;
    return 1;
}

static void attack_walk(attack_search *s, uint32_t at) {
    uint8_t v;
    const uint32_t n = s->side * s->side;
    while (at < n && s->cells[at] != 0) ++at;
    ++s->nodes;
    if (at == n) {
        if (s->count < NP_MAX_WITNESSES) memcpy(s->res->witnesses[s->count], s->cells, n);
        ++s->count;
        return;
    }
    for (v = 1; v <= s->side && s->count < s->limit; ++v) {
        if (!attack_fits(s, at, v)) continue;
        s->cells[at] = v;
        attack_walk(s, at + 1);
        s->cells[at] = 0;
    }
}

static int attack_honest(const np_solve_request *req, np_solve_result *res) {
    attack_search s;
    uint32_t i, n;
    uint8_t v;
    memset(&s, 0, sizeof s);
    s.rows = req->geometry.box_rows;
    s.cols = req->geometry.box_cols;
    s.side = s.rows * s.cols;
    s.limit = req->limit;
    s.res = res;
    n = s.side * s.side;
    for (i = 0; i < n; ++i) { /* givens that break a rule: invalid */
        v = req->cells[i];
        if (v == 0) continue;
        if (!attack_fits(&s, i, v)) {
            res->violation.code = NP_REASON_DUPLICATE_IN_ROW;
            res->violation.row = i / s.side + 1;
            res->violation.column = i % s.side + 1;
            res->violation.value = v;
            /* the exact unit is found by looking again, as the host checks it */
            {
                const uint32_t r = i / s.side, c = i % s.side;
                uint32_t k, hit = 0;
                for (k = 0; k < s.side && !hit; ++k)
                    if (s.cells[r * s.side + k] == v) hit = 1;
                if (!hit) {
                    for (k = 0; k < s.side && !hit; ++k)
                        if (s.cells[k * s.side + c] == v) hit = 2;
                    res->violation.code = hit == 2 ? NP_REASON_DUPLICATE_IN_COLUMN : NP_REASON_DUPLICATE_IN_BOX;
                }
                res->violation.box = (r / s.rows) * s.rows + c / s.cols + 1;
            }
            return NP_INVALID_INPUT;
        }
        s.cells[i] = v;
    }
    attack_walk(&s, 0);
    res->count = s.count < s.limit ? s.count : s.limit;
    res->witness_count = (uint32_t)(res->count < NP_MAX_WITNESSES ? res->count : NP_MAX_WITNESSES);
    res->stop = s.count >= s.limit ? NP_STOP_LIMIT : NP_STOP_EXHAUSTED;
    res->stats.nodes = s.nodes;
    return NP_OK;
}

static int attack_solve(void *instance, const np_solve_request *req, np_solve_result *res) {
    const int status = attack(req, res);
    (void)instance;
    if (status >= 0) return status;
    return attack_honest(req, res);
}

/* An attack may declare more (#define ATTACK_CAPABILITIES before the include). */
#ifndef ATTACK_CAPABILITIES
#define ATTACK_CAPABILITIES 0
#endif

static const np_plugin attack_descriptor = {
    NP_DESCRIPTOR_HEAD,
    ATTACK_NAME,
    "0.0.1",
    "an attack on the harness (tests/hostile), not a real solver",
    NP_CAP_SOLVE | NP_CAP_COUNT | NP_CAP_PROVE_UNIQUE | ATTACK_CAPABILITIES,
    9,
    NULL,
    0,
    NULL,
    0,
    NULL,
    NULL,
    attack_solve,
    NULL,
    NULL,
};

__attribute__((visibility("default"))) const np_plugin *numplace_plugin_entry(void) { return &attack_descriptor; }

#endif
