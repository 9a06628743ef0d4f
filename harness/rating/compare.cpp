// Rank agreement of two raters (compare.hpp).
#include "rating/compare.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>
#include <sstream>

#include "numplace/random.hpp"

namespace np::rating {

namespace {

}  // namespace

std::vector<double> ranks(const std::vector<double>& v) {
    std::vector<std::size_t> order(v.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) { return v[i] < v[j]; });
    std::vector<double> r(v.size());
    for (std::size_t i = 0; i < order.size();) {
        std::size_t j = i;
        while (j + 1 < order.size() && v[order[j + 1]] == v[order[i]]) ++j;
        const double mean = (static_cast<double>(i) + static_cast<double>(j)) / 2 + 1;
        for (std::size_t k = i; k <= j; ++k) r[order[k]] = mean;
        i = j + 1;
    }
    return r;
}

namespace {

double pearson(const std::vector<double>& x, const std::vector<double>& y) {
    const double n = static_cast<double>(x.size());
    const double mx = std::accumulate(x.begin(), x.end(), 0.0) / n, my = std::accumulate(y.begin(), y.end(), 0.0) / n;
    double sxy = 0, sxx = 0, syy = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        sxy += (x[i] - mx) * (y[i] - my);
        sxx += (x[i] - mx) * (x[i] - mx);
        syy += (y[i] - my) * (y[i] - my);
    }
    return sxx == 0 || syy == 0 ? 0.0 : sxy / std::sqrt(sxx * syy);
}

// Pairs tied within runs of equal keys: sum of t(t-1)/2.
template <typename Equal>
double tied_pairs(std::size_t n, Equal equal) {
    double pairs = 0;
    for (std::size_t i = 0; i < n;) {
        std::size_t j = i + 1;
        while (j < n && equal(i, j)) ++j;
        const double t = static_cast<double>(j - i);
        pairs += t * (t - 1) / 2;
        i = j;
    }
    return pairs;
}

// Merge sort of `y` counting the swaps (each a discordant pair).
double sort_counting_swaps(std::vector<double>& y, std::vector<double>& scratch, std::size_t lo, std::size_t hi) {
    if (hi - lo < 2) return 0;
    const std::size_t mid = lo + (hi - lo) / 2;
    double swaps = sort_counting_swaps(y, scratch, lo, mid) + sort_counting_swaps(y, scratch, mid, hi);
    std::size_t i = lo, j = mid, k = lo;
    while (i < mid && j < hi) {
        if (y[j] < y[i]) {
            swaps += static_cast<double>(mid - i);
            scratch[k++] = y[j++];
        } else {
            scratch[k++] = y[i++];
        }
    }
    while (i < mid) scratch[k++] = y[i++];
    while (j < hi) scratch[k++] = y[j++];
    std::copy(scratch.begin() + static_cast<std::ptrdiff_t>(lo), scratch.begin() + static_cast<std::ptrdiff_t>(hi),
              y.begin() + static_cast<std::ptrdiff_t>(lo));
    return swaps;
}

struct Pairs {
    std::vector<double> x, y;
};

Pairs both_rated(const Series& a, const Series& b) {
    Pairs p;
    for (std::size_t i = 0; i < a.values.size() && i < b.values.size(); ++i)
        if (!std::isnan(a.values[i]) && !std::isnan(b.values[i])) p.x.push_back(a.values[i]), p.y.push_back(b.values[i]);
    return p;
}

int tenths(double rating) { return static_cast<int>(std::lround(rating * 10)); }

// The bins of one rater in a level matrix: SE's classes for an SE-scale
// rater (all of them, in order), else the levels seen, ascending.
std::vector<double> bins_of(const Series& s, const std::vector<double>& values) {
    if (s.se_scale) {
        std::vector<double> classes;
        for (int c = 0; c < kClasses; ++c) classes.push_back(c);
        return classes;
    }
    std::vector<double> seen(values);
    std::sort(seen.begin(), seen.end());
    seen.erase(std::unique(seen.begin(), seen.end()), seen.end());
    return seen;
}

std::string bin_name(const Series& s, double bin) {
    if (s.se_scale) return class_name(static_cast<Class>(static_cast<int>(bin)));
    std::ostringstream text;
    text << bin;
    return text.str();
}

