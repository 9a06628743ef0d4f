/*
 * numplace plugin ABI, version 3.
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
 * Compatibility: the rules every later version keeps, so that calls and
 * fields can be added without breaking a plugin already built.
 *  1. abi_version is the major version: 3. The host loads version 3 and
 *     version 2 plugins (it adapts the latter); an incompatible change would
 *     increment it, and the rules below exist so that none is needed.
 *  2. The descriptor and every request and result struct carry struct_size,
 *     the size of the struct as its writer was compiled: the plugin's
 *     sizeof(np_plugin) in the descriptor, the host's sizeof in requests and
 *     results. NP_DESCRIPTOR_HEAD fills the descriptor's first two.
 *  3. Members are only ever appended, after the last one (each group marked
 *     with the version that added it); none is removed, reordered, retyped
 *     or given another meaning. Capability bits and enum values are only
 *     ever added. A member's zero (0, NULL) always means "absent": the
 *     default for whoever does not know it.
 *  4. The host reads only the descriptor members that the plugin's
 *     struct_size covers, and takes the rest as zero. A plugin reads request
 *     members, and writes result members, only where the host's struct_size
 *     covers them: NP_HAS(type, pointer, member) says so. The members that
 *     version 2 had are always there; a request built by hand with
 *     struct_size 0 is a plain one, whose appended members are not read.
 *  5. A new optional call is a function pointer appended to the descriptor
 *     with a capability bit; NULL, or a descriptor too short to hold it,
 *     means the plugin does not offer it.
 *
 * Version 3.10 (from 3.9, appended): np_step.chains, the branches of a
 * forcing chain, net or Nishio step as a player reads them (below). A 3.9
 * plugin's steps carry none.
 * Version 3.9 (from 3.8; no member added): explained variants. The host
 * opens the step sink for a variant puzzle too, and its candidate state
 * ("Steps" below) takes the variant's peers: every cell its rules make
 * hold a different digit. A 3.8 host explains classic puzzles only.
 * Version 3.8 (from 3.7, appended): generated variants.
 * np_generate_request.variant is a sink through which a generator hands the
 * host each result's regions and constraints (np_variant_sink below); the
 * host opens it when it takes variant puzzles, and certifies each result
 * against its rules. A result with nothing written is a classic one. A
 * plugin may write only kinds and layouts it declares (np_plugin.kinds,
 * region_layouts). A 3.7 plugin writes none.
 * Version 3.7 (from 3.6, appended): variants. np_solve_request.variant
 * carries a puzzle's regions (R x C boxes, an irregular map, or none) and
 * its constraints (np_constraint, kinds in enum np_kind, defined in
 * docs/variants.md); np_plugin.kinds and region_layouts declare what a
 * plugin takes. The host never sends a kind or a layout a plugin did not
 * declare. A 3.6 plugin declares none and sees only classic puzzles.
 * NP_REASON_BAD_PUZZLE and NP_REASON_BREAKS_CONSTRAINT name host-side
 * refusals of a variant.
 * Version 3.6 (from 3.5, appended): np_plugin.default_for and
 * default_rank: the operations a plugin offers itself for when a user names
 * no plugin (numplace solve PUZZLE), and how strongly. A 3.5 plugin offers
 * itself for none.
 * Version 3.5 (from 3.4, appended): np_plugin.shapes_note, one sentence
 * the host adds when it refuses a shape the plugin lacks: where to go
 * instead ("bitmask-mrv solves every shape"). A 3.4 plugin has none.
 * Version 3.4 (from 3.3, appended): np_step.length, the size of a step's
 * reasoning (a chain's nodes) for the harness's difficulty ratings
 * (docs/rating.md). A 3.3 plugin's steps carry none: rated by base alone.
 * Version 3.3 (from 3.2, appended): np_plugin.suggested_max_nodes, the
 * node budget a plugin asks of batch runs that were given none (a plugin
 * whose calls use many nodes when they conclude nothing: a logic solver).
 * A 3.2 plugin suggests none.
 * Version 3.2 (from 3.1, appended): np_step.flags, with
 * NP_STEP_ASSUMES_UNIQUE for uniqueness techniques. A 3.1 plugin's steps
 * are shorter and carry no flags.
 * Version 3.1 (from 3.0, appended): steps (NP_CAP_EXPLAIN, np_step,
 * np_step_sink, np_solve_request.steps) and candidate input
 * (NP_CAP_CANDIDATES, np_solve_request.candidates). A 3.0 plugin is
 * untouched: it never sees either, and the host sends neither to a plugin
 * without the bit.
 * Version 3 (from 2): struct_size in the descriptor (in what was padding
 * after abi_version, so that no member of version 2 moved) and first in
 * every request and result; proofs (NP_CAP_PROOF, np_proof_sink,
 * np_solve_result.proof). Version 2 (from 1): np_generate_request gains
 * first_index; a generated puzzle must have exactly one solution;
 * np_stats.guesses has one definition for every plugin.
 *
 * Never trusted. The host certifies every answer itself (a witness keeps the
 * givens and obeys the rules, two witnesses differ, a violation is real, a
 * generated grid obeys the rules, a proof passes the host's own checker) and
 * turns a wrong one into an error that names the plugin.
 */
