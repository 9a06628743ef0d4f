/* Writes a frame header announcing almost 4 GiB to the worker's answer
 * pipe, then answers honestly. */
#define ATTACK_NAME "attack-huge-length"
#include "attack.h"
#include "frame.h"

static int attack(const np_solve_request *req, np_solve_result *res) {
    frame f;
    (void)res;
    if (!attack_target(req)) return -1;
    frame_begin(&f, FRAME_MAGIC);
    memset(f.bytes + 4, 0xff, 4);
    frame_write(f.bytes, f.size);
    return -1;
}
