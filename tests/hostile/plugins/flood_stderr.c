/* Writes 200 MB to stderr (and a little to stdout), then answers honestly:
 * none of it may reach numplace's terminal. */
#include <string.h>
#include <unistd.h>

#define ATTACK_NAME "attack-flood-stderr"
#include "attack.h"

static int attack(const np_solve_request *req, np_solve_result *res) {
    static char line[1 << 16];
    int i;
    (void)res;
    if (!attack_target(req)) return -1;
    memset(line, 'x', sizeof line);
    line[sizeof line - 1] = '\n';
    (void)!write(1, "from stdout\n", 12);
    for (i = 0; i < 3200; ++i) /* 3,200 x 64 KiB = 200 MiB */
        if (write(2, line, sizeof line) < 0) break;
    return -1;
}
