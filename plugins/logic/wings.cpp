// The bigger wings (WXYZ, VWXYZ, UVWXYZ): K empty cells, one of them (the
// pivot) seeing all the others, that hold exactly K values between them, where
// every value but one (z) is restricted: all the cells holding it see each
// other, so it goes in at most one of them. Without z the K cells would
// need K values from K-1 that each fill at most one cell, so one of the
// cells holding z is z, and z leaves every cell that sees all of those.
// On the sukaku ladder the set must also be Sukaku Explainer's: a bivalue
// cell and K-1 cells that all see each other.
// When every value is restricted, each is in exactly one of the cells: a
// doubly linked wing, which takes each value from the cells that see all
// its holders. The XY- and XYZ-wings are the three-cell members of the
// family (with a pivot), kept under their own names in chains.cpp.
#include <algorithm>
#include <string>
#include <vector>

#include "techniques.hpp"

namespace logic {

namespace {

uint32_t u32(int x) { return static_cast<uint32_t>(x); }

// The search of one size: every connected set of K cells (through the units
// they share) is met once, by Wernicke's ESU enumeration: a set grows from
// its lowest cell by cells beyond it that are new neighbours of the cell
// just added; the values the cells hold must stay within K.
class WingSearch {
public:
    WingSearch(const Board& b, Search& search, int size, Step& step) : b_(b), search_(search), size_(size), step_(step) {}

    bool run() {
        for (int first = 0; first < b_.cells() && !search_.stopped; ++first) {
            if (!fits(first)) continue;
            cells_ = {first};
            std::vector<int> extension;
            for (int p : b_.peers(first))
                if (p > first && fits(p)) extension.push_back(p);
            if (grow(b_.mask(first), 0, extension)) return true;
        }
        return false;
    }

private:
    bool fits(int cell) const { return b_.value(cell) == 0 && count(b_.mask(cell)) >= 2 && count(b_.mask(cell)) <= size_; }

    // `loose`: the values already unrestricted (two cells holding one do not
    // see each other); a wing has at most one, and adding cells never
    // restricts a value again, so a second one ends the branch.
    bool grow(Mask values, Mask loose, std::vector<int> extension) {
        if (static_cast<int>(cells_.size()) == size_) return count(values) == size_ && conclude(values);
        if (search_.spent()) return false;
        while (!extension.empty()) {
            const int w = extension.back();
            extension.pop_back();
            if (count(values | b_.mask(w)) > size_) continue;
            const Mask now_loose = loose | loosened(w);
            if (count(now_loose) > 1) continue;
            std::vector<int> next = extension;
            for (int u : b_.peers(w))
                if (u > cells_.front() && fits(u) && !in_set(u) && !joined(u)) next.push_back(u);
            cells_.push_back(w);
            const bool found = grow(values | b_.mask(w), now_loose, std::move(next));
            cells_.pop_back();
            if (found) return true;
        }
        return false;
    }

    // The values of w that a chosen cell holding them does not see.
    Mask loosened(int w) const {
        Mask out = 0;
        for (int x : cells_)
            if (!b_.sees(x, w)) out |= b_.mask(x) & b_.mask(w);
        return out;
    }

    // Whether c sees a chosen cell (so it is in some extension already).
    bool joined(int c) const {
        for (int x : cells_)
            if (b_.sees(x, c)) return true;
        return false;
    }

    // The cells holding v, when they do not all see each other.
    std::vector<int> unrestricted(int v) const {
        std::vector<int> holders;
        for (int c : cells_)
            if (b_.has(c, v)) holders.push_back(c);
        for (std::size_t i = 0; i < holders.size(); ++i)
            for (std::size_t j = i + 1; j < holders.size(); ++j)
                if (!b_.sees(holders[i], holders[j])) return holders;
        return {};
    }

