/* For the attacks on ratings (issue 40, finding 3): a plugin that solves
 * honestly and explains its solution as sound placements, one a step, each
 * under a name of the attack's choosing. Every step is right for the
 * host's state; only the name lies, and a rating reads a step's
 * difficulty from its name. */
#ifndef NUMPLACE_TEST_NAMED_SINGLES_H
#define NUMPLACE_TEST_NAMED_SINGLES_H

/* Solves `req` with the honest search; when it has one solution and steps
 * are asked for, reports each empty cell's value as a step named
 * `technique`, then answers as the search did. Each step's pattern is every
 * cell, whole: the state it reasons from entails it, so verify's checks of
 * soundness and entailment all pass it. */
static int attack_named_singles(const np_solve_request *req, np_solve_result *res, const char *technique) {
    const uint32_t n = req->geometry.box_rows * req->geometry.box_cols;
    uint32_t cell;
    np_candidate whole[81];
    const int status = attack_honest(req, res);
    (void)attack_target; /* every shape: the attack aims at ratings, not at one row */
    if (status != NP_OK || res->count != 1 || !NP_HAS(np_solve_request, req, steps) || req->steps.step == NULL)
        return status;
    for (cell = 0; cell < n * n; ++cell) whole[cell].cell = cell, whole[cell].value = 0;
    for (cell = 0; cell < n * n; ++cell) {
        np_candidate place;
        np_step step;
        if (req->cells[cell] != 0) continue;
        place.cell = cell;
        place.value = res->witnesses[0][cell];
        memset(&step, 0, sizeof step);
        step.struct_size = sizeof step;
        step.technique = technique;
        step.placements = &place;
        step.placement_count = 1;
        step.pattern = whole;
        step.pattern_count = n * n;
        if (req->steps.step(req->steps.state, &step) != 0) break;
    }
    return status;
}

#endif
