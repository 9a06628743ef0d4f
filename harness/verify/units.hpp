// verify's runner side, shared by units.cpp (a chunk of units: their calls
// planned, run as batches per plugin, judged into rows), row_words.cpp (what
// each row says of itself: tags, the command that reruns it, its grid) and
// run.cpp (the inputs walked, chunks across -j threads, rows streamed in
// unit order).
// Internal to harness/verify.
#pragma once

#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "runner/runner.hpp"
#include "verify/sources.hpp"
#include "verify/verify.hpp"

namespace np::verify {

// --max-timeouts: a plugin that hangs costs a bounded time. Per plugin, the
// calls that timed out and the timeouts that batches in flight may still
// incur (their allowance), shared by every thread under one mutex (not
// bare atomics: reading the count and reserving must be one step; it is
// taken once per batch, not per call). The runner retries the
// rest of a batch itself after a hang, so a batch's timeouts are seen only
// when it returns: a batch with more calls than its allowance runs under a
// deadline instead (run_group). With -j N, a thread that finds no allowance
// left still gets one, so a plugin may end with up to N - 1 timed-out rows
// past the bound.
class TimeoutBound {
public:
    // `active`: calls can time out at all (worker processes, a --timeout).
    TimeoutBound(uint64_t limit, bool active, const std::vector<Plugin>& plugins)
        : limit_(active ? limit : 0) {
        for (const Plugin& p : plugins) counts_.try_emplace(p.name());
    }
    bool active() const { return limit_ != 0; }
    // How many timeouts a batch of `wanted` calls of `plugin` may incur, at
    // most `wanted`; 0 once the plugin has timed out `limit` times, and
    // `wanted` when there is no bound. Given back after the batch.
    std::size_t take(const std::string& plugin, std::size_t wanted) {
        std::lock_guard<std::mutex> lock(mutex_);
        const auto it = counts_.find(plugin);
        if (!active() || it == counts_.end()) return wanted;
        Count& c = it->second;
        if (c.timed_out >= limit_) return 0;
        const uint64_t room = limit_ - c.timed_out > c.reserved ? limit_ - c.timed_out - c.reserved : 1;
        const auto n = static_cast<std::size_t>(std::min<uint64_t>(wanted, room));
        c.reserved += n;
        return n;
    }
    void give_back(const std::string& plugin, std::size_t allowance, std::size_t timed_out) {
        std::lock_guard<std::mutex> lock(mutex_);
        const auto it = counts_.find(plugin);
        if (!active() || it == counts_.end()) return;
        it->second.reserved -= allowance;
        it->second.timed_out += timed_out;
    }
    // The finding of a row whose call was not made.
    std::string reason(const std::string& plugin) const {
        const std::string k = std::to_string(limit_);
        return "not run: " + plugin + " timed out " + k + " times (--max-timeouts " + k + ")";
    }

private:
    struct Count {
        uint64_t timed_out = 0, reserved = 0;
    };
    const uint64_t limit_;
    std::mutex mutex_;
    std::map<std::string, Count> counts_;  // every loaded plugin, made before the threads start
};

// One thread's runner, and the stop flag its batches run under: the main
// thread's loop sets it when the run is interrupted or when the batch has
// run past its deadline (watch_lanes).
struct Lane {
    std::unique_ptr<runner::Runner> run;
    std::atomic<bool> stop{false};
    std::atomic<int64_t> deadline_ns{0};  // steady clock; 0 = none

    void arm(double seconds) {
        stop.store(false);
        deadline_ns.store(seconds > 0 ? now_ns() + static_cast<int64_t>(seconds * 1e9) : 0);
    }
    void disarm() { deadline_ns.store(0); }
    static int64_t now_ns() {
        return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
            .count();
    }
};

struct Context {
    const Settings& settings;
    const harness::Plugins& plugins;
    const std::vector<Plugin>& judged;
    const Plugin* oracle;
    Budget budget;
    TimeoutBound& bound;
};

// A chunk of units in flight: a thread runs it, the main thread writes its
// rows out in unit order once it is done.
struct Chunk {
    std::vector<Unit> units;
    std::vector<uint64_t> index;                      // each unit's index in the run
    std::vector<std::optional<std::vector<Row>>> rows;  // a unit's rows once judged
    bool done = false;
};

bool cancelled(const Context& ctx);
// Stops the batches of lanes past their deadline, or all of them when the
// run is interrupted.
void watch_lanes(std::vector<Lane>& lanes, bool interrupted);
// A chunk's calls planned, run and judged into rows (unit indices set). A
// unit judged after an interrupt is left without rows (a call it stopped
// would read as unknown), so that a report holds finished units only.
void run_chunk(Chunk& chunk, const Context& ctx, Lane& lane);
// The words of a row (row_words.cpp): a row from a judgement; the row of a
// call that --max-timeouts kept from running (a skip that --resume runs
// again); an answer's verdict word ("multiple (5+)", "error").
Row row_for(const std::string& entry, const std::string& plugin, const std::string& operation,
            const judge::Judgement& j);
RowProof row_proof(const ProofOutcome& p);
Row not_run_row(const std::string& entry, const std::string& plugin, const std::string& operation,
                const std::string& reason);
std::string verdict_of(const SolveOutcome& out);
// A unit's rows get its tags, the command that reruns each, and a failed
// row the grid it is about (report version 4; row_words.cpp).
void describe(std::vector<Row>& rows, const Unit& unit, const Context& ctx);
// How many rows a unit has (one per call plan() makes, or one).
uint64_t rows_of(const Unit& unit, const std::vector<Plugin>& judged);

}  // namespace np::verify
