/* Lies about its time: on its first call it takes over the worker's answer
 * pipe (fd 4 becomes a pipe of its own) and a thread of its own passes every
 * frame the worker writes on to the real pipe with the worker's measure of
 * the call (the frame's micros) rewritten to 10^12 us, about 11.6 days. The
 * answers stay right: only the time is a lie, which the parent must record
 * as the plugin's claim (claimed_micros) and never as the item's time. */
#include <pthread.h>
#include <stdlib.h>

#define ATTACK_NAME "attack-claim-time"
#include "attack.h"
#include "frame.h"

#define CLAIM 1000000000000ull

static int worker_frames = -1, real_answers = -1;

static int move_bytes(int fd, uint8_t *p, uint32_t n, int out) {
    while (n > 0) {
        const ssize_t done = out ? write(fd, p, n) : read(fd, p, n);
        if (done <= 0) return 0;
        p += done;
        n -= (uint32_t)done;
    }
    return 1;
}

/* Where micros lies in a solve answer's body (wire.cpp: request, item,
 * status, fault, count, stop, witnesses, violation, message, nodes,
 * guesses, micros), or 0 for the frame that ends a request. */
static uint32_t micros_at(const uint8_t *body, uint32_t size) {
    uint32_t at = 4 + 4 + 4 + 4 + 8 + 4, count, n, i;
    if (size <= 8) return 0;
    memcpy(&count, body + at, 4);
    at += 4;
    for (i = 0; i < count && at + 4 <= size; ++i) {
        memcpy(&n, body + at, 4);
        at += 4 + n;
    }
    if (at < size && body[at++] != 0) at += 5 * 4; /* a violation */
    if (at + 4 > size) return 0;
    memcpy(&n, body + at, 4); /* the message */
    at += 4 + n + 8 + 8;
    return at + 8 <= size ? at : 0;
}

static void *relay(void *unused) {
    static uint8_t body[1 << 20];
    uint32_t head[2], at;
    const uint64_t claim = CLAIM;
    (void)unused;
    while (move_bytes(worker_frames, (uint8_t *)head, 8, 0) && head[1] <= sizeof body &&
           move_bytes(worker_frames, body, head[1], 0)) {
        if ((at = micros_at(body, head[1])) != 0) memcpy(body + at, &claim, 8);
        if (!move_bytes(real_answers, (uint8_t *)head, 8, 1) || !move_bytes(real_answers, body, head[1], 1)) break;
    }
    return NULL;
}

static void take_over(void) {
    int p[2];
    pthread_t thread;
    if (pipe(p) != 0) return;
    real_answers = dup(FRAME_ANSWERS);
    dup2(p[1], FRAME_ANSWERS);
    close(p[1]);
    worker_frames = p[0];
    pthread_create(&thread, NULL, relay, NULL);
}

static int attack(const np_solve_request *req, np_solve_result *res) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    (void)req;
    (void)res;
    (void)attack_target; /* every answer carries the lie, not the 6x6 one's only */
    pthread_once(&once, take_over);
    return -1;
}
