/* Holds memory that RLIMIT_AS (--memory) does not count once it is not
 * mapped: a memfd filled with write(), System V segments (keys
 * $ATTACK_IPC_KEY + 16 on, so that the test can remove any left) filled and
 * detached, and a file in /dev/shm; up to 192 MiB in all, kept until the
 * call ends. Then fails the call saying how much it held and where. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <sys/syscall.h>
#include <unistd.h>

#define ATTACK_NAME "attack-memory-outside"
#include "attack.h"

#define HOARD_CAP (192ull << 20)
#define HOARD_CHUNK (16ull << 20)

static char hoard_block[1 << 16];

/* Writes up to `want` bytes into fd; how many it took. */
static unsigned long long hoard_fill(int fd, unsigned long long want) {
    unsigned long long done = 0;
    while (done < want) {
        const ssize_t n = write(fd, hoard_block, sizeof hoard_block);
        if (n <= 0) break;
        done += (unsigned long long)n;
    }
    return done;
}

static unsigned long long hoard_memfd(unsigned long long want) {
    const int fd = (int)syscall(SYS_memfd_create, "numplace-attack", 1u /* MFD_CLOEXEC */);
    return fd < 0 ? 0 : hoard_fill(fd, want); /* the fd stays open: the memory stays held */
}

static unsigned long long hoard_sysv(unsigned long long want) {
    const char *text = getenv("ATTACK_IPC_KEY");
    unsigned long long held = 0;
    key_t key = text ? (key_t)atol(text) + 16 : IPC_PRIVATE;
    while (held < want) {
        const int id = shmget(key, HOARD_CHUNK, IPC_CREAT | 0600);
        void *at;
        if (id < 0) break;
        at = shmat(id, NULL, 0);
        if (at == (void *)-1) break;
        memset(at, 1, HOARD_CHUNK);
        shmdt(at); /* unmapped, not removed: held, and not in the address space */
        held += HOARD_CHUNK;
        if (key != IPC_PRIVATE) ++key;
    }
    return held;
}

static unsigned long long hoard_dev_shm(unsigned long long want) {
    char path[64];
    int fd;
    snprintf(path, sizeof path, "/dev/shm/numplace-attack-%d", (int)getpid());
    fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0) return 0;
    unlink(path); /* held through the fd, and gone with it */
    return hoard_fill(fd, want);
}

static int attack(const np_solve_request *req, np_solve_result *res) {
    unsigned long long memfd, sysv, shm;
    if (!attack_target(req)) return -1;
    memset(hoard_block, 1, sizeof hoard_block);
    memfd = hoard_memfd(HOARD_CAP);
    sysv = hoard_sysv(HOARD_CAP - memfd);
    shm = hoard_dev_shm(HOARD_CAP - memfd - sysv);
    snprintf(res->message, NP_MESSAGE_CAPACITY, "held %llu bytes (memfd %llu, System V %llu, /dev/shm %llu)",
             memfd + sysv + shm, memfd, sysv, shm);
    return NP_FAILED;
}
