#include "numplace/host.hpp"
#include "numplace/utf8.hpp"
#include "numplace/steps.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <boost/dll/runtime_symbol_info.hpp>
#include <boost/dll/shared_library.hpp>
#include <cerrno>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <filesystem>
#include <set>
#include <sstream>

#include "abi_v2.hpp"
#include "numplace/certify.hpp"
#include "numplace/clock.hpp"
#include "numplace/digest.hpp"
#include "numplace/external.hpp"
#include "numplace/plugin_sdk.hpp"
#include "numplace/trust.hpp"

namespace np {

namespace fs = std::filesystem;

namespace {

int cancel_requested(void* state) {
    return static_cast<const std::atomic<bool>*>(state)->load(std::memory_order_relaxed) ? 1 : 0;
}

np_budget to_c_budget(const Budget& budget) {
    np_budget c{};
    c.max_nodes = budget.max_nodes;
    if (budget.timeout_seconds > 0)
        c.deadline_ns = monotonic_ns() + static_cast<uint64_t>(budget.timeout_seconds * 1e9);
    if (budget.cancel != nullptr) {
        c.terminate = &cancel_requested;
        c.terminate_state = const_cast<std::atomic<bool>*>(budget.cancel);
    }
    return c;
}

// The C view of an option list; the strings stay owned by `options`.
std::vector<np_option> to_c_options(const OptionList& options) {
    std::vector<np_option> c;
    c.reserve(options.size());
    for (const auto& [key, value] : options) c.push_back({key.c_str(), value.c_str()});
    return c;
}

CallStats to_stats(const np_stats& s, uint64_t micros) {
    CallStats stats;
    stats.nodes = s.nodes;
    stats.guesses = s.guesses;
    stats.micros = micros;
    stats.counters.reserve(std::min(s.counter_count, NP_MAX_COUNTERS));  // one allocation, not three
    for (uint32_t i = 0; i < std::min(s.counter_count, NP_MAX_COUNTERS); ++i)
        if (s.counters[i].name != nullptr)  // bounded by answer_problem before this runs
            stats.counters.emplace_back(plain_text(s.counters[i].name), s.counters[i].value);
    return stats;
}

// Read only after answer_problem passed: the buffer then holds its NUL.
// The one way a plugin's message becomes the host's text: plain
// (utf8.hpp), so that no output shows it raw.
std::string message_of(const char (&buffer)[NP_MESSAGE_CAPACITY]) {
    return plain_text(std::string_view(buffer, strnlen(buffer, NP_MESSAGE_CAPACITY)));
}

// A counter's name becomes a column and a JSON key: a word, not a paragraph.
constexpr std::size_t kMaxCounterName = 64;

// What breaks the ABI in the parts every answer shares, before the host
// reads any of it: the message buffer must hold its NUL (an unterminated one
// would be read past its end by anything that trusted it), and the counters
// must be within NP_MAX_COUNTERS, each with a bounded name. "" when sound.
std::string answer_problem(const char (&message)[NP_MESSAGE_CAPACITY], const np_stats* stats) {
    if (strnlen(message, NP_MESSAGE_CAPACITY) == NP_MESSAGE_CAPACITY)
        return "its message is not NUL-terminated within " + std::to_string(NP_MESSAGE_CAPACITY) + " bytes";
    if (stats == nullptr) return "";
    if (stats->counter_count > NP_MAX_COUNTERS)
        return "counter_count " + std::to_string(stats->counter_count) + " is above " + std::to_string(NP_MAX_COUNTERS);
    for (uint32_t i = 0; i < stats->counter_count; ++i) {
        const char* name = stats->counters[i].name;
        if (name == nullptr) return "counter " + std::to_string(i) + " has no name";
        if (strnlen(name, kMaxCounterName + 1) > kMaxCounterName)
            return "counter " + std::to_string(i) + "'s name is longer than " + std::to_string(kMaxCounterName) +
                   " bytes or not NUL-terminated";
    }
    return "";
}

std::string status_word(int status) {
    switch (status) {
        case NP_INVALID_INPUT: return "invalid input";
        case NP_BAD_OPTION: return "bad option";
        case NP_UNSUPPORTED: return "unsupported";
        case NP_FAILED: return "failed";
        default: return "status " + std::to_string(status);
    }
}

// Without an early exit, so that the compiler vectorises it: it runs on
// every witness of every call.
bool cells_in_range(const uint8_t* cells, std::size_t n, int side, bool allow_empty) {
    const uint8_t top = static_cast<uint8_t>(side), bottom = allow_empty ? 0 : 1;
    uint8_t bad = 0;
    for (std::size_t i = 0; i < n; ++i) bad |= static_cast<uint8_t>((cells[i] > top) | (cells[i] < bottom));
    return bad == 0;
}

// Every call into a plugin goes through here. The ABI is C: an exception
// thrown across it is a broken plugin, and noexcept makes it end the process
// (std::terminate, SIGABRT) right there instead of unwinding through host
// code that never expected it. In a worker that is one crashed row. The
// mark names the plugin if it calls exit() meanwhile (trust.hpp).
template <class Call>
int through_abi(const std::string& plugin, const char* operation, Call&& call) noexcept {
    const PluginCall mark(plugin.c_str(), operation);
    return call();
}

uint64_t micros_since(uint64_t start_ns) { return (monotonic_ns() - start_ns) / 1000; }

// The three calls, to a plugin of either ABI version: version 2's through
// the adapter (abi_v2.hpp).
int call_solve(const np_plugin& d, void* instance, const np_solve_request& request, np_solve_result& result) {
    if (d.abi_version == 2) return abi_v2::solve(d, instance, request, result);
    return d.solve(instance, &request, &result);
}
int call_check(const np_plugin& d, void* instance, const np_check_request& request, np_check_result& result) {
    if (d.abi_version == 2) return abi_v2::check(d, instance, request, result);
    return d.check_grid(instance, &request, &result);
}
int call_generate(const np_plugin& d, void* instance, const np_generate_request& request,
                  np_generate_result& result) {
    if (d.abi_version == 2) return abi_v2::generate(d, instance, request, result);
    return d.generate(instance, &request, &result);
}

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

Plugin::Plugin(std::shared_ptr<void> library, const np_plugin* descriptor, std::string path,
               std::function<void*()> create)
    : library_(std::move(library)), descriptor_(descriptor), create_(std::move(create)), path_(std::move(path)) {
    name_ = descriptor->name ? descriptor->name : "";
    version_ = descriptor->version ? descriptor->version : "";
    description_ = descriptor->description ? descriptor->description : "";
    for (uint32_t i = 0; i < descriptor->option_count; ++i) {
        const np_option_spec& s = descriptor->options[i];
        auto text = [](const char* p) { return std::string(p ? p : ""); };
        options_.push_back({text(s.key), text(s.values), text(s.default_value),
                            s.applies_to ? s.applies_to : "all", text(s.help)});
    }
}

bool Plugin::supports(const Geometry& g) const {
    if (!g.valid()) return false;
    if (descriptor_->max_side != 0 && g.side() <= static_cast<int>(descriptor_->max_side)) return true;
    for (uint32_t i = 0; i < descriptor_->geometry_count; ++i)
        if (Geometry::from_c(descriptor_->geometries[i]) == g) return true;
    return false;
}

std::vector<Geometry> Plugin::listed_geometries() const {
    std::vector<Geometry> list;
    for (uint32_t i = 0; i < descriptor_->geometry_count; ++i)
        list.push_back(Geometry::from_c(descriptor_->geometries[i]));
    return list;
}

std::string Plugin::geometry_summary() const {
    std::string text;
    if (descriptor_->max_side != 0)
        text = "any RxC with R*C <= " + std::to_string(descriptor_->max_side);
    for (const auto& g : listed_geometries()) text += (text.empty() ? "" : ", ") + g.name();
    return text.empty() ? "none" : text;
}

std::string Plugin::option_problem(const OptionList& options, std::string_view operation) const {
    // The SDK's own checker, run on the plugin's declared specs: the host
    // refuses what the plugin would refuse, once, before any input is read.
    auto c_options = to_c_options(options);
    sdk::Options parsed;
    std::string error;
    if (parsed.parse(descriptor_->options, descriptor_->option_count, c_options.data(),
                     static_cast<uint32_t>(c_options.size()), operation, error))
        return "";
    return error;
}

SolveOutcome Plugin::solve(const Grid& puzzle, uint64_t limit, const OptionList& options,
                           const Budget& budget) const {
    return Session(*this).solve(puzzle, limit, options, budget);
}

CheckOutcome Plugin::check(const Grid& grid, const OptionList& options) const {
    return Session(*this).check(grid, options);
}

GenerateOutcome Plugin::generate(const Geometry& geometry, np_generate_kind kind, uint64_t seed,
                                 uint32_t count, const OptionList& options, const Budget& budget,
                                 uint64_t first_index) const {
    return Session(*this).generate(geometry, kind, seed, first_index, count, options, budget);
}

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
    if (auto why = refusal(d.solve != nullptr, NP_CAP_SOLVE, "solve", puzzle.geometry)) {
        out.message = std::move(*why);
        out.fault = Fault::refused;
        return out;
    }
    // Pencilmarks change the problem: a plugin that does not read them would
    // answer another puzzle, so it is never handed one.
    if (puzzle.has_candidates() && !plugin_.can(NP_CAP_CANDIDATES)) {
        out.message = name + " does not take candidates (pencilmarks): it would solve the puzzle without them";
        out.fault = Fault::refused;
        return out;
    }
    if (puzzle.has_candidates() && puzzle.candidates.size() != puzzle.cells.size()) {
        out.message = "the puzzle's candidate masks do not fit its shape";
        out.fault = Fault::refused;
        return out;
    }
    const int side = puzzle.side();
    const std::size_t n = puzzle.cells.size();
    buffer_.assign(NP_MAX_WITNESSES * n, 0);
    auto c_options = to_c_options(options);
    np_solve_request request{};
    request.struct_size = sizeof request;
    request.geometry = puzzle.geometry.to_c();
    request.cells = puzzle.cells.data();
    request.limit = std::max<uint64_t>(limit, 1);
    request.options = c_options.data();
    request.option_count = static_cast<uint32_t>(c_options.size());
    request.budget = to_c_budget(budget);
    if (puzzle.has_candidates()) request.candidates = puzzle.candidates.data();
    std::optional<StepIntake> intake;
    StepTap step_tap;
    if (steps && plugin_.can(NP_CAP_EXPLAIN)) {
        intake.emplace(puzzle, steps, budget.max_steps);
        step_tap = {&*intake, side, false};
        request.steps = {&StepTap::take, &step_tap, budget.max_steps};
    }
    ProofTap tap;
    if (proof && budget.max_proof_bytes > 0 && plugin_.can(NP_CAP_PROOF)) {
        tap = {&proof, budget.max_proof_bytes, 0, 0, false, {0}};
        request.proof = tap.c_sink();
    }
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
    } else {
        if (auto malformed = malformed_solve(result, request, buffer_.data(), n, side); !malformed.empty()) {
            out.message = malformed_answer(name, malformed);
            out.fault = Fault::malformed;
            return out;
        }
        for (uint32_t i = 0; i < result.witness_count; ++i) {
            const uint8_t* witness = buffer_.data() + i * n;
            out.solutions.emplace_back(puzzle.geometry, std::vector<uint8_t>(witness, witness + n));
        }
        out.count = result.count;
        out.stop = result.stop;
        out.complete = result.stop == NP_STOP_EXHAUSTED && plugin_.can(NP_CAP_PROVE_UNIQUE);
        out.verdict = decide_verdict(result.count, result.stop, plugin_.can(NP_CAP_PROVE_UNIQUE));
    }
    if (certify_) certify_answer(puzzle, out, name);
    if (intake) intake->judge(out, name);
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
    if (auto why = refusal(d.check_grid != nullptr, NP_CAP_CHECK_GRID, "check grids", grid.geometry)) {
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
                   uint64_t first_index, const std::vector<uint8_t>& cells, uint32_t produced, const GridSink& sink) {
    const std::size_t n = static_cast<std::size_t>(geometry.cell_count());
    for (uint32_t i = 0; i < produced; ++i) {
        Grid made(geometry, std::vector<uint8_t>(cells.begin() + i * n, cells.begin() + (i + 1) * n));
        const uint64_t index = first_index + out.produced;
        if (auto wrong = certify_generated(made, puzzle); !wrong.empty()) {
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
        if (proving) {
            tap = {&proof, budget.max_proof_bytes, request.first_index, 0, false, std::vector<uint64_t>(want, 0)};
            request.proof = tap.c_sink();
        }
        np_generate_result result{};
        result.struct_size = sizeof result;
        result.cells = buffer_.data();
        const int status = through_abi(name, "generate", [&] { return call_generate(d, instance_, request, result); });
        if (!take_call(out, name, status, result, want)) return out;
        for (uint32_t k = 0; proving && k < std::min<uint32_t>(result.produced, static_cast<uint32_t>(want)); ++k)
            out.proofs.push_back({ProofStatus::absent, NP_PROOF_NONE, tap.attempted[k], 0, 0, {}});
        const Taken taken = take_results(out, name, geometry, puzzle, first_index, buffer_, result.produced, sink);
        if (taken == Taken::wrong) return out;
        if (taken == Taken::sink_stopped || result.produced < want) break;  // or the budget ran out inside the call
        call_size = std::min(call_size * 2, kLargestCall);
    }
    out.stats.micros = micros_since(start);
    out.ok = true;
    return out;
}

std::vector<std::string> capability_names(uint32_t c) {
    static const std::pair<uint32_t, const char*> names[] = {
        {NP_CAP_SOLVE, "solve"},
        {NP_CAP_COUNT, "count"},
        {NP_CAP_PROVE_UNIQUE, "prove-unique"},
        {NP_CAP_GENERATE_GRID, "generate-grid"},
        {NP_CAP_GENERATE_PUZZLE, "generate-puzzle"},
        {NP_CAP_CHECK_GRID, "check-grid"},
        {NP_CAP_PROOF, "proof"},
        {NP_CAP_EXPLAIN, "explain"},
        {NP_CAP_CANDIDATES, "candidates"},
    };
    std::vector<std::string> out;
    for (auto [bit, name] : names)
        if (c & bit) out.emplace_back(name);
    return out;
}

// ---- Registry --------------------------------------------------------------

const Plugin* PluginRegistry::find(std::string_view name) const {
    for (const auto& p : plugins_)
        if (p.name() == name) return &p;
    return nullptr;
}

// Copies with the same bytes are one program (an installed plugin and the
// build it came from): no clash, and the first found is the one used.
std::vector<std::string> PluginRegistry::clash(std::string_view name) const {
    std::vector<std::string> files;
    std::set<std::string> contents;
    for (const auto& p : loaded_)
        if (p.name() == name) {
            files.push_back(p.file());
            contents.insert(p.sha256());
        }
    if (contents.size() < 2) files.clear();
    return files;
}

std::string clash_message(std::string_view name, const std::vector<std::string>& files) {
    std::string text = "plugin name '" + std::string(name) + "' is given by " + std::to_string(files.size()) +
                       " files: ";
    for (std::size_t i = 0; i < files.size(); ++i)
        text += (i == 0 ? "" : i + 1 == files.size() ? " and " : ", ") + files[i];
    return text + " (choose one by its path)";
}

const Plugin* PluginRegistry::loaded_from(const std::string& real_path) const {
    for (const auto& p : loaded_)
        if (p.file() == real_path) return &p;
    return nullptr;
}

bool PluginRegistry::names_file(std::string_view spec) {
    return spec.find('/') != std::string_view::npos || spec.find('.') != std::string_view::npos;
}

std::optional<Plugin> PluginRegistry::resolve(const std::string& spec, std::string& error) {
    if (!names_file(spec)) {
        if (const Plugin* p = find(spec)) return *p;
        const auto files = clash(spec);
        error = files.empty() ? "unknown plugin '" + spec + "'" : clash_message(spec, files);
        return std::nullopt;
    }
    std::error_code ec;
    const std::string real = fs::canonical(spec, ec).string();
    if (!ec)
        if (const Plugin* p = loaded_from(real)) return *p;
    const std::size_t skipped_before = skipped_.size();
    add_file(spec);
    if (!ec)
        if (const Plugin* p = loaded_from(real)) return *p;
    error = skipped_.size() > skipped_before ? spec + ": " + skipped_.back().reason
                                             : spec + ": did not load";
    return std::nullopt;
}

std::optional<std::vector<Plugin>> PluginRegistry::select(const std::vector<std::string>& specs,
                                                          std::string& error) {
    std::vector<Plugin> chosen;
    if (specs.empty()) {
        for (const Plugin& p : loaded_) {
            if (p.external()) continue;
            if (const auto files = clash(p.name()); !files.empty()) {  // a command-line solver's too
                error = clash_message(p.name(), files);
                return std::nullopt;
            }
            const Plugin* first = find(p.name());  // of copies with the same bytes, the first
            if (first != nullptr && first->file() == p.file()) chosen.push_back(p);
        }
    } else {
        for (const auto& spec : specs) {
            auto p = resolve(spec, error);
            if (!p) return std::nullopt;
            chosen.push_back(std::move(*p));
        }
    }
    // Two of one name cannot both be chosen: rows, reports and the worker's
    // answers are keyed by name.
    for (std::size_t i = 0; i < chosen.size(); ++i)
        for (std::size_t j = 0; j < i; ++j)
            if (chosen[i].name() == chosen[j].name() && chosen[i].sha256() != chosen[j].sha256()) {
                error = clash_message(chosen[i].name(), {chosen[j].file(), chosen[i].file()});
                return std::nullopt;
            }
    return chosen;
}

void PluginRegistry::add_directory(const std::string& dir, bool report_missing) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        if (report_missing) skipped_.push_back({dir, "no such directory"});
        return;
    }
    std::vector<std::string> files;
    for (const auto& entry : fs::directory_iterator(dir, ec))
        if ((entry.path().extension() == ".so" || is_solver_description(entry.path().string())) &&
            entry.is_regular_file(ec))
            files.push_back(entry.path().string());
    if (ec) {
        skipped_.push_back({dir, "cannot read directory: " + ec.message()});
        return;
    }
    std::sort(files.begin(), files.end());
    for (const auto& f : files) add_file(f);
}

