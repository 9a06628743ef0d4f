/* Forks until fork fails (each child waits, never forking itself, so that
 * a machine without the sandbox is not frozen either: at most 2,000), then
 * fails the call saying how many it made. */
#include <stdio.h>
#include <sys/prctl.h>
#include <unistd.h>

#define ATTACK_NAME "attack-fork-bomb"
#include "attack.h"

static int attack(const np_solve_request *req, np_solve_result *res) {
    int made = 0;
    if (!attack_target(req)) return -1;
    for (; made < 2000; ++made) {
        const pid_t pid = fork();
        if (pid < 0) break;
        if (pid == 0) {
            prctl(PR_SET_NAME, "np-attack-bomb");
            pause();
            _exit(0);
        }
    }
    snprintf(res->message, NP_MESSAGE_CAPACITY, "made %d processes", made);
    return NP_FAILED;
}
