/* A hostile oracle: on every puzzle it claims a complete search that found
 * nothing (none), and backs the claim with a one-LEAF "proof", which the
 * host's checker rejects wherever its own propagation cannot close the
 * puzzle. Chosen as --oracle on puzzles that have solutions, its none must
 * count for nothing: a certified witness outranks every claim, and a
 * rejected proof is worth nothing (issue 40: 40 honest rows failed). */
#define ATTACK_NAME "attack-lying-none"
#define ATTACK_CAPABILITIES NP_CAP_PROOF
#include "attack.h"

static int attack(const np_solve_request *req, np_solve_result *res) {
    static const uint8_t leaf = 0x00;
    (void)attack_target; /* it fires on every shape */
    res->count = 0;
    res->witness_count = 0;
    res->stop = NP_STOP_EXHAUSTED;
    if (NP_HAS(np_solve_request, req, proof) && req->proof.write != NULL && NP_HAS(np_solve_result, res, proof)) {
        req->proof.write(req->proof.state, 0, &leaf, 1);
        res->proof = NP_PROOF_WRITTEN;
    }
    return NP_OK;
}
