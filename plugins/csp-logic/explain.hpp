// csp-logic: the engine's propagators as the steps of an explanation, in
// the words setters use (docs/variants.md, "Explained variants"). No search:
// each step is one deduction from the state the host keeps (plugin_api.h,
// "Steps"), and a run that finds none left is stuck.
//
// The fan, tried in this order after every step (the first that finds
// something makes the step):
//   naked single         an empty cell with one candidate
//   hidden single        a digit with one place in a unit of N cells (a row,
//                        column, region, extra region, diagonal, disjoint
//                        group, cage of N cells)
//   a constraint's own   one propagator of csp (engine.hpp) on one
//                        constraint: cage combinations, thermometer and
//                        arrow bounds, Kropki and XV pairs, whispers, ...;
//                        its pattern is the constraint's cells
//   innies and outies    the rule of 45 (innies.cpp): a row, column or region
//                        sums to N(N+1)/2, so the cells the whole cages in it
//                        leave (or the cells outside it that the cages
//                        covering it add) have a known sum, as a little killer
//   law of leftovers     a jigsaw's k first or last rows or columns and the k
//                        regions most in them hold the same digits, so their
//                        leftover cells (leftovers.cpp) hold the same digits
//   locked candidates    a digit whose places in a unit of N cells all see
//                        a cell: not there (box/line, and through cages,
//                        diagonals and knights' moves alike)
//   naked pair           two cells of one group of different digits with
//                        the same two candidates: no other cell of it has them
//   hidden pair          two digits with the same two places in a unit of N
//                        cells: those cells hold no other digit
//   forcing net          the last resort: a candidate that, placed, leads by
//                        the fan above to a contradiction within kNetSteps
//                        steps is not there (its pattern: every cell the
//                        branch read)
//
// The state (Explainer::masks_) follows the host's exactly: a placement
// removes its digit from the cells that must differ from it (the engine's
// peers, which are the host's variant_peers), and nothing else does.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine.hpp"  // plugins/csp

namespace csp {

struct ExplainStep {
    std::string technique, where;
    // (cell, digit); in the pattern digit 0 names the whole cell.
    std::vector<std::pair<int, int>> placements, eliminations, pattern;
    std::size_t length = 0;  // a forcing net's steps (np_step.length), else 0
};

struct ExplainHooks {
    std::function<bool()> spent;                    // before each step: true to stop
    std::function<bool(const ExplainStep&)> step;   // false: the host takes no more
};

enum class Ending { solved, contradiction, stuck, stopped };

class Explainer {
public:
    // `start`: each cell's candidate mask as the host gave it (a given: its bit).
    // `nets`: take forcing nets as the last resort (the glue asks it for
    // variant puzzles only: a classic one has logic, whose chains go further).
    Explainer(const Engine& engine, const uint8_t* givens, const std::vector<Mask>& start, bool nets);
    Ending run(const ExplainHooks& hooks);
    uint64_t steps() const { return steps_; }
    // The steps the forcing nets' branches ran in all (bounded: kNetTotal).
    uint64_t net_steps() const { return net_total_; }
    uint64_t enumerated() const { return enumerated_; }
    // The digits placed (0: empty), a full grid once run() answers solved.
    const std::vector<uint8_t>& grid() const { return values_; }
    // What stopped a contradiction, in words ("no place for 4 in row 3").
    const std::string& why() const { return why_; }

private:
    bool basic(ExplainStep& s);
    std::vector<uint64_t> places(const std::vector<int>& cells) const;
    bool forcing_net(ExplainStep& s);
    bool refutes(int cell, int v, std::vector<uint8_t>& read, std::size_t& steps);
    bool hidden_pair(ExplainStep& s);
    // leftovers.cpp: the law of leftovers (jigsaws).
    bool leftovers(ExplainStep& s);
    bool leftover_step(const std::vector<int>& a, const std::vector<int>& b, int k, int side, ExplainStep& s);
    // innies.cpp: the rule of 45.
    bool innies_outies(ExplainStep& s);
    bool sum_step(const std::vector<int>& cells, int target, const char* which, std::size_t u, ExplainStep& s);
    bool dead_end();
    bool naked_single(ExplainStep& s);
    bool hidden_single(ExplainStep& s);
    bool constraint(ExplainStep& s);
    bool locked_candidates(ExplainStep& s);
    bool naked_pair(ExplainStep& s);
    bool narrow(const std::function<bool(Domains&)>& propagate);
    void apply(const ExplainStep& s);
    std::string prop_name(int id, std::string& where) const;
    std::string unit_name(int u) const;
    std::string label(int cell) const;

    const Engine& e_;
    int n_, cells_;
    std::vector<uint8_t> values_;
    std::vector<Mask> masks_;     // empty cells: candidates; placed: their bit
    // A forcing net's branch runs at most kNetSteps steps; one search for a
    // net at most kNetWork steps in all its branches (past it: stuck).
    // A whole run's nets at most kNetTotal steps, and no net once the run's
    // enumeration (csp's, in every branch) passed kEnumerationTotal nodes
    // (about 1.5 s; docs/variants.md): past either, stuck. Counts, not a
    // clock, so that what a run concludes never depends on the machine.
    static constexpr std::size_t kNetSteps = 60, kNetWork = 60000, kNetTotal = 200000;
    static constexpr uint64_t kEnumerationTotal = 30'000'000;

    std::shared_ptr<const std::vector<std::vector<int>>> prop_cells_;  // per prop: the cells it watches (its pattern)
    std::vector<int> dead_cells_;  // where the last contradiction was found
    const std::function<bool()>* spent_ = nullptr;  // run()'s budget, for the net's search
    std::size_t net_work_ = 0;
    bool net_spent_ = false;  // a forcing net search ended by the budget (run(): stopped, not stuck)
    uint64_t net_total_ = 0;
    bool nets_ = false;
    std::vector<uint8_t> dirty_;  // per prop: a cell it watches changed since it last ran
    uint64_t steps_ = 0, enumerated_ = 0;
    std::vector<uint8_t> scratch_;
    std::vector<Mask> work_;                // a prop's copy of the masks
    std::vector<int> touched_;              // Domains' bookkeeping, empty between props
    std::vector<uint8_t> is_touched_;
    std::string why_;
};

}  // namespace csp
