// Forcing chains and bounded forcing nets (branch.cpp, forcing.cpp): an assumption
// ("v at this cell") and what it forces, propagated on a copy of the
// candidate state. Each deduction records the facts of the real state it
// read, so a step built on branches can name them all as its pattern.
#pragma once

#include <string>
#include <vector>

#include "ancestry.hpp"
#include "techniques.hpp"

namespace logic {

struct Propagation {
    bool net = false;        // also locked candidates and naked/hidden pairs
    int max_depth = 1 << 30;  // net rounds (a sweep of the net rules, each deduction followed by singles)
    int max_size = 1 << 30;   // deductions in all
    // Nesting (nested forcing nets): a branch of level L > 0 that stalls
    // runs a forcing net of level L - 1 on its own state as one more
    // deduction rule; at most max_inner such steps per branch.
    int level = 0;
    int max_inner = 1 << 30;
    // Plain (SE's multiple forcing chains): only singles of one link, a
    // cell or a unit that had two; a contradiction is not looked for, and
    // the branch goes on past one (what it deduces still follows).
    bool plain = false;
    // Singles level by level (every single of the state, then the next
    // state's), as SE's breadth-first search finds them, so that each
    // deduction rests on as few as it can (the rated ladders).
    bool levels = false;
};

// One branch: the state after assuming v at `cell` and propagating.
class Branch {
public:
    // A branch starts from the real state, or (nested) from `from`'s.
    Branch(const Board& board, Search& search, const Propagation& how, const Branch* from = nullptr);

    // Assumes v at cell and propagates until nothing more follows, a
    // contradiction, a bound (cut) or the budget (stopped).
    void run(int cell, int v);

    bool contradiction = false;
    bool cut = false;      // a bound ended it: it may not have reached all it forces
    bool stopped = false;  // the host's budget ran out
    std::string why;       // the contradiction, in words
    std::vector<Mask> masks;
    std::vector<uint8_t> values;
    // Per cell, the facts of the real state read: bit 0 the whole cell
    // (its candidates), bit v whether v is a candidate there.
    std::vector<Mask> facts;
    // What it deduced, in order: each value placed (the assumption first)
    // and each candidate a net rule removed (a placement's peers are
    // implied). A step's chains are read from it (chain_lines).
    struct Fact {
        int cell, value;
        bool placed;
    };
    std::vector<Fact> trail;
    // What each deduction rests on (ancestry.hpp): a step's length is its
    // targets' ancestors. `conflict`: the removals that ran into the
    // contradiction (a cell's candidates, a value's places in a unit).
    Ancestry ancestry;
    std::vector<int> conflict;

    // The facts as a pattern, added to `out` (facts of several branches are
    // joined with join() first).
    void join(std::vector<Mask>& into) const;
    int level() const { return how_.level; }  // > 0: nested (its nested steps keep no parents)
    static void name(const std::vector<Mask>& facts, std::vector<Cand>& pattern);

private:
    bool deduce();  // counts one deduction; false when a bound or the budget ends the branch
    bool spend(int k);  // k nodes of the search budget; true when it ran out
    void place(int cell, int v, const std::vector<int>& parents, bool dynamic = false);
    bool remove(int cell, Mask values, const std::vector<int>& parents);  // true when it removed something
    void place_forced(int cell, int v);  // a single: its parents found
    Mask twice_at_start(int u) const;
    // The nodes that removed `values` from `cell`, or v from unit u's cells
    // but `except`, in this branch: a deduction's parents.
    void gone_at(int cell, Mask values, std::vector<int>& into) const;
    void gone_in(int u, int v, int except, std::vector<int>& into) const;
    void read_unit(int u, int v);
    bool singles();
    bool singles_by_level();
    int naked_at(int cell);
    bool lone_in(int u, Mask& lone);
    int place_in(int u, int v) const;
    bool net_round(bool& changed);
    bool locked(int u, bool& changed);
    bool pairs(int u, bool& changed);
    bool nested(bool& changed);
    bool inner_base(const std::vector<Cand>& at, int cell, int u, int v, bool& changed);
    void read_base(int cell, int u, int v);

    const Board& b_;
    std::vector<Mask> start_;  // the candidates the branch started from
    Search& search_;
    Propagation how_;
    const Branch* from_;
    int deductions_ = 0, inner_steps_ = 0;
};

// The forcing techniques: bases are a cell's candidates, or a value's
// places in a unit (docs/logic.md, rows 38 to 41).
bool forcing_from_cell(const Board& b, Search& search, const Propagation& how, int cell, Step& step);
bool forcing_from_unit(const Board& b, Search& search, const Propagation& how, int u, int v, Step& step);

}  // namespace logic
