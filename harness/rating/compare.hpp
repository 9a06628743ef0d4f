// How far two raters agree (numplace rate --compare): rank correlations
// with bootstrap intervals, for two SE-scale raters the share within 0.2
// and a confusion matrix of SE's classes (rating.hpp's bands), and for a
// level rater (qqwing's 1 to 4, HoDoKu's levels) a matrix of its levels
// against the other's classes or levels.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rating/rating.hpp"

namespace np::rating {

// One rater's numbers, one per puzzle in a shared order; NaN where it has
// none (a puzzle missing from its file, or one it could not rate).
struct Series {
    std::string name;
    std::vector<double> values;
    bool se_scale = false;  // SE-style (ER, EP, ED, an SE column): classes and |a-b| apply
    bool levels = false;    // whole-number levels (hodoku-level, a plugin's rating): a matrix of them
};

// A table of counts: puzzles by a's bin (rows) and b's (columns); a bin is
// an SE class for an SE-scale rater, a level (as its number) for a level rater.
struct Matrix {
    std::vector<std::string> rows, columns;
    std::vector<std::vector<std::size_t>> counts;  // [row][column]
};

struct Interval {
    double value = 0, low = 0, high = 0;  // the estimate and its bootstrap 95% interval
};

using Confusion = std::array<std::array<std::size_t, kClasses>, kClasses>;  // [a's class][b's class]

struct Agreement {
    std::string a, b;
    std::size_t n = 0;  // puzzles both rated
    Interval spearman, kendall;
    // One of them gives every puzzle both rated the same value (qqwing calls
    // every diabolical puzzle expert): no order to correlate, and rho and
    // tau-b are undefined (left 0), not "no agreement". Names that rater.
    std::string constant;
    bool se_scale = false;  // both SE-style: the fields below are filled
    double equal = 0;       // share with a == b (in tenths, as SE prints them)
    double within_one = 0;  // share with |a - b| <= 0.1
    double within = 0;      // share with |a - b| <= 0.2
    double same_class = 0;  // share in the same class
    double mean_difference = 0;  // a - b
    Confusion classes{};
    // Filled when one rater has levels and the other levels or an SE scale.
    std::optional<Matrix> levels;
};

// Spearman's rho (Pearson's r of the average ranks) and Kendall's tau-b
// (ties in either corrected for, Knight's O(n log n) count), of paired
// values without NaNs.
double spearman(const std::vector<double>& x, const std::vector<double>& y);
// Average ranks, 1-based (ties share the mean of their places).
std::vector<double> ranks(const std::vector<double>& values);
double kendall_tau_b(const std::vector<double>& x, const std::vector<double>& y);

// The agreement of a and b on the puzzles both rated; `resamples`
// bootstrap draws (seeded: the same figures every run) for the intervals.
Agreement agree(const Series& a, const Series& b, unsigned resamples, uint64_t seed);

// The confusion matrix as a self-contained SVG: rows a's class, columns
// b's, each cell's count with its shade.
std::string confusion_svg(const Agreement& agreement);
// The level matrix of a pair that has one (Agreement::levels), drawn the same way.
std::string levels_svg(const Agreement& agreement);

}  // namespace np::rating
