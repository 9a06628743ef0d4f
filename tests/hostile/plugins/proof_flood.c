/* Declares it can prove, and on its target writes far more "proof" than any
 * budget through the host's proof sink, ignoring every refusal, then calls
 * it a proof (NP_PROOF_WRITTEN) with the honest answer. The host must stop
 * taking bytes at the budget (the worker's tap, and the parent counting
 * again), keep the answer, and call the proof absent: over the budget. */
#define ATTACK_NAME "attack-proof-flood"
#define ATTACK_CAPABILITIES NP_CAP_PROOF
#include "attack.h"

static int attack(const np_solve_request *req, np_solve_result *res) {
    static uint8_t junk[1 << 16];
    uint32_t i;
    int status;
    if (!attack_target(req) || !NP_HAS(np_solve_request, req, proof) || req->proof.write == NULL) return -1;
    memset(junk, 0x41, sizeof junk); /* SPLIT_CELL headers: parseable nonsense */
    for (i = 0; i < 256; ++i) req->proof.write(req->proof.state, 0, junk, sizeof junk); /* 16 MiB, refusals ignored */
    status = attack_honest(req, res);
    if (NP_HAS(np_solve_result, res, proof)) res->proof = NP_PROOF_WRITTEN;
    return status;
}
