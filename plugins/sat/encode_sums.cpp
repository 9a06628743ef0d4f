// Sums inside the grid: killer cages, arrows (circles of one or more
// digits), little killers and region-sum lines, each one or more calls of
// Cnf::sum_equals. docs/sat-encodings.md, "Sums".

#include <cstddef>
#include <vector>

#include "encode.hpp"

namespace sat {

namespace {

// Some `count` different digits of 1..side, `skip` not among them, add up to sum.
bool can_make(int side, int count, int sum, int skip) {
    if (count < 0 || sum < 0) return false;
    // made[k][s]: k different digits (of those seen so far) can add up to s.
    std::vector<std::vector<char>> made(static_cast<std::size_t>(count) + 1,
                                        std::vector<char>(static_cast<std::size_t>(sum) + 1, 0));
    made[0][0] = 1;
    for (int d = 1; d <= side; ++d) {
        if (d == skip) continue;
        for (int k = count; k >= 1; --k)
            for (int s = sum; s >= d; --s)
                if (made[static_cast<std::size_t>(k) - 1][static_cast<std::size_t>(s - d)])
                    made[static_cast<std::size_t>(k)][static_cast<std::size_t>(s)] = 1;
    }
    return made[static_cast<std::size_t>(count)][static_cast<std::size_t>(sum)] != 0;
}

std::vector<Cnf::Term> digits(const Cnf& cnf, const std::vector<int>& cells, int weight = 1) {
    std::vector<Cnf::Term> terms;
    for (int cell : cells) terms.push_back(cnf.digit(cell, weight));
    return terms;
}

}  // namespace

// Different digits; with a sum, the sum, and (implied, for propagation) no
// digit that no set of that many different digits with that sum contains.
void encode_killer_cage(Cnf& cnf, const Rules& rules, const Constraint& c) {
    const auto& cage = c.groups[0];
    distinct(cnf, rules, cage);
    if (c.values.empty()) return;
    const int sum = c.values[0], size = static_cast<int>(cage.size());
    for (int v = 1; v <= cnf.side(); ++v)
        if (!can_make(cnf.side(), size - 1, sum - v, v))
            for (int cell : cage) cnf.clause({-cnf.x(cell, v)});
    cnf.sum_equals(digits(cnf, cage), sum);
}

// Each line minus the circle's number is 0: the circle's cells are terms of
// weight -10^k (k their decimal place), the line's of weight 1.
void encode_arrow(Cnf& cnf, const Rules&, const Constraint& c) {
    std::vector<Cnf::Term> circle;
    int weight = -1;
    for (std::size_t i = c.groups[0].size(); i-- > 0; weight *= 10)
        circle.insert(circle.begin(), cnf.digit(c.groups[0][i], weight));
    for (std::size_t g = 1; g < c.groups.size(); ++g) {
        std::vector<Cnf::Term> terms = digits(cnf, c.groups[g]);
        terms.insert(terms.end(), circle.begin(), circle.end());
        cnf.sum_equals(terms, 0);
    }
}

void encode_little_killer(Cnf& cnf, const Rules&, const Constraint& c) {
    cnf.sum_equals(digits(cnf, c.groups[0]), c.values.at(0));
}

// The line cut where it crosses a region border; each segment after the
// first minus the first is 0. No regions: one segment, nothing to say.
void encode_region_sum_line(Cnf& cnf, const Rules& rules, const Constraint& c) {
    std::vector<std::vector<int>> segments;
    int region = -2;
    for (int cell : c.groups[0]) {
        const int here = rules.region_of[static_cast<std::size_t>(cell)];
        if (segments.empty() || here != region) segments.emplace_back();
        segments.back().push_back(cell);
        region = here;
    }
    for (std::size_t s = 1; s < segments.size(); ++s) {
        std::vector<Cnf::Term> terms = digits(cnf, segments[0]);
        for (Cnf::Term& term : digits(cnf, segments[s], -1)) terms.push_back(std::move(term));
        cnf.sum_equals(terms, 0);
    }
}

}  // namespace sat
