// fuzz --variants: a variant puzzle carried through a symmetry of the
// square or a relabelling of the digits, every constraint mapped along, so
// that the copy has exactly as many solutions as the puzzle (each solution
// mapped the same way). A kind a map cannot carry makes the map refuse the
// puzzle (nullopt), never a copy with the constraint dropped.
// Internal to harness/fuzz.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "numplace/grid.hpp"
#include "numplace/random.hpp"
#include "numplace/variant.hpp"

namespace np::fuzz {

// One of the 8 symmetries of the square: (r, c) -> (c, r) when transposed,
// then rows and columns reversed as flagged. Outside clues (row or column
// -1 or N) map by the same formula.
struct Square {
    bool transpose = false, flip_rows = false, flip_columns = false;
    std::string name() const;
};
// The 8, the identity first.
std::vector<Square> square_symmetries();

// The puzzle with its givens, regions (boxes only when the map keeps their
// shape: a transposition only for square boxes; an irregular map mapped
// along) and every constraint mapped: the diagonals swap, a row indexer
// becomes a column indexer under a transposition, and so on. nullopt when
// a region layout or a constraint is not kept (box indexers are kept by the
// identity only; row and column indexers only where the index's axis keeps
// its direction).
std::optional<Puzzle> map_puzzle(const Puzzle& p, const Square& s);
Grid map_grid(const Grid& g, const Square& s);

// The relabellings of docs/variants.md: any permutation, the complement
// d -> N+1-d, a permutation that keeps parity, one that keeps each third.
enum class RelabelKind { any, complement, parity, thirds };
struct Relabelling {
    RelabelKind kind = RelabelKind::any;
    std::vector<int> sigma;  // sigma[d] for d in 0..N (sigma[0] = 0)
    std::string name() const;
};
Relabelling draw_relabelling(RelabelKind kind, int side, Rng& rng);

// Whether relabellings of this kind keep a constraint of `kind` on a side
// (the docs' claims; plus, with values mapped: a quadruple's digits under
// any relabelling, and under the complement a cage's or little killer's sum
// s of k cells as k(N+1)-s, a thermometer read from its other end, a
// minimum as a maximum and back).
bool relabels(Kind kind, const Constraint& c, RelabelKind how, int side);

// The relabellings every constraint of the puzzle allows (but the
// identity), in the order above.
std::vector<RelabelKind> relabellings_for(const Puzzle& p);

// The puzzle relabelled: givens through sigma, values mapped as above;
// nullopt when a constraint is not kept.
std::optional<Puzzle> relabel_puzzle(const Puzzle& p, const Relabelling& r);
Grid relabel_grid(const Grid& g, const Relabelling& r);

}  // namespace np::fuzz
