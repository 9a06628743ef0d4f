/* Takes one step that says it assumes uniqueness (NP_STEP_ASSUMES_UNIQUE,
 * a unique rectangle would), then answers the puzzle's one solution as
 * proved unique. An answer resting on that assumption cannot claim it: the
 * host makes it wrong, naming the step. */
#define ATTACK_NAME "attack-unique-after-assuming"
#define ATTACK_CAPABILITIES NP_CAP_EXPLAIN
#include "attack.h"
#include "step_support.h"

static int attack(const np_solve_request *req, np_solve_result *res) {
    np_candidate gone;
    np_step step;
    (void)res;
    if (!attack_target(req) || !NP_HAS(np_solve_request, req, steps) || req->steps.step == NULL) return -1;
    if (!attack_open_candidate(req, &gone)) return -1;
    memset(&step, 0, sizeof step);
    step.struct_size = sizeof step;
    step.technique = "unique rectangle type 1";
    step.eliminations = &gone;
    step.elimination_count = 1;
    step.flags = NP_STEP_ASSUMES_UNIQUE;
    req->steps.step(req->steps.state, &step);
    return -1; /* the honest search then answers unique */
}
