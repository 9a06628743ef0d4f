// Variant puzzles: a grid, its regions and its constraints.
//
// A classic puzzle is a Grid: an N x N Latin square with R x C boxes. A
// variant puzzle is that grid (its givens and candidate masks) plus
//   - its regions: the R x C boxes of grid.geometry, an irregular map of N
//     regions of N cells (a jigsaw), or none at all; and
//   - a list of constraints, each one of the kinds of the f-puzzles format.
// Every kind is defined once, with its exact rule, in docs/variants.md; the
// host's certifier (check_variant) is that definition in code.
//
// Cells are numbered row-major from 0: cell = row * N + column.
//
//   Puzzle
//   +-- grid          Grid: side N, givens, candidate masks. With irregular
//   |                 regions or none, grid.geometry is 1 x N, whose "boxes"
//   |                 are the rows: every classic check stays true of it.
//   +-- regions       Boxes | Irregular (region_of[cell] in 0..N-1) | None
//   +-- constraints   [Constraint{kind, cells (groups), values, clue}]
//   +-- negative      kinds whose negative rule is on (xv, ratio, difference)
//   +-- title, author, rules, solution (a published one, when known)
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "numplace/grid.hpp"

namespace np {

// The kinds, in the ABI's order: append only (their numbers travel to
// plugins). Each comment is the layout of Constraint for the kind; "global"
// kinds have no cells and apply to the whole grid.
enum class Kind : uint8_t {
    extra_region,      // cells[0]: up to N cells that hold different digits
    disjoint_groups,   // global: same position in each box, different digits
    diagonal_positive, // global: the "/" diagonal holds different digits
    diagonal_negative, // global: the "\" diagonal holds different digits
    anti_knight,       // global: a knight's move apart, different digits
    anti_king,         // global: a king's move apart, different digits
    non_consecutive,   // global: orthogonal neighbours never differ by 1
    odd,               // cells[0] = {cell}
    even,              // cells[0] = {cell}
    minimum,           // cells[0] = {cell}: below every orthogonal neighbour
    maximum,           // cells[0] = {cell}: above every orthogonal neighbour
    thermometer,       // cells[0]: bulb first, strictly increasing
    arrow,             // cells[0]: the circle (read as a number); cells[1..]: lines, each summing to it
    killer_cage,       // cells[0]; values = {sum} or {} for a cage without one
    little_killer,     // cells[0]: the diagonal from the clue; values = {sum}; clue
    sandwich,          // cells[0]: the row or column from the clue; values = {sum}; clue
    x_sum,             // cells[0]: the row or column from the clue; values = {sum}; clue
    skyscraper,        // cells[0]: the row or column from the clue; values = {visible}; clue
    xv,                // cells[0] = {a, b} adjacent; values = {5 or 10}
    difference,        // cells[0] = {a, b} adjacent; values = {d} (1 for a plain white dot)
    ratio,             // cells[0] = {a, b} adjacent; values = {r} (2 for a plain black dot)
    renban,            // cells[0]: a line of distinct consecutive digits
    whispers,          // cells[0]: a line; values = {least difference of neighbours}
    palindrome,        // cells[0]: a line that reads the same both ways
    between_line,      // cells[0]: a line; its inner cells lie strictly between its ends
    region_sum_line,   // cells[0]: a line; its cells in each region it visits have one sum
    entropic_line,     // cells[0]: a line; any three in a row are low, middle and high
    clone,             // cells[0], cells[1]: same length, same digits position by position
    quadruple,         // cells[0]: the 2 x 2 cells at a corner; values: digits that appear there
    row_indexer,       // cells[0] = {cell}: its digit d says where its row number sits in its column
    column_indexer,    // cells[0] = {cell}: its digit d says where its column number sits in its row
    box_indexer,       // cells[0] = {cell}: its digit d says where its box position sits in its box
};
constexpr int kKindCount = static_cast<int>(Kind::box_indexer) + 1;

// The f-puzzles key of a kind ("killercage", "diagonal+", "littlekillersum")
// and back; nullopt for a key that names no kind.
std::string_view kind_key(Kind kind);
std::optional<Kind> kind_from_key(std::string_view key);
// True for the kinds with no cells (they apply to the whole grid).
bool kind_is_global(Kind kind);

// An outside clue's position: row or column -1 or N (0-based), the other in
// 0..N-1 (little killers sit at a corner's diagonal, so both may be outside).
struct Clue {
    int row = 0, column = 0;
    friend bool operator==(const Clue&, const Clue&) = default;
};

struct Constraint {
    Kind kind = Kind::killer_cage;
    std::vector<std::vector<int>> cells;  // groups of cell numbers (layout per kind, above)
    std::vector<int> values;              // the kind's parameters
    std::optional<Clue> clue;             // outside clues only
    friend bool operator==(const Constraint&, const Constraint&) = default;
};

enum class RegionLayout : uint8_t { boxes, irregular, none };

struct Puzzle {
    Grid grid;
    RegionLayout regions = RegionLayout::boxes;
    std::vector<uint8_t> region_of;  // irregular only: N * N entries in 0..N-1
    std::vector<Constraint> constraints;
    std::vector<Kind> negative;      // xv, ratio, difference: unmarked pairs obey the negative rule
    std::string title, author, rules;
    std::optional<Grid> solution;    // published with the puzzle, when it was

