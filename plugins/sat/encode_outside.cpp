// Clues outside the grid, read along a whole row or column from the clue's
// side: sandwich sums, X-sums and skyscrapers. Each defines fresh variables
// by equivalences over the cell variables (so every grid fixes them), then
// states a sum over them with Cnf::sum_equals. docs/sat-encodings.md,
// "Outside clues".

#include <cstddef>
#include <vector>

#include "encode.hpp"

namespace sat {

namespace {

// seen[i] <-> `value` is among cells[0..i-1]; seen[0] is 0 (false, no variable).
std::vector<int> seen_before(Cnf& cnf, const std::vector<int>& cells, int value) {
    std::vector<int> seen{0};
    for (std::size_t i = 1; i < cells.size(); ++i) {
        const int here = cnf.x(cells[i - 1], value), before = seen.back(), now = cnf.fresh();
        cnf.clause({-here, now});
        if (before != 0) {
            cnf.clause({-before, now});
            cnf.clause({-now, here, before});
        } else {
            cnf.clause({-now, here});
        }
        seen.push_back(now);
    }
    return seen;
}

}  // namespace

// in(i) <-> exactly one of the 1 and the N comes before cell i, and cell i
// holds neither: the cells strictly between the two. Their digits add up.
void encode_sandwich(Cnf& cnf, const Rules&, const Constraint& c) {
    const auto& cells = c.groups[0];
    const int n = cnf.side();
    const std::vector<int> one = seen_before(cnf, cells, 1), top = seen_before(cnf, cells, n);
    std::vector<Cnf::Term> terms;
    for (std::size_t i = 1; i < cells.size(); ++i) {
        const int f = one[i], g = top[i], low = cnf.x(cells[i], 1), high = cnf.x(cells[i], n), in = cnf.fresh();
        cnf.clause({-in, -low});
        cnf.clause({-in, -high});
        cnf.clause({-in, f, g});
        cnf.clause({-in, -f, -g});
        cnf.clause({-f, g, low, high, in});
        cnf.clause({f, -g, low, high, in});
        terms.push_back(cnf.gated_digit(cells[i], in));
    }
    cnf.sum_equals(terms, c.values.at(0));
}

// With X the first digit, cell i (i >= 1) counts when X > i: a variable
// counts(i) <-> x(first, i+1) | ... | x(first, N).
void encode_x_sum(Cnf& cnf, const Rules&, const Constraint& c) {
    const auto& cells = c.groups[0];
    const int n = cnf.side(), first = cells[0];
    std::vector<Cnf::Term> terms{cnf.digit(first)};
    std::vector<int> literals;
    for (std::size_t i = 1; i < cells.size(); ++i) {
        const int counts = cnf.fresh();
        literals = {-counts};
        for (int v = static_cast<int>(i) + 1; v <= n; ++v) {
            cnf.clause({-cnf.x(first, v), counts});
            literals.push_back(cnf.x(first, v));
        }
        cnf.clause(literals);
        terms.push_back(cnf.gated_digit(cells[i], counts));
    }
    cnf.sum_equals(terms, c.values.at(0));
}

// high(i, v) <-> some cell before i holds v or more (order encoding of the
// running maximum); visible(i) <-> cell i holds a v with -high(i, v). The
// first cell is always visible; the other visible flags add up to count - 1.
void encode_skyscraper(Cnf& cnf, const Rules&, const Constraint& c) {
    const auto& cells = c.groups[0];
    const int n = cnf.side();
    std::vector<int> high(static_cast<std::size_t>(n) + 1, 0);  // high(i, v) for the current i; 0: false
    std::vector<Cnf::Term> terms;
    for (std::size_t i = 1; i < cells.size(); ++i) {
        std::vector<int> next(high.size(), 0);
        for (int v = 1; v <= n; ++v) {
            const int now = next[static_cast<std::size_t>(v)] = cnf.fresh();
            std::vector<int> support{-now};  // now -> high before, or the last cell holds v or more
            if (high[static_cast<std::size_t>(v)] != 0) {
                cnf.clause({-high[static_cast<std::size_t>(v)], now});
                support.push_back(high[static_cast<std::size_t>(v)]);
            }
            for (int w = v; w <= n; ++w) {
                cnf.clause({-cnf.x(cells[i - 1], w), now});
                support.push_back(cnf.x(cells[i - 1], w));
            }
            cnf.clause(support);
        }
        high = std::move(next);
        const int visible = cnf.fresh();
        for (int v = 1; v <= n; ++v) {
            cnf.clause({-cnf.x(cells[i], v), high[static_cast<std::size_t>(v)], visible});
            cnf.clause({-cnf.x(cells[i], v), -high[static_cast<std::size_t>(v)], -visible});
        }
        terms.push_back(Cnf::flag(visible));
    }
    cnf.sum_equals(terms, c.values.at(0) - 1);
}

}  // namespace sat
