/* For the attacks that explain: a candidate the host's state still holds,
 * to name in a step the state check accepts. */
#ifndef NUMPLACE_TEST_STEP_SUPPORT_H
#define NUMPLACE_TEST_STEP_SUPPORT_H

/* The first empty cell's smallest value that no given in its row, column
 * or box holds: a candidate of the starting state. 0 when there is none. */
static int attack_open_candidate(const np_solve_request *req, np_candidate *out) {
    const uint32_t rows = req->geometry.box_rows, cols = req->geometry.box_cols, n = rows * cols;
    uint32_t cell, v, i;
    for (cell = 0; cell < n * n; ++cell) {
        const uint32_t r = cell / n, c = cell % n, r0 = r / rows * rows, c0 = c / cols * cols;
        if (req->cells[cell] != 0) continue;
        for (v = 1; v <= n; ++v) {
            int seen = 0;
            for (i = 0; i < n; ++i)
                seen |= req->cells[r * n + i] == v || req->cells[i * n + c] == v ||
                        req->cells[(r0 + i / cols) * n + c0 + i % cols] == v;
            if (!seen) {
                out->cell = cell;
                out->value = v;
                return 1;
            }
        }
    }
    return 0;
}

/* Reports one step that removes attack_open_candidate's candidate, with
 * these flags; 0 when the request asks for no steps or has no candidate. */
static int attack_one_step(const np_solve_request *req, const char *technique, uint32_t flags) {
    np_candidate gone;
    np_step step;
    if (!NP_HAS(np_solve_request, req, steps) || req->steps.step == NULL) return 0;
    if (!attack_open_candidate(req, &gone)) return 0;
    memset(&step, 0, sizeof step);
    step.struct_size = sizeof step;
    step.technique = technique;
    step.eliminations = &gone;
    step.elimination_count = 1;
    step.flags = flags;
    req->steps.step(req->steps.state, &step);
    return 1;
}

#endif
