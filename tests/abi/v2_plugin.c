/* A plugin built for ABI version 2, against the frozen copy of that header
 * (tests/abi/v2/numplace/plugin_api.h, exactly as version 2 shipped it): the
 * host of version 3 must keep loading and calling it (abi_v2_test.cpp).
 *
 * It is a real, small solver so that its answers can be judged: a plain
 * backtracking search over R x C boxes up to 9 x 9 grids that counts to the
 * limit; check_grid lists duplicate pairs; generate makes the shifted pattern
 * grid (row r, column c: (r*C + r/R + c) mod N + 1), relabelled by the seed. */
#include <string.h>

#include "numplace/plugin_api.h"

#define SIDE_MAX 9

typedef struct search {
    int r, c, n;
    uint8_t cells[SIDE_MAX * SIDE_MAX];
    const np_solve_request *request;
    np_solve_result *result;
    int stopped;
} search;

static int fits(const search *s, int cell, int v) {
    int row = cell / s->n, col = cell % s->n, i;
    int top = row / s->r * s->r, left = col / s->c * s->c;
    for (i = 0; i < s->n; ++i) {
        if (s->cells[row * s->n + i] == v || s->cells[i * s->n + col] == v) return 0;
        if (s->cells[(top + i / s->c) * s->n + left + i % s->c] == v) return 0;
    }
    return 1;
}

static void found(search *s) {
    np_solve_result *res = s->result;
    if (res->witness_count < NP_MAX_WITNESSES)
        memcpy(res->witnesses[res->witness_count++], s->cells, (size_t)(s->n * s->n));
    if (++res->count >= s->request->limit) s->stopped = 1;
}

static void walk(search *s, int cell) {
    int v;
    if (s->stopped) return;
    if (++s->result->stats.nodes == s->request->budget.max_nodes) {
        s->stopped = 2;
        return;
    }
    while (cell < s->n * s->n && s->cells[cell] != 0) ++cell;
    if (cell == s->n * s->n) return found(s);
    for (v = 1; v <= s->n && !s->stopped; ++v) {
        if (!fits(s, cell, v)) continue;
        s->cells[cell] = (uint8_t)v;
        walk(s, cell + 1);
        s->cells[cell] = 0;
    }
}

static int solve(void *instance, const np_solve_request *req, np_solve_result *res) {
    search s;
    int i, v;
    (void)instance;
    s.r = (int)req->geometry.box_rows, s.c = (int)req->geometry.box_cols, s.n = s.r * s.c;
    s.request = req, s.result = res, s.stopped = 0;
    memcpy(s.cells, req->cells, (size_t)(s.n * s.n));
    for (i = 0; i < s.n * s.n; ++i) {
        if ((v = s.cells[i]) == 0) continue;
        s.cells[i] = 0;
        if (!fits(&s, i, v)) {
            strcpy(res->message, "the givens repeat a value");
            return NP_FAILED;
        }
        s.cells[i] = (uint8_t)v;
    }
    walk(&s, 0);
    res->stop = s.stopped == 1 ? NP_STOP_LIMIT : s.stopped == 2 ? NP_STOP_BUDGET : NP_STOP_EXHAUSTED;
    strcpy(res->message, "answered by an ABI 2 plugin");
    return NP_OK;
}

static int check(void *instance, const np_check_request *req, np_check_result *res) {
    int n = (int)(req->geometry.box_rows * req->geometry.box_cols), a, b;
    (void)instance;
    for (a = 0; a < n * n; ++a)
        for (b = a + 1; b < n * n && req->cells[a] != 0; ++b) {
            if (req->cells[b] != req->cells[a] || b / n != a / n) continue;
            if (res->violation_count < res->capacity) {
                np_violation *v = &res->violations[res->violation_count];
                v->code = NP_REASON_DUPLICATE_IN_ROW;
                v->row = (uint32_t)(b / n + 1), v->column = (uint32_t)(b % n + 1), v->value = req->cells[b];
                v->box = (uint32_t)((b / n) / req->geometry.box_rows * req->geometry.box_rows +
                                    (b % n) / req->geometry.box_cols + 1);
            }
            ++res->violation_count;
        }
    return NP_OK;
}

static int generate(void *instance, const np_generate_request *req, np_generate_result *res) {
    int r = (int)req->geometry.box_rows, c = (int)req->geometry.box_cols, n = r * c, row, col;
    uint32_t k;
    (void)instance;
    for (k = 0; k < req->count; ++k) {
        uint64_t shift = (req->seed + req->first_index + k) % (uint64_t)n;
        for (row = 0; row < n; ++row)
            for (col = 0; col < n; ++col)
                res->cells[(size_t)k * (size_t)(n * n) + (size_t)(row * n + col)] =
                    (uint8_t)(((uint64_t)(row * c + row / r + col) + shift) % (uint64_t)n + 1);
        ++res->produced;
    }
    return NP_OK;
}

static const np_plugin descriptor = {
    NP_ABI_VERSION, /* 2: this file sees the frozen header */
    "abi-two",
    "2.0.0",
    "a plugin built for ABI version 2 (tests)",
    NP_CAP_SOLVE | NP_CAP_COUNT | NP_CAP_PROVE_UNIQUE | NP_CAP_CHECK_GRID | NP_CAP_GENERATE_GRID,
    SIDE_MAX, 0, 0, 0, 0, 0, 0, solve, check, generate,
};

#if NP_ABI_VERSION != 2
#error "built against the frozen version 2 header"
#endif

__attribute__((visibility("default"))) const np_plugin *numplace_plugin_entry(void) { return &descriptor; }