// Where a value falls among `bins`: its class for an SE-scale rater, else its own level.
std::size_t bin_index(const Series& s, const std::vector<double>& bins, double value) {
    const double key = s.se_scale ? static_cast<double>(static_cast<int>(class_of(tenths(value)))) : value;
    return static_cast<std::size_t>(std::lower_bound(bins.begin(), bins.end(), key) - bins.begin());
}

// A level rater against a level or SE-scale one: puzzles by bin and bin.
Matrix level_matrix(const Series& a, const Series& b, const Pairs& p) {
    const std::vector<double> rows = bins_of(a, p.x), columns = bins_of(b, p.y);
    Matrix m;
    for (double r : rows) m.rows.push_back(bin_name(a, r));
    for (double c : columns) m.columns.push_back(bin_name(b, c));
    m.counts.assign(rows.size(), std::vector<std::size_t>(columns.size(), 0));
    for (std::size_t i = 0; i < p.x.size(); ++i) ++m.counts[bin_index(a, rows, p.x[i])][bin_index(b, columns, p.y[i])];
    return m;
}

// The counts as a self-contained SVG, each cell shaded by its share of the
// largest; `diagonal` outlines the cells where row and column agree.
std::string matrix_svg(const std::string& title, const std::vector<std::string>& rows,
                       const std::vector<std::string>& columns, const std::vector<std::vector<std::size_t>>& counts,
                       bool diagonal) {
    constexpr int cell = 64, left = 130, top = 90;
    const int width = left + cell * static_cast<int>(columns.size()) + 20;
    const int height = left + cell * static_cast<int>(rows.size()) + 40;  // the classes' square as it was
    std::size_t most = 1;
    for (const auto& row : counts)
        for (std::size_t c : row) most = std::max(most, c);
    std::ostringstream s;
    s << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << std::max(width, 520) << "\" height=\"" << height
      << "\" font-family=\"sans-serif\" font-size=\"11\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
    s << "<text x=\"" << left << "\" y=\"20\" font-size=\"13\">" << title << "</text>\n";
    for (std::size_t k = 0; k < rows.size(); ++k)
        s << "<text x=\"" << left - 6 << "\" y=\"" << top + static_cast<int>(k) * cell + cell / 2 + 4
          << "\" text-anchor=\"end\">" << rows[k] << "</text>\n";
    for (std::size_t k = 0; k < columns.size(); ++k)
        s << "<text transform=\"translate(" << left + static_cast<int>(k) * cell + cell / 2 << "," << top - 8
          << ") rotate(-30)\" text-anchor=\"start\">" << columns[k] << "</text>\n";
    for (std::size_t r = 0; r < rows.size(); ++r)
        for (std::size_t c = 0; c < columns.size(); ++c) {
            const int x = left + static_cast<int>(c) * cell, y = top + static_cast<int>(r) * cell;
            const std::size_t count = counts[r][c];
            const double share = std::sqrt(static_cast<double>(count) / static_cast<double>(most));
            const int light = 255 - static_cast<int>(share * 200);
            s << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << cell << "\" height=\"" << cell << "\" fill=\"rgb("
              << light << "," << light << ",255)\" stroke=\"" << (diagonal && r == c ? "#333" : "#ccc") << "\"/>\n";
            if (count != 0)
                s << "<text x=\"" << x + cell / 2 << "\" y=\"" << y + cell / 2 + 4 << "\" text-anchor=\"middle\" fill=\""
                  << (share > 0.6 ? "white" : "black") << "\">" << count << "</text>\n";
        }
    s << "</svg>\n";
    return s.str();
}

}  // namespace

double spearman(const std::vector<double>& x, const std::vector<double>& y) { return pearson(ranks(x), ranks(y)); }

double kendall_tau_b(const std::vector<double>& x, const std::vector<double>& y) {
    const std::size_t n = x.size();
    if (n < 2) return 0;
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) { return x[i] < x[j] || (x[i] == x[j] && y[i] < y[j]); });
    std::vector<double> xs(n), ys(n);
    for (std::size_t i = 0; i < n; ++i) xs[i] = x[order[i]], ys[i] = y[order[i]];
    const double n0 = static_cast<double>(n) * static_cast<double>(n - 1) / 2;
    const double n1 = tied_pairs(n, [&](std::size_t i, std::size_t j) { return xs[i] == xs[j]; });
    const double n3 = tied_pairs(n, [&](std::size_t i, std::size_t j) { return xs[i] == xs[j] && ys[i] == ys[j]; });
    std::vector<double> scratch(n);
    const double swaps = sort_counting_swaps(ys, scratch, 0, n);
    const double n2 = tied_pairs(n, [&](std::size_t i, std::size_t j) { return ys[i] == ys[j]; });
    const double denominator = std::sqrt((n0 - n1) * (n0 - n2));
    return denominator == 0 ? 0.0 : (n0 - n1 - n2 + n3 - 2 * swaps) / denominator;
}