namespace {

// Caps on what a descriptor may hold. A name is a word; the other texts are
// a line or a short list; no real plugin lists 64 shapes or options. Above
// these the descriptor is broken or hostile, and the host reads no further.
constexpr std::size_t kMaxNameBytes = 64;
constexpr std::size_t kMaxTextBytes = 4096;
constexpr uint32_t kMaxListed = 64;

// Why `text` (a field of the descriptor, named `field`) cannot be read: NULL,
// no NUL within `cap` bytes (strnlen: never past the cap), or a control
// character (every text is printed on one line). "" when it is fine.
std::string text_problem(const char* text, std::size_t cap, const std::string& field) {
    if (text == nullptr) return field + " is NULL";
    const std::size_t n = strnlen(text, cap + 1);
    if (n > cap) return field + " is longer than " + std::to_string(cap) + " bytes or not NUL-terminated";
    for (std::size_t i = 0; i < n; ++i) {
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte < 0x20 || byte == 0x7f) return field + " contains a control character (byte " + std::to_string(byte) + ")";
    }
    return "";
}

std::string name_problem(const char* name) {
    if (auto why = text_problem(name, kMaxNameBytes, "name"); !why.empty()) return why;
    if (*name == '\0') return "name is empty";
    for (const char* p = name; *p; ++p)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-' || *p == '_'))
            return "name is not [a-z0-9_-]+";
    return "";
}

