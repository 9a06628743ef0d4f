// The logic plugin's candidate state: placed values and candidate masks,
// kept exactly as the host keeps its own (plugin_api.h, "Steps"), with the
// units of any R x C box shape and the names people give cells and units.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace logic {

using Mask = uint64_t;  // bit v = value v (1..N), or bit i = position i in a unit

// (cell, value); in a pattern value 0 names the whole cell.
struct Cand {
    uint32_t cell = 0, value = 0;
};

// One step as the plugin reports it.
struct Step {
    std::string technique, where;
    std::vector<Cand> placements, eliminations, pattern;
    bool assumes_unique = false;  // a uniqueness technique (NP_STEP_ASSUMES_UNIQUE)
    // A chain's nodes, for a rated ladder's length rule (solver.cpp) and the
    // host's ratings (np_step.length); 0: not a chain. The forcing
    // chains and nets give SE's count (ancestry.hpp), nested nets and
    // Nishio their pattern's size.
    std::size_t length = 0;
    bool dynamic = false;  // a forcing step that needs more than single links (ancestry.hpp)
    // A forcing step's branches, one line each (np_step.chains; forcing.cpp).
    std::string chains;
    void clear() { *this = Step{}; }
};

// Candidates in (cell, value) order, each once.
void sort_unique(std::vector<Cand>& cands);

inline int count(Mask m) { return __builtin_popcountll(m); }
inline int lowest(Mask m) { return __builtin_ctzll(m); }

class Board {
public:
    Board(int box_rows, int box_cols);

    int side() const { return n_; }
    int cells() const { return n_ * n_; }
    int box_rows() const { return rows_; }
    int box_cols() const { return cols_; }
    // Units 0..N-1 are rows, N..2N-1 columns, 2N..3N-1 boxes.
    int units() const { return 3 * n_; }
    const std::vector<int>& unit(int u) const { return unit_cells_[static_cast<std::size_t>(u)]; }
    int row(int cell) const { return cell / n_; }
    int col(int cell) const { return cell % n_; }
    int box(int cell) const { return (row(cell) / rows_) * rows_ + col(cell) / cols_; }
    int row_unit(int cell) const { return row(cell); }
    int col_unit(int cell) const { return n_ + col(cell); }
    int box_unit(int cell) const { return 2 * n_ + box(cell); }
    bool sees(int a, int b) const {
        return a != b && (row(a) == row(b) || col(a) == col(b) || box(a) == box(b));
    }
    const std::vector<int>& peers(int cell) const { return peers_[static_cast<std::size_t>(cell)]; }

    uint8_t value(int cell) const { return values_[static_cast<std::size_t>(cell)]; }
    Mask mask(int cell) const { return masks_[static_cast<std::size_t>(cell)]; }  // 0 once placed
    bool has(int cell, int v) const { return (mask(cell) >> v & 1) != 0; }
    // Positions (bit i = unit(u)[i]) where v is still a candidate.
    Mask positions(int u, int v) const;
    // Values placed in unit u.
    Mask placed(int u) const;
    Mask all_values() const { return ((Mask{1} << n_) - 1) << 1; }

    // Sets the state: `given` values (0 = empty) and each empty cell's
    // mask, less the values placed in its peers.
    void start(const uint8_t* given, const std::vector<Mask>& masks);
    // Eliminations first, then placements, each removing its value from
    // the peers (as the host applies a step).
    void apply(const Step& step);
    bool solved() const { return empty_ == 0; }
    // An empty cell without candidates, or a unit in which a value that is
    // not placed has no place left: the puzzle has no solution.
    bool contradiction() const;

    std::string label(int cell) const;   // "r3c5"
    std::string unit_name(int u) const;  // "row 3", "column 5", "box 6"
    // A value as the host writes it: 1-9 then A-Z, of the host's label for
    // v (ShownLabels) when the solve runs in labels of its own.
    static char symbol(int v);
    static std::string symbols(Mask m);     // "4,7": the host's labels, ascending
    std::string values_text(Mask m) const;  // "{4,7}"
    std::string cells_text(const std::vector<int>& cells) const;  // "r3c1,r3c5"

private:
    void place(int cell, int v);
    int n_, rows_, cols_, empty_ = 0;
    std::vector<std::vector<int>> unit_cells_, peers_;
    std::vector<uint8_t> values_;
    std::vector<Mask> masks_;
};

// While one exists, on this thread, symbol(v) writes host[v] in place of v:
// plugin.cpp solves in labels of the puzzle's own (so that the path does not
// depend on how the puzzle is labelled) and its steps' text must still read
// in the host's labels. host[0] = 0; empty: the labels are the host's.
class ShownLabels {
public:
    explicit ShownLabels(std::vector<int> host);
    ~ShownLabels();
    ShownLabels(const ShownLabels&) = delete;
    ShownLabels& operator=(const ShownLabels&) = delete;
};

// The host takes at most 200 bytes of `where`: longer text is cut.
std::string clipped(std::string text);
// "(5)" + text, or "(5=3)" + text when w is not 0: a chain's node.
std::string in_brackets(int v, int w, const std::string& text);
// head + items joined by seps[i], within the 200 bytes: the middle items
// give way to "..." so that both ends stay readable.
std::string chain_text(const std::string& head, const std::vector<std::string>& items, const std::string& seps);

}  // namespace logic
