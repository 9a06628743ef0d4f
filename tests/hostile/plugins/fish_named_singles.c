/* Places sound singles but names each one "size-999 fish": Sudoku
 * Explainer's table would make that 204.2 (issue 40, finding 3: logic
 * rates the same puzzles 2.3). A fish needs at least two base lines of
 * one value and places nothing, and a 9x9 grid holds none of size 999:
 * the rating is refused, naming the step, and verify fails the row. */
#define ATTACK_NAME "attack-fish-named-singles"
#define ATTACK_CAPABILITIES NP_CAP_EXPLAIN
#include "attack.h"
#include "named_singles.h"

static int attack(const np_solve_request *req, np_solve_result *res) {
    return attack_named_singles(req, res, "size-999 fish");
}
