// bitmask-mrv: full grids and unique puzzles (seed 004's generator).
//
// A full grid: the engine searches the empty grid for one solution, trying
// the candidates of every branching in an order shuffled by np::Rng.
//
// A puzzle: start from that grid (so puzzle i of a seed is cut from grid i
// of the same seed) and visit the clues - or, with a symmetry, the orbits of
// clues under it - once each, in an order shuffled by the same Rng. Each is
// taken out and put back only if the puzzle stops being unique.
//
// Why one pass gives a minimal puzzle: a clue (orbit) X that was put back
// was needed when it was tried, i.e. P_t minus X has two solutions, where
// P_t is the puzzle at that time. Later removals only shrink the puzzle to
// some P, and P minus X is a subset of P_t minus X, so it has all those
// solutions too: X is still needed at the end. Every clue (orbit) is tried
// once, so none can go at the end. (With a symmetry this is minimality over
// orbits; a single clue of an orbit may well be removable.)
//
// The uniqueness test for a removal does not count to two. The puzzle before
// the removal is unique with solution S (it starts as the full grid, and only
// removals that keep uniqueness are kept). A second solution of P minus X
// agrees with S outside X; on X it must differ from S somewhere, or it would
// solve P. So for X = {x1..xk} the engine looks for any solution with
// x1 != S(x1); then with x1 = S(x1), x2 != S(x2); and so on: these searches
// split "differs somewhere on X" into disjoint cases, and each stops at its
// first solution. For single clues that is one search with one value
// forbidden in one cell, much cheaper than proving uniqueness from scratch.
//
// Guesses (np_stats) are those of the searches only: the grid's branchings
// and those of every removal test. The shuffled order in which clues are
// visited is not a guess: it is drawn outside any search and fixes no cell's
// value; it only decides which clues the pass tries first.
//
// Options: symmetry (the clue pattern; see make_orbits), minimal (1: visit
// every orbit; 0: stop as soon as the clue target is met), clues (the
// target; 0 = none). With minimal=1 the target changes nothing: minimality
// wins and the result has as many clues as it needs. With minimal=0 and no
// target, the pass also visits every orbit, so the result is minimal too.
#pragma once

#include <cstdint>
#include <cstring>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "search.hpp"
#include "numplace/random.hpp"

namespace bitmask_mrv {

// Symmetries of the clue pattern. They act on cell positions of the N x N
// square, which every one of them maps onto itself whatever the box shape:
// a symmetric puzzle is one whose set of given cells is symmetric; the values
// and the boxes are not involved (a 90-degree turn of a 2x3-box grid is not a
// 2x3-box grid, but its clue positions are still positions of the grid).
enum class Symmetry { none, rotate180, rotate90, mirror, diagonal };

// The image of (row, column) under one application of the symmetry:
// rotate180 (r, c) -> (N-1-r, N-1-c); rotate90 (r, c) -> (c, N-1-r)
// (clockwise); mirror (r, c) -> (r, N-1-c) (left-right); diagonal
// (r, c) -> (c, r) (the main diagonal).
inline int symmetric_cell(Symmetry symmetry, int side, int cell) {
    const int r = cell / side, c = cell % side, last = side - 1;
    switch (symmetry) {
        case Symmetry::none: return cell;
        case Symmetry::rotate180: return (last - r) * side + (last - c);
        case Symmetry::rotate90: return c * side + (last - r);
        case Symmetry::mirror: return r * side + (last - c);
        case Symmetry::diagonal: return c * side + r;
    }
    return cell;
}

// The orbits of the cells: each cell with its images under repeated
// application, listed from the smallest cell number.
struct Orbits {
    std::vector<int> cells;  // orbit o is cells[start[o] .. start[o+1])
    std::vector<int> start;
    int count() const { return static_cast<int>(start.size()) - 1; }
};

inline Orbits make_orbits(int side, Symmetry symmetry) {
    const int n = side * side;
    Orbits orbits;
    std::vector<bool> taken(static_cast<std::size_t>(n), false);
    for (int cell = 0; cell < n; ++cell) {
        if (taken[static_cast<std::size_t>(cell)]) continue;
        orbits.start.push_back(static_cast<int>(orbits.cells.size()));
        int x = cell;
        do {
            taken[static_cast<std::size_t>(x)] = true;
            orbits.cells.push_back(x);
            x = symmetric_cell(symmetry, side, x);
        } while (x != cell);
    }
    orbits.start.push_back(static_cast<int>(orbits.cells.size()));
    return orbits;
}

struct PuzzleSettings {
    Symmetry symmetry = Symmetry::none;
    bool minimal = true;
    int clue_target = 0;  // 0: none
};

template <class Eng>
class Generator {
public:
    explicit Generator(Eng& engine)
        : engine_(engine),
          cells_(static_cast<std::size_t>(engine.cell_count())),
          grid_(cells_.size()),
          puzzle_(cells_.size()) {}

