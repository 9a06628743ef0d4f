// qqwing: QQWing (Stephen Ostermiller's Sudoku solver and generator, GPL-2+),
// as Debian's libqqwing-dev ships it, behind the C++ layer. 9x9 only: the
// library is compiled for 3x3 boxes (qqwing::GRID_SIZE).
//
// QQWing solves by logic first (singles, hidden singles, naked and hidden
// pairs, pointing pairs, box/line reduction) and guesses when that stalls,
// backtracking on a contradiction. Its generator fills a grid that way, then
// takes clues out one at a time (with their symmetric partners) while the
// puzzle keeps one solution, and rates the result by the hardest step its
// logical solve needed.
//
// What its API does not say, and what this file does about it (README.md,
// "Traps"):
//  * countSolutions() counts everything and runs for hours on an open grid;
//    countSolutionsLimited() stops at two. So this plugin proves uniqueness
//    but does not count: a limit above 2 is refused.
//  * A new board's puzzle is uninitialised memory: setPuzzle() comes before
//    any count or solve.
//  * setPuzzle() returns false on repeated givens without saying where, and
//    its search for the clash is not the ABI's rule (rows, then columns, then
//    boxes); after it, solve() "succeeds" with a grid that keeps the clash
//    and isSolved() says yes. The givens are checked here before QQWing sees
//    them.
//  * On a full grid, solve() returns false and countSolutionsLimited() 0:
//    both look for a cell to guess and find none (isSolved() says true). A
//    full grid with valid givens is its own one solution, answered here.
//  * Its search sees a dead end only in a cell without candidates, never in
//    a value without a place in a row, column or box, and can then search an
//    unsolvable open grid for hours: such dead ends, on the givens and after
//    the forced moves that follow from them, are found here first.
//  * solve() and generatePuzzleSymmetry() shuffle with the C library's global
//    rand(). Every such call holds one process-wide lock, right after an
//    srand(): a fixed seed for solving, one from (seed, index) per generated
//    result.
//  * The shuffles permute the board's own arrays in place, so a reused board
//    answers according to what it did before: every search gets a new board.

#include <qqwing.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>

#include "numplace/plugin.hpp"

