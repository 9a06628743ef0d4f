/* Explains with a step whose flags (ABI 3.2) hold a bit no host knows,
 * beside NP_STEP_ASSUMES_UNIQUE. The step is otherwise right for the
 * state (it removes a value that a given does not already rule out). A
 * host must not guess what an unknown flag means: it refuses the step, and
 * the answer is wrong, in process and through a worker. */
#define ATTACK_NAME "attack-step-flags"
#define ATTACK_CAPABILITIES NP_CAP_EXPLAIN
#include "attack.h"
#include "step_support.h"

static int attack(const np_solve_request *req, np_solve_result *res) {
    (void)res;
    if (attack_target(req)) attack_one_step(req, "flagged", NP_STEP_ASSUMES_UNIQUE | 0x80u);
    return -1;
}
