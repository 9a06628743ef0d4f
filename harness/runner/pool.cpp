// The pool of worker processes: one Worker per plugin (worker.hpp), batches
// whose unanswered items go again to a new worker, every answer certified
// here (answers.hpp) with its proof and steps, timed by the parent.
#include "runner/pool.hpp"

#include <signal.h>

#include <algorithm>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "runner/answers.hpp"
#include "numplace/proof.hpp"
#include "runner/proofs.hpp"
#include "runner/wire.hpp"
#include "runner/worker.hpp"

namespace np::runner {

namespace {

// The most a frame may announce: the largest legitimate answer for the
// request, plus room for messages and counters.
constexpr std::size_t kFrameSlack = 4 << 20;

std::size_t cap_for(wire::Op op, const Geometry& g, uint64_t count = 1, bool steps = false) {
    const auto cells = static_cast<std::size_t>(g.cell_count());
    // A step's three lists hold at most N*N*(N+1) candidates each, 3 bytes a candidate.
    const std::size_t step = steps ? 9 * cells * static_cast<std::size_t>(g.side() + 1) : 0;
    switch (op) {
        case wire::solve: return kFrameSlack + std::max(NP_MAX_WITNESSES * (cells + 4), step);
        case wire::check: return kFrameSlack + 4 * cells * 20;  // Session's room for violations
        case wire::generate: break;
    }
    const uint64_t per = cells + 4, room = (std::numeric_limits<uint32_t>::max() - kFrameSlack) / per;
    return kFrameSlack + static_cast<std::size_t>(std::min(count, room) * per);
}

// An answer that fails its row: its finding gets what the item printed.
bool failed(const SolveOutcome& o) { return o.fault != Fault::none || o.verdict == Verdict::error; }
bool failed(const CheckOutcome& o) { return !o.ok; }
bool failed(const GenerateOutcome& o) { return !o.ok || o.fault != Fault::none; }

// The parent's time for an item (Ending). A check answer carries no time.
void set_micros(SolveOutcome& o, uint64_t micros) { o.stats.micros = micros; }
void set_micros(GenerateOutcome& o, uint64_t micros) { o.stats.micros = micros; }
void set_micros(CheckOutcome&, uint64_t) {}
// What the worker said the call took: a claim, which ItemTimes lets cover
// only time this process saw pass.
uint64_t claimed_micros(const SolveOutcome& o) { return o.stats.claimed_micros; }
uint64_t claimed_micros(const GenerateOutcome& o) { return o.stats.claimed_micros; }
uint64_t claimed_micros(const CheckOutcome&) { return 0; }
void set_cpu(SolveOutcome& o, std::optional<uint64_t> micros) { o.stats.cpu_micros = micros; }
void set_cpu(GenerateOutcome& o, std::optional<uint64_t> micros) { o.stats.cpu_micros = micros; }
void set_cpu(CheckOutcome&, std::optional<uint64_t>) {}

// Every item of `todo` gets `fault`; `cut`: the caller stopped them
// (SolveOutcome::cut), not the plugin.
template <class Outcome>
void fail_all(std::vector<Outcome>& out, const std::vector<std::size_t>& todo, Fault fault, const std::string& message,
              bool cut = false) {
    for (std::size_t i : todo) {
        out[i] = Outcome{};
        out[i].fault = fault;
        out[i].message = message;
        out[i].cut = cut;
    }
}

class Workers : public Runner {
public:
    explicit Workers(const Settings& settings) : settings_(settings) {
        // A worker that dies while we write to it must not kill us.
        signal(SIGPIPE, SIG_IGN);
    }