namespace {

using qqwing::SudokuBoard;

constexpr int kBox = qqwing::GRID_SIZE;          // 3
constexpr int kSide = qqwing::ROW_COL_SEC_SIZE;  // 9
constexpr int kCells = qqwing::BOARD_SIZE;       // 81

using Cells = std::array<int, kCells>;  // QQWing's boards: ints, row by row, 0 = empty
using Bytes = std::array<uint8_t, kCells>;

Cells cells_from(const uint8_t* bytes) {
    Cells cells;
    std::copy_n(bytes, kCells, cells.begin());
    return cells;
}

Bytes bytes_from(const int* cells) {
    Bytes bytes;
    std::transform(cells, cells + kCells, bytes.begin(), [](int v) { return static_cast<uint8_t>(v); });
    return bytes;
}

// Held around every QQWing call that draws from rand(), together with the
// srand() before it, so that two instances in two threads never share a
// random sequence. It covers this library only: other code in the process
// that calls rand() is not under it.
std::mutex rand_lock;

// Solving starts every search from this seed: the witnesses a puzzle gets do
// not depend on what ran before it.
constexpr unsigned kSolveSeed = 1;

// ---------------------------------------------------------------------------
// Checking the givens (our own scan; QQWing's does not locate).
// ---------------------------------------------------------------------------

enum Unit { kRow, kColumn, kBoxUnit, kOutOfRange };
const char* const kUnitNames[] = {"row", "column", "box"};

struct Clash {
    Unit unit;
    int row, col, value;  // 0-based: the later of the two equal cells
};

// Cell i (0..8) of unit u, in row-major order inside the unit.
int cell_of(Unit unit, int u, int i) {
    if (unit == kRow) return u * kSide + i;
    if (unit == kColumn) return i * kSide + u;
    return (u / kBox * kBox + i / kBox) * kSide + u % kBox * kBox + i % kBox;
}

// The first thing wrong with the givens: a value above 9 (the host rejects
// those already; QQWing would index out of its arrays), then the first repeat
// in the rows, then in the columns, then in the boxes. Units are scanned in
// order and the cells of a unit in row-major order, so the cell named is the
// later of the pair, as the ABI asks.
std::optional<Clash> first_clash(const Cells& givens) {
    for (int cell = 0; cell < kCells; ++cell)
        if (givens[cell] > kSide) return Clash{kOutOfRange, cell / kSide, cell % kSide, givens[cell]};
    for (Unit unit : {kRow, kColumn, kBoxUnit}) {
        for (int u = 0; u < kSide; ++u) {
            unsigned seen = 0;
            for (int i = 0; i < kSide; ++i) {
                const int cell = cell_of(unit, u, i), value = givens[cell];
                if (value == 0) continue;
                if (seen & (1u << value)) return Clash{unit, cell / kSide, cell % kSide, value};
                seen |= 1u << value;
            }
        }
    }
    return std::nullopt;
}

std::string describe(const Clash& c) {
    const std::string value = std::to_string(c.value), where =
        "row " + std::to_string(c.row + 1) + ", column " + std::to_string(c.col + 1);
    if (c.unit == kOutOfRange) return "value " + value + " at " + where + " is above 9";
    return "the given " + value + " at " + where + " repeats a " + value + " earlier in its " + kUnitNames[c.unit];
}

// The unit of kind `unit` that holds `cell`.
int unit_of(Unit unit, int cell) {
    const int row = cell / kSide, col = cell % kSide;
    return unit == kRow ? row : unit == kColumn ? col : row / kBox * kBox + col / kBox;
}

// QQWing's search notices a dead end only when a cell has no candidate left
// (its isImpossible()), never when a value has no place left in a row, a
// column or a box. Givens that rule a value out of a whole unit of an open
// grid then keep it searching for hours (fuzz found one with 13 givens). This
// looks for both kinds of dead end, on the givens and after every forced move
// (naked and hidden singles) that follows from them; true means no solution.
// The givens have been checked for repeats already.
bool dead_end(Cells grid) {
    for (;;) {
        std::array<unsigned, kCells> candidates{};  // bit v: value v fits
        for (int cell = 0; cell < kCells; ++cell) {
            if (grid[cell] != 0) continue;
            unsigned fits = 0x3FEu;  // 1..9
            for (Unit unit : {kRow, kColumn, kBoxUnit})
                for (int i = 0; i < kSide; ++i) fits &= ~(1u << grid[cell_of(unit, unit_of(unit, cell), i)]);
            if (fits == 0) return true;
            candidates[cell] = fits;
        }
        int forced = -1, value = 0;
        for (int cell = 0; cell < kCells && forced < 0; ++cell)
            if (std::popcount(candidates[cell]) == 1) forced = cell, value = std::countr_zero(candidates[cell]);
        for (Unit unit : {kRow, kColumn, kBoxUnit}) {
            for (int u = 0; u < kSide; ++u) {
                unsigned placed = 0;
                for (int i = 0; i < kSide; ++i) placed |= 1u << grid[cell_of(unit, u, i)];
                for (int v = 1; v <= kSide; ++v) {
                    if (placed & (1u << v)) continue;
                    int places = 0, last = -1;
                    for (int i = 0; i < kSide; ++i)
                        if (candidates[cell_of(unit, u, i)] & (1u << v)) ++places, last = cell_of(unit, u, i);
                    if (places == 0) return true;
                    if (places == 1 && forced < 0) forced = last, value = v;
                }
            }
        }
        if (forced < 0) return false;
        grid[forced] = value;
    }
}

// ---------------------------------------------------------------------------
// QQWing's searches, each on a new board.
// ---------------------------------------------------------------------------

struct Solved {
    Cells cells;
    int guesses, backtracks;  // QQWing's own counts for this solve
    SudokuBoard::Difficulty difficulty;  // QQWing's rating of the path it took (UNKNOWN: none)
};

// One solve() of `puzzle`; nullopt when QQWing finds no solution, or when a
// clue added for the second witness clashes with a given (setPuzzle says no).
// Its return value is what counts: isSolved() only says no cell is empty.
std::optional<Solved> solve_once(Cells puzzle) {
    SudokuBoard board;
    if (!board.setPuzzle(puzzle.data())) return std::nullopt;
    board.setRecordHistory(true);  // for getGuessCount() and getBacktrackCount()
    bool solved;
    {
        std::lock_guard lock(rand_lock);
        std::srand(kSolveSeed);
        solved = board.solve();
    }
    if (!solved) return std::nullopt;
    // getDifficulty() reads the same recorded log: the hardest technique on
    // the path, EXPERT whenever it guessed.
    Solved out{{}, board.getGuessCount(), board.getBacktrackCount(), board.getDifficulty()};
    std::copy_n(board.getSolution(), kCells, out.cells.begin());
    return out;
}

// 0, 1 or 2 (two or more). No random numbers are drawn.
int count_up_to_two(Cells puzzle) {
    SudokuBoard board;
    if (!board.setPuzzle(puzzle.data())) throw std::logic_error("QQWing refused givens that were checked");
    return board.countSolutionsLimited();
}

// A solution of `puzzle` other than `first`, for a puzzle QQWing counted two
// or more solutions for. QQWing hands out one solution per solve, so this
// solves the puzzle with one more clue that differs from `first`: empty cells
// in row-major order, values ascending, until a variant has a solution. That
// solution keeps every given, obeys the rules and differs from `first` at the
// added clue. Some variant must be solvable (a second solution differs from
// `first` in some empty cell); `stop` is asked before each try (the budget),
// and nullopt means it said stop.
template <class Stop>
std::optional<Cells> other_solution(const Cells& puzzle, const Cells& first, Stop&& stop) {
    for (int cell = 0; cell < kCells; ++cell) {
        if (puzzle[cell] != 0) continue;
        for (int value = 1; value <= kSide; ++value) {
            if (value == first[cell]) continue;
            if (stop()) return std::nullopt;
            Cells variant = puzzle;
            variant[cell] = value;
            if (dead_end(variant)) continue;  // (QQWing could search it for hours)
            if (auto solved = solve_once(variant)) return solved->cells;
        }
    }
    throw std::logic_error("QQWing counted two solutions, but no clue added leads to a second one");
}

// ---------------------------------------------------------------------------
// Generating options: the names the plugin takes, QQWing's enums they mean.
// ---------------------------------------------------------------------------

template <class Enum>
struct Named {
    const char* name;
    Enum value;
};

constexpr Named<SudokuBoard::Difficulty> kDifficulties[] = {
    {"any", SudokuBoard::UNKNOWN},  {"simple", SudokuBoard::SIMPLE}, {"easy", SudokuBoard::EASY},
    {"intermediate", SudokuBoard::INTERMEDIATE}, {"expert", SudokuBoard::EXPERT}};
constexpr Named<SudokuBoard::Symmetry> kSymmetries[] = {
    {"none", SudokuBoard::NONE},     {"rotate90", SudokuBoard::ROTATE90}, {"rotate180", SudokuBoard::ROTATE180},
    {"mirror", SudokuBoard::MIRROR}, {"flip", SudokuBoard::FLIP},         {"random", SudokuBoard::RANDOM}};

// The layer has checked the value against the option's list already.
template <class Enum, std::size_t N>
Enum named(const Named<Enum> (&table)[N], const std::string& name) {
    for (const auto& entry : table)
        if (name == entry.name) return entry.value;
    throw std::invalid_argument("unknown option value " + name);
}

// QQWing's ratings, by Difficulty value: one counter per rating, so that a
// call making several puzzles shows how many of each it made.
const char* const kRatingCounters[] = {"unrated", "simple", "easy", "intermediate", "expert"};

// ---------------------------------------------------------------------------
// The plugin: glue to the C++ layer (numplace/plugin.hpp).
// ---------------------------------------------------------------------------

struct QQWing {
    static constexpr np::plugin::Info info = {
        "qqwing", "1.0.0",
        "QQWing (Debian's libqqwing, GPL-2+): logic steps, then guesses; proves uniqueness (counts to 2 only) "
        "and generates rated puzzles, 9x9 only.",
        NP_CAP_SOLVE | NP_CAP_PROVE_UNIQUE | NP_CAP_GENERATE_PUZZLE, /*max_side=*/0};
    static constexpr np_geometry shapes[] = {{3, 3}};
    static constexpr np_option_spec options[] = {
        {"difficulty", "any|simple|easy|intermediate|expert", "any", "generate",
         "QQWing's rating the puzzle must have; any takes the first puzzle made"},
        {"symmetry", "none|rotate90|rotate180|mirror|flip|random", "none", "generate",
         "symmetry of the clue pattern (random: one of the four, drawn per puzzle)"},
    };

