// A Session: one plugin instance's calls (solve, check, generate), each
// answer bounded and certified before anyone sees it (certify_answer), its
// proof bytes and explanation steps taken through taps (ProofTap, StepTap)
// into the intakes that check them.
#include "numplace/host.hpp"
#include "numplace/steps.hpp"

#include <algorithm>
#include <cstring>

#include "abi_call.hpp"
#include "generated_rules.hpp"
#include "numplace/certify.hpp"
#include "numplace/clock.hpp"
#include "numplace/external.hpp"
#include "numplace/trust.hpp"
#include "numplace/variant.hpp"
#include "numplace/variant_abi.hpp"

namespace np {

namespace {

// The C end of a ProofSink: it counts each result's bytes against the
// budget (all of them, also those refused: `attempted` tells the caller a
// proof went over), and no exception of the sink reaches the plugin.
struct ProofTap {
    const ProofSink* sink = nullptr;
    uint64_t max_bytes = 0;
    uint64_t first_index = 0;  // the index of the call's result 0
    uint32_t current = 0;      // the result being written
    bool refused = false;      // of the current result, no more is taken
    std::vector<uint64_t> attempted;  // per result of the call

    static int write(void* state, uint32_t result, const uint8_t* bytes, size_t length) noexcept {
        auto& tap = *static_cast<ProofTap*>(state);
        // Results come in order, each within the call's own.
        if (result < tap.current || result >= tap.attempted.size() || (bytes == nullptr && length > 0)) return 1;
        if (result != tap.current) tap.current = result, tap.refused = false;
        uint64_t& sent = tap.attempted[result];
        sent += length;
        if (tap.refused || sent > tap.max_bytes) return tap.refused = true, 1;
        try {
            if (!(*tap.sink)(tap.first_index + result, {reinterpret_cast<const char*>(bytes), length}))
                tap.refused = true;
        } catch (...) {
            tap.refused = true;
        }
        return tap.refused ? 1 : 0;
    }
    np_proof_sink c_sink() { return {&ProofTap::write, this}; }
    // The tap for a call of `results` results from `first_index`, and the C
    // sink that leads to it (the tap must stay where it is while it is used).
    np_proof_sink open(const ProofSink* to, uint64_t max, uint64_t first, std::size_t results) {
        *this = {to, max, first, 0, false, std::vector<uint64_t>(results, 0)};
        return c_sink();
    }
};

// The C side of a step sink: each np_step copied into the host's own Step
// (reading only what the plugin's struct_size covers, every list bounded
// before it is read) and handed to the intake, which certifies it.
struct StepTap {
    StepIntake* intake = nullptr;
    int side = 0;
    bool malformed = false;

