// The SAT side of the sat plugin: one Sudoku grid as CNF for CaDiCaL, and
// the enumeration of its models with blocking clauses. Nothing here knows the
// plugin ABI: the budget comes in as a function that says "stop", and each
// solution goes out through a function that says whether that was the last
// one wanted. sat.cpp is the glue between this and the C++ layer.
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <vector>

#include "rules.hpp"

namespace CaDiCaL {
class Solver;
}

namespace sat {

class Cnf;

// How an enumeration ended.
enum class Ending {
    exhausted,   // the solver proved that no further model exists
    satisfied,   // on_model asked to stop (the caller's limit)
    terminated,  // should_stop said so: the solver gave up, nothing proved
};

// What the solver did, for the statistics.
struct Figures {
    uint64_t sat_calls = 0;  // calls of Solver::solve
    uint64_t models = 0;     // of which ended with a model
    uint64_t polls = 0;      // times the solver asked whether to stop
    uint64_t learned = 0;    // clauses the solver learned (one per conflict)
    uint64_t variables = 0;  // of the encoding
    uint64_t clauses = 0;    // of the encoding, givens and blocking clauses included
};

class SudokuSat {
public:
    // Asked now and then while the solver runs (see sudoku_sat.cpp for how
    // often); true stops it.
    using ShouldStop = std::function<bool()>;
    // Gets each model as side*side values, row by row; true: stop here.
    using OnModel = std::function<bool(const uint8_t* grid)>;

    // `givens` holds side*side values, 0 for an empty cell, each at most
    // side; a repeated given is the caller's to report (the formula is
    // then simply unsatisfiable).
    // `masks`, when not null, holds side*side pencilmark masks (bit v: value
    // v may go in the cell); each candidate a mask leaves out of an empty
    // cell is the unit clause "not v here".
    SudokuSat(int box_rows, int box_cols, const uint8_t* givens, const uint64_t* masks = nullptr);
    // A variant: the rules' regions (boxes, a jigsaw's or none) and
    // constraints (rules.hpp, encode.hpp), with the givens and masks as above.
    SudokuSat(const Rules& rules, const uint8_t* givens, const uint64_t* masks = nullptr);
    ~SudokuSat();
    SudokuSat(const SudokuSat&) = delete;
    SudokuSat& operator=(const SudokuSat&) = delete;

    // Solves, and after each model excludes it with a blocking clause and
    // solves again, until on_model says stop, the solver proves there is no
    // model left, or should_stop ends a call early.
    Ending enumerate(const ShouldStop& should_stop, const OnModel& on_model);

    const Figures& figures() const { return figures_; }

private:
    class Terminator;
    class Learner;

    int variable(int row, int col, int value) const { return (row * side_ + col) * side_ + value; }  // value 1..side
    void encode(const Rules& rules, const uint64_t* masks);
    void encode_units(Cnf& cnf, const std::vector<int>& region_of);
    void read_model();

    int side_;
    std::vector<uint8_t> givens_;
    std::vector<uint8_t> grid_;  // the last model
    Figures figures_;            // before learner_, which counts into it
    std::unique_ptr<CaDiCaL::Solver> solver_;
    std::unique_ptr<Learner> learner_;
};

}  // namespace sat
