// Sudoku as CNF, solved and enumerated by CaDiCaL (see README.md).
//
// The encoding is the "extended" one (Lynce and Ouaknine, "Sudoku as a SAT
// problem", 2006): one variable x(r, c, v) per cell and value, meaning "cell
// (r, c) holds v", and
//  * every cell holds at least one value and at most one (pairwise);
//  * every row, column and box holds each value at most once (pairwise) and
//    at least once;
//  * a given v at (r, c) is the unit clause x(r, c, v);
//  * with pencilmarks, a value v that a cell's mask leaves out is the unit
//    clause -x(r, c, v).
// The regions are those of a variant's region_of (a jigsaw's, or none); the
// boxes' map gives back the classic formula clause for clause. A variant's
// constraints follow (encode.hpp, docs/sat-encodings.md).
// The at-least-once clauses of the units are implied by the others on a full
// grid; they are there because with them unit propagation alone finds the
// hidden singles, not only the naked ones, which shortens the search a lot.
//
// Counting: after each model, the clause "not this grid" is added, written
// over the empty cells only (the givens are fixed by their unit clauses, so
// two solutions can differ only there), and the solver is called again; the
// models are distinct because each new one violates none of the earlier
// blocking clauses. UNSAT then proves that every solution has been seen.

#include "sudoku_sat.hpp"

#include "cnf.hpp"
#include "encode.hpp"

#include <cadical.hpp>

#include <cstddef>
#include <stdexcept>
#include <string>

