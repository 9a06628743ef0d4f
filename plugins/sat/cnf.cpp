// The clause shapes of cnf.hpp; docs/sat-encodings.md says why each is exact.

#include "cnf.hpp"

#include <cadical.hpp>

#include <cstddef>
#include <map>
#include <set>

namespace sat {

Cnf::Cnf(CaDiCaL::Solver& solver, int side, uint64_t& variables, uint64_t& clauses)
    : solver_(solver), side_(side), variables_(variables), clauses_(clauses) {}

void Cnf::clause(std::initializer_list<int> literals) {
    for (int literal : literals) solver_.add(literal);
    solver_.add(0);
    ++clauses_;
}

void Cnf::clause(const std::vector<int>& literals) {
    for (int literal : literals) solver_.add(literal);
    solver_.add(0);
    ++clauses_;
}

void Cnf::differ(int a, int b) {
    for (int v = 1; v <= side_; ++v) clause({-x(a, v), -x(b, v)});
}

void Cnf::all_different(const std::vector<int>& cells) {
    for (std::size_t i = 0; i < cells.size(); ++i)
        for (std::size_t j = i + 1; j < cells.size(); ++j) differ(cells[i], cells[j]);
    if (static_cast<int>(cells.size()) != side_) return;
    std::vector<int> literals;
    for (int v = 1; v <= side_; ++v) {
        literals.clear();
        for (int cell : cells) literals.push_back(x(cell, v));
        clause(literals);
    }
}

void Cnf::equal(int a, int b) {
    for (int v = 1; v <= side_; ++v) {
        clause({-x(a, v), x(b, v)});
        clause({x(a, v), -x(b, v)});
    }
}

void Cnf::forbid_pairs(int a, int b, const std::function<bool(int, int)>& bad) {
    for (int v = 1; v <= side_; ++v)
        for (int w = 1; w <= side_; ++w)
            if (bad(v, w)) clause({-x(a, v), -x(b, w)});
}

void Cnf::forbid_values(int cell, const std::function<bool(int)>& bad) {
    for (int v = 1; v <= side_; ++v)
        if (bad(v)) clause({-x(cell, v)});
}

Cnf::Term Cnf::digit(int cell, int weight) const {
    Term term;
    for (int v = 1; v <= side_; ++v) term.push_back({x(cell, v), 0, weight * v});
    return term;
}

Cnf::Term Cnf::gated_digit(int cell, int gate) const {
    Term term{{-gate, 0, 0}};
    for (int v = 1; v <= side_; ++v) term.push_back({gate, x(cell, v), v});
    return term;
}

namespace {

// The partial sums after each number of terms that can be reached from 0
// and from which target can still be reached: the states worth a variable.
std::vector<std::set<int>> useful_sums(const std::vector<Cnf::Term>& terms, int target) {
    const std::size_t k = terms.size();
    std::vector<std::set<int>> sums(k + 1);
    sums[0] = {0};
    for (std::size_t i = 1; i <= k; ++i)
        for (int t : sums[i - 1])
            for (const auto& option : terms[i - 1]) sums[i].insert(t + option.value);
    const bool reachable = sums[k].count(target) != 0;
    sums[k].clear();
    if (reachable) sums[k].insert(target);
    for (std::size_t i = k; i-- > 0;) {
        std::erase_if(sums[i], [&](int t) {
            for (const auto& option : terms[i])
                if (sums[i + 1].count(t + option.value) != 0) return false;
            return true;
        });
    }
    return sums;
}

}  // namespace

// One variable s(i, t) per useful partial sum t of the first i terms
// (0 < i < k; s(0, 0) and s(k, target) are true and left out), and for each
// state and option the clause s(i-1, t) & option -> s(i, t + value), or
// -(s(i-1, t) & option) when t + value is no useful state.
void Cnf::sum_equals(const std::vector<Term>& terms, int target) {
    const std::size_t k = terms.size();
    const auto sums = useful_sums(terms, target);
    if (sums[0].empty()) {
        contradiction();  // no digits can make it: the formula is unsatisfiable
        return;
    }
    std::vector<std::map<int, int>> state(k + 1);
    std::vector<int> literals;
    for (std::size_t i = 1; i < k; ++i) {
        literals.clear();
        for (int t : sums[i]) literals.push_back(state[i][t] = fresh());
        clause(literals);  // some partial sum holds (implied; for propagation)
    }
    for (std::size_t i = 1; i <= k; ++i) {
        for (int t : sums[i - 1]) {
            for (const auto& option : terms[i - 1]) {
                const int next = t + option.value;
                if (i == k && next == target) continue;
                literals.clear();
                if (i > 1) literals.push_back(-state[i - 1][t]);
                literals.push_back(-option.a);
                if (option.b != 0) literals.push_back(-option.b);
                if (i < k && sums[i].count(next) != 0) literals.push_back(state[i][next]);
                clause(literals);
            }
        }
    }
}

}  // namespace sat