    static std::string bounded_text(const char* p, std::size_t cap) {
        if (p == nullptr) return "";
        return std::string(p, strnlen(p, cap + 1));  // one past the cap: too long is refused by the shape check
    }
    static bool copy(const np_candidate* from, uint32_t count, std::size_t cap, std::vector<Candidate>& to) {
        if (count > cap || (count > 0 && from == nullptr)) return false;
        to.resize(count);
        for (uint32_t i = 0; i < count; ++i)
            to[i] = {static_cast<int>(std::min<uint32_t>(from[i].cell, INT32_MAX)),
                     static_cast<int>(std::min<uint32_t>(from[i].value, INT32_MAX))};
        return true;
    }
    static int take(void* state, const np_step* s) noexcept {
        auto& tap = *static_cast<StepTap*>(state);
        try {
            const std::size_t cap = static_cast<std::size_t>(tap.side) * tap.side * (tap.side + 1);
            if (s == nullptr || !NP_HAS(np_step, s, pattern_count))
                return tap.intake->refuse("a step too short to read (its struct_size covers no pattern)"), 1;
            Step step;
            step.technique = bounded_text(s->technique, kMaxTechniqueBytes);
            step.where = bounded_text(s->where, kMaxWhereBytes);
            if (NP_HAS(np_step, s, flags)) {
                if ((s->flags & ~uint32_t{NP_STEP_ASSUMES_UNIQUE}) != 0)
                    return tap.intake->refuse("a step with flags this host does not know"), 1;
                step.assumes_unique = (s->flags & NP_STEP_ASSUMES_UNIQUE) != 0;
            }
            if (NP_HAS(np_step, s, length))
                step.length = std::min<uint32_t>(s->length, static_cast<uint32_t>(tap.side) * tap.side * tap.side);
            if (NP_HAS(np_step, s, chains)) step.chains = bounded_text(s->chains, kMaxChainsBytes);
            if (!copy(s->placements, s->placement_count, cap, step.placements) ||
                !copy(s->eliminations, s->elimination_count, cap, step.eliminations) ||
                !copy(s->pattern, s->pattern_count, cap, step.pattern))
                return tap.intake->refuse("a step whose lists are missing or longer than N*N*(N+1)"), 1;
            return tap.intake->take(step) ? 0 : 1;
        } catch (...) {
            tap.malformed = true;
            return 1;
        }
    }
};

}  // namespace

// ---- Session -----------------------------------------------------------------

void* Plugin::create_instance() const {
    if (create_) return create_();
    return descriptor_->create ? descriptor_->create() : nullptr;
}

Session::Session(const Plugin& plugin) : plugin_(plugin) {
    if (plugin_.descriptor().create == nullptr && !plugin_.external()) return;  // a stateless plugin
    {
        const PluginCall mark(plugin_.name().c_str(), "create");
        instance_ = plugin_.create_instance();
    }
    if (instance_ == nullptr) failure_ = plugin_.name() + ": could not create an instance";
}

Session::~Session() {
    const np_plugin& d = plugin_.descriptor();
    if (instance_ == nullptr || d.destroy == nullptr) return;
    const PluginCall mark(plugin_.name().c_str(), "destroy");
    d.destroy(instance_);
}

std::string solve_shape_problem(uint64_t count, uint64_t witness_count, uint32_t stop, uint64_t limit) {
    if (count > limit) return "count above the limit";
    if (stop > NP_STOP_BUDGET) return "unknown stop value";
    if (witness_count > NP_MAX_WITNESSES || witness_count > count) return "more witnesses than solutions";
    // A solution nobody can see is not certified: every claim of one comes
    // with at least one witness.
    if (count > 0 && witness_count == 0) return "solutions claimed without a witness";
    // "multiple" is shown, not claimed: two distinct witnesses.
    if (count >= 2 && witness_count < 2) return "two or more solutions claimed with one witness";
    return "";
}

namespace {

// "name: bad option: the plugin's words"
std::string failure_text(const std::string& name, int status, const std::string& message) {
    return name + ": " + status_word(status) + (message.empty() ? "" : ": " + message);
}

std::string wrong_answer(const std::string& name, const std::string& what) {
    return name + " gave a wrong answer: " + what;
}

std::string malformed_answer(const std::string& name, const std::string& what) {
    return name + " returned a malformed answer: " + what;
}

// The shape of a solve answer (the ABI's contract), before any certificate.
// `own` is the host's witness buffer: the pointers in the result are the
// plugin's to fill, not to move, and the host reads only its own memory.
std::string malformed_solve(const np_solve_result& result, const np_solve_request& request, const uint8_t* own,
                            std::size_t n, int side) {
    for (uint32_t i = 0; i < NP_MAX_WITNESSES; ++i)
        if (result.witnesses[i] != own + i * n) return "it changed the host's witness pointers";
    if (auto bad = solve_shape_problem(result.count, result.witness_count, result.stop, request.limit); !bad.empty())
        return bad;
    for (uint32_t i = 0; i < result.witness_count; ++i)
        if (!cells_in_range(own + i * n, n, side, false)) return "witness is not a full grid";
    return "";
}

// Pencilmarks change the problem: a plugin that does not read them would
// answer another puzzle, so it is never handed one. nullopt when it may be.
std::optional<std::string> candidates_refusal(const Plugin& plugin, const Grid& puzzle) {
    if (puzzle.has_candidates() && !plugin.can(NP_CAP_CANDIDATES))
        return plugin.name() + " does not take candidates (pencilmarks): it would solve the puzzle without them";
    if (puzzle.has_candidates() && puzzle.candidates.size() != puzzle.cells.size())
        return "the puzzle's candidate masks do not fit its shape";
    return std::nullopt;
}

// The proof and step taps of one solve call, opened when the caller wants
// them and the plugin can give them.
struct Taps {
    std::optional<StepIntake> intake;
    StepTap step;
    ProofTap proof;

