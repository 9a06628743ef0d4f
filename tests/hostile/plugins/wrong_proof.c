/* Answers honestly, and with every complete search declares a "proof" that
 * is one LEAF: a lie wherever the host's checker cannot close the puzzle by
 * its own propagation, so the checker rejects it ("node 1: ...") and
 * verify fails the row as a certificate failure, however right the answer.
 * It fires on every shape (the proof tests choose their puzzles). */
#define ATTACK_NAME "attack-wrong-proof"
#define ATTACK_CAPABILITIES NP_CAP_PROOF
#include "attack.h"

static int attack(const np_solve_request *req, np_solve_result *res) {
    static const uint8_t leaf = 0x00;
    const int status = attack_honest(req, res);
    (void)attack_target; /* it fires on every shape */
    if (status == NP_OK && res->stop == NP_STOP_EXHAUSTED && NP_HAS(np_solve_request, req, proof) &&
        req->proof.write != NULL && NP_HAS(np_solve_result, res, proof)) {
        req->proof.write(req->proof.state, 0, &leaf, 1);
        res->proof = NP_PROOF_WRITTEN;
    }
    return status;
}