    // Nodes are QQWing searches (a count or a solve), one spent() each.
    void solve(np::plugin::Solve& call) {
        if (call.limit > 2)
            return call.refuse("qqwing counts solutions only up to 2 (its full count can run for hours); "
                               "use limit 1 or 2");
        const Cells puzzle = cells_from(call.givens);
        if (const auto clash = first_clash(puzzle))
            return call.invalid(kReasons[clash->unit], clash->row, clash->col, clash->value, describe(*clash));
        if (std::count(puzzle.begin(), puzzle.end(), 0) == 0) return void(call.found(bytes_from(puzzle.data()).data()));
        if (dead_end(puzzle)) return;  // no solution: none, without asking QQWing

        int count = 1;  // with limit 1, solve() alone answers (it searches until it finds one)
        if (call.limit == 2) {
            if (call.spent()) return;
            if ((count = count_up_to_two(puzzle)) == 0) return;
        }
        if (call.spent()) return;
        const auto first = solve_once(puzzle);
        if (!first && call.limit == 2) throw std::logic_error("QQWing counted a solution, but solve() found none");
        if (!first) return;  // limit 1: solve() searched everything and found none
        call.guess(static_cast<uint64_t>(first->guesses));
        call.counter("backtracks", static_cast<uint64_t>(first->backtracks));
        // The plugin's own rating (docs/plugin-guide.md, "A rating of your
        // own"): QQWing's level, 1 simple to 4 expert; none when it has none.
        if (first->difficulty != SudokuBoard::UNKNOWN) call.counter("rating", static_cast<uint64_t>(first->difficulty));
        if (call.found(bytes_from(first->cells.data()).data()) || count < 2) return;
        if (const auto second = other_solution(puzzle, first->cells, [&] { return call.spent(); }))
            call.found(bytes_from(second->data()).data());
    }

