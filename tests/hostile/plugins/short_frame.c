/* Writes a frame header announcing 100 bytes to the worker's answer pipe,
 * then never writes them: it hangs. */
#define ATTACK_NAME "attack-short-frame"
#include "attack.h"
#include "frame.h"

static int attack(const np_solve_request *req, np_solve_result *res) {
    frame f;
    (void)res;
    if (!attack_target(req)) return -1;
    frame_begin(&f, FRAME_MAGIC);
    memcpy(f.bytes + 4, "\x64\0\0\0", 4); /* 100 */
    frame_write(f.bytes, f.size);
    for (;;) pause();
}
