// logic: a solver that never guesses. It applies the simplest human
// technique that changes something (singles, locked candidates, subsets,
// fish, wings, skyscraper, kite, simple colouring, x- and xy-chains,
// alternating inference chains, almost locked sets,
// aligned exclusion, Nishio, forcing chains, bounded forcing nets and
// nested forcing nets, and,
// when asked, uniqueness techniques; docs/logic.md), reports each step when
// explaining, and starts over from the simplest. A grid it fills is the one
// solution (every step holds in every solution; with a uniqueness step, a
// solution found); a contradiction means none; when no technique applies
// it gives up.
#include <memory>
#include <string>
#include <vector>

#include "numplace/plugin.hpp"
#include "solver.hpp"

namespace {

using logic::Board;
using logic::End;

// Labels of the puzzle's own: the values numbered by their first
// appearance among the givens, row by row, then those not given, in the
// host's order. The solver breaks ties between equally easy steps by value,
// so it solves in these labels: a puzzle and any relabelling of it are
// then the same puzzle to it, and take the same path (docs/logic.md,
// "Labels"). Values not given come last in the host's order; when two or
// more are missing from givens-only input, swapping them maps the puzzle to
// itself, so the path is still the same.
struct Canonical {
    std::vector<int> ours, host;  // ours[host value], host[our value]; [0] = 0

    Canonical(const uint8_t* givens, int cells, int side) : ours(static_cast<std::size_t>(side) + 1, 0), host{0} {
        for (int cell = 0; cell < cells; ++cell) take(givens[cell]);
        for (int v = 1; v <= side; ++v) take(v);
    }
    void take(int v) {
        if (v != 0 && ours[static_cast<std::size_t>(v)] == 0)
            ours[static_cast<std::size_t>(v)] = static_cast<int>(host.size()), host.push_back(v);
    }
    logic::Mask mask(uint64_t host_mask) const {
        logic::Mask out = 0;
        for (std::size_t v = 1; v < ours.size(); ++v)
            if (host_mask >> v & 1) out |= logic::Mask{1} << ours[v];
        return out;
    }
};

// A step's candidates in the host's labels (a pattern's value 0, the whole
// cell, stays 0).
std::vector<np_candidate> to_abi(const std::vector<logic::Cand>& list, const Canonical& labels) {
    std::vector<np_candidate> out;
    for (const logic::Cand& c : list) out.push_back({c.cell, static_cast<uint32_t>(labels.host[c.value])});
    return out;
}

class Logic {
public:
    static constexpr np::plugin::Info info = {
        logic::kPluginName, "1.0.0",
        "Human techniques only, never a guess: singles, locked candidates, subsets, fish (basic and finned), "
        "wings, skyscraper, two-string kite, simple colouring, x-chain, xy-chain, alternating inference chains, "
        "almost locked sets, aligned exclusion, Nishio, forcing chains, bounded forcing nets and nested forcing nets; uniqueness techniques "
        "when asked; explains every step.",
        NP_CAP_SOLVE | NP_CAP_PROVE_UNIQUE | NP_CAP_EXPLAIN | NP_CAP_CANDIDATES, 25,
        // Stuck, logic spends every node it is given (the last pass of nets
        // concludes nothing); this much solves nearly every puzzle it can.
        logic::kSuggestedMaxNodes, /*shapes_note=*/nullptr, NP_CAP_EXPLAIN, /*default_rank=*/10};

    static constexpr np_option_spec options[] = {
        {"max-fish", "integer", "4", "solve",
         "largest fish tried (2 x-wing, 3 swordfish, 4 jellyfish, ... up to 17, and never above N/2); 1: no fish"},
        {"max-technique", "all|" LOGIC_TECHNIQUE_IDS,
         "all", "solve", "the last technique tried, in the profile's order; those after it are off"},
        {"without", "none|" LOGIC_TECHNIQUE_IDS,
         "none", "solve", "one technique switched off"},
        {"max-net-depth", "integer", "3", "solve",
         "forcing net: rounds of locked candidates and pairs per branch (1..1000); a branch cut by it concludes nothing"},
        {"max-net-size", "integer", "400", "solve",
         "forcing net: deductions per branch (1..1000000); a branch cut by it concludes nothing"},
        {"max-net-level", "integer", "1", "solve",
         "nested forcing net: levels of nesting (0..3; 0: off): a branch of level L may use nets of level L-1 as a rule"},
        {"max-net-inner", "integer", "16", "solve",
         "nested forcing net: nested steps per branch (1..1000); a branch cut by it concludes nothing more"},
        {"uniqueness", "auto|off|on", "auto", "solve",
         "uniqueness techniques (unique rectangles and loops, BUG+1): they assume one solution, so a solve that uses one "
         "answers a solution found, not proved; auto: off in the default profile, on in se, sukaku and hodoku"},
        {"profile", "default|se|sukaku|hodoku", "default", "solve",
         "the ladder: default (docs/logic.md's order), se (Sudoku Explainer's techniques in its rating order), "
         "sukaku (se with Sukaku Explainer's additions: skyscraper, kite, empty rectangles, grouped strong links, the bigger wings and their doubly linked forms), hodoku (HoDoKu's "
         "solving order)"},
    };