    // Result call.index of the seed's sequence: QQWing's own loop (generate,
    // rate, keep it if the rating is the one asked for), on rand() seeded
    // from the layer's generator for this (seed, index), under the lock for
    // the whole result so that its random numbers are one sequence.
    bool generate(np::plugin::Generate& call) {
        const auto wanted = named(kDifficulties, call.options.get("difficulty"));
        const auto symmetry = named(kSymmetries, call.options.get("symmetry"));
        std::lock_guard lock(rand_lock);
        std::srand(static_cast<unsigned>(call.rng.next()));
        SudokuBoard board;
        board.setRecordHistory(true);  // getDifficulty() reads the solve's log
        for (;;) {
            if (call.spent()) return false;
            board.generatePuzzleSymmetry(symmetry);
            if (!board.solve()) throw std::logic_error("QQWing generated a puzzle it cannot solve");
            const SudokuBoard::Difficulty rating = board.getDifficulty();  // before the count: reset() clears the log
            if (wanted != SudokuBoard::UNKNOWN && rating != wanted) continue;
            if (board.countSolutionsLimited() != 1)
                throw std::logic_error("QQWing generated a puzzle without exactly one solution");
            const Bytes made = bytes_from(board.getPuzzle());
            std::copy(made.begin(), made.end(), call.out);
            call.counter("difficulty", static_cast<uint64_t>(rating));
            call.counter(kRatingCounters[rating], 1);
            return true;
        }
    }

private:
    static constexpr np_reason_code kReasons[] = {NP_REASON_DUPLICATE_IN_ROW, NP_REASON_DUPLICATE_IN_COLUMN,
                                                  NP_REASON_DUPLICATE_IN_BOX, NP_REASON_VALUE_OUT_OF_RANGE};
};

}  // namespace

NUMPLACE_PLUGIN(QQWing)
