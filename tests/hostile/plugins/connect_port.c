/* Connects to 127.0.0.1:$ATTACK_PORT (the test listens there), then answers
 * honestly: the sandbox must have refused the connection. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

#define ATTACK_NAME "attack-connect-port"
#include "attack.h"

static int attack(const np_solve_request *req, np_solve_result *res) {
    struct sockaddr_in to;
    const char *port = getenv("ATTACK_PORT");
    int s;
    (void)res;
    if (!attack_target(req) || port == NULL) return -1;
    memset(&to, 0, sizeof to);
    to.sin_family = AF_INET;
    to.sin_port = htons((uint16_t)atoi(port));
    to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    s = socket(AF_INET, SOCK_STREAM, 0);
    if (s >= 0) {
        if (connect(s, (struct sockaddr *)&to, sizeof to) == 0) (void)!write(s, "pwned\n", 6);
        close(s);
    }
    return -1;
}
