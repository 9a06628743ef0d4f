/* Declares it can prove, and on an empty 9x9 grid (the most solutions a
 * shape has) streams a well-formed proof without end: the pre-order walk of
 * a search that propagates with two of the checker's four rules (naked and
 * hidden singles; docs/proofs.md), so the checker finds nearly every node
 * open and propagates at each, with locked candidates too. The walk writes
 * about 5 MB/s, the checker reads about 0.8 MB/s, and the pipe never runs
 * dry (issue 40: before the fix, this held an item 84 s under --timeout 2,
 * and the row passed). The deadline and the interrupt must hold whatever it
 * streams. Other puzzles get the honest answer. */
#define ATTACK_NAME "attack-proof-stream"
#define ATTACK_CAPABILITIES NP_CAP_PROOF
#include "attack.h"

enum { kSide = 9, kCells = 81, kAll = 0x3fe }; /* candidate masks: bit v for value v */

typedef struct {
    const np_solve_request *req;
    uint8_t out[4096];
    size_t used;
    int refused;
} stream_state;

static uint8_t unit_cells[27][9]; /* rows, columns, boxes */

static void stream_units(void) {
    uint32_t u, i;
    for (u = 0; u < 9; ++u)
        for (i = 0; i < 9; ++i) {
            unit_cells[u][i] = (uint8_t)(u * 9 + i);
            unit_cells[9 + u][i] = (uint8_t)(i * 9 + u);
            unit_cells[18 + u][i] = (uint8_t)((u / 3 * 3 + i / 3) * 9 + u % 3 * 3 + i % 3);
        }
}

static void stream_byte(stream_state *s, uint8_t b) {
    if (s->refused) return;
    s->out[s->used++] = b;
    if (s->used < sizeof s->out) return;
    if (s->req->proof.write(s->req->proof.state, 0, s->out, s->used) != 0) s->refused = 1;
    s->used = 0;
}

static int single(uint16_t m) { return m != 0 && (m & (m - 1)) == 0; }

static uint8_t peers[81][20];

static void stream_peers(void) {
    uint32_t c, d, n;
    for (c = 0; c < kCells; ++c)
        for (d = 0, n = 0; d < kCells; ++d)
            if (d != c && (d / 9 == c / 9 || d % 9 == c % 9 || (d / 27 == c / 27 && d % 9 / 3 == c % 9 / 3)))
                peers[c][n++] = (uint8_t)d;
}

/* A placed value leaves its peers, and so on for every cell that becomes
 * placed (done[c]: its value has left its peers). -1 on a contradiction. */
static int stream_naked(uint16_t *m, uint8_t *done) {
    uint8_t queue[kCells];
    uint32_t head = 0, tail = 0, c, i;
    for (c = 0; c < kCells; ++c)
        if (!done[c] && single(m[c])) { done[c] = 1; queue[tail++] = (uint8_t)c; }
    while (head < tail) {
        c = queue[head++];
        for (i = 0; i < 20; ++i) {
            const uint32_t p = peers[c][i];
            if (!(m[p] & m[c])) continue;
            m[p] &= (uint16_t)~m[c];
            if (m[p] == 0) return -1;
            if (single(m[p]) && !done[p]) { done[p] = 1; queue[tail++] = (uint8_t)p; }
        }
    }
    return 0;
}

/* A value with one place in a unit is placed there; one with none, or two
 * with one cell, is a contradiction. Returns -1, or whether it placed any. */
static int stream_hidden(uint16_t *m) {
    int changed = 0;
    uint32_t u, i;
    for (u = 0; u < 27; ++u) {
        uint16_t once = 0, twice = 0, hidden;
        for (i = 0; i < 9; ++i) {
            const uint16_t x = m[unit_cells[u][i]];
            twice |= once & x;
            once |= x;
        }
        if (once != kAll) return -1;
        hidden = (uint16_t)(once & ~twice);
        for (i = 0; i < 9 && hidden; ++i) {
            const uint32_t c = unit_cells[u][i];
            const uint16_t here = m[c] & hidden;
            if (!here || single(m[c])) continue;
            if (!single(here)) return -1;
            m[c] = here;
            changed = 1;
        }
    }
    return changed;
}

/* To the fixed point: -1 a contradiction, 1 solved, 0 open. */
static int stream_propagate(uint16_t *m, uint8_t *done) {
    uint32_t c;
    for (;;) {
        int r;
        if (stream_naked(m, done) < 0) return -1;
        r = stream_hidden(m);
        if (r < 0) return -1;
        if (r) continue;
        break;
    }
    for (c = 0; c < kCells; ++c)
        if (!single(m[c])) return 0;
    return 1;
}

static void stream_walk(stream_state *s, const uint16_t *from, const uint8_t *from_done) {
    uint16_t m[kCells];
    uint8_t done[kCells];
    uint32_t c, best = kCells, best_n = 10, v;
    memcpy(m, from, sizeof m);
    memcpy(done, from_done, sizeof done);
    if (s->refused) return;
    if (stream_propagate(m, done) != 0) { stream_byte(s, 0x00); return; } /* LEAF: closed */
    for (c = 0; c < kCells; ++c) {
        const uint32_t n = (uint32_t)__builtin_popcount(m[c]);
        if (n > 1 && n < best_n) { best = c; best_n = n; }
    }
    stream_byte(s, (uint8_t)(1u << 6 | best_n)); /* SPLIT_CELL */
    stream_byte(s, (uint8_t)best);
    for (v = 1; v <= 9; ++v)
        if (m[best] & (1u << v)) stream_byte(s, (uint8_t)v);
    for (v = 1; v <= 9 && !s->refused; ++v) {
        if (!(m[best] & (1u << v))) continue;
        {
            uint16_t child[kCells];
            memcpy(child, m, sizeof child);
            child[best] = (uint16_t)(1u << v);
            stream_walk(s, child, done);
        }
    }
}

static int attack(const np_solve_request *req, np_solve_result *res) {
    static stream_state s;
    uint16_t start[kCells];
    uint8_t done[kCells] = {0};
    uint32_t i;
    (void)attack_target;
    if (req->geometry.box_rows != 3 || req->geometry.box_cols != 3) return -1;
    if (!NP_HAS(np_solve_request, req, proof) || req->proof.write == NULL) return -1;
    for (i = 0; i < kCells; ++i)
        if (req->cells[i] != 0) return -1;
    memset(&s, 0, sizeof s);
    s.req = req;
    stream_units();
    stream_peers();
    for (i = 0; i < kCells; ++i) start[i] = kAll;
    while (!s.refused) stream_walk(&s, start, done); /* the walk again, should the budget outlast it */
    {
        const int status = attack_honest(req, res);
        if (NP_HAS(np_solve_result, res, proof)) res->proof = NP_PROOF_WRITTEN;
        return status;
    }
}