// Each side checked alone before R*C is formed, so that nothing overflows.
bool sane_shape(const np_geometry& g) {
    return g.box_rows >= 1 && g.box_cols >= 1 && g.box_rows <= NP_MAX_SIDE && g.box_cols <= NP_MAX_SIDE &&
           Geometry::from_c(g).valid();
}

std::string geometry_problem(const np_plugin& d) {
    if (d.max_side > NP_MAX_SIDE)
        return "max_side " + std::to_string(d.max_side) + " is above " + std::to_string(NP_MAX_SIDE);
    if (d.geometry_count > kMaxListed)
        return "geometry_count " + std::to_string(d.geometry_count) + " is above " + std::to_string(kMaxListed);
    if (d.geometry_count != 0 && d.geometries == nullptr) return "geometries is NULL with geometry_count > 0";
    for (uint32_t i = 0; i < d.geometry_count; ++i)
        if (!sane_shape(d.geometries[i]))
            return "geometries[" + std::to_string(i) + "] " + std::to_string(d.geometries[i].box_rows) + "x" +
                   std::to_string(d.geometries[i].box_cols) + " is not a shape numplace supports (R*C from 2 to " +
                   std::to_string(NP_MAX_SIDE) + ")";
    return "";
}

// `values` may be NULL: any value is accepted (the SDK's option checker and
// fixture_liar's "say" rely on that). Every other field must be a text.
std::string option_spec_problem(const np_option_spec& s, const std::string& at) {
    std::string why = text_problem(s.key, kMaxNameBytes, at + ".key");
    if (why.empty() && *s.key == '\0') why = at + ".key is empty";
    if (why.empty() && s.values != nullptr) why = text_problem(s.values, kMaxTextBytes, at + ".values");
    if (why.empty()) why = text_problem(s.default_value, kMaxTextBytes, at + ".default_value");
    if (why.empty()) why = text_problem(s.applies_to, kMaxNameBytes, at + ".applies_to");
    if (why.empty()) why = text_problem(s.help, kMaxTextBytes, at + ".help");
    if (!why.empty()) return why;
    const std::string_view to = s.applies_to;
    if (to != "solve" && to != "generate" && to != "check" && to != "all")
        return at + ".applies_to '" + std::string(to) + "' is not solve, generate, check or all";
    return "";
}