    // The step certifier and the proof checker both read a variant's rules
    // from the grid it carries (steps.cpp's peers, proof_variant.cpp).
    void open(np_solve_request& request, const Plugin& plugin, const Grid& puzzle, const Budget& budget,
              const ProofSink& proof_sink, const StepSink& steps) {
        if (steps && plugin.can(NP_CAP_EXPLAIN)) {
            intake.emplace(puzzle, steps, budget.max_steps);
            step = {&*intake, puzzle.side(), false};
            request.steps = {&StepTap::take, &step, budget.max_steps};
        }
        if (proof_sink && budget.max_proof_bytes > 0 && plugin.can(NP_CAP_PROOF))
            request.proof = proof.open(&proof_sink, budget.max_proof_bytes, 0, 1);
    }
};

// A variant the host itself finds malformed is invalid before any plugin
// sees it (the input readers refuse it first; this is for callers that
// build a Puzzle by hand). True when it is, with `out` saying why.
bool malformed_variant(const Grid& puzzle, SolveOutcome& out) {
    if (!puzzle.is_variant()) return false;
    auto issue = validate_variant(*puzzle.variant);
    if (!issue) return false;
    out.verdict = Verdict::invalid;
    out.error = Reason{ReasonCode::bad_puzzle, 0, 0, 0, 0, issue->message};
    out.message = issue->message;
    return true;
}

// The C request for one solve; the option strings stay owned by `c_options`.
np_solve_request solve_request(const Grid& puzzle, uint64_t limit, const std::vector<np_option>& c_options,
                               const Budget& budget) {
    np_solve_request request{};
    request.struct_size = sizeof request;
    request.geometry = puzzle.geometry.to_c();
    request.cells = puzzle.cells.data();
    request.limit = std::max<uint64_t>(limit, 1);
    request.options = c_options.data();
    request.option_count = static_cast<uint32_t>(c_options.size());
    request.budget = to_c_budget(budget);
    if (puzzle.has_candidates()) request.candidates = puzzle.candidates.data();
    return request;
}

// A solve call that returned NP_OK into `out`: its witnesses (from the
// host's buffer `own`), count and verdict. False when the answer's shape is
// malformed; `out` then says how.
bool take_solved(SolveOutcome& out, const Plugin& plugin, const Grid& puzzle, const np_solve_request& request,
                 const np_solve_result& result, const std::vector<uint8_t>& own) {
    const std::size_t n = puzzle.cells.size();
    if (auto malformed = malformed_solve(result, request, own.data(), n, puzzle.side()); !malformed.empty()) {
        out.message = malformed_answer(plugin.name(), malformed);
        out.fault = Fault::malformed;
        return false;
    }
    for (uint32_t i = 0; i < result.witness_count; ++i) {
        const uint8_t* witness = own.data() + i * n;
        out.solutions.emplace_back(puzzle.geometry, std::vector<uint8_t>(witness, witness + n));
    }
    out.count = result.count;
    out.stop = result.stop;
    out.complete = result.stop == NP_STOP_EXHAUSTED && plugin.can(NP_CAP_PROVE_UNIQUE);
    out.verdict = decide_verdict(result.count, result.stop, plugin.can(NP_CAP_PROVE_UNIQUE));
    return true;
}

}  // namespace

// Why the host will not make a call, or nullopt when it will.
std::optional<std::string> Session::refusal(bool has_function, uint32_t capability, const char* what,
                                            const Geometry& geometry) const {
    if (!failure_.empty()) return failure_;
    if (!has_function || !plugin_.can(static_cast<np_capability>(capability))) return plugin_.name() + " cannot " + what;
    if (!plugin_.supports(geometry))
        return plugin_.name() + " does not support " + geometry.name() + " boxes (" + std::to_string(geometry.side()) +
               "x" + std::to_string(geometry.side()) + " grids; it supports " + plugin_.geometry_summary() + ")" +
               (plugin_.shapes_note().empty() ? "" : "; " + plugin_.shapes_note());
    return std::nullopt;
}

const char* proof_status_name(ProofStatus status) {
    switch (status) {
        case ProofStatus::absent: return "absent";
        case ProofStatus::checked: return "checked";
        case ProofStatus::rejected: return "rejected";
    }
    return "absent";
}

SolveOutcome Session::solve(const Grid& puzzle, uint64_t limit, const OptionList& options, const Budget& budget,
                            const ProofSink& proof, const StepSink& steps) {
    SolveOutcome out;
    const std::string& name = plugin_.name();
    const np_plugin& d = plugin_.descriptor();
    std::optional<std::string> why = refusal(d.solve != nullptr, NP_CAP_SOLVE, "solve", puzzle.geometry);
    if (!why) why = candidates_refusal(plugin_, puzzle);
    if (!why && puzzle.is_variant()) why = plugin_.variant_refusal(*puzzle.variant);
    if (why) {
        out.message = std::move(*why);
        out.fault = Fault::refused;
        return out;
    }
    if (malformed_variant(puzzle, out)) return out;
    const std::size_t n = puzzle.cells.size();
    buffer_.assign(NP_MAX_WITNESSES * n, 0);
    auto c_options = to_c_options(options);
    np_solve_request request = solve_request(puzzle, limit, c_options, budget);
    std::optional<VariantRequest> variant;
    if (puzzle.is_variant()) request.variant = variant.emplace(*puzzle.variant).get();
    Taps taps;
    taps.open(request, plugin_, puzzle, budget, proof, steps);
    ProofTap& tap = taps.proof;
    np_solve_result result{};
    result.struct_size = sizeof result;
    for (uint32_t i = 0; i < NP_MAX_WITNESSES; ++i) result.witnesses[i] = buffer_.data() + i * n;

    const uint64_t start = monotonic_ns();
    const int status = through_abi(name, "solve", [&] { return call_solve(d, instance_, request, result); });
    out.status = static_cast<uint32_t>(status);
    if (!tap.attempted.empty()) {
        out.proof.declared = result.proof;
        out.proof.bytes = tap.attempted[0];
    }
    if (auto bad = answer_problem(result.message, &result.stats); !bad.empty()) {
        out.message = malformed_answer(name, bad);
        out.fault = Fault::malformed;
        return out;
    }
    out.stats = to_stats(result.stats, micros_since(start));
    out.message = message_of(result.message);

    if (status == NP_INVALID_INPUT) {
        out.verdict = Verdict::invalid;
        out.error = reason_from_violation(result.violation, puzzle.geometry);
    } else if (status != NP_OK) {
        out.message = failure_text(name, status, out.message);
        // A command-line solver past its deadline was stopped, as a worker's
        // watchdog stops a library that ignores it: the same fault.
        out.fault = plugin_.external() && external_missed_deadline(instance_) ? Fault::timed_out : Fault::failed;
        return out;
    } else if (!take_solved(out, plugin_, puzzle, request, result, buffer_)) {
        return out;
    }
    if (certify_) certify_answer(puzzle, out, name);
    if (taps.intake) taps.intake->judge(out, name);
    return out;
}

std::string signal_name(int signo) {
    const char* abbrev = sigabbrev_np(signo);
    return abbrev != nullptr ? std::string("SIG") + abbrev : "signal " + std::to_string(signo);
}

void certify_answer(const Grid& puzzle, SolveOutcome& out, const std::string& plugin) {
    if (out.fault != Fault::none) return;
    std::string wrong;
    if (out.verdict == Verdict::invalid) {
        if (!out.error) wrong = "invalid, but it gave no reason";
        else if (auto w = certify_violation(puzzle, *out.error); !w.empty()) wrong = "invalid, but " + w;
    } else {
        for (std::size_t i = 0; i < out.solutions.size() && wrong.empty(); ++i)
            if (auto w = certify_solution(puzzle, out.solutions[i]); !w.empty()) {
                wrong = (out.solutions.size() > 1 ? "witness " + std::to_string(i + 1) + ": " : "") + w;
                out.refused.assign(1, out.solutions[i]);
                out.solutions.resize(i);  // the ones before it stand
            }
        // Givens that break a rule must be called invalid. A certified
        // witness keeps the givens and obeys the rules, so it proves they do
        // not; only an answer without one needs the check.
        if (wrong.empty() && out.solutions.empty() && !obeys_rules(puzzle))
            wrong = "the givens break a rule (" + first_violation(puzzle)->message + ") but it did not call them invalid";
        if (wrong.empty() && out.solutions.size() == 2 && out.solutions[0] == out.solutions[1]) {
            out.refused.assign(1, out.solutions[1]);
            out.solutions.clear();
            wrong = "its two witnesses are the same grid";
        }
    }
    if (wrong.empty()) return;
    out.message = wrong_answer(plugin, wrong);
    out.fault = Fault::wrong;
    out.verdict = Verdict::error;
    out.error.reset();
}

CheckOutcome Session::check(const Grid& grid, const OptionList& options) {
    CheckOutcome out;
    const std::string& name = plugin_.name();
    const np_plugin& d = plugin_.descriptor();
    std::optional<std::string> why = refusal(d.check_grid != nullptr, NP_CAP_CHECK_GRID, "check grids", grid.geometry);
    // A plugin's grid check knows the classic rules: the host checks a
    // variant's constraints itself (numplace check).
    if (!why && grid.is_variant()) why = name + " checks classic grids only, not a variant's constraints";
    if (why) {
        out.message = std::move(*why);
        out.fault = Fault::refused;
        return out;
    }
    auto c_options = to_c_options(options);
    np_check_request request{sizeof request, grid.geometry.to_c(), grid.cells.data(), c_options.data(),
                             static_cast<uint32_t>(c_options.size())};
    std::vector<np_violation> violations(static_cast<std::size_t>(4 * grid.cells.size()));
    np_check_result result{};
    result.struct_size = sizeof result;
    result.violations = violations.data();
    result.capacity = static_cast<uint32_t>(violations.size());
    const int status = through_abi(name, "check", [&] { return call_check(d, instance_, request, result); });
    out.status = static_cast<uint32_t>(status);
    if (auto bad = answer_problem(result.message, nullptr); !bad.empty()) {
        out.message = malformed_answer(name, bad);
        out.fault = Fault::malformed;
        return out;
    }
    out.message = message_of(result.message);
    if (status != NP_OK) {
        out.message = failure_text(name, status, out.message);
        out.fault = Fault::failed;
        return out;
    }
    // The host's own capacity, not the result's copy of it, which the plugin
    // could have raised.
    const std::size_t written = std::min<std::size_t>(result.violation_count, violations.size());
    for (std::size_t i = 0; i < written; ++i) {
        Reason reason = reason_from_violation(violations[i], grid.geometry);
        if (auto wrong = certify_violation(grid, reason); !wrong.empty()) {
            out.violations.clear();
            out.message = wrong_answer(name, wrong);
            out.fault = Fault::wrong;
            return out;
        }
        out.violations.push_back(std::move(reason));
    }
    if (out.violations.empty() && !obeys_rules(grid)) {
        out.message = wrong_answer(name, "it finds no violation, but " + first_violation(grid)->message);
        out.fault = Fault::wrong;
        return out;
    }
    out.ok = true;
    return out;
}

namespace {

// Whether the run stops before another call: interrupted, or its nodes spent.
bool run_spent(const Budget& budget, const np_budget& whole, uint64_t nodes) {
    if (budget.cancel != nullptr && budget.cancel->load(std::memory_order_relaxed)) return true;
    return whole.max_nodes != 0 && nodes >= whole.max_nodes;
}

// One call for `want` results from `first`, within what is left of the
// run's budget (one deadline, one node count for the whole run).
np_generate_request generate_request(const Geometry& geometry, np_generate_kind kind, uint64_t seed, uint64_t first,
                                     uint64_t want, const std::vector<np_option>& options, const np_budget& whole,
                                     uint64_t nodes_used) {
    np_generate_request request{};
    request.struct_size = sizeof request;
    request.geometry = geometry.to_c();
    request.kind = kind;
    request.seed = seed;
    request.first_index = first;
    request.count = static_cast<uint32_t>(want);
    request.options = options.data();
    request.option_count = static_cast<uint32_t>(options.size());
    request.budget = whole;
    if (whole.max_nodes != 0) request.budget.max_nodes = whole.max_nodes - nodes_used;
    return request;
}

// One call's statistics added to the run's; the plugin's own counters are
// summed by name.
void add_stats(CallStats& total, const np_stats& call) {
    total.nodes += call.nodes;
    total.guesses += call.guesses;
    for (const auto& [counter, value] : to_stats(call, 0).counters) {
        auto same = std::find_if(total.counters.begin(), total.counters.end(),
                                 [&name = counter](const auto& c) { return c.first == name; });
        if (same == total.counters.end()) total.counters.emplace_back(counter, value);
        else same->second += value;
    }
}

// One call's answer into the run's outcome. False when the call failed or
// broke the ABI; `out` then says how.
bool take_call(GenerateOutcome& out, const std::string& name, int status, const np_generate_result& result,
               uint64_t want) {
    out.status = static_cast<uint32_t>(status);
    if (auto bad = answer_problem(result.message, &result.stats); !bad.empty()) {
        out.message = malformed_answer(name, bad);
        out.fault = Fault::malformed;
        return false;
    }
    add_stats(out.stats, result.stats);
    out.message = message_of(result.message);
    if (status != NP_OK) {
        out.message = failure_text(name, status, out.message);
        out.fault = Fault::failed;
        return false;
    }
    if (result.produced > want) {
        out.message = malformed_answer(name, "more results than asked");
        out.fault = Fault::malformed;
        return false;
    }
    return true;
}

enum class Taken { all, sink_stopped, wrong };

// One call's `produced` results in `cells`, certified, in order to the sink
// (or into out.results without one).
Taken take_results(GenerateOutcome& out, const std::string& name, const Geometry& geometry, bool puzzle,
                   uint64_t first_index, const std::vector<uint8_t>& cells, uint32_t produced, const GridSink& sink,
                   const RulesTap& rules) {
    const std::size_t n = static_cast<std::size_t>(geometry.cell_count());
    std::string wrong;
    for (uint32_t i = 0; i < produced; ++i) {
        Grid made = rules.result(i, Grid(geometry, std::vector<uint8_t>(cells.begin() + i * n, cells.begin() + (i + 1) * n)),
                                 puzzle, wrong);
        const uint64_t index = first_index + out.produced;
        if (!wrong.empty()) {
            out.message = wrong_answer(name, "result " + std::to_string(index) + ": " + wrong);
            out.fault = Fault::wrong;
            return Taken::wrong;
        }
        ++out.produced;
        if (!sink) out.results.push_back(std::move(made));
        else if (!sink(index, made)) return Taken::sink_stopped;
    }
    return Taken::all;
}

}  // namespace

GenerateOutcome Session::generate(const Geometry& geometry, np_generate_kind kind, uint64_t seed,
                                  uint64_t first_index, uint64_t count, const OptionList& options,
                                  const Budget& budget, const GridSink& sink, const ProofSink& proof) {
    GenerateOutcome out;
    const std::string& name = plugin_.name();
    const np_plugin& d = plugin_.descriptor();
    const bool puzzle = kind == NP_GENERATE_PUZZLE;
    if (auto why = refusal(d.generate != nullptr, puzzle ? NP_CAP_GENERATE_PUZZLE : NP_CAP_GENERATE_GRID,
                           puzzle ? "generate puzzles" : "generate grids", geometry)) {
        out.message = std::move(*why);
        out.fault = Fault::refused;
        return out;
    }
    const std::size_t n = static_cast<std::size_t>(geometry.cell_count());
    const auto c_options = to_c_options(options);
    const np_budget whole = to_c_budget(budget);  // one deadline for the run
    const bool proving = puzzle && proof && budget.max_proof_bytes > 0 && plugin_.can(NP_CAP_PROOF);
    // A plugin that declares variant kinds or layouts may hand over its
    // results' rules (3.8); only those, through the intake.
    const bool takes_rules = plugin_.kinds() != 0 || plugin_.region_layouts() != 0;
    RulesTap rules(plugin_.kinds(), plugin_.region_layouts(), geometry.side());
    // Calls grow from 1 result to kLargestCall: the first result shows at
    // once, later calls amortise the call, and memory stays bounded.
    constexpr uint64_t kLargestCall = 256;
    uint64_t call_size = 1;
    const uint64_t start = monotonic_ns();
    while (out.produced < count && !run_spent(budget, whole, out.stats.nodes)) {
        const uint64_t want = std::min(call_size, count - out.produced);
        buffer_.assign(want * n, 0);
        np_generate_request request = generate_request(geometry, kind, seed, first_index + out.produced, want,
                                                       c_options, whole, out.stats.nodes);
        ProofTap tap;
        if (proving) request.proof = tap.open(&proof, budget.max_proof_bytes, request.first_index, want);
        if (takes_rules) request.variant = rules.open(want);
        np_generate_result result{};
        result.struct_size = sizeof result;
        result.cells = buffer_.data();
        const int status = through_abi(name, "generate", [&] { return call_generate(d, instance_, request, result); });
        if (!rules.refused().empty()) {
            out.message = malformed_answer(name, rules.refused());
            out.fault = Fault::malformed;
            return out;
        }
        if (!take_call(out, name, status, result, want)) return out;
        for (uint32_t k = 0; proving && k < std::min<uint32_t>(result.produced, static_cast<uint32_t>(want)); ++k)
            out.proofs.push_back({ProofStatus::absent, NP_PROOF_NONE, tap.attempted[k], 0, 0, {}});
        const Taken taken = take_results(out, name, geometry, puzzle, first_index, buffer_, result.produced, sink, rules);
        if (taken == Taken::wrong) return out;
        if (taken == Taken::sink_stopped || result.produced < want) break;  // or the budget ran out inside the call
        call_size = std::min(call_size * 2, kLargestCall);
    }
    out.stats.micros = micros_since(start);
    out.ok = true;
    return out;
}

}  // namespace np