    // A full grid into `out`. False when the budget ran out.
    bool make_grid(np::Rng& rng, uint8_t* out) {
        std::fill(cells_.begin(), cells_.end(), uint8_t{0});
        if (!engine_.load(cells_.data())) throw std::logic_error("internal error: the empty grid breaks a rule");
        engine_.settle_root();
        RandomOrder order{&rng};
        const Outcome outcome = engine_.run(1, order);
        if (outcome.stop == Stop::budget) return false;
        // Every shape has full grids and the search is complete.
        if (outcome.count != 1) throw std::logic_error("internal error: the empty grid had no completion");
        std::memcpy(out, engine_.solution(0), cells_.size());
        return true;
    }

    // A unique puzzle into `out`. False when the budget ran out.
    bool make_puzzle(np::Rng& rng, const PuzzleSettings& settings, const Orbits& orbits, uint8_t* out) {
        if (!make_grid(rng, grid_.data())) return false;
        puzzle_ = grid_;
        int clues = static_cast<int>(grid_.size());

        std::vector<int>& order = orbit_order_;
        order.resize(static_cast<std::size_t>(orbits.count()));
        std::iota(order.begin(), order.end(), 0);
        rng.shuffle(order.begin(), order.end());

        for (const int o : order) {
            if (!settings.minimal && settings.clue_target > 0 && clues <= settings.clue_target) break;
            const int* first = orbits.cells.data() + orbits.start[static_cast<std::size_t>(o)];
            const int size = orbits.start[static_cast<std::size_t>(o) + 1] - orbits.start[static_cast<std::size_t>(o)];
            for (int k = 0; k < size; ++k) puzzle_[static_cast<std::size_t>(first[k])] = 0;
            const int verdict = still_unique(first, size);
            if (verdict < 0) return false;
            if (verdict > 0) {
                clues -= size;
            } else {
                for (int k = 0; k < size; ++k)
                    puzzle_[static_cast<std::size_t>(first[k])] = grid_[static_cast<std::size_t>(first[k])];
            }
        }
        std::memcpy(out, puzzle_.data(), puzzle_.size());
        return true;
    }

    // Proves that `puzzle` (made by make_puzzle) has exactly one solution:
    // one search counting to two, its tree written to `proof` (search.hpp).
    // The removal tests above are not a proof (each assumes the one before),
    // so this search is made only when a proof is asked. False when the
    // budget ran out.
    bool prove_unique(const uint8_t* puzzle, np::proof::ProofWriter& proof) {
        if (!engine_.load(puzzle)) throw std::logic_error("internal error: generated givens break a rule");
        engine_.settle_root();
        engine_.prove_with(&proof);
        Ascending ascending;
        const Outcome outcome = engine_.run(2, ascending);
        engine_.prove_with(nullptr);
        if (outcome.stop == Stop::budget) return false;
        if (outcome.count != 1) throw std::logic_error("internal error: a generated puzzle is not unique");
        return true;
    }

private:
    // puzzle_ has the orbit's cells emptied and was unique with solution
    // grid_ before. 1: still unique; 0: not; -1: budget spent.
    int still_unique(const int* orbit, int size) {
        int verdict = 1;
        for (int i = 0; i < size && verdict == 1; ++i) {
            const int x = orbit[i];
            // A part of a valid grid breaks no rule.
            if (!engine_.load(puzzle_.data())) throw std::logic_error("internal error: generated givens break a rule");
            engine_.forbid(x, grid_[static_cast<std::size_t>(x)]);
            engine_.settle_root();
            Ascending ascending;
            const Outcome outcome = engine_.run(1, ascending);
            if (outcome.stop == Stop::budget) verdict = -1;
            else if (outcome.count > 0) verdict = 0;
            // The next case keeps this cell at its value.
            puzzle_[static_cast<std::size_t>(x)] = grid_[static_cast<std::size_t>(x)];
        }
        for (int i = 0; i < size; ++i) puzzle_[static_cast<std::size_t>(orbit[i])] = 0;
        return verdict;
    }

    Eng& engine_;
    std::vector<uint8_t> cells_, grid_, puzzle_;
    std::vector<int> orbit_order_;
};

}  // namespace bitmask_mrv