std::string options_problem(const np_plugin& d) {
    if (d.option_count > kMaxListed)
        return "option_count " + std::to_string(d.option_count) + " is above " + std::to_string(kMaxListed);
    if (d.option_count != 0 && d.options == nullptr) return "options is NULL with option_count > 0";
    for (uint32_t i = 0; i < d.option_count; ++i)
        if (auto why = option_spec_problem(d.options[i], "options[" + std::to_string(i) + "]"); !why.empty())
            return why;
    return "";
}

std::string functions_problem(const np_plugin& d) {
    const bool solves = d.capabilities & (NP_CAP_SOLVE | NP_CAP_COUNT | NP_CAP_PROVE_UNIQUE);
    if (solves && d.solve == nullptr) return "declares solving but has no solve function";
    if ((d.capabilities & (NP_CAP_GENERATE_GRID | NP_CAP_GENERATE_PUZZLE)) && d.generate == nullptr)
        return "declares generation but has no generate function";
    if ((d.capabilities & NP_CAP_CHECK_GRID) && d.check_grid == nullptr)
        return "declares check-grid but has no check_grid function";
    return "";
}

// ABI 3.6's offer to be the default: only operations it declares, and a
// rank with them (a plugin whose struct is shorter offers nothing: zero).
std::string defaults_problem(const np_plugin& d) {
    if (d.abi_version != 3 || d.struct_size < offsetof(np_plugin, default_rank) + sizeof d.default_rank) return "";
    constexpr uint32_t kOperations = NP_CAP_SOLVE | NP_CAP_COUNT | NP_CAP_EXPLAIN | NP_CAP_GENERATE_GRID |
                                     NP_CAP_GENERATE_PUZZLE | NP_CAP_CHECK_GRID;
    if (d.default_for & ~kOperations) return "default_for holds bits that name no operation";
    if (d.default_for & ~d.capabilities) return "default_for offers an operation its capabilities do not declare";
    if ((d.default_for != 0) != (d.default_rank != 0)) return "default_for and default_rank: both set or both zero";
    return "";
}

