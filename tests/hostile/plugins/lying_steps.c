/* Explains (NP_CAP_EXPLAIN) through the host's step sink, as the ABI asks,
 * but its one step lies about the state: it places a value in a cell that
 * holds a given. Then it answers honestly. The host keeps the candidate
 * state itself and certifies every step against it, so the answer is wrong
 * for the step ("step 1 (lie): it places ... which is not empty") in
 * process and through a worker alike. */
#define ATTACK_NAME "attack-lying-steps"
#define ATTACK_CAPABILITIES NP_CAP_EXPLAIN
#include "attack.h"

static int attack(const np_solve_request *req, np_solve_result *res) {
    uint32_t i, n = req->geometry.box_rows * req->geometry.box_cols;
    np_candidate place;
    np_step step;
    (void)res;
    if (!attack_target(req) || !NP_HAS(np_solve_request, req, steps) || req->steps.step == NULL) return -1;
    for (i = 0; i < n * n && req->cells[i] == 0; ++i) {
    }
    if (i == n * n) return -1;
    place.cell = i;
    place.value = req->cells[i] % n + 1; /* another value, in a given's cell */
    memset(&step, 0, sizeof step);
    step.struct_size = sizeof step;
    step.technique = "lie";
    step.placements = &place;
    step.placement_count = 1;
    req->steps.step(req->steps.state, &step);
    return -1;
}
