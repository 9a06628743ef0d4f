/* Writes files of zeros into $TMPDIR until a write fails (a full folder, or
 * a file too big), then fails the call saying how much it wrote. */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define ATTACK_NAME "attack-fill-folder"
#include "attack.h"

static int attack(const np_solve_request *req, np_solve_result *res) {
    static char zeros[1 << 16];
    const char *folder = getenv("TMPDIR");
    unsigned long long written = 0;
    int file;
    if (!attack_target(req)) return -1;
    signal(SIGXFSZ, SIG_IGN); /* a write past the file-size limit fails with EFBIG instead */
    for (file = 0; file < 64; ++file) {
        char path[4096];
        int fd, full = 0;
        snprintf(path, sizeof path, "%s/fill-%d", folder ? folder : "/tmp", file);
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (fd < 0) break;
        while (written < (1ull << 30)) {
            const ssize_t n = write(fd, zeros, sizeof zeros);
            if (n <= 0) {
                full = 1;
                break;
            }
            written += (unsigned long long)n;
            if ((written & ((64ull << 20) - 1)) == 0) break; /* a new file every 64 MiB */
        }
        close(fd);
        if (full) break;
    }
    snprintf(res->message, NP_MESSAGE_CAPACITY, "wrote %llu bytes", written);
    return NP_FAILED;
}
