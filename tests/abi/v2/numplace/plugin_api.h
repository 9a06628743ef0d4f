/*
 * numplace plugin ABI, version 2.
 *
 * A plugin is a shared library that exports one C function,
 *
 *     const np_plugin *numplace_plugin_entry(void);
 *
 * returning a descriptor that lives as long as the library stays loaded.
 * Everything crosses this boundary as plain C: fixed-width integers, const
 * char pointers and caller-owned buffers. No C++ types, no exceptions (a
 * plugin written in C++ must catch everything before returning), no memory
 * allocated on one side and freed on the other.
 *
 * The model is IPASIR's: an opaque instance, a handful of calls, a terminate
 * callback. Solving, proving uniqueness and counting are one call with a
 * limit, as in tdoku's Solve(input, limit, ...).
 *
 * Cells. A grid of box shape R x C has N = R*C rows, columns, boxes and
 * values; its N*N cells are stored row by row, one uint8_t each, 0 for an
 * empty cell and 1..N for a value. Boxes are numbered row-major.
 *
 * Thread safety. An instance (from create) serves any number of calls, one
 * at a time: it is used by one thread at a time.
 * Different instances may be used concurrently from different threads, so a
 * plugin keeps its state in the instance or on the stack, never in mutable
 * globals. The descriptor itself is immutable.
 *
 * Compatibility. The host refuses a plugin whose abi_version differs from
 * NP_ABI_VERSION. Any change to a struct below or to the meaning of a field
 * increments NP_ABI_VERSION.
 *
 * Version 2 (from 1): np_generate_request gains first_index, so a host can
 * ask for results i..j and stream them; a generated puzzle must have exactly
 * one solution; np_stats.guesses has one definition for every plugin.
 *
 * Never trusted. The host certifies every answer itself (a witness keeps the
 * givens and obeys the rules, two witnesses differ, a violation is real, a
 * generated grid obeys the rules) and turns a wrong one into an error that
 * names the plugin.
 */
#ifndef NUMPLACE_PLUGIN_API_H
#define NUMPLACE_PLUGIN_API_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define NP_ABI_VERSION 2u
#define NP_ENTRY_SYMBOL "numplace_plugin_entry"

/* Largest side the ABI can express: symbols are 1-9 then A-Z. */
#define NP_MAX_SIDE 35u
/* Capacity of every message buffer the host passes to a plugin. */
#define NP_MESSAGE_CAPACITY 256u
/* Witness solutions a solve call may return. */
#define NP_MAX_WITNESSES 2u
/* Plugin-named statistics counters a call may return. */
#define NP_MAX_COUNTERS 8u
/* Limit value meaning "count every solution". */
#define NP_UNLIMITED UINT64_MAX

/* ---- What a plugin can do (np_plugin.capabilities, a bit set) ---------- */
enum np_capability {
    NP_CAP_SOLVE = 1u << 0,           /* finds a solution                      */
    NP_CAP_COUNT = 1u << 1,           /* counts solutions exactly up to limit  */
    NP_CAP_PROVE_UNIQUE = 1u << 2,    /* may report a complete search          */
    NP_CAP_GENERATE_GRID = 1u << 3,   /* generate: full grids                  */
    NP_CAP_GENERATE_PUZZLE = 1u << 4, /* generate: puzzles with givens         */
    NP_CAP_CHECK_GRID = 1u << 5       /* check_grid: lists rule violations     */
};

/* ---- Status of a call ---------------------------------------------------- */
enum np_status {
    NP_OK = 0,
    NP_INVALID_INPUT = 1, /* the givens break a rule; violation is filled      */
    NP_BAD_OPTION = 2,    /* unknown key or bad value; message says which      */
    NP_UNSUPPORTED = 3,   /* geometry or operation this plugin does not offer  */
    NP_FAILED = 4         /* anything else (out of memory, internal error)     */
};

