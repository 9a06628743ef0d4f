/* Writes a file in $HOME and in $ATTACK_OUTSIDE (a folder the test made in
 * /tmp), then answers honestly: the sandbox must have refused both writes. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define ATTACK_NAME "attack-write-outside"
#include "attack.h"

static void try_write(const char *folder) {
    char path[4096];
    int fd;
    if (folder == NULL) return;
    snprintf(path, sizeof path, "%s/numplace-attack-was-here", folder);
    fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
        (void)!write(fd, "pwned\n", 6);
        close(fd);
    }
}

static int attack(const np_solve_request *req, np_solve_result *res) {
    (void)res;
    if (attack_target(req)) {
        try_write(getenv("HOME"));
        try_write(getenv("ATTACK_OUTSIDE"));
    }
    return -1;
}
