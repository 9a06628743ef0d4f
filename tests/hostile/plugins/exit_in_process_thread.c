/* Calls exit(0) from a thread of its own, started in the middle of a solve
 * and joined before the call returns: the exit happens while the call is in
 * flight, but not on the thread that made it. */
#include <pthread.h>
#include <stdlib.h>

#define ATTACK_NAME "attack-exit-in-process-thread"
#include "attack.h"

static void *attack_exit(void *unused) {
    (void)unused;
    exit(0);
    return NULL;
}

static int attack(const np_solve_request *req, np_solve_result *res) {
    pthread_t thread;
    (void)res;
    if (!attack_target(req)) return -1;
    if (pthread_create(&thread, NULL, attack_exit, NULL) == 0) pthread_join(thread, NULL);
    return -1;
}
