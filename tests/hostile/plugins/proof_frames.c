/* Writes proof frames of its own straight to the worker's answer pipe (fd
 * 4), past the host's sink: 192 KiB of bytes for the item it is solving,
 * then one frame for the next item (request id and item index guessed as a
 * forger would: the first request, items counted by the calls so far). The
 * parent must count the bytes itself, refuse a proof nobody asked for, and
 * refuse bytes for an item that is not running: each a protocol failure of
 * the item, never a crash or a proof believed. */
#define ATTACK_NAME "attack-proof-frames"
#define ATTACK_CAPABILITIES NP_CAP_PROOF
#include "attack.h"
#include "frame.h"

static uint32_t calls;

static void proof_frame(uint32_t item, uint32_t length) {
    static uint8_t bytes[16 + (1 << 16)];
    const uint32_t magic = FRAME_MAGIC, size = 8 + length, request = 1, tagged = item | 0x80000000u;
    memcpy(bytes, &magic, 4);
    memcpy(bytes + 4, &size, 4);
    memcpy(bytes + 8, &request, 4);
    memcpy(bytes + 12, &tagged, 4);
    memset(bytes + 16, 0x41, length);
    frame_write(bytes, 16 + length);
}

static int attack(const np_solve_request *req, np_solve_result *res) {
    uint32_t i;
    (void)res;
    ++calls;
    if (!attack_target(req)) return -1;
    for (i = 0; i < 3; ++i) proof_frame(calls - 1, 60000);
    proof_frame(calls, 10);
    return -1;
}
