// Lines: thermometers and whispers (forbidden pairs along the line), renban
// (different digits, no two too far apart), between lines (one orientation
// variable) and entropic lines (different thirds in every window of three).
// docs/sat-encodings.md, "Lines".

#include <cstddef>
#include <cstdlib>

#include "encode.hpp"

namespace sat {

// Each step up the line is strictly higher; position i of L can only hold
// i+1..N-(L-1-i) (implied units, for propagation).
void encode_thermometer(Cnf& cnf, const Rules&, const Constraint& c) {
    const auto& line = c.groups[0];
    const int length = static_cast<int>(line.size()), n = cnf.side();
    for (int i = 0; i < length; ++i) {
        cnf.forbid_values(line[static_cast<std::size_t>(i)], [&](int v) { return v < i + 1 || v > n - (length - 1 - i); });
        if (i + 1 < length)
            cnf.forbid_pairs(line[static_cast<std::size_t>(i)], line[static_cast<std::size_t>(i) + 1],
                             [](int v, int w) { return w <= v; });
    }
}

void encode_whispers(Cnf& cnf, const Rules&, const Constraint& c) {
    const auto& line = c.groups[0];
    const int d = c.values.empty() ? 5 : c.values[0];
    for (std::size_t i = 0; i + 1 < line.size(); ++i)
        cnf.forbid_pairs(line[i], line[i + 1], [d](int v, int w) { return std::abs(v - w) < d; });
}

// L different digits with no two L or more apart are L consecutive digits.
void encode_renban(Cnf& cnf, const Rules& rules, const Constraint& c) {
    const auto& line = c.groups[0];
    const int length = static_cast<int>(line.size());
    for (std::size_t i = 0; i < line.size(); ++i) {
        for (std::size_t j = i + 1; j < line.size(); ++j) {
            peers_differ(cnf, rules, line[i], line[j]);
            cnf.forbid_pairs(line[i], line[j], [length](int v, int w) { return std::abs(v - w) >= length; });
        }
    }
}

// One fresh variable o, "the first end is the lower": o -> first < inner <
// last and -o -> last < inner < first, for each inner cell, as ternary
// clauses -o | -x(low, v) | -x(inner, w) for w <= v (and so on).
void encode_between_line(Cnf& cnf, const Rules&, const Constraint& c) {
    const auto& line = c.groups[0];
    if (line.size() < 3) return;
    const int first = line.front(), last = line.back(), o = cnf.fresh();
    auto below = [&](int guard, int low, int high) {  // guard -> low < high
        for (int v = 1; v <= cnf.side(); ++v)
            for (int w = 1; w <= v; ++w) cnf.clause({-guard, -cnf.x(low, v), -cnf.x(high, w)});
    };
    for (std::size_t i = 1; i + 1 < line.size(); ++i) {
        below(o, first, line[i]);
        below(o, line[i], last);
        below(-o, last, line[i]);
        below(-o, line[i], first);
    }
}

// Any two cells one or two apart on the line are in a common window of
// three (lines of 3 or more), and three cells of pairwise different thirds
// are one low, one middle and one high.
void encode_entropic_line(Cnf& cnf, const Rules&, const Constraint& c) {
    const auto& line = c.groups[0];
    if (line.size() < 3) return;
    const int third = cnf.side() / 3;
    if (third == 0) return;
    auto same_third = [third](int v, int w) { return (v - 1) / third == (w - 1) / third; };
    for (std::size_t i = 0; i + 1 < line.size(); ++i) {
        cnf.forbid_pairs(line[i], line[i + 1], same_third);
        if (i + 2 < line.size()) cnf.forbid_pairs(line[i], line[i + 2], same_third);
    }
}

}  // namespace sat