namespace sat {

// Answers the solver's "should I stop?" from the caller's budget.
class SudokuSat::Terminator : public CaDiCaL::Terminator {
public:
    Terminator(const ShouldStop& should_stop, uint64_t& polls) : should_stop_(should_stop), polls_(polls) {}
    bool terminate() override {
        ++polls_;
        return should_stop_();
    }

private:
    const ShouldStop& should_stop_;
    uint64_t& polls_;
};

// Counts learned clauses. CaDiCaL 1.5 offers no way to read its statistics
// (Solver::statistics prints them), but it shows every clause it learns to a
// connected Learner, and it learns one clause per conflict. Declining every
// clause (learning returns false) keeps the cost to one call per conflict.
class SudokuSat::Learner : public CaDiCaL::Learner {
public:
    explicit Learner(uint64_t& learned) : learned_(learned) {}
    bool learning(int) override {
        ++learned_;
        return false;
    }
    void learn(int) override {}

private:
    uint64_t& learned_;
};

Rules classic_rules(int box_rows, int box_cols) {
    Rules rules;
    rules.side = box_rows * box_cols;
    const int n = rules.side;
    rules.region_of.resize(static_cast<std::size_t>(n) * n);
    for (int row = 0; row < n; ++row)
        for (int col = 0; col < n; ++col) rules.region_of[row * n + col] = (row / box_rows) * box_rows + col / box_cols;
    return rules;
}

SudokuSat::SudokuSat(int box_rows, int box_cols, const uint8_t* givens, const uint64_t* masks)
    : SudokuSat(classic_rules(box_rows, box_cols), givens, masks) {}

SudokuSat::SudokuSat(const Rules& rules, const uint8_t* givens, const uint64_t* masks)
    : side_(rules.side),
      givens_(givens, givens + side_ * side_),
      grid_(givens_),
      solver_(std::make_unique<CaDiCaL::Solver>()),
      learner_(std::make_unique<Learner>(figures_.learned)) {
    // Options may only be set before the first clause. No output at all (the
    // library is quiet by default; this makes sure: a worker process may
    // use stdout). Everything else is CaDiCaL's default, including how often
    // it asks the terminator (README.md, "Budget").
    solver_->set("quiet", 1);
    solver_->connect_learner(learner_.get());
    encode(rules, masks);
}

SudokuSat::~SudokuSat() {
    if (solver_) solver_->disconnect_learner();
}

// Each unit (the n rows, the n columns, the n regions; a region's cells
// in row-major order) as its list of cells, then each value exactly once in
// it. With boxes, the regions are the boxes in order and this is, clause for
// clause, the classic encoding.
void SudokuSat::encode_units(Cnf& cnf, const std::vector<int>& region_of) {
    const int n = side_;
    std::vector<std::vector<int>> units(static_cast<std::size_t>(3 * n));
    for (int cell = 0; cell < n * n; ++cell) {
        units[static_cast<std::size_t>(cell / n)].push_back(cell);
        units[static_cast<std::size_t>(n + cell % n)].push_back(cell);
        const int region = region_of[static_cast<std::size_t>(cell)];
        if (region >= 0 && region < n) units[static_cast<std::size_t>(2 * n + region)].push_back(cell);
    }
    std::vector<int> literals;
    for (const auto& cells : units) {
        if (cells.empty()) continue;  // no regions
        for (int value = 1; value <= n; ++value) {
            literals.clear();
            for (int cell : cells) literals.push_back(cnf.x(cell, value));
            // A region of other than n cells (never sent) need not hold every value.
            if (static_cast<int>(cells.size()) == n) cnf.clause(literals);
            for (std::size_t i = 0; i < literals.size(); ++i)
                for (std::size_t j = i + 1; j < literals.size(); ++j) cnf.clause({-literals[i], -literals[j]});
        }
    }
}

void SudokuSat::encode(const Rules& rules, const uint64_t* masks) {
    const int n = side_;
    figures_.variables = static_cast<uint64_t>(n) * n * n;
    Cnf cnf(*solver_, n, figures_.variables, figures_.clauses);
    std::vector<int> literals;

    // Each cell: at least one value, at most one value.
    for (int cell = 0; cell < n * n; ++cell) {
        literals.clear();
        for (int value = 1; value <= n; ++value) literals.push_back(cnf.x(cell, value));
        cnf.clause(literals);
        for (int v = 1; v <= n; ++v)
            for (int w = v + 1; w <= n; ++w) cnf.clause({-cnf.x(cell, v), -cnf.x(cell, w)});
    }
    encode_units(cnf, rules.region_of);

    // The givens.
    for (int cell = 0; cell < n * n; ++cell)
        if (const int value = givens_[cell]; value != 0) cnf.clause({cnf.x(cell, value)});

    // The pencilmarks: a candidate left out is false. (A given's own value
    // is its unit clause already; its mask is not read.)
    if (masks != nullptr) {
        for (int cell = 0; cell < n * n; ++cell) {
            if (givens_[cell] != 0) continue;
            for (int value = 1; value <= n; ++value)
                if ((masks[cell] >> value & 1) == 0) cnf.clause({-cnf.x(cell, value)});
        }
    }

    // A variant's constraints (encode.hpp); none for a classic grid.
    encode_constraints(cnf, rules);
}

// The model's grid: for each empty cell, the one value whose variable is true.
void SudokuSat::read_model() {
    const int n = side_;
    for (int cell = 0; cell < n * n; ++cell) {
        if (givens_[cell] != 0) continue;
        int chosen = 0;
        for (int value = 1; value <= n && chosen == 0; ++value)
            if (solver_->val(variable(cell / n, cell % n, value)) > 0) chosen = value;
        // The cell clauses make this impossible; a model without a value
        // would be a broken encoding or solver, never a solution.
        if (chosen == 0) throw std::logic_error("the SAT model leaves cell " + std::to_string(cell) + " empty");
        grid_[cell] = static_cast<uint8_t>(chosen);
    }
}

Ending SudokuSat::enumerate(const ShouldStop& should_stop, const OnModel& on_model) {
    Terminator terminator(should_stop, figures_.polls);
    // Connected for this call only, and disconnected however it ends.
    struct Connection {
        CaDiCaL::Solver& solver;
        ~Connection() { solver.disconnect_terminator(); }
    } connection{*solver_};
    solver_->connect_terminator(&terminator);
    std::vector<int> blocking;
    Ending ending = Ending::terminated;
    for (;;) {
        // The budget is asked once per call too: a solve that needs no
        // search step (propagation finds the model) never asks it.
        ++figures_.polls;
        if (should_stop()) break;
        ++figures_.sat_calls;
        const int result = solver_->solve();
        if (result == 20) {
            ending = Ending::exhausted;
            break;
        }
        if (result != 10) break;  // 0: the terminator stopped it
        ++figures_.models;
        read_model();
        if (on_model(grid_.data())) {
            ending = Ending::satisfied;
            break;
        }
        // "Not this grid", over the empty cells. A full grid of givens has
        // no other completion: nothing to block, nothing left to find.
        blocking.clear();
        for (int cell = 0; cell < side_ * side_; ++cell)
            if (givens_[cell] == 0) blocking.push_back(-variable(cell / side_, cell % side_, grid_[cell]));
        if (blocking.empty()) {
            ending = Ending::exhausted;
            break;
        }
        for (int literal : blocking) solver_->add(literal);
        solver_->add(0);
        ++figures_.clauses;
    }
    return ending;
}

}  // namespace sat
