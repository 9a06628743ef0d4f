/* Leaves a grandchild that left its session and process group (setsid) and
 * sleeps for ever, then answers honestly: nothing it started may outlive
 * the run. */
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#define ATTACK_NAME "attack-setsid-orphan"
#include "attack.h"

static int attack(const np_solve_request *req, np_solve_result *res) {
    pid_t child;
    (void)res;
    if (!attack_target(req)) return -1;
    child = fork();
    if (child == 0) {
        setsid();
        if (fork() == 0) {
            prctl(PR_SET_NAME, "np-orphan");
            for (;;) pause();
        }
        _exit(0);
    }
    if (child > 0) waitpid(child, NULL, 0);
    return -1;
}
