/* Writes a complete, well-formed answer frame for the NEXT item (an honest
 * looking "unknown") before its own answer: read in step, it would answer
 * the next puzzle before that puzzle was solved. */
#define ATTACK_NAME "attack-early-frame"
#include "attack.h"
#include "frame.h"

static uint32_t calls;

static int attack(const np_solve_request *req, np_solve_result *res) {
    frame f;
    (void)res;
    ++calls;
    if (!attack_target(req)) return -1;
    frame_begin(&f, FRAME_MAGIC);
    frame_solve(&f, 1, calls, 0, NP_STOP_BUDGET, NULL, 0, 0);
    frame_end(&f);
    frame_write(f.bytes, f.size);
    return -1;
}
