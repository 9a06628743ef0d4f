/* Not an attack on the answers: it sleeps 60 ms on its target (a 6x6
 * puzzle), then answers honestly, as every other item quickly. The parent
 * must give that item its 60 ms: frames it reads together after a wait
 * share only the time it could not tell apart (item_times.hpp). */
#include <time.h>

#define ATTACK_NAME "attack-slow-target"
#include "attack.h"

static int attack(const np_solve_request *req, np_solve_result *res) {
    const struct timespec pause_for = {0, 60000000};
    (void)res;
    if (attack_target(req)) nanosleep(&pause_for, NULL);
    return -1;
}