/* ---- Located rule violations --------------------------------------------- */
enum np_reason_code {
    NP_REASON_NONE = 0,
    NP_REASON_WRONG_LENGTH = 1,       /* host-side: text has the wrong length  */
    NP_REASON_BAD_CHARACTER = 2,      /* host-side: not a symbol               */
    NP_REASON_VALUE_OUT_OF_RANGE = 3, /* host-side: symbol above N             */
    NP_REASON_DUPLICATE_IN_ROW = 4,
    NP_REASON_DUPLICATE_IN_COLUMN = 5,
    NP_REASON_DUPLICATE_IN_BOX = 6
};

/* Locations are 1-based; 0 means "does not apply". For a duplicate, row and
 * column name the later of the two cells in row-major order; a checker that
 * only knows the unit gives the unit's number (row, column or box) and the
 * repeated value. */
typedef struct np_violation {
    uint32_t code; /* enum np_reason_code */
    uint32_t row, column, box, value;
} np_violation;

/* ---- Geometry ------------------------------------------------------------ */
typedef struct np_geometry {
    uint32_t box_rows; /* R: box height */
    uint32_t box_cols; /* C: box width; the grid side is N = R*C */
} np_geometry;

/* ---- Options: key=value per call ------------------------------------------ */
typedef struct np_option {
    const char *key;
    const char *value;
} np_option;

/* How a plugin documents an option it accepts. */
typedef struct np_option_spec {
    const char *key;
    const char *values;        /* accepted values: "a|b|c", "integer", "0|1" */
    const char *default_value; /* what applies when the option is absent     */
    const char *applies_to;    /* "solve", "generate", "check" or "all"      */
    const char *help;          /* one line                                   */
} np_option_spec;

/* ---- Budget ---------------------------------------------------------------- */
/* A plugin polls the budget every few thousand nodes at the most and stops
 * with stop = NP_STOP_BUDGET once any part is spent. */
typedef struct np_budget {
    uint64_t max_nodes;   /* 0 = no node limit                                 */
    uint64_t deadline_ns; /* CLOCK_MONOTONIC time in ns; 0 = no deadline       */
    /* IPASIR-style: returns non-zero when the caller wants the call to stop.
     * May be NULL. Called from the thread that made the call. */
    int (*terminate)(void *state);
    void *terminate_state;
} np_budget;

/* ---- Statistics -------------------------------------------------------------- */
typedef struct np_counter {
    const char *name; /* static string owned by the plugin, e.g. "restarts" */
    uint64_t value;
} np_counter;

/* Guesses, the one definition every plugin uses (bench's "solved without
 * guessing" compares them across plugins): a guess is a search node at which
 * more than one alternative remains and the search picks one, whether it
 * then tries the others (backtracking) or not (a random choice). It counts
 * once per node, however many alternatives are tried there: a cell with
 * three candidates tried in turn is one guess; so is a random permutation
 * drawn in one go (a shuffled box). Forced steps (a single candidate, a
 * hidden single, an exact-cover column with one row) are not guesses. */
typedef struct np_stats {
    uint64_t nodes;   /* search nodes visited (plugin's own definition)       */
    uint64_t guesses; /* branching nodes, as defined above                    */
    uint32_t counter_count;
    np_counter counters[NP_MAX_COUNTERS];
} np_stats;

/* ---- Solve / count --------------------------------------------------------- */
enum np_stop {
    NP_STOP_EXHAUSTED = 0, /* whole search space explored: count is exact    */
    NP_STOP_LIMIT = 1,     /* stopped early with count solutions found, at   */
                           /* the limit or (a method that proves by two      */
                           /* searches) as soon as two differ                */
    NP_STOP_BUDGET = 2     /* stopped by max_nodes, deadline or terminate    */
};

typedef struct np_solve_request {
    np_geometry geometry;
    const uint8_t *cells; /* N*N cells; lengths, symbols and ranges checked  */
    uint64_t limit;       /* stop after this many solutions (>= 1)           */
    const np_option *options;
    uint32_t option_count;
    np_budget budget;
} np_solve_request;

