// csp: the making of variant puzzles - one style at a time, pure functions
// of a shape and an np::Rng. A full grid obeying the style's structural rules
// comes first (the Engine completes a few random seed cells), then the
// style's constraints are read off that grid (so they hold), then givens are
// removed in a random order while the Engine still finds exactly one
// solution. The host's channel (ABI, worker, CLI) is plugin.cpp's business.
//
//   generate.hpp        this file: the interface, and the parts the two
//                       sources share (namespace csp::gen)
//   generate.cpp        styles, refusals, the solution grid, jigsaw regions,
//                       the removal of givens, make_puzzle
//   generate_clues.cpp  constraints read off a solution: windows, cages,
//                       thermometers, arrows, dots, XV, sandwiches
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine.hpp"            // csp::Counters etc.
#include "numplace/random.hpp"   // np::Rng
#include "numplace/sdk_variant.hpp"

namespace csp {

// A generated puzzle: its rules and its givens (N*N cells, 0 = empty).
struct Made {
    np::sdk::Variant variant;
    std::vector<uint8_t> givens;
    int box_rows = 0, box_cols = 0;  // the shape it was made for
};

// The styles csp makes, in this order (the values of csp's "variant" option):
// jigsaw, x, windoku, anti-knight, anti-king, non-consecutive, killer,
// killer-no-givens, thermometer, arrow, kropki, xv, sandwich.
const std::vector<std::string>& styles();

// Whether `style` can be made on a box_rows x box_cols shape (N = R*C); ""
// when it can, else one sentence why not.
std::string style_refusal(std::string_view style, int box_rows, int box_cols);

// One puzzle of `style` on the shape, all randomness drawn from `rng` (so the
// same rng state gives the same puzzle on any machine and compiler). It has
// exactly one solution by csp's own Engine. nullopt when spent() returned
// true (the budget ran out; it is polled at every node of every engine
// call), and at once for a style and shape style_refusal refuses.
// counters accumulates the engine's counters (guesses etc.) of the calls made.
// A jigsaw's variant is NP_REGIONS_IRREGULAR: its host geometry is 1 x N.
std::optional<Made> make_puzzle(std::string_view style, int box_rows, int box_cols, np::Rng& rng,
                                const std::function<bool()>& spent, Counters& counters);

// The proof that a made puzzle has exactly one solution (docs/proofs.md):
// csp's search of it, counting to two, written to `out`. It runs first into
// a writer that keeps nothing, so that only a proof csp finishes is sent;
// one it cannot finish (a rule past the checker's bounds, spent() true) is
// never begun, and the puzzle goes without (the host then proves it by
// another plugin). True when `out` got a whole proof.
bool prove_made(const Made& made, const std::function<bool()>& spent, np::proof::ProofWriter& out);

// ---- shared by generate.cpp and generate_clues.cpp ----
namespace gen {

using Grid = std::vector<uint8_t>;  // N*N digits, row-major
using Cells = std::vector<int>;

// Orthogonal neighbours; king's-step neighbours (edges and corners).
Cells orthogonal(int cell, int n);
Cells kings(int cell, int n);
// The cells form one orthogonally connected piece.
bool connected(const Cells& cells, int n);

// The windoku windows of the shape: R x C blocks one row or column in from
// the edge and apart from each other; empty when none fits.
std::vector<Cells> windows(int box_rows, int box_cols);

// The puzzle is built as csp's own Model (model.hpp: kinds with the ABI's
// numbers, nothing of the ABI's types), and becomes a Variant once, at the
// end of make_puzzle: the ABI's words stay in as few lines as can be.
//
// Constraints read off a full solution, added to m.rules (m.side is N).
void add_cages(Model& m, const Grid& solution, np::Rng& rng);
void add_thermometers(Model& m, const Grid& solution, np::Rng& rng);
void add_arrows(Model& m, const Grid& solution, np::Rng& rng);
void add_kropki(Model& m, const Grid& solution, np::Rng& rng);
void add_xv(Model& m, const Grid& solution, np::Rng& rng);
void add_sandwiches(Model& m, const Grid& solution, np::Rng& rng);

// Splits the killer cage of m holding `cell` in two connected cages (the
// sums from the solution), the piece with `cell` as even as the rest
// allows; false when that cage is a single cell.
bool split_cage(Model& m, int cell, const Grid& solution, np::Rng& rng);

}  // namespace gen
}  // namespace csp
