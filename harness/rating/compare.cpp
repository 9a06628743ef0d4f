// Rank agreement of two raters (compare.hpp).
#include "compare.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <sstream>

namespace np::rating {

namespace {

// Average ranks (ties share the mean of their places), 1-based.
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
    out.spearman.value = spearman(p.x, p.y);
    out.kendall.value = kendall_tau_b(p.x, p.y);
    std::mt19937_64 random(seed);
    std::uniform_int_distribution<std::size_t> pick(0, out.n - 1);
    std::vector<double> rhos, taus;
    Pairs draw;
    draw.x.resize(out.n), draw.y.resize(out.n);
    for (unsigned r = 0; r < resamples; ++r) {
        for (std::size_t i = 0; i < out.n; ++i) {
            const std::size_t k = pick(random);
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
    out.se_scale = a.se_scale && b.se_scale;
    if (!out.se_scale) return out;
    std::size_t within = 0, same = 0;
    double difference = 0;
    for (std::size_t i = 0; i < out.n; ++i) {
        const int ta = tenths(p.x[i]), tb = tenths(p.y[i]);
        within += std::abs(ta - tb) <= 2;
        const auto ca = static_cast<std::size_t>(class_of(ta)), cb = static_cast<std::size_t>(class_of(tb));
        same += ca == cb;
        ++out.classes[ca][cb];
        difference += p.x[i] - p.y[i];
    }
    const double n = static_cast<double>(out.n);
    out.within = static_cast<double>(within) / n;
    out.same_class = static_cast<double>(same) / n;
    out.mean_difference = difference / n;
    return out;
}

std::string confusion_svg(const Agreement& g) {
    constexpr int cell = 64, left = 130, top = 90;
    const int size = left + cell * kClasses + 20;
    std::size_t most = 1;
    for (const auto& row : g.classes)
        for (std::size_t c : row) most = std::max(most, c);
    std::ostringstream s;
    s << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << size << "\" height=\"" << size + 20
      << "\" font-family=\"sans-serif\" font-size=\"11\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
    s << "<text x=\"" << left << "\" y=\"20\" font-size=\"13\">rows: " << g.a << ", columns: " << g.b << " (" << g.n
      << " puzzles, same class " << std::lround(g.same_class * 1000) / 10.0 << "%)</text>\n";
    for (int k = 0; k < kClasses; ++k) {
        const char* name = class_name(static_cast<Class>(k));
        s << "<text x=\"" << left - 6 << "\" y=\"" << top + k * cell + cell / 2 + 4 << "\" text-anchor=\"end\">" << name
          << "</text>\n";
        s << "<text transform=\"translate(" << left + k * cell + cell / 2 << "," << top - 8
          << ") rotate(-30)\" text-anchor=\"start\">" << name << "</text>\n";
    }
    for (int r = 0; r < kClasses; ++r)
        for (int c = 0; c < kClasses; ++c) {
            const std::size_t count = g.classes[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
            const double share = std::sqrt(static_cast<double>(count) / static_cast<double>(most));
            const int light = 255 - static_cast<int>(share * 200);
            s << "<rect x=\"" << left + c * cell << "\" y=\"" << top + r * cell << "\" width=\"" << cell << "\" height=\""
              << cell << "\" fill=\"rgb(" << light << "," << light << ",255)\" stroke=\"" << (r == c ? "#333" : "#ccc")
              << "\"/>\n";
            if (count != 0)
                s << "<text x=\"" << left + c * cell + cell / 2 << "\" y=\"" << top + r * cell + cell / 2 + 4
                  << "\" text-anchor=\"middle\" fill=\"" << (share > 0.6 ? "white" : "black") << "\">" << count << "</text>\n";
        }
    s << "</svg>\n";
    return s.str();
}

}  // namespace np::rating
