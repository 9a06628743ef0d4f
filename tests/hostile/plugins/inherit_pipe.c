/* Starts a shell that writes noise to fd 4, the worker's answer pipe, if it
 * inherited it. The worker marks its pipes close-on-exec, so the shell has
 * no fd 4, writes nothing, and every answer stands. */
#include <stdlib.h>

#define ATTACK_NAME "attack-inherit-pipe"
#include "attack.h"

static int attack(const np_solve_request *req, np_solve_result *res) {
    (void)res;
    if (attack_target(req) && system("printf 'noise, not a frame' >&4 2>/dev/null") == -1) return -1;
    return -1;
}
