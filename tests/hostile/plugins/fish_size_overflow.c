/* Places sound singles named "size-1073741830 fish": a size parsed with
 * atoi and no cap overflowed the rating's arithmetic to ED -214748359.2
 * (issue 40, finding 3). The size must be parsed strictly and bounded by
 * the grid: the rating is refused, never a number. */
#define ATTACK_NAME "attack-fish-size-overflow"
#define ATTACK_CAPABILITIES NP_CAP_EXPLAIN
#include "attack.h"
#include "named_singles.h"

static int attack(const np_solve_request *req, np_solve_result *res) {
    return attack_named_singles(req, res, "size-1073741830 fish");
}
