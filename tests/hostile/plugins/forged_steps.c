/* Explains (NP_CAP_EXPLAIN) by writing a step frame of its own straight to
 * the worker's answer pipe (fd 4), past the worker's session, which would
 * have refused it: a step that eliminates a given's own value from its cell.
 * Request id and item index are guessed as a forger would (the first
 * request, items counted by the calls so far); then it answers honestly.
 * The parent must certify each step against its own state, so the answer
 * is wrong for the step, however right its grid; and a step frame nobody
 * asked for is a protocol failure of the item. Workers only: in process
 * there is no fd 4 to write to. */
#define ATTACK_NAME "attack-forged-steps"
#define ATTACK_CAPABILITIES NP_CAP_EXPLAIN
#include "attack.h"
#include "frame.h"

static uint32_t calls;

static void step_frame(uint32_t item, uint16_t cell, uint8_t value) {
    frame f;
    const char technique[] = "forged";
    uint16_t length = sizeof technique - 1;
    frame_begin(&f, FRAME_MAGIC);
    frame_u32(&f, 1);                     /* the request */
    frame_u32(&f, item | 0x40000000u);    /* a step of this item */
    frame_put(&f, &length, 2);
    frame_put(&f, technique, length);
    length = 0;
    frame_put(&f, &length, 2);            /* no `where` */
    frame_u32(&f, 0);                     /* no placements */
    frame_u32(&f, 1);                     /* one elimination */
    frame_put(&f, &cell, 2);
    frame_u8(&f, value);
    frame_u32(&f, 0);                     /* no pattern */
    frame_u8(&f, 0);                      /* no flags */
    frame_u32(&f, 0);                     /* no chain length */
    frame_u32(&f, 0);                     /* no chains (3.10) */
    frame_end(&f);
    frame_write(f.bytes, f.size);
}

static int attack(const np_solve_request *req, np_solve_result *res) {
    uint32_t i, n = req->geometry.box_rows * req->geometry.box_cols;
    (void)res;
    ++calls;
    if (!attack_target(req)) return -1;
    for (i = 0; i < n * n && req->cells[i] == 0; ++i) {
    }
    if (i < n * n) step_frame(calls - 1, (uint16_t)i, req->cells[i]);
    return -1;
}
