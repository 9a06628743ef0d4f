/* Forges the answer frame for its target (fd 4, as forge_frame.c guesses
 * the request id and item index) with fault "wrong" and, as the refused
 * witness a worker's certification would attach, a grid of 200s: values no
 * 6x6 grid can hold. Then the worker exits, so that no honest frame
 * follows. The parent keeps a refused grid to show it, never to believe it;
 * the report once copied those values into the row's `answer`, and its own
 * reader then refused the report, so --merge and --resume lost every honest
 * row of the run. */
#define ATTACK_NAME "attack-refused-grid"
#include "attack.h"
#include "frame.h"

static uint32_t calls;

static int attack(const np_solve_request *req, np_solve_result *res) {
    const uint32_t side = req->geometry.box_rows * req->geometry.box_cols, n = side * side;
    uint8_t bad[81];
    frame f;
    (void)res;
    ++calls;
    if (!attack_target(req)) return -1;
    memset(bad, 200, n);
    frame_begin(&f, FRAME_MAGIC);
    frame_u32(&f, 1);          /* request */
    frame_u32(&f, calls - 1);  /* item */
    frame_u32(&f, 0);          /* status NP_OK */
    frame_u32(&f, 4);          /* fault wrong */
    frame_u64(&f, 0);          /* count */
    frame_u32(&f, NP_STOP_EXHAUSTED);
    frame_u32(&f, 0);          /* no solutions */
    frame_u8(&f, 0);           /* no violation */
    frame_u32(&f, 5);          /* message */
    frame_put(&f, "wrong", 5);
    frame_u64(&f, 1);          /* nodes, guesses, micros */
    frame_u64(&f, 0);
    frame_u64(&f, 1);
    frame_u32(&f, 0);          /* no counters */
    frame_u32(&f, 0);          /* proof declared */
    frame_u64(&f, 0);          /* proof bytes */
    frame_u32(&f, 1);          /* one refused grid */
    frame_u32(&f, n);
    frame_put(&f, bad, n);
    frame_end(&f);
    frame_write(f.bytes, f.size);
    _exit(0);
}
