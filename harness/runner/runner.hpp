// The runner: how a harness calls plugins. Two implementations behind one
// interface: in-process (a Session per plugin; a crash ends the process) and
// a pool of worker processes (one per plugin), each under a time and memory
// limit, as SAT-competition runners (runsolver, runlim) isolate solvers. A
// worker that crashes, hangs past its deadline or runs out of memory costs
// only the item it was on: that item gets Fault::crashed, timed_out or
// out_of_memory, a new worker takes the rest of the batch, and no answer is
// lost. verify and fuzz call plugins through it; bench does with --isolate
// (otherwise bench runs its work in a forked child of its own, child.hpp).
// Worker processes are started and killed by process.hpp.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "numplace/host.hpp"
#include "numplace/steps.hpp"

namespace np::runner {

struct Settings {
    bool in_process = false;
    std::string worker_program;   // the numplace-worker executable
    uint64_t memory_mib = 2048;   // RLIMIT_AS per worker; 0 = none
    double grace_seconds = 1.0;   // past an item's --timeout before the watchdog kills
};

// CPU and wall time spent on a plugin's calls, read by this process: in
// process, the calling thread's CPU clock and the wall clock around each
// call; with workers, the worker's user + system time from /proc/PID/stat
// (clock ticks) before and after each request, and the request's span.
struct CpuTime {
    double cpu_seconds = 0, wall_seconds = 0;
    CpuTime& operator+=(const CpuTime& o) {
        cpu_seconds += o.cpu_seconds, wall_seconds += o.wall_seconds;
        return *this;
    }
};

// A call's CPU is given per item (CallStats::cpu_micros) only when it took
// at least this long: the clock tick of /proc's figures.
inline constexpr uint64_t kCpuItemMicros = 10000;

// The message of a call the caller stopped before it answered
// (SolveOutcome::cut): its batch's deadline, an interrupt.
inline constexpr std::string_view kInterrupted = "interrupted";

// Each certified step of item `item`'s explanation; false to take no more
// of that item's steps.
using ItemStepSink = std::function<bool(std::size_t item, const Step& step)>;

class Runner {
public:
    virtual ~Runner() = default;
    // One outcome per puzzle, in order (a batch: workers get many at once).
    // With Budget::max_proof_bytes, a plugin that can prove is asked for a
    // proof of each complete search; each is checked here, in this process
    // (ProofIntake), as its bytes come, and outcome.proof says how it went.
    // `keep`, when set, also gets the bytes (item index, chunk), e.g. to
    // save them: the same bytes the checker read.
    // With `steps`, a plugin that explains (NP_CAP_EXPLAIN) is asked to, for
    // at most Budget::max_steps steps an item: each step is certified here,
    // in this process, against the item's own state (StepIntake) before
    // `steps` sees it, and a refused one makes the item's answer wrong.
    virtual std::vector<SolveOutcome> solve(const Plugin& plugin, const std::vector<const Grid*>& puzzles,
                                            uint64_t limit, const OptionList& options, const Budget& budget,
                                            const ProofSink& keep = {}, const ItemStepSink& steps = {}) = 0;
    // The check ABI has no budget; `budget`'s timeout arms the watchdog only.
    virtual std::vector<CheckOutcome> check(const Plugin& plugin, const std::vector<const Grid*>& grids,
                                            const OptionList& options, const Budget& budget) = 0;
    // Results first_index .. first_index + count - 1, collected; with
    // Budget::max_proof_bytes, each puzzle's proof checked (outcome.proofs).
    virtual GenerateOutcome generate(const Plugin& plugin, const Geometry& geometry, np_generate_kind kind,
                                     uint64_t seed, uint64_t first_index, uint64_t count, const OptionList& options,
                                     const Budget& budget) = 0;

    // Per plugin, over every call this runner made so far.
    virtual std::map<std::string, CpuTime> cpu() const = 0;

    SolveOutcome solve_one(const Plugin& plugin, const Grid& puzzle, uint64_t limit, const OptionList& options,
                           const Budget& budget) {
        return solve(plugin, {&puzzle}, limit, options, budget).at(0);
    }
};

// A runner for one thread: its sessions or workers are its own.
std::unique_ptr<Runner> make_runner(const Settings& settings);

// True in a build with AddressSanitizer, which needs its address space: the
// memory limit is then off.
bool sanitizer_build();

}  // namespace np::runner
