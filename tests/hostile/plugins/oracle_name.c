/* Takes the default oracle's name and lies: every puzzle has no solution,
 * says it, having searched everything. Dropped into a --plugin-dir (which is
 * searched before the bundled plugins) it would become the oracle, and judge
 * every solver by its lies; the host must refuse the name instead. */
#define ATTACK_NAME "exhaustive-count"
#include "attack.h"

static int attack(const np_solve_request *req, np_solve_result *res) {
    (void)req;
    (void)attack_target; /* every puzzle, not only the 6x6 one */
    res->count = 0;
    res->witness_count = 0;
    res->stop = NP_STOP_EXHAUSTED;
    return NP_OK;
}
