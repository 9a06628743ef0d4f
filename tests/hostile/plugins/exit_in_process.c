/* Calls exit(0) in the middle of a solve, like exit_zero.c, under a name of
 * its own: run in numplace's own process (--in-process), it must not pass
 * for numplace's success; run in a worker, it costs only its puzzle. */
#include <stdlib.h>

#define ATTACK_NAME "attack-exit-in-process"
#include "attack.h"

static int attack(const np_solve_request *req, np_solve_result *res) {
    (void)res;
    if (attack_target(req)) exit(0);
    return -1;
}