Agreement agree(const Series& a, const Series& b, unsigned resamples, uint64_t seed) {
    Agreement out;
    out.a = a.name, out.b = b.name;
    const Pairs p = both_rated(a, b);
    out.n = p.x.size();
    if (out.n < 2) return out;
    const auto all_same = [](const std::vector<double>& v) {
        return std::adjacent_find(v.begin(), v.end(), std::not_equal_to<>()) == v.end();
    };
    if (all_same(p.x) || all_same(p.y)) out.constant = all_same(p.x) ? a.name : b.name;
    out.spearman.value = spearman(p.x, p.y);
    out.kendall.value = kendall_tau_b(p.x, p.y);
    // numplace's own PRNG and bounded draw, not <random>'s distributions
    // (implementation-defined): a seed gives the same intervals everywhere.
    Rng random(seed);
    std::vector<double> rhos, taus;
    Pairs draw;
    draw.x.resize(out.n), draw.y.resize(out.n);
    for (unsigned r = 0; r < resamples; ++r) {
        for (std::size_t i = 0; i < out.n; ++i) {
            const auto k = static_cast<std::size_t>(random.below(out.n));
            draw.x[i] = p.x[k], draw.y[i] = p.y[k];
        }
        rhos.push_back(spearman(draw.x, draw.y));
        taus.push_back(kendall_tau_b(draw.x, draw.y));
    }
    auto interval = [&](std::vector<double>& v, Interval& into) {
        if (v.empty()) return void(into.low = into.high = into.value);
        std::sort(v.begin(), v.end());
        const auto at = [&](double q) { return v[std::min(v.size() - 1, static_cast<std::size_t>(q * static_cast<double>(v.size())))]; };
        into.low = at(0.025), into.high = at(0.975);
    };
    interval(rhos, out.spearman);
    interval(taus, out.kendall);
    if ((a.levels && (b.levels || b.se_scale)) || (b.levels && a.se_scale)) out.levels = level_matrix(a, b, p);
    out.se_scale = a.se_scale && b.se_scale;
    if (!out.se_scale) return out;
    std::size_t equal = 0, within_one = 0, within = 0, same = 0;
    double difference = 0;
    for (std::size_t i = 0; i < out.n; ++i) {
        const int ta = tenths(p.x[i]), tb = tenths(p.y[i]);
        equal += ta == tb;
        within_one += std::abs(ta - tb) <= 1;
        within += std::abs(ta - tb) <= 2;
        const auto ca = static_cast<std::size_t>(class_of(ta)), cb = static_cast<std::size_t>(class_of(tb));
        same += ca == cb;
        ++out.classes[ca][cb];
        difference += p.x[i] - p.y[i];
    }
    const double n = static_cast<double>(out.n);
    out.equal = static_cast<double>(equal) / n;
    out.within_one = static_cast<double>(within_one) / n;
    out.within = static_cast<double>(within) / n;
    out.same_class = static_cast<double>(same) / n;
    out.mean_difference = difference / n;
    return out;
}

std::string confusion_svg(const Agreement& g) {
    std::vector<std::string> names;
    for (int k = 0; k < kClasses; ++k) names.push_back(class_name(static_cast<Class>(k)));
    std::vector<std::vector<std::size_t>> counts;
    for (const auto& row : g.classes) counts.emplace_back(row.begin(), row.end());
    std::ostringstream title;
    title << "rows: " << g.a << ", columns: " << g.b << " (" << g.n << " puzzles, same class "
          << std::lround(g.same_class * 1000) / 10.0 << "%)";
    return matrix_svg(title.str(), names, names, counts, true);
}

std::string levels_svg(const Agreement& g) {
    if (!g.levels) return "";
    std::ostringstream title;
    title << "rows: " << g.a << ", columns: " << g.b << " (" << g.n << " puzzles)";
    return matrix_svg(title.str(), g.levels->rows, g.levels->columns, g.levels->counts, false);
}

}  // namespace np::rating
