/* Aims Unix sockets at the host: a datagram socketpair sends to the named
 * socket $ATTACK_SOCKET (as a plugin would to /dev/log or journald) by
 * sendto, by sendmsg and by connecting it there, and to the abstract name
 * $ATTACK_ABSTRACT; a stream socketpair binds the abstract name
 * $ATTACK_ABSTRACT-squat in the host's network namespace. Fails the call
 * naming what worked; answers honestly when nothing did. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#define ATTACK_NAME "attack-unix-datagram"
#include "attack.h"

/* `name` as a Unix address; abstract (a leading NUL) when `abstract`. */
static socklen_t unix_address(struct sockaddr_un *to, const char *name, const char *suffix, int abstract) {
    memset(to, 0, sizeof *to);
    to->sun_family = AF_UNIX;
    snprintf(to->sun_path + abstract, sizeof to->sun_path - 1, "%s%s", name, suffix);
    return (socklen_t)(offsetof(struct sockaddr_un, sun_path) + abstract + strlen(to->sun_path + abstract));
}

static void note(char *reached, const char *what) {
    strncat(reached, what, 200 - strlen(reached) - 1);
}

static void aim_datagrams(const char *path, const char *abstract, char *reached) {
    int pair[2];
    struct sockaddr_un to;
    socklen_t length;
    if (socketpair(AF_UNIX, SOCK_DGRAM, 0, pair) != 0) return;
    if (path) {
        struct iovec part = {(void *)"sendmsg", 7};
        struct msghdr message;
        length = unix_address(&to, path, "", 0);
        if (sendto(pair[0], "sendto", 6, 0, (struct sockaddr *)&to, length) > 0) note(reached, " sendto");
        memset(&message, 0, sizeof message);
        message.msg_name = &to;
        message.msg_namelen = length;
        message.msg_iov = &part;
        message.msg_iovlen = 1;
        if (sendmsg(pair[0], &message, 0) > 0) note(reached, " sendmsg");
        if (connect(pair[1], (struct sockaddr *)&to, length) == 0 && send(pair[1], "connect", 7, 0) > 0)
            note(reached, " connect");
    }
    if (abstract) {
        length = unix_address(&to, abstract, "", 1);
        if (sendto(pair[0], "abstract", 8, 0, (struct sockaddr *)&to, length) > 0) note(reached, " abstract-sendto");
    }
    close(pair[0]);
    close(pair[1]);
}

static void squat(const char *abstract, char *reached) {
    int pair[2];
    struct sockaddr_un at;
    if (!abstract || socketpair(AF_UNIX, SOCK_STREAM, 0, pair) != 0) return;
    if (bind(pair[0], (struct sockaddr *)&at, unix_address(&at, abstract, "-squat", 1)) == 0)
        note(reached, " abstract-bind");
    close(pair[0]);
    close(pair[1]);
}

static int attack(const np_solve_request *req, np_solve_result *res) {
    char reached[200] = "";
    if (!attack_target(req)) return -1;
    aim_datagrams(getenv("ATTACK_SOCKET"), getenv("ATTACK_ABSTRACT"), reached);
    squat(getenv("ATTACK_ABSTRACT"), reached);
    if (reached[0] == '\0') return -1;
    snprintf(res->message, NP_MESSAGE_CAPACITY, "reached:%s", reached);
    return NP_FAILED;
}
