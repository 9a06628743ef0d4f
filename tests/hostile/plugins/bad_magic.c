/* Writes a complete answer frame with the wrong magic number, then answers
 * honestly. */
#define ATTACK_NAME "attack-bad-magic"
#include "attack.h"
#include "frame.h"

static int attack(const np_solve_request *req, np_solve_result *res) {
    frame f;
    (void)res;
    if (!attack_target(req)) return -1;
    frame_begin(&f, 0xdeadbeefu);
    frame_solve(&f, 1, 1, 0, NP_STOP_BUDGET, NULL, 0, 0);
    frame_end(&f);
    frame_write(f.bytes, f.size);
    return -1;
}