typedef struct np_solve_result {
    uint64_t count;          /* solutions found, <= limit                    */
    uint32_t stop;           /* enum np_stop                                 */
    uint32_t witness_count;  /* distinct solutions written to witnesses      */
    uint8_t *witnesses[NP_MAX_WITNESSES]; /* host-owned, N*N cells each      */
    np_violation violation;  /* with NP_INVALID_INPUT                        */
    np_stats stats;
    char message[NP_MESSAGE_CAPACITY]; /* with any status other than NP_OK   */
} np_solve_result;

/* ---- Check a full or partial grid ------------------------------------------- */
typedef struct np_check_request {
    np_geometry geometry;
    const uint8_t *cells;
    const np_option *options;
    uint32_t option_count;
} np_check_request;

typedef struct np_check_result {
    np_violation *violations;   /* host-owned array                          */
    uint32_t capacity;          /* its length                                */
    uint32_t violation_count;   /* how many were found (may exceed capacity; */
                                /* only the first capacity are written)      */
    char message[NP_MESSAGE_CAPACITY];
} np_check_result;

/* ---- Generate ------------------------------------------------------------------ */
enum np_generate_kind { NP_GENERATE_GRID = 0, NP_GENERATE_PUZZLE = 1 };

/* The results form one sequence per (seed, options, geometry, kind): result
 * i depends only on those and i, never on count or first_index. A call
 * returns results first_index .. first_index + count - 1 of it, in order, so
 * a call with count 3 returns the first three results of a call with count
 * 10, and (first_index 5, count 5) returns the last five of them.
 *
 * A generated grid is full and obeys the rules. A generated puzzle obeys the
 * rules and has exactly one solution; the harness proves it with an
 * independent solver. */
typedef struct np_generate_request {
    np_geometry geometry;
    uint32_t kind; /* enum np_generate_kind */
    uint64_t seed;
    uint64_t first_index; /* index of the first result wanted              */
    uint32_t count;       /* K results wanted                               */
    const np_option *options;
    uint32_t option_count;
    np_budget budget;
} np_generate_request;

typedef struct np_generate_result {
    uint8_t *cells;     /* host-owned, count * N*N cells; result          */
                        /* first_index + k goes to cells + k*N*N           */
    uint32_t produced;  /* results written (< count only if budget ran out) */
    np_stats stats;
    char message[NP_MESSAGE_CAPACITY];
} np_generate_result;

/* ---- The descriptor ------------------------------------------------------------ */
typedef struct np_plugin {
    uint32_t abi_version; /* NP_ABI_VERSION; always the first field */
    const char *name;     /* unique, [a-z0-9-]+ */
    const char *version;
    const char *description; /* one line */
    uint32_t capabilities;   /* enum np_capability bits */

    /* Geometries: any listed shape, plus, when max_side > 0, every shape with
     * R*C <= max_side. */
    uint32_t max_side;
    const np_geometry *geometries;
    uint32_t geometry_count;

    const np_option_spec *options;
    uint32_t option_count;

    /* Instance lifetime. create may be NULL (the plugin is stateless and gets
     * NULL); it returns NULL on failure. */
    void *(*create)(void);
    void (*destroy)(void *instance);

    /* Each entry may be NULL when the matching capability is absent. The
     * return value is an enum np_status; the host zero-fills the result
     * before the call, apart from the host-owned buffers. */
    int (*solve)(void *instance, const np_solve_request *request, np_solve_result *result);
    int (*check_grid)(void *instance, const np_check_request *request, np_check_result *result);
    int (*generate)(void *instance, const np_generate_request *request, np_generate_result *result);
} np_plugin;

typedef const np_plugin *(*np_entry_fn)(void);

#ifdef __cplusplus
}
#endif

#endif /* NUMPLACE_PLUGIN_API_H */
