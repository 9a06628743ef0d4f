/* On its target it gives up (NP_FAILED) with a message made to act on a
 * terminal: an OSC that retitles the window, a clear-screen CSI, a C1 CSI
 * (U+009B, as UTF-8), a right-to-left override, a carriage return and a
 * byte that is not UTF-8. The failed row shows the message; numplace must
 * show it as plain text on every output (issue 40). */
#define ATTACK_NAME "attack-escape-message"
#include "attack.h"

static int attack(const np_solve_request *req, np_solve_result *res) {
    static const char text[] = "\x1b]0;owned\x07\x1b[2Jcleared \xc2\x9b" "31mred \xe2\x80\xae" "desrever\r\xff" "end";
    if (!attack_target(req)) return -1;
    memcpy(res->message, text, sizeof text);
    return NP_FAILED;
}
