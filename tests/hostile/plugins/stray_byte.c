/* Writes one byte to the worker's answer pipe, then answers honestly: the
 * worker's next frame arrives one byte out of step. */
#define ATTACK_NAME "attack-stray-byte"
#include "attack.h"
#include "frame.h"

static int attack(const np_solve_request *req, np_solve_result *res) {
    (void)res;
    if (attack_target(req)) frame_write("x", 1);
    return -1;
}
