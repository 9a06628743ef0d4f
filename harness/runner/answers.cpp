#include "runner/answers.hpp"

#include <cstring>

#include "numplace/certify.hpp"
#include "numplace/utf8.hpp"

namespace np::runner {

namespace {

// The host's counters are bounded (abi_call.cpp's answer_problem); a worker
// that sends more did not get them from its Session.
constexpr std::size_t kMaxCounterName = 64;
// A fault message is the host's sentence around the plugin's 256 bytes.
constexpr std::size_t kMaxFaultMessage = 16 << 10;

std::string text_problem(const std::string& message, std::size_t cap) {
    if (message.size() > cap) return "a message of " + std::to_string(message.size()) + " bytes";
    if (std::memchr(message.data(), '\0', message.size()) != nullptr) return "a message with a NUL byte";
    return "";
}

// What every outcome shares: the message, and the counters. Once they
// are within bounds, their text is made plain (np::plain_text) here, as the
// worker's Session did: the worker's word for it is not taken.
std::string common_problem(Fault fault, std::string& message, CallStats* stats) {
    // A plugin's own text is at most its buffer; a fault's is the host's
    // sentence around it.
    const std::size_t cap = fault == Fault::none ? NP_MESSAGE_CAPACITY - 1 : kMaxFaultMessage;
    if (auto bad = text_problem(message, cap); !bad.empty()) return bad;
    if (stats != nullptr) {
        if (stats->counters.size() > NP_MAX_COUNTERS) return std::to_string(stats->counters.size()) + " counters";
        for (const auto& counter : stats->counters)
            if (counter.first.empty() || !text_problem(counter.first, kMaxCounterName).empty())
                return "a counter without a proper name";
        for (auto& counter : stats->counters) counter.first = plain_text(counter.first);
    }
    message = plain_text(message);
    return "";
}

// Faults a worker's Session can give. crashed, timed_out by the watchdog
// and out_of_memory are the parent's to find, never an answer's.
bool claimable(Fault fault) {
    return fault == Fault::refused || fault == Fault::failed || fault == Fault::malformed || fault == Fault::wrong ||
           fault == Fault::timed_out;  // a command-line solver stopped at its deadline
}

std::string fault_problem(Fault fault) {
    return "a worker cannot report fault " + std::to_string(static_cast<int>(fault));
}

// A claim that the call was made where the parent's Plugin says it is not.
std::string callable_problem(const Plugin& plugin, np_capability capability, const Geometry& g) {
    if (!plugin.can(capability)) return "an answer from a plugin without that capability";
    if (!plugin.supports(g)) return "an answer for a shape the plugin does not support";
    return "";
}

std::string malformed(const Plugin& plugin, const std::string& what) {
    return plugin.name() + " returned a malformed answer: " + what;
}

std::string wrong(const Plugin& plugin, const std::string& what) {
    return plugin.name() + " gave a wrong answer: " + what;
}

// A failure stands as the worker says (it fails the plugin's own row), but
// with no answer attached.
void drop_answer(SolveOutcome& out) {
    out.verdict = Verdict::error;
    out.count = 0;
    out.complete = false;
    out.solutions.clear();
    out.error.reset();
}

}  // namespace

std::string settle_solve(const Plugin& plugin, const Grid& puzzle, uint64_t limit, SolveOutcome& out) {
    if (auto bad = common_problem(out.fault, out.message, &out.stats); !bad.empty()) return bad;
    if (out.fault != Fault::none) {
        if (!claimable(out.fault)) return fault_problem(out.fault);
        drop_answer(out);
        return "";
    }
    if (auto bad = callable_problem(plugin, NP_CAP_SOLVE, puzzle.geometry); !bad.empty()) return bad;
    if (out.status == NP_INVALID_INPUT) {
        if (!out.solutions.empty() || out.count != 0) return "solutions with an invalid verdict";
        out.verdict = Verdict::invalid;
        out.complete = false;
    } else if (out.status == NP_OK) {
        if (out.error) return "a violation with a solve answer";
        if (auto bad = solve_shape_problem(out.count, out.solutions.size(), out.stop, std::max<uint64_t>(limit, 1));
            !bad.empty()) {
            out.message = malformed(plugin, bad);
            out.fault = Fault::malformed;
            drop_answer(out);
            return "";
        }
        const bool can_prove = plugin.can(NP_CAP_PROVE_UNIQUE);
        out.verdict = decide_verdict(out.count, out.stop, can_prove);
        out.complete = out.stop == NP_STOP_EXHAUSTED && can_prove;
    } else {
        return "status " + std::to_string(out.status) + " without a fault";
    }
    certify_answer(puzzle, out, plugin.name());
    return "";
}

std::string settle_check(const Plugin& plugin, const Grid& grid, CheckOutcome& out) {
    if (auto bad = common_problem(out.fault, out.message, nullptr); !bad.empty()) return bad;
    if (out.fault != Fault::none) {
        if (!claimable(out.fault)) return fault_problem(out.fault);
        out.ok = false;
        out.violations.clear();
        return "";
    }
    if (auto bad = callable_problem(plugin, NP_CAP_CHECK_GRID, grid.geometry); !bad.empty()) return bad;
    if (!out.ok || out.status != NP_OK) return "status " + std::to_string(out.status) + " without a fault";
    // The host's own capacity for violations (Session::check).
    if (out.violations.size() > 4 * grid.cells.size()) return "more violations than the host has room for";
    out.ok = false;
    for (const Reason& v : out.violations)
        if (auto w = certify_violation(grid, v); !w.empty()) {
            out.violations.clear();
            out.message = wrong(plugin, w);
            out.fault = Fault::wrong;
            return "";
        }
    if (out.violations.empty() && !obeys_rules(grid)) {
        out.message = wrong(plugin, "it finds no violation, but " + first_violation(grid)->message);
        out.fault = Fault::wrong;
        return "";
    }
    out.ok = true;
    return "";
}

// A result certified, and its rules only of kinds the plugin declares
// (the worker's intake checked that too, but the worker runs plugin code).
static std::string certify_generated_by(const Plugin& plugin, const Grid& result, bool puzzle) {
    if (result.is_variant())
        if (auto why = plugin.variant_refusal(*result.variant)) return "its rules: " + *why;
    return certify_generated(result, puzzle);
}

std::string settle_generate(const Plugin& plugin, const Geometry& geometry, np_generate_kind kind,
                            uint64_t first_index, uint64_t count, GenerateOutcome& out) {
    if (auto bad = common_problem(out.fault, out.message, &out.stats); !bad.empty()) return bad;
    if (out.produced != out.results.size()) return "produced does not match the results sent";
    if (out.produced > count) {
        out.message = malformed(plugin, "more results than asked");
        out.fault = Fault::malformed;
        out.ok = false;
        out.produced = 0;
        out.results.clear();
        return "";
    }
    if (out.fault != Fault::none && !claimable(out.fault)) return fault_problem(out.fault);
    const bool puzzle = kind == NP_GENERATE_PUZZLE;
    if (out.fault == Fault::none) {
        const auto capability = puzzle ? NP_CAP_GENERATE_PUZZLE : NP_CAP_GENERATE_GRID;
        if (auto bad = callable_problem(plugin, capability, geometry); !bad.empty()) return bad;
        if (!out.ok || out.status != NP_OK) return "status " + std::to_string(out.status) + " without a fault";
    }
    // Results stand before a failure too (Session::generate keeps them), so
    // each is certified whatever the fault.
    for (std::size_t i = 0; i < out.results.size(); ++i)
        if (auto w = certify_generated_by(plugin, out.results[i], puzzle); !w.empty()) {
            out.message = wrong(plugin, "result " + std::to_string(first_index + i) + ": " + w);
            out.fault = Fault::wrong;
            out.ok = false;
            out.results.resize(i);
            out.produced = i;
            break;
        }
    return "";
}

}  // namespace np::runner