    int side() const { return grid.side(); }
    bool has_negative(Kind kind) const;
    // A classic puzzle: R x C boxes and no constraint.
    bool is_classic() const { return regions == RegionLayout::boxes && constraints.empty() && negative.empty(); }
    // The region of a cell (boxes: the box; irregular: the map), -1 for none.
    int region(int cell) const;
    // The kinds this puzzle uses, each once, in Kind order (its regions are
    // not a kind: a plugin declares the region layouts it takes apart).
    std::vector<Kind> kinds() const;

    friend bool operator==(const Puzzle&, const Puzzle&) = default;
};

// A classic grid as a variant puzzle with no constraint.
Puzzle classic_puzzle(const Grid& grid);

// Where and why a variant puzzle or a grid of it is not acceptable: one
// sentence naming the constraint ("killer cage (r1c1 r1c2): the sum 40 is
// outside 3..17").
struct VariantIssue {
    int constraint = -1;  // index into Puzzle::constraints; -1 for the grid or the regions
    std::string message;
};

// The puzzle is well formed: cells inside the grid, no cage or line
// repeating a cell, sums some digits can make, a region map of N regions of
// N cells, each kind's parameters in range. nullopt when it is.
std::optional<VariantIssue> validate_variant(const Puzzle& puzzle);

// A full grid satisfies the puzzle: the Latin square, its regions, and every
// constraint (and every given kept). nullopt when it does; otherwise the
// first violation, naming the constraint's kind, its cells and why.
std::optional<VariantIssue> check_variant(const Puzzle& puzzle, const Grid& solution);

// A grid that may have empty cells breaks no rule among its filled cells:
// every rule between two cells (a region, a dot, a knight's move) is checked
// where both are filled, every other constraint once all its cells are (and
// a cage never above its sum). What `numplace check` says of a puzzle.
std::optional<VariantIssue> check_variant_partial(const Puzzle& puzzle, const Grid& grid);

// A grid that carries its puzzle (Grid::variant) checked against it: a
// full grid by check_variant, one with empty cells by
// check_variant_partial. nullopt for a classic grid, or when nothing breaks.
std::optional<VariantIssue> check_variant_grid(const Grid& grid);

// The rules of a puzzle one at a time, for the proof checker: rule i < the
// number of constraints is constraints[i]; the next ones are the negative
// rules the puzzle has, in the order xv, difference, ratio.
int rule_count(const Puzzle& puzzle);
// Rule `rule` alone among the filled cells of `grid` (the puzzle's shape),
// as check_variant_partial checks it: nullopt when it is not broken.
// Assumes the puzzle passed validate_variant.
std::optional<std::string> check_rule_partial(const Puzzle& puzzle, int rule, const Grid& grid);
// "killer cage (r1c1 r1c2)" or "negative XV rule".
std::string describe_rule(const Puzzle& puzzle, int rule);

// The groups of cells that must hold different digits: the rows, the
// columns, the regions, then the extra regions, killer cages and renban
// lines (in the puzzle's order), the "/" and "\\" diagonals and the
// disjoint groups the puzzle has. Assumes the puzzle passed validate_variant.
std::vector<std::vector<int>> distinct_groups(const Puzzle& puzzle);

// Per cell, sorted: every cell that must hold a different digit (one that
// shares a group of distinct_groups, or sits a knight's or king's move away
// under those rules). A placed digit leaves these cells' candidates in the
// state of an explained solve (plugin_api.h, "Steps").
std::vector<std::vector<int>> variant_peers(const Puzzle& puzzle);

// "killer cage (r1c1 r1c2 r2c1)": how messages name a constraint.
std::string describe_constraint(const Puzzle& puzzle, int index);

}  // namespace np