#ifndef NUMPLACE_PLUGIN_API_H
#define NUMPLACE_PLUGIN_API_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define NP_ABI_VERSION 3u
/* The oldest major version the host still loads (adapted). */
#define NP_ABI_OLDEST 2u
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

/* True when a struct whose writer's size is pointer->struct_size holds
 * `member` (compatibility rule 4). */
#define NP_HAS(type, pointer, member) \
    ((pointer)->struct_size >= offsetof(type, member) + sizeof(((type *)0)->member))

/* ---- What a plugin can do (np_plugin.capabilities, a bit set) ---------- */
enum np_capability {
    NP_CAP_SOLVE = 1u << 0,           /* finds a solution                      */
    NP_CAP_COUNT = 1u << 1,           /* counts solutions exactly up to limit  */
    NP_CAP_PROVE_UNIQUE = 1u << 2,    /* may report a complete search          */
    NP_CAP_GENERATE_GRID = 1u << 3,   /* generate: full grids                  */
    NP_CAP_GENERATE_PUZZLE = 1u << 4, /* generate: puzzles with givens         */
    NP_CAP_CHECK_GRID = 1u << 5,      /* check_grid: lists rule violations     */
    NP_CAP_PROOF = 1u << 6,           /* writes proofs when asked (version 3)  */
    NP_CAP_EXPLAIN = 1u << 7,         /* streams its steps when asked (3.1)    */
    NP_CAP_CANDIDATES = 1u << 8       /* solves from candidate masks (3.1)     */
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
    NP_REASON_DUPLICATE_IN_BOX = 6,
    NP_REASON_BAD_PUZZLE = 7,          /* host-side (3.7): a variant is malformed */
    NP_REASON_BREAKS_CONSTRAINT = 8    /* (3.7): a variant's constraint is broken  */
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

/* ---- Proofs (version 3) -------------------------------------------------------- */
/* A proof shows a complete search's verdict (unique, none, an exact count)
 * without trusting the search: a case-split tree the host walks with its own
 * checker (the format: numplace/proof_writer.hpp and docs/proofs.md). A
 * plugin with NP_CAP_PROOF that is handed a sink (write != NULL) streams its
 * tree as it searches, in chunks of any size; it never needs to hold it
 * whole. `result` is the index, within the call, of the answer the bytes
 * belong to: 0 for solve; k for generate's k-th puzzle, whose bytes all come
 * before those of puzzle k + 1. write returns 0 to go on, non-zero when the
 * host will take no more of this proof (its byte budget is spent): the
 * plugin stops writing and answers as usual, unproved. */
typedef struct np_proof_sink {
    int (*write)(void *state, uint32_t result, const uint8_t *bytes, size_t length);
    void *state;
} np_proof_sink;

/* What a solve answer says of its proof (np_solve_result.proof). */
enum np_proof_status {
    NP_PROOF_NONE = 0,    /* no proof: none asked, or the search did not end */
    NP_PROOF_WRITTEN = 1, /* the bytes written for this call are the proof   */
                          /* of this answer (stop = NP_STOP_EXHAUSTED)       */
    NP_PROOF_CANNOT = 2   /* this method, with these options, cannot give a  */
                          /* proof (message may say why)                     */
};

/* ---- Steps (version 3.1) ------------------------------------------------------ */
/* Explaining is solving with a step sink: a plugin with NP_CAP_EXPLAIN that
 * is handed one (np_solve_request.steps.step != NULL) reports each step of
 * its reasoning, in the order it applies them, before it answers.
 *
 * The state a step acts on: every cell is either placed (a given or an
 * earlier placement) or empty with a set of candidates. At the start an
 * empty cell's candidates are its mask (np_solve_request.candidates) or all
 * of 1..N, less every value placed in a peer (a cell sharing its row,
 * column or box; in a variant puzzle (3.9), every cell its rules make hold
 * a different digit: one sharing its row, column or region, an extra
 * region, a killer cage, a renban line, a diagonal or a disjoint group, or
 * a knight's or king's move away under those rules). A placement removes
 * its value from every peer's candidates too; nothing else changes the state but the steps. The host
 * keeps this state itself and certifies each step against it: a placement
 * goes into an empty cell that still has the value as a candidate, an
 * elimination removes a candidate that is still there, and a step must
 * change something. A step that breaks this is a wrong answer.
 *
 * A candidate is (cell, value): cell = row * N + column (0-based), value
 * 1..N. The pattern is the part of the state the step reasons from: (cell,
 * v) says "whether v is a candidate of this cell", (cell, 0) the whole cell
 * (its candidates, or its value). The harness checks that the step follows
 * from its pattern alone, with every cell and candidate the pattern does
 * not name left open (docs/logic.md). */
typedef struct np_candidate {
    uint32_t cell;
    uint32_t value;
} np_candidate;

typedef struct np_step {
    uint32_t struct_size;      /* the plugin's sizeof(np_step)               */
    const char *technique;     /* a name from docs/logic.md: "hidden single" */
    const char *where;         /* what the pattern is, in solvers' words,     */
                               /* without the effects: "3 in box 6",          */
                               /* "5 in r2,r8 / c3,c6"; may be NULL           */
    const np_candidate *placements;
    uint32_t placement_count;
    const np_candidate *eliminations;
    uint32_t elimination_count;
    const np_candidate *pattern;
    uint32_t pattern_count;
    /* -- 3.2 -- */
    uint32_t flags;            /* NP_STEP_* below; 0 = none                  */
    /* -- 3.4 -- */
    uint32_t length;           /* a chain's nodes (candidates on it, both    */
                               /* branches' for a forcing chain), for the    */
                               /* harness's rating; 0 = not a chain. Never   */
                               /* trusted: capped at N*N*N, and it changes   */
                               /* only a rating, never a verdict             */
    /* -- 3.10 -- */
    const char *chains;        /* a forcing step's branches, one line each:  */
                               /* its implications in order, facts           */
                               /* "r1c3=2" or "r1c5<>2" joined by " -> ", the */
                               /* last one free words ("r2c7 without         */
                               /* candidates"); NULL = none. The host checks  */
                               /* its form and that each fact's cell is in    */
                               /* the pattern or the effects, and bounds it   */
                               /* (docs/logic.md); the pattern stays what it  */
                               /* certifies: this is what a person reads      */
} np_step;

/* The step holds only if the puzzle has at most one solution (uniqueness
 * techniques: unique rectangles and loops, BUG). The harness checks it as
 * such: with the removed candidate forced in, the puzzle must have no
 * solution or at least two (never exactly one), and an answer whose steps
 * assumed uniqueness cannot claim it: a unique verdict after such a step
 * is a wrong answer (answer a solution found, without proof, instead). */
#define NP_STEP_ASSUMES_UNIQUE 1u

/* step() returns 0 to go on, non-zero when the host takes no more steps
 * (max_steps reached, or the step was refused): the plugin then stops and
 * answers with what it has (stop = NP_STOP_BUDGET unless solved). Everything
 * a step points to need live only during the call. */
typedef struct np_step_sink {
    int (*step)(void *state, const np_step *step);
    void *state;
    uint64_t max_steps; /* the host takes at most this many; 0 = no limit */
} np_step_sink;

/* ---- Solve / count --------------------------------------------------------- */
enum np_stop {
    NP_STOP_EXHAUSTED = 0, /* whole search space explored: count is exact    */
    NP_STOP_LIMIT = 1,     /* stopped early with count solutions found, at   */
                           /* the limit or (a method that proves by two      */
                           /* searches) as soon as two differ                */
    NP_STOP_BUDGET = 2     /* stopped by max_nodes, deadline or terminate    */
};

/* ---- Variants (3.7) --------------------------------------------------------
 * A variant puzzle is the grid of the request (its givens and masks), its
 * regions and a list of constraints. Cells are numbered row-major from 0.
 * Every kind's layout of groups and values, and its exact rule, is in
 * docs/variants.md; numbers are appended only. */
enum np_kind {
    NP_KIND_EXTRA_REGION = 0, NP_KIND_DISJOINT_GROUPS = 1, NP_KIND_DIAGONAL_POSITIVE = 2,
    NP_KIND_DIAGONAL_NEGATIVE = 3, NP_KIND_ANTI_KNIGHT = 4, NP_KIND_ANTI_KING = 5,
    NP_KIND_NON_CONSECUTIVE = 6, NP_KIND_ODD = 7, NP_KIND_EVEN = 8, NP_KIND_MINIMUM = 9,
    NP_KIND_MAXIMUM = 10, NP_KIND_THERMOMETER = 11, NP_KIND_ARROW = 12, NP_KIND_KILLER_CAGE = 13,
    NP_KIND_LITTLE_KILLER = 14, NP_KIND_SANDWICH = 15, NP_KIND_X_SUM = 16, NP_KIND_SKYSCRAPER = 17,
    NP_KIND_XV = 18, NP_KIND_DIFFERENCE = 19, NP_KIND_RATIO = 20, NP_KIND_RENBAN = 21,
    NP_KIND_WHISPERS = 22, NP_KIND_PALINDROME = 23, NP_KIND_BETWEEN_LINE = 24,
    NP_KIND_REGION_SUM_LINE = 25, NP_KIND_ENTROPIC_LINE = 26, NP_KIND_CLONE = 27,
    NP_KIND_QUADRUPLE = 28, NP_KIND_ROW_INDEXER = 29, NP_KIND_COLUMN_INDEXER = 30,
    NP_KIND_BOX_INDEXER = 31
};
#define NP_KIND_COUNT 32u
#define NP_KIND_BIT(kind) ((uint64_t)1 << (kind))

/* The regions whose cells hold different digits, besides rows and columns.
 * With IRREGULAR or NONE the request's geometry is 1 x N. */
enum np_region_layout { NP_REGIONS_BOXES = 0, NP_REGIONS_IRREGULAR = 1, NP_REGIONS_NONE = 2 };
#define NP_REGIONS_BIT(layout) ((uint32_t)1 << (layout))

typedef struct np_constraint {
    uint32_t kind;               /* enum np_kind                                */
    uint32_t group_count;        /* groups of cells (a cage: 1; an arrow: 1+lines) */
    const uint32_t *group_sizes; /* group_count sizes                           */
    const uint32_t *cells;       /* the groups' cells, one after another         */
    uint32_t value_count;
    const int32_t *values;       /* the kind's parameters (a sum, a ratio, ...) */
} np_constraint;

typedef struct np_variant {
    uint32_t region_layout;      /* enum np_region_layout                        */
    const uint8_t *regions;      /* IRREGULAR: N*N region numbers 0..N-1; else NULL */
    const np_constraint *constraints;
    uint32_t constraint_count;
    uint64_t negative;           /* NP_KIND_BIT of XV, RATIO, DIFFERENCE whose   */
                                 /* negative rule holds (docs/variants.md)       */
} np_variant;

typedef struct np_solve_request {
    uint32_t struct_size; /* the host's sizeof(np_solve_request)             */
    np_geometry geometry;
    const uint8_t *cells; /* N*N cells; lengths, symbols and ranges checked  */
    uint64_t limit;       /* stop after this many solutions (>= 1)           */
    const np_option *options;
    uint32_t option_count;
    np_budget budget;
    /* -- 3.0 -- */
    np_proof_sink proof;  /* write != NULL: a proof is wanted (NP_CAP_PROOF) */
    /* -- 3.1 -- */
    /* NULL, or N*N candidate masks (NP_CAP_CANDIDATES only): bit v (1..N)
     * set when v may go in the cell; a given's mask is its own bit. The
     * problem is then the puzzle with every other candidate removed (the
     * "sukaku" form), and every witness must keep to the masks. */
    const uint64_t *candidates;
    np_step_sink steps;   /* step != NULL: explain (NP_CAP_EXPLAIN)          */
    /* -- 3.7 -- */
    /* NULL for a classic puzzle; otherwise its regions and constraints, of
     * kinds and a layout the plugin declared (np_plugin.kinds). */
    const np_variant *variant;
} np_solve_request;

typedef struct np_solve_result {
    uint32_t struct_size;    /* the host's sizeof(np_solve_result)           */
    uint64_t count;          /* solutions found, <= limit                    */
    uint32_t stop;           /* enum np_stop                                 */
    uint32_t witness_count;  /* distinct solutions written to witnesses      */
    uint8_t *witnesses[NP_MAX_WITNESSES]; /* host-owned, N*N cells each      */
    np_violation violation;  /* with NP_INVALID_INPUT                        */
    np_stats stats;
    char message[NP_MESSAGE_CAPACITY]; /* with any status other than NP_OK   */
    /* -- 3.0 -- */
    uint32_t proof;          /* enum np_proof_status                         */
} np_solve_result;

/* ---- Check a full or partial grid ------------------------------------------- */
typedef struct np_check_request {
    uint32_t struct_size; /* the host's sizeof(np_check_request) */
    np_geometry geometry;
    const uint8_t *cells;
    const np_option *options;
    uint32_t option_count;
} np_check_request;

typedef struct np_check_result {
    uint32_t struct_size;       /* the host's sizeof(np_check_result)        */
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
/* A generated result's rules (3.8). write(state, k, variant) gives result
 * first_index + k its regions and constraints; the host copies them during
 * the call, so nothing need outlive it. At most one write per result,
 * before the call returns; a result with none is a classic puzzle of the
 * request's R x C boxes. A jigsaw (IRREGULAR) or a puzzle with no regions
 * (NONE) keeps the request's side N = R * C. write returns 0 when the host
 * took the rules, non-zero when it refused them (a kind or a layout the
 * plugin did not declare, a malformed constraint): the plugin should then
 * stop and answer; the host fails the call either way. */
typedef struct np_variant_sink {
    int (*write)(void *state, uint32_t result, const np_variant *variant);
    void *state;
} np_variant_sink;

typedef struct np_generate_request {
    uint32_t struct_size; /* the host's sizeof(np_generate_request) */
    np_geometry geometry;
    uint32_t kind; /* enum np_generate_kind */
    uint64_t seed;
    uint64_t first_index; /* index of the first result wanted              */
    uint32_t count;       /* K results wanted                               */
    const np_option *options;
    uint32_t option_count;
    np_budget budget;
    /* -- 3.0 -- */
    np_proof_sink proof;  /* write != NULL: a proof of each puzzle's         */
                          /* uniqueness is wanted (NP_CAP_PROOF, puzzles)    */
    /* -- 3.8 -- */
    np_variant_sink variant; /* write != NULL: the host takes variant results */
} np_generate_request;

typedef struct np_generate_result {
    uint32_t struct_size; /* the host's sizeof(np_generate_result) */
    uint8_t *cells;     /* host-owned, count * N*N cells; result          */
                        /* first_index + k goes to cells + k*N*N           */
    uint32_t produced;  /* results written (< count only if budget ran out) */
    np_stats stats;
    char message[NP_MESSAGE_CAPACITY];
} np_generate_result;

/* ---- The descriptor ------------------------------------------------------------ */
typedef struct np_plugin {
    uint32_t abi_version; /* NP_ABI_VERSION; always the first field */
    uint32_t struct_size; /* sizeof(np_plugin) as the plugin was built     */
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
    /* -- 3.0 ends here; later versions append below -- */
    /* -- 3.3 -- */
    /* Search nodes per call that batch runs (numplace verify, fuzz) use for
     * this plugin when their user set no --max-nodes: the smaller of theirs
     * and this. For a plugin that spends every node it is given when it
     * concludes nothing, where a search solver's default would cost much
     * time for no answer. 0 = no suggestion. The host never lets a plugin
     * raise a budget with it. */
    uint64_t suggested_max_nodes;
    /* -- 3.5 -- */
    /* One sentence the host adds to its refusal of a shape this plugin does
     * not support: what to use instead. NULL = none. */
    const char *shapes_note;
    /* -- 3.6 -- */
    /* The operations this plugin offers itself for when a user names no
     * plugin: capability bits among NP_CAP_SOLVE, NP_CAP_COUNT,
     * NP_CAP_EXPLAIN, NP_CAP_GENERATE_GRID, NP_CAP_GENERATE_PUZZLE and
     * NP_CAP_CHECK_GRID, each also in capabilities. Of the loaded plugins
     * that offer an operation and can do it on the shape and input at hand,
     * the host takes the one of highest default_rank (ties: the first name
     * in byte order), and says on stderr which it took. 0 = none. A claim
     * of speed, not of truth: answers are certified as any others. */
    uint32_t default_for;
    uint32_t default_rank; /* 1 and up; larger wins */
    /* -- 3.7 -- */
    /* The constraint kinds this plugin's solve takes (NP_KIND_BIT bits) and
     * the region layouts besides boxes (NP_REGIONS_BIT of IRREGULAR, NONE).
     * With either set, the plugin takes variant requests (np_variant) of
     * those kinds and layouts, and of every side N its shapes allow. */
    uint64_t kinds;
    uint32_t region_layouts;
} np_plugin;

/* The first two members of a descriptor, for an initializer:
 *     static const np_plugin descriptor = {NP_DESCRIPTOR_HEAD, "name", ...}; */
#define NP_DESCRIPTOR_HEAD NP_ABI_VERSION, (uint32_t)sizeof(np_plugin)

typedef const np_plugin *(*np_entry_fn)(void);

#ifdef __cplusplus
}
#endif

#endif /* NUMPLACE_PLUGIN_API_H */
