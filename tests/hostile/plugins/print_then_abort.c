/* Says why on stderr, then aborts: the failed row's finding shows it. */
#include <stdio.h>
#include <stdlib.h>

#define ATTACK_NAME "attack-print-then-abort"
#include "attack.h"

static int attack(const np_solve_request *req, np_solve_result *res) {
    (void)res;
    if (!attack_target(req)) return -1;
    fprintf(stderr, "attack: giving up on purpose\n");
    fflush(stderr);
    abort();
}
