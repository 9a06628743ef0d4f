/* Writes 300 bytes of noise to the worker's answer pipe, then answers
 * honestly. */
#define ATTACK_NAME "attack-garbage"
#include "attack.h"
#include "frame.h"

static int attack(const np_solve_request *req, np_solve_result *res) {
    uint8_t noise[300];
    uint32_t i, x = 2463534242u;
    (void)res;
    if (!attack_target(req)) return -1;
    for (i = 0; i < sizeof noise; ++i) { /* xorshift: the same noise every run */
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        noise[i] = (uint8_t)x;
    }
    frame_write(noise, sizeof noise);
    return -1;
}
