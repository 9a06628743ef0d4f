// The techniques, simplest first. Each finder looks for one step that
// changes the state and fills `step` (its name, where, effects and
// pattern); the solver applies the first one found and starts over from the
// simplest. docs/logic.md defines each for any R x C box shape.
#pragma once

#include <array>
#include <functional>
#include <string_view>

#include "board.hpp"

namespace logic {

// What a finder may spend: spent() counts one node and says when the
// host's node budget or deadline has run out (the finder then gives up).
struct Search {
    std::function<bool()> budget_spent;
    int max_fish = 4;  // largest fish size tried (already bounded by N/2)
    int max_net_depth = 3, max_net_size = 400;  // forcing nets: bounds per branch (forcing.cpp)
    int max_net_level = 1, max_net_inner = 16;   // nested forcing nets: nesting depth, nested steps per branch
    bool grouped_nodes = true;  // the AIC's nodes of 2+ cells (off in the se profile: SE has none)
    // Forcing chains chosen as SE chooses (rated ladders): of every base,
    // the cheapest by SE's measure, and of its conclusions only the
    // cheapest (SE applies one a hint). Else the first base, whole.
    bool se_order = false;
    bool stopped = false;
    // The sukaku ladder's shapes: wings are an ALS of K-1 cells that all
    // see each other and a bivalue cell, as Sukaku Explainer builds them
    // (wings.cpp).
    bool sukaku_shapes = false;
    bool spent() { return stopped || (stopped = budget_spent()); }
};

using Finder = bool (*)(const Board&, Search&, Step&);

struct Technique {
    const char* id;  // for the options max-technique and without
    Finder find;
    bool uniqueness = false;  // assumes one solution: on only with uniqueness=on
};

// singles.cpp
bool full_house(const Board&, Search&, Step&);
bool naked_single(const Board&, Search&, Step&);
bool hidden_single(const Board&, Search&, Step&);
bool locked_candidates(const Board&, Search&, Step&);
bool naked_pair(const Board&, Search&, Step&);
bool hidden_pair(const Board&, Search&, Step&);
bool naked_triple(const Board&, Search&, Step&);
bool hidden_triple(const Board&, Search&, Step&);
bool naked_quad(const Board&, Search&, Step&);
bool hidden_quad(const Board&, Search&, Step&);
bool direct_locked_candidates(const Board&, Search&, Step&);  // SE's direct forms: the rated ladders only
bool direct_hidden_pair(const Board&, Search&, Step&);
bool direct_hidden_triple(const Board&, Search&, Step&);
// fish.cpp
bool x_wing(const Board&, Search&, Step&);
bool finned_x_wing(const Board&, Search&, Step&);
bool swordfish(const Board&, Search&, Step&);
bool finned_swordfish(const Board&, Search&, Step&);
bool jellyfish(const Board&, Search&, Step&);
bool finned_jellyfish(const Board&, Search&, Step&);
bool big_fish(const Board&, Search&, Step&);  // sizes 5 .. max_fish, basic then finned
// chains.cpp
bool skyscraper(const Board&, Search&, Step&);
bool two_string_kite(const Board&, Search&, Step&);
bool xy_wing(const Board&, Search&, Step&);
bool xyz_wing(const Board&, Search&, Step&);
bool w_wing(const Board&, Search&, Step&);
bool simple_colouring(const Board&, Search&, Step&);
// wings.cpp: the wings of four, five and six cells
bool wxyz_wing(const Board&, Search&, Step&);
bool vwxyz_wing(const Board&, Search&, Step&);
bool uvwxyz_wing(const Board&, Search&, Step&);
// aic.cpp
bool x_chain(const Board&, Search&, Step&);
bool xy_chain(const Board&, Search&, Step&);
bool aic(const Board&, Search&, Step&);
bool x_cycle(const Board&, Search&, Step&);  // loops: SE's bidirectional cycles
bool y_cycle(const Board&, Search&, Step&);
bool xy_cycle(const Board&, Search&, Step&);
bool empty_rectangle(const Board&, Search&, Step&);  // one value, with groups: two strong links
bool grouped_x_chain(const Board&, Search&, Step&);  // up to four (Sukaku Explainer's grouped strong links)
// als.cpp
bool als_xz(const Board&, Search&, Step&);
bool als_xy_wing(const Board&, Search&, Step&);
// forcing.cpp
bool cell_forcing_chain(const Board&, Search&, Step&);
bool unit_forcing_chain(const Board&, Search&, Step&);
bool forcing_net(const Board&, Search&, Step&);
bool nested_forcing_net(const Board&, Search&, Step&);  // levels 1 .. max_net_level
// uniq.cpp: uniqueness techniques, off unless the option uniqueness=on
bool unique_rectangle(const Board&, Search&, Step&);
bool unique_loop(const Board&, Search&, Step&);
bool bug_plus_one(const Board&, Search&, Step&);
// exclusion.cpp
bool aligned_pair_exclusion(const Board&, Search&, Step&);
bool aligned_triple_exclusion(const Board&, Search&, Step&);
bool nishio(const Board&, Search&, Step&);

// The order in which they are tried (roughly by the difficulty solvers
// give them). A skyscraper is also a finned (sashimi) x-wing: named first,
// it keeps its own name.
inline constexpr std::array<Technique, 49> kTechniques = {{
    {"full-house", full_house},
    {"naked-single", naked_single},
    {"hidden-single", hidden_single},
    {"locked-candidates", locked_candidates},
    {"naked-pair", naked_pair},
    {"hidden-pair", hidden_pair},
    {"naked-triple", naked_triple},
    {"hidden-triple", hidden_triple},
    {"naked-quad", naked_quad},
    {"hidden-quad", hidden_quad},
    {"x-wing", x_wing},
    {"skyscraper", skyscraper},
    {"two-string-kite", two_string_kite},
    {"finned-x-wing", finned_x_wing},
    {"w-wing", w_wing},
    {"swordfish", swordfish},
    {"simple-colouring", simple_colouring},
    {"xy-wing", xy_wing},
    {"jellyfish", jellyfish},
    {"xyz-wing", xyz_wing},
    {"finned-swordfish", finned_swordfish},
    {"finned-jellyfish", finned_jellyfish},
    {"big-fish", big_fish},
    {"x-chain", x_chain},
    {"xy-chain", xy_chain},
    {"aic", aic},
    {"x-cycle", x_cycle},
    {"y-cycle", y_cycle},
    {"xy-cycle", xy_cycle},
    {"als-xz", als_xz},
    {"als-xy-wing", als_xy_wing},
    {"wxyz-wing", wxyz_wing},  // ALS-XZ finds what they find: in the default ladder they name few steps
    {"vwxyz-wing", vwxyz_wing},
    {"uvwxyz-wing", uvwxyz_wing},
    {"aligned-pair-exclusion", aligned_pair_exclusion},
    {"aligned-triple-exclusion", aligned_triple_exclusion},
    {"nishio", nishio},
    {"cell-forcing-chain", cell_forcing_chain},
    {"unit-forcing-chain", unit_forcing_chain},
    {"forcing-net", forcing_net},
    {"nested-forcing-net", nested_forcing_net},
    {"unique-rectangle", unique_rectangle, true},
    {"unique-loop", unique_loop, true},
    {"bug", bug_plus_one, true},
    // Last: the default ladder's locked candidates and subsets come first
    // and do their work; the rated ladders take them in SE's place.
    {"direct-locked-candidates", direct_locked_candidates},
    {"direct-hidden-pair", direct_hidden_pair},
    {"direct-hidden-triple", direct_hidden_triple},
    // The AIC, with its groups, finds what these find: in the default
    // ladder they come last (each search spends the node budget); the
    // sukaku and hodoku ladders take them where those programs do.
    {"empty-rectangle", empty_rectangle},  // a grouped x-chain of two strong links
    {"grouped-x-chain", grouped_x_chain},
}};

// The finder the solver runs for kTechniques[i]: kTechniques[i].find
// (identity.cpp, the one place a test build swaps one).
Finder finder(std::size_t i);

// Cells that see every cell of `of` (none of them), in row-major order.
std::vector<int> common_peers(const Board& board, std::initializer_list<int> of);

}  // namespace logic
