/* Calls exit(0) in the middle of a solve: in a worker, the row of that
 * puzzle fails (crashed) and every other row stands. */
#include <stdlib.h>

#define ATTACK_NAME "attack-exit-zero"
#include "attack.h"

static int attack(const np_solve_request *req, np_solve_result *res) {
    (void)res;
    if (attack_target(req)) exit(0);
    return -1;
}