// Why a descriptor cannot be used, or "" when it can. Nothing in it is read
// before it has been bounded here: the Plugin made from it reads only what
// passed.
std::string descriptor_problem(const np_plugin* d) {
    if (d == nullptr) return "entry function returned no descriptor";
    if (d->abi_version < NP_ABI_OLDEST || d->abi_version > NP_ABI_VERSION)
        return "ABI version " + std::to_string(d->abi_version) + ", this host loads versions " +
               std::to_string(NP_ABI_OLDEST) + " to " + std::to_string(NP_ABI_VERSION);
    if (d->abi_version == 3 && d->struct_size < abi_v2::kDescriptorSize)
        return "bad descriptor: struct_size " + std::to_string(d->struct_size) + " is smaller than version 3's " +
               std::to_string(abi_v2::kDescriptorSize) + " bytes";
    if (d->abi_version == 2 && (d->capabilities & (NP_CAP_PROOF | NP_CAP_EXPLAIN | NP_CAP_CANDIDATES)))
        return "bad descriptor: a version 2 plugin declares a capability of version 3 (proof, explain or candidates)";
    std::string why = name_problem(d->name);
    if (why.empty()) why = text_problem(d->version, kMaxTextBytes, "version");
    if (why.empty() && d->description != nullptr) why = text_problem(d->description, kMaxTextBytes, "description");
    // ABI 3.5's note, when the plugin's struct reaches it.
    const bool has_note = d->abi_version == 3 && d->struct_size >= offsetof(np_plugin, shapes_note) + sizeof d->shapes_note;
    if (why.empty() && has_note && d->shapes_note != nullptr)
        why = text_problem(d->shapes_note, kMaxTextBytes, "shapes_note");
    if (why.empty()) why = geometry_problem(*d);
    if (why.empty()) why = options_problem(*d);
    if (why.empty()) why = defaults_problem(*d);
    if (!why.empty()) return "bad descriptor: " + why;
    return functions_problem(*d);
}