    void solve(np::plugin::Solve& call) {
        logic::Settings settings;
        const int side = call.shape.side();
        const auto& o = call.options;
        logic::OptionText text;
        text.profile = o.get("profile");
        text.max_technique = o.get("max-technique");
        text.without = o.get("without");
        text.uniqueness = o.get("uniqueness");
        text.max_fish = o.get_int("max-fish");
        const std::string problem = logic::settings_from(text, side, settings);
        if (!problem.empty()) return call.bad_option(problem);
        const std::string net = logic::net_bounds_from(o.get_int("max-net-depth"),
                                                       o.get_int("max-net-size"), settings);
        if (!net.empty()) return call.bad_option(net);
        const std::string nesting = logic::nesting_from(o.get_int("max-net-level"),
                                                        o.get_int("max-net-inner"), settings);
        if (!nesting.empty()) return call.bad_option(nesting);
        Board& board = board_for(call.shape.box_rows, call.shape.box_cols);
        if (int unit = 0, cell = 0, value = 0; logic::repeated_given(board, call.givens, unit, cell, value))
            return call.invalid(static_cast<np_reason_code>(NP_REASON_DUPLICATE_IN_ROW + unit / side), cell / side,
                                cell % side, value, "value " + std::to_string(value) + " twice in " + board.unit_name(unit));
        const Canonical labels(call.givens, board.cells(), side);
        const logic::ShownLabels shown(labels.host);
        std::vector<uint8_t> givens(static_cast<std::size_t>(board.cells()));
        std::vector<logic::Mask> masks(givens.size());
        for (int cell = 0; cell < board.cells(); ++cell) {
            givens[static_cast<std::size_t>(cell)] = static_cast<uint8_t>(labels.ours[call.givens[cell]]);
            masks[static_cast<std::size_t>(cell)] = labels.mask(call.candidate_mask(cell));
        }
        board.start(givens.data(), masks);
        logic::Search search{[&call] { return call.spent(); }};
        const logic::Run run = logic::solve(board, settings, search, [&call, &labels](const logic::Step& s) {
            if (!call.explaining()) return true;
            const auto placements = to_abi(s.placements, labels), eliminations = to_abi(s.eliminations, labels),
                       pattern = to_abi(s.pattern, labels);
            return call.step({s.technique.c_str(), s.where.empty() ? nullptr : s.where.c_str(), placements, eliminations,
                              pattern, s.assumes_unique ? NP_STEP_ASSUMES_UNIQUE : 0u, static_cast<uint32_t>(s.length),
                              s.chains.empty() ? nullptr : s.chains.c_str()});
        });
        call.counter("steps", run.steps);
        answer(board, labels, run, call);
    }

private:
    static void answer(const Board& board, const Canonical& labels, const logic::Run& run, np::plugin::Solve& call) {
        const std::string after = " after " + std::to_string(run.steps) + " steps";
        if (run.end == End::solved) {
            std::vector<uint8_t> grid(static_cast<std::size_t>(board.cells()));
            for (int cell = 0; cell < board.cells(); ++cell)
                grid[static_cast<std::size_t>(cell)] = static_cast<uint8_t>(labels.host[board.value(cell)]);
            call.found(grid.data());
            // Solved by assuming one solution: a solution found, not proved.
            if (run.assumed_at != 0) {
                call.note("solved assuming one solution (step " + std::to_string(run.assumed_at) + ": " + run.assumed_by +
                          ")" + after);
                call.gave_up();
            }
        } else if (run.end == End::contradiction && run.assumed_at != 0) {
            // Under the assumption, none: the puzzle has none or several.
            call.note("no solution or several: a contradiction after assuming one (step " +
                      std::to_string(run.assumed_at) + ")" + after);
            call.gave_up();
        } else if (run.end == End::contradiction) {
            call.note("no solution: a contradiction" + after);
        } else if (run.end == End::stuck) {
            call.note("stuck" + after + ": no technique applies");
            call.gave_up();
        } else if (run.end == End::stopped) {
            call.note("stopped" + after + ": the node budget, the deadline or the step limit ran out");
        }
    }

    Board& board_for(int box_rows, int box_cols) {
        if (!board_ || board_->box_rows() != box_rows || board_->box_cols() != box_cols)
            board_ = std::make_unique<Board>(box_rows, box_cols);
        return *board_;
    }

    std::unique_ptr<Board> board_;
};

}  // namespace

NUMPLACE_PLUGIN(Logic)
