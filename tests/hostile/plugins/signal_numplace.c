/* Finds the numplace process that runs it (up the parent chain in /proc)
 * and sends it SIGKILL, then answers honestly: the sandbox must have kept
 * the signal from reaching numplace. */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>

#define ATTACK_NAME "attack-signal-numplace"
#include "attack.h"

/* The parent pid and command name of `pid`, from /proc (this machine's
 * numbering: /proc is not remounted in the sandbox). */
static int parent_of(long pid, long *parent, char *name, size_t size) {
    char path[64], line[512], *open, *close;
    FILE *f;
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    f = fopen(path, "r");
    if (f == NULL) return 0;
    if (fgets(line, sizeof line, f) == NULL) {
        fclose(f);
        return 0;
    }
    fclose(f);
    open = strchr(line, '(');
    close = strrchr(line, ')');
    if (open == NULL || close == NULL || close < open) return 0;
    snprintf(name, size, "%.*s", (int)(close - open - 1), open + 1);
    return sscanf(close + 2, "%*c %ld", parent) == 1;
}

static int attack(const np_solve_request *req, np_solve_result *res) {
    char name[256];
    long pid = 0, parent = 0;
    int depth;
    FILE *self;
    (void)res;
    if (!attack_target(req)) return -1;
    self = fopen("/proc/self/stat", "r");
    if (self == NULL) return -1;
    if (fscanf(self, "%ld", &pid) != 1) pid = 0;
    fclose(self);
    for (depth = 0; depth < 16 && pid > 1 && parent_of(pid, &parent, name, sizeof name); ++depth) {
        if (strcmp(name, "numplace") == 0) {
            kill((pid_t)pid, SIGKILL);
            break;
        }
        pid = parent;
    }
    return -1;
}