// Boost.DLL reports a failed load as a bare errno ("Bad file descriptor");
// the dynamic loader's own words ("undefined symbol: foo") are what a plugin
// author needs, so ask it again and keep what dlerror() says. `path` is the
// checked absolute one: dlopen never searches for it.
std::string loader_message(const std::string& path, const std::error_code& ec) {
    dlerror();
    if (void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL)) {
        dlclose(handle);
        return ec.message();
    }
    const char* text = dlerror();
    return text != nullptr ? std::string(text) : ec.message();
}

}  // namespace

void PluginRegistry::add_file(const std::string& path) {
    std::error_code ec;
    if (!fs::exists(path, ec)) {
        skipped_.push_back({path, "no such file"});
        return;
    }
    const fs::path real = fs::canonical(path, ec);
    if (ec) {
        skipped_.push_back({path, "cannot resolve the path: " + ec.message()});
        return;
    }
    if (!allow_insecure_) {
        std::error_code link_ec;
        if (auto why = insecurity(real, fs::is_symlink(path, link_ec)); !why.empty()) {
            skipped_.push_back({path, why});
            return;
        }
    }
    if (loaded_from(real.string()) != nullptr) return;  // the same file by another route: loaded once
    if (is_solver_description(path)) return add_external(path, real.string());
    add_library(path, real.string());
}