    // No exception leaves the runner: whatever escapes the frame checks
    // (an allocation, say) fails the calls, never the caller's thread.
    std::vector<SolveOutcome> solve(const Plugin& p, const std::vector<const Grid*>& puzzles, uint64_t limit,
                                    const OptionList& options, const Budget& budget, const ProofSink& keep,
                                    const ItemStepSink& steps) override {
        // Each item's proof is checked here as its frames come (never held
        // whole), then judged with the answer it came with. The check gets
        // the call's timeout; the worker's deadline moves by what it took
        // (Worker::exchange), since the plugin waits on it.
        const bool proving = proofs_wanted(p, budget);
        std::vector<std::optional<ProofIntake>> intakes(puzzles.size());
        auto intake = [&](std::size_t i) -> ProofIntake& {
            if (!intakes[i]) intakes[i].emplace(*puzzles[i], budget.max_proof_bytes, budget.timeout_seconds);
            return *intakes[i];
        };
        TakeProof take_proof;
        if (proving)
            take_proof = [&](std::size_t i, std::size_t item, std::string_view bytes) -> std::string {
                if (item != 0) return "a proof for another item";  // `i` is the item running (batch's index)
                if (!intake(i).feed(bytes) && intake(i).received() > budget.max_proof_bytes)
                    return "more proof bytes than the budget of " + std::to_string(budget.max_proof_bytes);
                if (keep) keep(i, bytes);
                return "";
            };
        // Each item's steps are certified here against its own state, as
        // they come; a refused one is judged with the answer.
        const bool explaining = steps && p.can(NP_CAP_EXPLAIN);
        std::vector<std::optional<StepIntake>> step_intakes(puzzles.size());
        std::vector<StepSink> item_sinks(puzzles.size());
        auto step_intake = [&](std::size_t i) -> StepIntake& {
            if (!step_intakes[i]) {
                item_sinks[i] = [&steps, i](const Step& s) { return steps(i, s); };
                step_intakes[i].emplace(*puzzles[i], item_sinks[i], budget.max_steps);
            }
            return *step_intakes[i];
        };
        TakeStep take_step;
        if (explaining)
            take_step = [&](std::size_t i, std::size_t item, std::string_view bytes) -> std::string {
                if (item != 0) return "a step for another item";
                const auto step = decode_step(bytes);
                if (!step) return "a step frame that holds no step";
                step_intake(i).take(*step);  // a refused step is the answer's fault, judged with it
                return "";
            };
        return guarded<SolveOutcome>(p, puzzles, [&] {
            return batch<SolveOutcome>(
                p, wire::solve, puzzles, limit, options, budget,
                [&](wire::Reader& r, std::size_t i, SolveOutcome& out) {
                    out = wire::get_solve(r, puzzles[i]->geometry);
                    std::string problem = settle_solve(p, *puzzles[i], limit, out);
                    if (!proving) out.proof = {};
                    else if (problem.empty()) intake(i).judge(out);
                    if (explaining && problem.empty()) step_intake(i).judge(out, p.name());
                    return problem;
                },
                take_proof, [&](std::size_t i) { intakes[i].reset(), step_intakes[i].reset(); }, take_step);
        });
    }

    std::vector<CheckOutcome> check(const Plugin& p, const std::vector<const Grid*>& grids,
                                    const OptionList& options, const Budget& budget) override {
        return guarded<CheckOutcome>(p, grids, [&] {
            return batch<CheckOutcome>(p, wire::check, grids, 0, options, budget,
                                       [&](wire::Reader& r, std::size_t i, CheckOutcome& out) {
                                           out = wire::get_check(r, grids[i]->geometry);
                                           return settle_check(p, *grids[i], out);
                                       });
        });
    }

    GenerateOutcome generate(const Plugin& p, const Geometry& g, np_generate_kind kind, uint64_t seed, uint64_t first,
                             uint64_t count, const OptionList& options, const Budget& budget) override {
        GenerateOutcome out;
        try {
            auto body = [&](wire::Writer& w, uint32_t id) {
                w.u32(wire::generate);
                w.u32(id);
                w.u32(1);
                wire::put(w, options);
                wire::put(w, budget);
                wire::put(w, g);
                w.u32(kind);
                w.u64(seed);
                w.u64(first);
                w.u64(count);
            };
            const bool proving = proofs_wanted(p, budget) && kind == NP_GENERATE_PUZZLE;
            GeneratedProofs proofs(budget.max_proof_bytes);
            auto take = [&](std::size_t, wire::Reader& r, uint64_t& claimed) {
                out = wire::get_generate(r, g);
                claimed = claimed_micros(out);
                std::string problem = settle_generate(p, g, kind, first, count, out);
                if (problem.empty() && failed(out)) out.message += worker(p).stderr_note();
                if (!proving) out.proofs.clear();
                else if (problem.empty()) proofs.judge(out);
                return problem;
            };
            TakeProof take_proof;
            if (proving)
                take_proof = [&](std::size_t, std::size_t place, std::string_view bytes) -> std::string {
                    if (place >= count) return "a proof for puzzle " + std::to_string(place + 1) + " of " + std::to_string(count);
                    if (!proofs.take(place, bytes) && proofs.total() > budget.max_proof_bytes)
                        return "more proof bytes than the budget of " + std::to_string(budget.max_proof_bytes);
                    return "";
                };
            const Ending end = worker(p).run(body, 1, cap_for(wire::generate, g, count), budget.timeout_seconds, budget,
                                             take, take_proof);
            if (!end.complete) {
                out = GenerateOutcome{};
                out.fault = end.fault;
                out.message = end.message;
            }
            set_micros(out, end.complete ? end.micros.at(0) : end.failed_micros);
            if (end.complete && !end.cpu_micros.empty()) set_cpu(out, end.cpu_micros[0]);
            cpu_[p.name()] += worker(p).take_cpu();
        } catch (const std::exception& e) {
            workers_.erase(p.name());
            out = GenerateOutcome{};
            out.fault = Fault::crashed;
            out.message = "protocol: " + p.name() + ": " + e.what();
        }
        return out;
    }

private:
    Worker& worker(const Plugin& p) {
        auto& slot = workers_[p.name()];
        if (!slot) slot = std::make_unique<Worker>(settings_, p);
        return *slot;
    }

