/* Frames of numplace's worker protocol (harness/runner/wire.hpp), written
 * by attack plugins straight to the worker's answer pipe (fd 4): the bytes
 * a forger would write. Only for tests/hostile. */
#ifndef NUMPLACE_TEST_FRAME_H
#define NUMPLACE_TEST_FRAME_H

#include <stdint.h>
#include <string.h>
#include <unistd.h>

#define FRAME_MAGIC 0x4e50574bu
#define FRAME_ANSWERS 4 /* the worker's answer pipe */

typedef struct {
    uint8_t bytes[4096];
    uint32_t size;
} frame;

static inline void frame_put(frame *f, const void *data, uint32_t n) {
    memcpy(f->bytes + f->size, data, n);
    f->size += n;
}
static inline void frame_u8(frame *f, uint8_t v) { frame_put(f, &v, 1); }
static inline void frame_u32(frame *f, uint32_t v) { frame_put(f, &v, 4); }
static inline void frame_u64(frame *f, uint64_t v) { frame_put(f, &v, 8); }

/* magic and a length to be filled by frame_end */
static inline void frame_begin(frame *f, uint32_t magic) {
    f->size = 0;
    frame_u32(f, magic);
    frame_u32(f, 0);
}
static inline void frame_end(frame *f) {
    const uint32_t n = f->size - 8;
    memcpy(f->bytes + 4, &n, 4);
}

/* A solve answer with fault none, status OK, `count` solutions and the given
 * witnesses of n cells each (wire.cpp's put(SolveOutcome)). */
static inline void frame_solve(frame *f, uint32_t request, uint32_t item, uint64_t count, uint32_t stop,
                        const uint8_t *const *witnesses, uint32_t witness_count, uint32_t n) {
    uint32_t i;
    frame_u32(f, request);
    frame_u32(f, item);
    frame_u32(f, 0);     /* status NP_OK */
    frame_u32(f, 0);     /* fault none */
    frame_u64(f, count);
    frame_u32(f, stop);
    frame_u32(f, witness_count);
    for (i = 0; i < witness_count; ++i) {
        frame_u32(f, n);
        frame_put(f, witnesses[i], n);
    }
    frame_u8(f, 0);      /* no violation */
    frame_u32(f, 0);     /* message "" */
    frame_u64(f, 1);     /* nodes, guesses, micros */
    frame_u64(f, 0);
    frame_u64(f, 1);
    frame_u32(f, 0);     /* no counters */
}

static inline void frame_write(const void *bytes, size_t n) {
    const char *p = (const char *)bytes;
    while (n > 0) {
        const ssize_t done = write(FRAME_ANSWERS, p, n);
        if (done <= 0) return;
        p += done;
        n -= (size_t)done;
    }
}

#endif
