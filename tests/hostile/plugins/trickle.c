/* Keeps the answer pipe busy from a thread: a frame header, then one byte
 * every 20 ms, never a whole frame; the solving thread hangs. Bytes are not
 * answers: the parent's clock must run on. */
#include <pthread.h>
#include <time.h>

#define ATTACK_NAME "attack-trickle"
#include "attack.h"
#include "frame.h"

static void *trickle(void *unused) {
    struct timespec pause_for = {0, 20000000};
    frame f;
    (void)unused;
    frame_begin(&f, FRAME_MAGIC);
    memcpy(f.bytes + 4, "\0\0\x10\0", 4); /* 1 MiB to come */
    frame_write(f.bytes, f.size);
    for (;;) {
        frame_write("\0", 1);
        nanosleep(&pause_for, NULL);
    }
    return NULL;
}

static int attack(const np_solve_request *req, np_solve_result *res) {
    pthread_t thread;
    (void)res;
    if (!attack_target(req)) return -1;
    pthread_create(&thread, NULL, trickle, NULL);
    for (;;) pause();
}