    template <class Outcome, class Batch>
    std::vector<Outcome> guarded(const Plugin& p, const std::vector<const Grid*>& items, Batch&& run) {
        try {
            return run();
        } catch (const std::exception& e) {
            workers_.erase(p.name());  // its stream is out of step: a new one next time
            std::vector<Outcome> out(items.size());
            std::vector<std::size_t> all(items.size());
            for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
            fail_all(out, all, Fault::crashed, "protocol: " + p.name() + ": " + e.what());
            return out;
        }
    }

    // Sends the items as one request; each answer comes in a frame of its
    // own. When the worker fails on item k, item k gets the failure, the
    // answers before it stand, and the unanswered rest goes again to a new
    // worker (and is timed there). Every item gets the parent's time.
    // take(reader, item, outcome) reads one answer; take_proof, when set,
    // one proof chunk (its first argument then the batch's item index), and
    // restart(item) is told of each item sent again to a new worker.
    template <class Outcome, class Take>
    std::vector<Outcome> batch(const Plugin& p, wire::Op op, const std::vector<const Grid*>& items, uint64_t limit,
                               const OptionList& options, const Budget& budget, Take take,
                               const TakeProof& take_proof = {},
                               const std::function<void(std::size_t)>& restart = {}, const TakeStep& take_step = {}) {
        std::vector<Outcome> out(items.size());
        std::vector<std::size_t> todo(items.size());
        for (std::size_t i = 0; i < todo.size(); ++i) todo[i] = i;
        std::size_t cap = 0;
        for (const Grid* g : items) cap = std::max(cap, cap_for(op, g->geometry, 1, static_cast<bool>(take_step)));
        while (!todo.empty()) {
            auto body = [&](wire::Writer& w, uint32_t id) {
                w.u32(op);
                w.u32(id);
                w.u32(static_cast<uint32_t>(todo.size()));
                wire::put(w, options);
                wire::put(w, budget);
                w.u64(limit);
                w.u8(take_step ? 1 : 0);  // explain
                for (std::size_t i : todo) {
                    wire::put(w, items[i]->geometry);
                    w.cells(items[i]->cells);
                    w.masks(items[i]->candidates);
                    wire::put_variant(w, *items[i]);
                }
            };
            auto answer = [&](std::size_t k, wire::Reader& r, uint64_t& claimed) {
                std::string problem = take(r, todo[k], out[todo[k]]);
                claimed = claimed_micros(out[todo[k]]);
                if (problem.empty() && failed(out[todo[k]])) out[todo[k]].message += worker(p).stderr_note();
                return problem;
            };
            TakeProof proof;
            if (take_proof)
                proof = [&](std::size_t k, std::size_t item, std::string_view bytes) {
                    // The worker numbers the items of its request; so does k.
                    return take_proof(todo[k], item == k ? 0 : item + 1, bytes);
                };
            TakeStep step;
            if (take_step)
                step = [&](std::size_t k, std::size_t item, std::string_view bytes) {
                    return take_step(todo[k], item == k ? 0 : item + 1, bytes);
                };
            if (restart)
                for (std::size_t i : todo) restart(i);
            const Ending end =
                worker(p).run(body, todo.size(), cap, budget.timeout_seconds, budget, answer, proof, step);
            cpu_[p.name()] += worker(p).take_cpu();
            for (std::size_t k = 0; k < end.micros.size(); ++k) set_micros(out[todo[k]], end.micros[k]);
            for (std::size_t k = 0; k < end.cpu_micros.size(); ++k) set_cpu(out[todo[k]], end.cpu_micros[k]);
            if (end.complete) break;
            const bool interrupted = end.cut;  // then nothing more runs
            const auto failed = todo.begin() + static_cast<std::ptrdiff_t>(end.failed);
            fail_all(out, std::vector<std::size_t>(failed, interrupted ? todo.end() : failed + 1), end.fault, end.message,
                     interrupted);
            if (end.failed < todo.size()) set_micros(out[todo[end.failed]], end.failed_micros);
            if (interrupted) break;
            todo.erase(todo.begin(), todo.begin() + static_cast<std::ptrdiff_t>(end.resume));
        }
        return out;
    }

    const Settings settings_;  // a copy: the caller's may be a temporary
    std::map<std::string, std::unique_ptr<Worker>> workers_;
    std::map<std::string, CpuTime> cpu_;

public:
    std::map<std::string, CpuTime> cpu() const override { return cpu_; }
};

}  // namespace

std::unique_ptr<Runner> make_worker_pool(const Settings& settings) { return std::make_unique<Workers>(settings); }

}  // namespace np::runner
