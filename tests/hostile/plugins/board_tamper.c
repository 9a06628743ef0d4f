/* Rewrites the timing page a worker used to share with its parent (fd 5,
 * wire::Board: item, then started_ns) from a thread, every millisecond, to
 * "item 0, started just now", and hangs. A watchdog that read its clock
 * there would never fire; the parent must time the item itself. */
#define _GNU_SOURCE
#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>
#include <time.h>

#define ATTACK_NAME "attack-board-tamper"
#include "attack.h"

static void *tamper(void *unused) {
    struct timespec now, pause_for = {0, 1000000};
    void *page = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, 5, 0);
    uint64_t fake[3] = {0, 0, 0};
    (void)unused;
    for (;;) {
        clock_gettime(CLOCK_MONOTONIC, &now);
        fake[1] = (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
        if (page != MAP_FAILED) memcpy(page, fake, sizeof fake);
        nanosleep(&pause_for, NULL);
    }
    return NULL;
}

static int attack(const np_solve_request *req, np_solve_result *res) {
    pthread_t thread;
    (void)res;
    if (!attack_target(req)) return -1;
    pthread_create(&thread, NULL, tamper, NULL);
    for (;;) pause();
}