    bool conclude(Mask values) {
        int z = 0;
        std::vector<int> holders;
        for (Mask m = values; m != 0; m &= m - 1) {
            std::vector<int> loose = unrestricted(lowest(m));
            if (loose.empty()) continue;
            if (z != 0) return false;  // two values unrestricted: no conclusion
            z = lowest(m), holders = std::move(loose);
        }
        if (!has_pivot() || (search_.sukaku_shapes && !clique_and_bivalue())) return false;
        if (z == 0) return doubly_linked(values);
        eliminate(z, holders);
        return name(kNames[size_], b_.values_text(values) + " in " + sorted_text() + " on " + std::string(1, Board::symbol(z)));
    }

    // Every value restricted: K values each in at most one of K cells, so
    // each is in exactly one, and leaves the cells that see all its holders
    // (Sukaku Explainer's doubly linked wings). In one unit it is a naked
    // subset, found as one.
    bool doubly_linked(Mask values) {
        if (one_unit()) return false;
        for (Mask m = values; m != 0; m &= m - 1) {
            std::vector<int> holders;
            for (int c : cells_)
                if (b_.has(c, lowest(m))) holders.push_back(c);
            eliminate(lowest(m), holders);
        }
        sort_unique(step_.eliminations);
        return name(kDoubly[size_], b_.values_text(values) + " in " + sorted_text());
    }

    // z leaves every cell outside the wing that sees all of `holders`.
    void eliminate(int z, const std::vector<int>& holders) {
        for (int p : b_.peers(holders.front())) {
            if (!b_.has(p, z) || in_set(p)) continue;
            bool all = true;
            for (int h : holders) all = all && b_.sees(p, h);
            if (all) step_.eliminations.push_back({u32(p), u32(z)});
        }
    }

    bool name(const char* technique, std::string where) {
        if (step_.eliminations.empty()) return false;
        step_.technique = technique;
        step_.where = std::move(where);
        for (int c : cells_) step_.pattern.push_back({u32(c), 0});
        return true;
    }

    std::string sorted_text() const {
        std::vector<int> sorted = cells_;
        std::sort(sorted.begin(), sorted.end());
        return b_.cells_text(sorted);
    }

    bool one_unit() const {
        for (int u : {b_.row_unit(cells_[0]), b_.col_unit(cells_[0]), b_.box_unit(cells_[0])}) {
            bool all = true;
            for (int c : cells_) all = all && (u == b_.row_unit(c) || u == b_.col_unit(c) || u == b_.box_unit(c));
            if (all) return true;
        }
        return false;
    }

    static constexpr const char* kNames[] = {"", "", "", "", "wxyz-wing", "vwxyz-wing", "uvwxyz-wing"};
    static constexpr const char* kDoubly[] = {"", "", "", "", "doubly linked wxyz-wing", "doubly linked vwxyz-wing",
                                              "doubly linked uvwxyz-wing"};

    // A cell that sees every other (a wing's pivot, as Sukaku Explainer
    // draws its wings).
    bool has_pivot() const {
        for (int p : cells_) {
            bool all = true;
            for (int x : cells_) all = all && (x == p || b_.sees(p, x));
            if (all) return true;
        }
        return false;
    }

    // Sukaku Explainer's shape: a bivalue cell and K-1 cells that all see
    // each other (an almost locked set of K values).
    bool clique_and_bivalue() const {
        for (int y : cells_) {
            if (count(b_.mask(y)) != 2) continue;
            bool clique = true;
            for (int p : cells_)
                for (int q : cells_) clique = clique && (p == y || q == y || p == q || b_.sees(p, q));
            if (clique) return true;
        }
        return false;
    }

    bool in_set(int c) const {
        for (int x : cells_)
            if (x == c) return true;
        return false;
    }

    const Board& b_;
    Search& search_;
    int size_;
    Step& step_;
    std::vector<int> cells_;
};

}  // namespace

bool wxyz_wing(const Board& b, Search& s, Step& step) { return WingSearch(b, s, 4, step).run(); }
bool vwxyz_wing(const Board& b, Search& s, Step& step) { return WingSearch(b, s, 5, step).run(); }
bool uvwxyz_wing(const Board& b, Search& s, Step& step) { return WingSearch(b, s, 6, step).run(); }

}  // namespace logic
