// template-solver: a complete numplace plugin in one file, for copying.
// Backtracking over bit masks: each row, column and box keeps the set of
// values it already holds; the search fills the empty cell with the fewest
// candidates first. Any box shape R x C with R*C <= 25.
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "numplace/plugin.hpp"

namespace {

class Search {
public:
    explicit Search(np::plugin::Solve& call) : call_(call), n_(call.shape.side()), cells_(call.givens, call.givens + n_ * n_) {
        rows_.assign(n_, 0), cols_.assign(n_, 0), boxes_.assign(n_, 0);
    }

    // Places the givens; false (and the call answers "invalid") when one
    // repeats a value earlier in its row, then column, then box. Rows are
    // checked first, then columns, then boxes, each in row-major order, so
    // the cell named is the later one of the first repeated pair.
    bool place_givens() {
        for (const char* unit : {"row", "column", "box"}) {
            std::vector<uint32_t> seen(n_, 0);
            for (int r = 0; r < n_; ++r)
                for (int c = 0; c < n_; ++c) {
                    const int v = cells_[r * n_ + c];
                    const int u = unit[0] == 'r' ? r : unit[0] == 'c' ? c : call_.shape.box_of(r, c);
                    if (v == 0) continue;
                    if (seen[u] & bit(v)) return repeated(unit, r, c, v);
                    seen[u] |= bit(v);
                }
        }
        for (int i = 0; i < n_ * n_; ++i)
            if (cells_[i]) mark(i, cells_[i]);
        return true;
    }

    // Counts solutions up to the call's limit. True when the search must stop.
    bool run() {
        if (call_.spent()) return true;
        int best = -1, fewest = n_ + 1;
        for (int i = 0; i < n_ * n_ && fewest > 1; ++i) {
            if (cells_[i]) continue;
            const int k = std::popcount(candidates(i));
            if (k < fewest) best = i, fewest = k;
        }
        if (best < 0) return call_.found(cells_.data());  // full: a solution
        if (fewest > 1) call_.guess();
        for (uint32_t left = candidates(best); left; left &= left - 1) {
            const int v = std::countr_zero(left);
            mark(best, v);
            const bool stop = run();
            unmark(best, v);
            if (stop) return true;
        }
        return false;
    }

private:
    static uint32_t bit(int v) { return 1u << v; }
    int box(int i) const { return call_.shape.box_of(i / n_, i % n_); }
    uint32_t candidates(int i) const {
        const uint32_t all = ((1u << n_) - 1) << 1;  // values 1..n
        return all & ~(rows_[i / n_] | cols_[i % n_] | boxes_[box(i)]);
    }
    void mark(int i, int v) {
        cells_[i] = static_cast<uint8_t>(v);
        rows_[i / n_] |= bit(v), cols_[i % n_] |= bit(v), boxes_[box(i)] |= bit(v);
    }
    void unmark(int i, int v) {
        cells_[i] = 0;
        rows_[i / n_] &= ~bit(v), cols_[i % n_] &= ~bit(v), boxes_[box(i)] &= ~bit(v);
    }
    bool repeated(const char* unit, int r, int c, int v) {
        const auto code = unit[0] == 'r' ? NP_REASON_DUPLICATE_IN_ROW
                          : unit[0] == 'c' ? NP_REASON_DUPLICATE_IN_COLUMN
                                           : NP_REASON_DUPLICATE_IN_BOX;
        call_.invalid(code, r, c, v, "the given " + std::to_string(v) + " repeats in its " + unit);
        return false;
    }

    np::plugin::Solve& call_;
    int n_;
    std::vector<uint8_t> cells_;
    std::vector<uint32_t> rows_, cols_, boxes_;
};

struct TemplateSolver {
    static constexpr np::plugin::Info info = {
        "template-solver", "0.1.0", "Bit-mask backtracking, fewest candidates first (the plugin template)",
        NP_CAP_SOLVE | NP_CAP_COUNT | NP_CAP_PROVE_UNIQUE, /*max_side=*/25};

    void solve(np::plugin::Solve& call) {
        Search search(call);
        if (search.place_givens()) search.run();
    }
};

}  // namespace

NUMPLACE_PLUGIN(TemplateSolver)
