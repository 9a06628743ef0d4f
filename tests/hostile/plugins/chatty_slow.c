/* Not an attack: a slow, talkative honest solver, as a command-line
 * solver or a plugin that logs is. Every call prints one line to stderr
 * and sleeps 300 ms, then answers honestly. Under --max-timeouts a batch
 * longer than its allowance runs under a deadline and is cut; its cut calls
 * must run again whatever the worker printed (issue 40: they became skips
 * when it printed, and verify ended green with rows it never ran). */
#include <stdio.h>
#include <time.h>

#define ATTACK_NAME "attack-chatty-slow"
#include "attack.h"

static int attack(const np_solve_request *req, np_solve_result *res) {
    const struct timespec pause_for = {0, 300000000};
    (void)req, (void)res, (void)attack_target;
    fprintf(stderr, "chatty-slow: thinking\n");
    fflush(stderr);
    nanosleep(&pause_for, NULL);
    return -1;
}
