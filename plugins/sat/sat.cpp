// sat: Sudoku as a SAT problem, solved and counted by CaDiCaL.
//
// A third family of method beside backtracking over cells (backtrack,
// bitmask-mrv, naive-dom) and exact cover (exhaustive-count): the puzzle
// becomes a formula in conjunctive normal form and a CDCL SAT solver
// (conflict-driven clause learning, CaDiCaL) finds its models; counting adds
// one blocking clause per model found. The encoding and the enumeration are
// in sudoku_sat.cpp, which knows nothing of the plugin ABI; this file checks
// the givens and is the glue to the C++ layer. README.md has the details.

#include <cstdint>
#include <optional>
#include <string>

#include "numplace/plugin.hpp"
#include "sudoku_sat.hpp"

namespace {

// Largest grid side accepted: 25x25 is 15,625 variables and about 750,000
// clauses, which CaDiCaL takes in well under a second.
constexpr uint32_t kMaxSide = 25;

// ---------------------------------------------------------------------------
// Checking the givens before encoding them.
// ---------------------------------------------------------------------------
//
// Repeated givens make the formula unsatisfiable, but the solver cannot say
// where, and the ABI wants the repeat located. So they are found here first,
// by a plain scan of this plugin's own (not the framework's check_rules).

enum class Fault { above_side, in_row, in_column, in_box };

struct BadGiven {
    Fault fault;
    int row, col, value;  // 0-based; for a repeat, the later cell of the pair
};

// The first thing wrong with the givens, in this order: a value above the
// side anywhere (the host rejects those already; checked again because the
// encoding has no variable for it), then a repeated value in the rows, in
// the columns, in the boxes. Each unit is scanned with its cells in
// row-major order and reported at the second cell holding a value, so the
// cell named is always the later of the pair in row-major order, and the
// pair is the first one met scanning rows, then columns, then boxes.
std::optional<BadGiven> find_bad_given(int box_rows, int box_cols, const uint8_t* cells) {
    const int side = box_rows * box_cols;
    for (int cell = 0; cell < side * side; ++cell)
        if (cells[cell] > side) return BadGiven{Fault::above_side, cell / side, cell % side, cells[cell]};

    // Scans one unit, given as the cell at position i of it.
    auto first_repeat = [&](Fault fault, auto&& cell_at) -> std::optional<BadGiven> {
        bool seen[kMaxSide + 1] = {};
        for (int i = 0; i < side; ++i) {
            const auto [row, col] = cell_at(i);
            const int value = cells[row * side + col];
            if (value == 0) continue;
            if (seen[value]) return BadGiven{fault, row, col, value};
            seen[value] = true;
        }
        return std::nullopt;
    };
    for (int row = 0; row < side; ++row)
        if (auto bad = first_repeat(Fault::in_row, [&](int i) { return std::pair{row, i}; })) return bad;
    for (int col = 0; col < side; ++col)
        if (auto bad = first_repeat(Fault::in_column, [&](int i) { return std::pair{i, col}; })) return bad;
    for (int box = 0; box < side; ++box) {
        const int top = (box / box_rows) * box_rows;  // a band holds box_rows boxes
        const int left = (box % box_rows) * box_cols;
        auto cell_at = [&](int i) { return std::pair{top + i / box_cols, left + i % box_cols}; };
        if (auto bad = first_repeat(Fault::in_box, cell_at)) return bad;
    }
    return std::nullopt;
}

std::string describe(const BadGiven& bad, int side) {
    const std::string value = std::to_string(bad.value);
    const std::string where = "at row " + std::to_string(bad.row + 1) + ", column " + std::to_string(bad.col + 1);
    switch (bad.fault) {
        case Fault::above_side: return "value " + value + " " + where + " is above " + std::to_string(side);
        case Fault::in_row: return "the given " + value + " " + where + " repeats a " + value + " earlier in its row";
        case Fault::in_column: return "the given " + value + " " + where + " repeats a " + value + " earlier in its column";
        case Fault::in_box: break;
    }
    return "the given " + value + " " + where + " repeats a " + value + " earlier in its box";
}

// ---------------------------------------------------------------------------
// The plugin: glue to the C++ layer (numplace/plugin.hpp).
// ---------------------------------------------------------------------------

// The ABI's reason for each Fault, in the enum's order.
constexpr np_reason_code kReasons[] = {
    NP_REASON_VALUE_OUT_OF_RANGE,
    NP_REASON_DUPLICATE_IN_ROW,
    NP_REASON_DUPLICATE_IN_COLUMN,
    NP_REASON_DUPLICATE_IN_BOX,
};

// A variant's rules as the encoder reads them (rules.hpp: the same kind numbers).
static_assert(static_cast<int>(sat::Kind::box_indexer) + 1 == NP_KIND_COUNT);
sat::Rules rules_of(const np::sdk::Variant& variant) {
    sat::Rules rules{variant.side, variant.region_of, {}, variant.negative};
    for (const auto& c : variant.constraints)
        rules.constraints.push_back({static_cast<sat::Kind>(c.kind), c.groups, c.values});
    return rules;
}

struct Sat {
    static constexpr np::plugin::Info info = {
        .name = "sat",
        .version = "1.1.0",
        .description = "Sudoku and its variants as CNF (a variable per cell and value), solved by the "
                       "CaDiCaL SAT solver; counts with blocking clauses.",
        .capabilities = NP_CAP_SOLVE | NP_CAP_COUNT | NP_CAP_PROVE_UNIQUE | NP_CAP_CANDIDATES,
        .max_side = kMaxSide,
        .kinds = (uint64_t{1} << NP_KIND_COUNT) - 1,  // all 32
        .region_layouts = NP_REGIONS_BIT(NP_REGIONS_IRREGULAR) | NP_REGIONS_BIT(NP_REGIONS_NONE)};

    // Statistics (README.md): nodes are the times the budget was asked (by
    // CaDiCaL's terminator, and once per solver call); guesses are CaDiCaL's
    // conflicts, the nearest figure its API gives to decisions.
    void solve(np::plugin::Solve& call) {
        const int box_rows = call.shape.box_rows;
        const int box_cols = call.shape.box_cols;
        if (const auto bad = find_bad_given(box_rows, box_cols, call.givens)) {
            const auto reason = kReasons[static_cast<int>(bad->fault)];
            call.invalid(reason, bad->row, bad->col, bad->value, describe(*bad, box_rows * box_cols));
            return;
        }

        sat::SudokuSat formula = call.variant ? sat::SudokuSat(rules_of(*call.variant), call.givens, call.candidates)
                                              : sat::SudokuSat(box_rows, box_cols, call.givens, call.candidates);
        const auto should_stop = [&call] { return call.spent(); };
        const auto on_model = [&call](const uint8_t* grid) { return call.found(grid); };
        const sat::Ending ending = formula.enumerate(should_stop, on_model);
        // The solver said UNKNOWN. That is the budget whenever spent() said
        // so (the layer then reports it); anything else is no proof either,
        // so never let it pass for an exhausted search.
        if (ending == sat::Ending::terminated && !call.stopped()) call.gave_up();

        const sat::Figures& figures = formula.figures();
        call.guess(figures.learned);
        call.counter("conflicts", figures.learned);
        call.counter("sat_calls", figures.sat_calls);
        call.counter("variables", figures.variables);
        call.counter("clauses", figures.clauses);
    }
};

}  // namespace

NUMPLACE_PLUGIN(Sat)
