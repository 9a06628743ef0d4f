// How far two raters agree (numplace rate --compare): rank correlations
// with bootstrap intervals, and for two SE-scale raters the share within
// 0.2 and a confusion matrix of SE's classes (rating.hpp's bands).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "rating.hpp"

namespace np::rating {

// One rater's numbers, one per puzzle in a shared order; NaN where it has
// none (a puzzle missing from its file, or one it could not rate).
struct Series {
    std::string name;
    std::vector<double> values;
    bool se_scale = false;  // SE-style (ER, EP, ED, an SE column): classes and |a-b| apply
};

struct Interval {
    double value = 0, low = 0, high = 0;  // the estimate and its bootstrap 95% interval
};

using Confusion = std::array<std::array<std::size_t, kClasses>, kClasses>;  // [a's class][b's class]

struct Agreement {
    std::string a, b;
    std::size_t n = 0;  // puzzles both rated
    Interval spearman, kendall;
    bool se_scale = false;  // both SE-style: the fields below are filled
    double within = 0;      // share with |a - b| <= 0.2
    double same_class = 0;  // share in the same class
    double mean_difference = 0;  // a - b
    Confusion classes{};
};

// Spearman's rho (Pearson's r of the average ranks) and Kendall's tau-b
// (ties in either corrected for, Knight's O(n log n) count), of paired
// values without NaNs.
double spearman(const std::vector<double>& x, const std::vector<double>& y);
double kendall_tau_b(const std::vector<double>& x, const std::vector<double>& y);

// The agreement of a and b on the puzzles both rated; `resamples`
// bootstrap draws (seeded: the same figures every run) for the intervals.
Agreement agree(const Series& a, const Series& b, unsigned resamples, uint64_t seed);

// The confusion matrix as a self-contained SVG: rows a's class, columns
// b's, each cell's count with its shade.
std::string confusion_svg(const Agreement& agreement);

}  // namespace np::rating
