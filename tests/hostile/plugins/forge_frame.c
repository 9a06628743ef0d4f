/* Writes a well-formed answer frame for the item it is solving to the
 * worker's answer pipe: two "solutions", all 1s and all 2s, a claim of
 * "multiple" (the request id and item index guessed as a forger would:
 * the first request, items counted by the calls so far). Then it returns
 * the honest answer, which the worker sends as well. */
#define ATTACK_NAME "attack-forge-frame"
#include "attack.h"
#include "frame.h"

static uint32_t calls;

static int attack(const np_solve_request *req, np_solve_result *res) {
    uint8_t ones[81], twos[81];
    const uint8_t *witnesses[2] = {ones, twos};
    const uint32_t side = req->geometry.box_rows * req->geometry.box_cols, n = side * side;
    frame f;
    (void)res;
    ++calls;
    if (!attack_target(req)) return -1;
    memset(ones, 1, n);
    memset(twos, 2, n);
    frame_begin(&f, FRAME_MAGIC);
    frame_solve(&f, 1, calls - 1, 2, NP_STOP_LIMIT, witnesses, 2, n);
    frame_end(&f);
    frame_write(f.bytes, f.size);
    return -1;
}
