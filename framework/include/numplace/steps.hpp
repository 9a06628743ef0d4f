// Steps of an explained solve (plugin_api.h, "Steps"): the host's own copy
// of each step a plugin reports, and the candidate state the steps act on,
// which the host keeps itself and certifies every step against. Whatever
// holds a plugin's steps (Session in process, the runner's parent for a
// worker) runs them through a StepState: the plugin's word is never taken.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "numplace/grid.hpp"
#include "numplace/host.hpp"

namespace np {

struct Candidate {
    int cell = 0;   // row * N + column, 0-based
    int value = 0;  // 1..N; in a pattern, 0 names the whole cell
    friend bool operator==(const Candidate&, const Candidate&) = default;
};

struct Step {
    std::string technique;  // "hidden single", "X-Wing"
    std::string where;      // "3 in box 6", "5 in r2,r8 / c3,c6"; may be empty
    std::vector<Candidate> placements, eliminations, pattern;
    // NP_STEP_ASSUMES_UNIQUE: right only if the puzzle has at most one
    // solution (a uniqueness technique).
    bool assumes_unique = false;
    // ABI 3.4: a chain's nodes, for ratings (0: not a chain); the host caps
    // it at N*N*N. Only a rating reads it.
    uint32_t length = 0;
    // ABI 3.10: a forcing step's branches as a player reads them, one line
    // each (plugin_api.h, np_step.chains); empty: none. Only read by people.
    std::string chains;
};


// What a step may hold at most, so that a plugin cannot make the host hold
// more than a grid's worth: N*N*N candidates in each list, 64 bytes of
// technique name and 200 of `where`.
constexpr std::size_t kMaxTechniqueBytes = 64, kMaxWhereBytes = 200;
// And of `chains`: a net's branches on a 25x25 grid run to a few KB each.
constexpr std::size_t kMaxChainsBytes = std::size_t{64} << 10;

// "" when `chains` is well formed (step_chains.cpp): printable lines, each
// facts "rRcC=V" / "rRcC<>V" joined by " -> " (the last may be words), every
// fact's cell one the step names in its pattern or effects.
std::string chains_problem(const Step& step, const Geometry& geometry);

// What one item's certified steps may hold in all, as a host keeps them
// (step_bytes of each): a plugin that explains cannot make the host (the
// parent, for a worker's steps) hold more than this for one puzzle, however
// many steps it sends and however large their patterns. plugins/logic's
// explanations hold at most 71 KB on the first 15 puzzles of
// eleven-hardest (nested nets) and 46 KB on the corpus's 16x16 and 25x25
// ones (docs/logic.md, "The state and the steps"); the step that would pass
// the bound is refused, and the answer is wrong.
constexpr std::size_t kMaxStepBytes = std::size_t{16} << 20;

// The bytes a step costs whoever holds it: its lists (8 bytes an entry),
// its two names, and the Step itself.
std::size_t step_bytes(const Step& step);

// "" when the step is well formed for the shape: cells in range, values
// 1..N (0 too in the pattern), names of printable ASCII within their caps, a
// technique named, a length within N*N*N; otherwise what is wrong.
std::string step_shape_problem(const Step& step, const Geometry& geometry);

// The candidate state (plugin_api.h): placed cells and candidate masks.
class StepState {
public:
    // The puzzle's givens placed; every empty cell's candidates are its mask
    // (Grid::mask) less the values placed in its peers: its row, column and
    // box, or for a variant puzzle every cell its rules make differ
    // (variant.hpp, variant_peers). The state's grid() carries the variant.
    explicit StepState(const Grid& puzzle);

    const Geometry& geometry() const { return grid_.geometry; }
    // The puzzle's variant (its rules), null for a classic puzzle.
    const std::shared_ptr<const Puzzle>& variant() const { return grid_.variant; }
    int side() const { return grid_.side(); }
    uint8_t value(int cell) const { return grid_.cells[static_cast<std::size_t>(cell)]; }
    // Candidates of an empty cell (bit v for value v); a placed cell's own bit.
    uint64_t mask(int cell) const { return masks_[static_cast<std::size_t>(cell)]; }
    bool has(int cell, int v) const { return value(cell) == 0 && (mask(cell) >> v & 1) != 0; }
    // The placed values as a grid, with the candidates of the empty cells.
    Grid grid() const;
    uint64_t steps() const { return steps_; }
    bool solved() const { return grid_.is_full(); }

    // Checks `step` against the state and applies it: "" when certified;
    // otherwise why not, and the state is unchanged. The step must be well
    // formed (step_shape_problem) first.
    std::string apply(const Step& step);

private:
    void place(int cell, int value);
    Grid grid_;
    std::shared_ptr<const std::vector<std::vector<int>>> peers_;  // per cell, shared by copies
    std::vector<uint64_t> masks_;
    uint64_t steps_ = 0;
};

// The trusted side of a plugin's steps: each one is checked for shape,
// counted against kMaxStepBytes, and certified against the state the
// earlier ones left (StepState::apply) before the caller's sink sees it. The first step refused ends the intake
// (the plugin is told to stop) and, at judge(), makes the answer wrong.
// Session uses one in process; the runner's parent another for a worker.
class StepIntake {
public:
    StepIntake(const Grid& puzzle, const StepSink& sink, uint64_t max_steps);
    // False: take no more (a step refused, the caller's sink said stop, or
    // max_steps taken).
    bool take(const Step& step);
    // A step that cannot even be read: refused as the next step, with `why`.
    void refuse(const std::string& why);
    // After the answer: a refused step, steps that solve the puzzle
    // otherwise than the answer's witness, or a unique verdict after a step
    // that assumed uniqueness, make it Fault::wrong naming `plugin`;
    // out.steps counts the steps certified.
    void judge(SolveOutcome& out, const std::string& plugin) const;
    const StepState& state() const { return state_; }
    const std::string& failure() const { return failure_; }

private:
    StepState state_;
    StepSink sink_;  // a copy: a temporary passed in must not dangle
    uint64_t max_steps_;
    std::size_t held_ = 0;  // step_bytes of the steps certified, at most kMaxStepBytes
    std::string failure_;
    bool stopped_ = false;
    uint64_t assumed_at_ = 0;  // the first step that assumed uniqueness (1-based), 0: none
};

// One line in solvers' words: "r4c7: hidden single 3 in box 6" for a lone
// placement, "X-Wing 5 in r2,r8 / c3,c6: -5 r5c3, r7c6" otherwise (effects
// grouped by value: "-5 r5c3, r7c6; -7 r1c1"). Made by the host from the
// step's lists, never from text of the plugin's other than its two names.
std::string step_text(const Step& step, const Geometry& geometry);

// The candidates of every cell as a grid a person reads (one block of N
// characters per cell, '.' for a candidate not there; a placed cell shows
// its value alone), for `explain --grid`.
std::string candidate_grid_text(const StepState& state);

// A step as bytes and back, for the worker pipe. decode_step answers nullopt
// for bytes that are not one whole step (the shape check comes after).
std::string encode_step(const Step& step);
std::optional<Step> decode_step(std::string_view bytes);

}  // namespace np
