/* Makes objects that outlive a process: System V shared memory, a message
 * queue and a semaphore set (keys $ATTACK_IPC_KEY, +1, +2), a POSIX message
 * queue (/numplace-attack-KEY) and a key "numplace-attack-KEY" in the
 * session and the user keyring; then answers honestly. The test looks for
 * each from outside once numplace has ended: none may be there. */
#include <fcntl.h>
#include <mqueue.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/syscall.h>
#include <unistd.h>

#define ATTACK_NAME "attack-ipc-persist"
#include "attack.h"

static int attack(const np_solve_request *req, np_solve_result *res) {
    const char *text = getenv("ATTACK_IPC_KEY");
    char name[64];
    key_t key;
    mqd_t queue;
    (void)res;
    if (!attack_target(req) || text == NULL) return -1;
    key = (key_t)atol(text);
    (void)shmget(key, 1 << 20, IPC_CREAT | 0600);
    (void)msgget(key + 1, IPC_CREAT | 0600);
    (void)semget(key + 2, 1, IPC_CREAT | 0600);
    snprintf(name, sizeof name, "/numplace-attack-%s", text);
    queue = mq_open(name, O_CREAT | O_RDWR, 0600, NULL);
    if (queue != (mqd_t)-1) mq_close(queue);
    snprintf(name, sizeof name, "numplace-attack-%s", text);
    (void)syscall(SYS_add_key, "user", name, "pwned", (size_t)5, -3 /* KEY_SPEC_SESSION_KEYRING */);
    (void)syscall(SYS_add_key, "user", name, "pwned", (size_t)5, -4 /* KEY_SPEC_USER_KEYRING */);
    return -1;
}
