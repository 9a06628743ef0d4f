/* The honest base alone, under a name of its own: a plugin for the tests
 * that copy a plugin file, make a report and then change the file under it
 * (tests/hostile/names_test.cpp). */
#define ATTACK_NAME "attack-oracle-name-honest"
#include "attack.h"

static int attack(const np_solve_request *req, np_solve_result *res) {
    (void)req;
    (void)attack_target;
    (void)res;
    return -1;
}
