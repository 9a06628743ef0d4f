/* Takes one step that says it assumes uniqueness (NP_STEP_ASSUMES_UNIQUE,
 * a unique rectangle would), then answers the puzzle's one solution as
 * proved unique. An answer resting on that assumption cannot claim it: the
 * host makes it wrong, naming the step. */
#define ATTACK_NAME "attack-unique-after-assuming"
#define ATTACK_CAPABILITIES NP_CAP_EXPLAIN
#include "attack.h"
#include "step_support.h"

static int attack(const np_solve_request *req, np_solve_result *res) {
    (void)res;
    if (attack_target(req)) attack_one_step(req, "unique rectangle type 1", NP_STEP_ASSUMES_UNIQUE);
    return -1; /* the honest search then answers unique */
}