void PluginRegistry::add_library(const std::string& path, const std::string& real_path) {
    auto library = std::make_shared<boost::dll::shared_library>();
    std::error_code ec;
    library->load(real_path, boost::dll::load_mode::rtld_now | boost::dll::load_mode::rtld_local, ec);
    if (ec || !library->is_loaded()) {
        skipped_.push_back({path, "not a loadable shared library (" + loader_message(real_path, ec) + ")"});
        return;
    }
    if (!library->has(NP_ENTRY_SYMBOL)) {
        skipped_.push_back({path, std::string("no entry symbol ") + NP_ENTRY_SYMBOL});
        return;
    }
    const np_plugin* descriptor = nullptr;
    try {
        descriptor = library->get<const np_plugin*()>(NP_ENTRY_SYMBOL)();
    } catch (const std::exception& e) {
        skipped_.push_back({path, std::string("entry function failed: ") + e.what()});
        return;
    }
    add_checked(path, real_path, std::static_pointer_cast<void>(library), descriptor);
}

void PluginRegistry::add_external(const std::string& path, const std::string& real_path) {
    std::string error;
    auto solver = ExternalPlugin::load(path, allow_insecure_, error);
    if (!solver) {
        skipped_.push_back({path, error});
        return;
    }
    const ExternalPlugin* raw = solver.get();
    add_checked(path, real_path, std::static_pointer_cast<void>(solver), &solver->descriptor(),
                [raw] { return raw->create(); }, raw->program());
}

