// The formula under construction: the cell variables x(cell, v), fresh
// auxiliary variables, clauses, and the few shapes of clause every kind's
// encoding is made of (docs/sat-encodings.md). Clauses go straight to the
// solver; the counts go to the statistics.
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <vector>

namespace CaDiCaL {
class Solver;
}

namespace sat {

class Cnf {
public:
    // x(cell, v) is variable cell*side + v, 1..side^3; fresh ones follow.
    Cnf(CaDiCaL::Solver& solver, int side, uint64_t& variables, uint64_t& clauses);

    int side() const { return side_; }
    int x(int cell, int value) const { return cell * side_ + value; }  // value 1..side
    int fresh() { return static_cast<int>(++variables_); }

    void clause(std::initializer_list<int> literals);
    void clause(const std::vector<int>& literals);
    // The empty clause: no grid can satisfy the constraint being encoded.
    void contradiction() { clause(std::vector<int>{}); }

    // Two cells hold different digits: -x(a,v) | -x(b,v) for each v.
    void differ(int a, int b);
    // The cells hold different digits (pairwise); with exactly side cells,
    // each digit also appears among them (one clause per digit: implied,
    // there for propagation).
    void all_different(const std::vector<int>& cells);
    // Two cells hold the same digit: x(a,v) <-> x(b,v) for each v.
    void equal(int a, int b);
    // Digits v in a and w in b together are forbidden when bad(v, w):
    // one binary clause -x(a,v) | -x(b,w) per forbidden pair.
    void forbid_pairs(int a, int b, const std::function<bool(int, int)>& bad);
    // The cell's digit is not v (a unit clause) for each v where bad(v).
    void forbid_values(int cell, const std::function<bool(int)>& bad);

    // A term of a sum: exactly one of its options holds in every grid, and
    // contributes its value. An option holds when its literals (one or two;
    // b = 0 for one) are true.
    struct Option {
        int a = 0, b = 0;
        int value = 0;
    };
    using Term = std::vector<Option>;
    // The cell's digit times weight.
    Term digit(int cell, int weight = 1) const;
    // The cell's digit when gate is true, else 0.
    Term gated_digit(int cell, int gate) const;
    // 1 when the literal is true, else 0.
    static Term flag(int literal) { return {{literal, 0, 1}, {-literal, 0, 0}}; }
    // The terms add up to target (docs/sat-encodings.md, "Sums").
    void sum_equals(const std::vector<Term>& terms, int target);

private:
    CaDiCaL::Solver& solver_;
    int side_;
    uint64_t& variables_;
    uint64_t& clauses_;
};

}  // namespace sat
