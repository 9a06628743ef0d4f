// csp-logic: the law of leftovers (explain.hpp). k rows (or columns) and k
// regions each hold every digit k times, so the cells of the lines outside
// those regions and the cells of the regions outside the lines hold the same
// digits, as many times each: a digit that cannot go in one leftover set is
// in no cell of the other. The k regions taken with the first (or last) k
// lines are the k with the most cells there, so that the leftovers are few.
#include <algorithm>
#include <numeric>

#include "explain.hpp"

namespace csp {

namespace {

constexpr std::size_t kMostLeftovers = 6;  // leftover sets beyond this are left alone

}  // namespace

bool Explainer::leftovers(ExplainStep& s) {
    const Model& m = e_.model();
    if (m.boxes || m.region_of.empty() || m.region_of[0] < 0) return false;  // jigsaws only
    for (int k = 1; k < n_; ++k)
        for (int side = 0; side < 4; ++side) {  // first k rows, last k rows, first k columns, last k columns
            std::vector<uint8_t> in_lines(static_cast<std::size_t>(cells_), 0);
            std::vector<int> inside(static_cast<std::size_t>(n_), 0);  // per region: its cells in the lines
            for (int c = 0; c < cells_; ++c) {
                const int line = side < 2 ? c / n_ : c % n_;
                in_lines[c] = side % 2 == 0 ? line < k : line >= n_ - k;
                if (in_lines[c]) ++inside[m.region_of[c]];
            }
            std::vector<int> order(static_cast<std::size_t>(n_));
            std::iota(order.begin(), order.end(), 0);
            std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return inside[a] > inside[b]; });
            std::vector<uint8_t> taken(static_cast<std::size_t>(n_), 0);
            for (int i = 0; i < k; ++i) taken[order[i]] = 1;
            std::vector<int> out_of_regions, out_of_lines;  // the two leftover sets
            for (int c = 0; c < cells_; ++c) {
                if (in_lines[c] && !taken[m.region_of[c]]) out_of_regions.push_back(c);
                if (!in_lines[c] && taken[m.region_of[c]]) out_of_lines.push_back(c);
            }
            if (out_of_regions.empty() || out_of_regions.size() > kMostLeftovers) continue;
            if (leftover_step(out_of_regions, out_of_lines, k, side, s)) return true;
        }
    return false;
}

// Each leftover set keeps only the digits the other can hold.
bool Explainer::leftover_step(const std::vector<int>& a, const std::vector<int>& b, int k, int side, ExplainStep& s) {
    const auto digits = [this](const std::vector<int>& cells) {
        Mask all = 0;
        for (int c : cells) all |= masks_[c];
        return all;
    };
    const Mask in_a = digits(a), in_b = digits(b);
    for (const auto& [cells, other] : {std::pair{&a, in_b}, std::pair{&b, in_a}})
        for (int c : *cells)
            for (Mask gone = values_[c] ? 0 : masks_[c] & ~other; gone; gone &= gone - 1) s.eliminations.push_back({c, lowest(gone)});
    if (s.eliminations.empty()) return false;
    static const char* kSides[] = {"the first", "the last", "the first", "the last"};
    s.technique = "law of leftovers";
    s.where = std::string(kSides[side]) + " " + std::to_string(k) + (side < 2 ? " rows" : " columns") + " and " +
              std::to_string(k) + " regions";
    for (int c : a) s.pattern.push_back({c, 0});
    for (int c : b) s.pattern.push_back({c, 0});
    return true;
}

}  // namespace csp