// The host's own copy of a checked descriptor: only the members the
// plugin's struct_size covers (version 2: the members it had), the rest
// zero, so that nothing past the plugin's struct is ever read. It lives as
// long as the library it points into.
struct OwnDescriptor {
    std::shared_ptr<void> owner;  // the library, or a command-line solver
    np_plugin copy{};
    OwnDescriptor(std::shared_ptr<void> from, const np_plugin& d) : owner(std::move(from)) {
        const std::size_t size = d.abi_version == 2 ? abi_v2::kDescriptorSize
                                                    : std::min<std::size_t>(d.struct_size, sizeof copy);
        std::memcpy(static_cast<void*>(&copy), &d, size);
        copy.struct_size = static_cast<uint32_t>(size);
    }
};

// The last gate for both kinds: the descriptor bounded and sane, the file's
// digest taken (what reports record; taken after loading, so it is of the
// file as it was when its code came in). Two files of one name both load
// (rebuild_reachable keeps that name from reaching either).
void PluginRegistry::add_checked(const std::string& path, const std::string& real_path, std::shared_ptr<void> owner,
                                 const np_plugin* descriptor, std::function<void*()> create,
                                 const std::string& program) {
    if (auto problem = descriptor_problem(descriptor); !problem.empty()) {
        skipped_.push_back({path, problem});
        return;
    }
    std::string unreadable;
    auto digest = sha256_file(real_path, unreadable);
    if (!digest) {
        skipped_.push_back({path, "cannot take its SHA-256: " + unreadable});
        return;
    }
    auto own = std::make_shared<OwnDescriptor>(std::move(owner), *descriptor);
    const np_plugin* copy = &own->copy;
    Plugin plugin(std::static_pointer_cast<void>(own), copy, path, std::move(create));
    plugin.file_ = real_path;
    plugin.sha256_ = std::move(*digest);
    plugin.program_ = program;
    loaded_.push_back(std::move(plugin));
    rebuild_reachable();
}

void PluginRegistry::rebuild_reachable() {
    plugins_.clear();
    std::set<std::string> names;
    for (const Plugin& p : loaded_)
        if (clash(p.name()).empty() && names.insert(p.name()).second) plugins_.push_back(p);
}

std::string PluginRegistry::bundled_plugin_dir() {
    std::error_code ec;
    fs::path exe = boost::dll::program_location(ec);
    if (ec) return {};
    return (exe.parent_path().parent_path() / "lib" / "numplace" / "plugins").lexically_normal().string();
}

void PluginRegistry::add_standard_search_path(const std::vector<std::string>& explicit_dirs) {
    std::error_code ec;
    for (const auto& dir : explicit_dirs) {  // asked for: a relative one (even ".") is meant
        if (fs::is_regular_file(dir, ec)) add_file(dir);
        else add_directory(dir, true);
    }
    if (const char* env = std::getenv("NUMPLACE_PLUGIN_PATH")) {
        std::stringstream list(env);
        std::string dir;
        while (std::getline(list, dir, ':')) {
            if (dir.empty()) continue;
            // The environment is inherited, not asked for on this command
            // line: a relative entry would load whatever sits in the current
            // directory of the moment.
            if (fs::path(dir).is_relative())
                skipped_.push_back({dir, "relative entry in $NUMPLACE_PLUGIN_PATH refused: it would load plugins "
                                         "from wherever the current directory is (give an absolute path, or "
                                         "--plugin-dir)"});
            else add_directory(dir, true);
        }
    }
    if (auto bundled = bundled_plugin_dir(); !bundled.empty()) add_directory(bundled, false);
}

}  // namespace np
