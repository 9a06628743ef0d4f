// The runner in this process: a Session per plugin, timed by the calling
// thread's CPU clock (in_process.hpp). A crash ends the process.
#include "runner/in_process.hpp"

#include <time.h>

#include <map>
#include <optional>
#include <string>

#include "numplace/clock.hpp"
#include "numplace/proof.hpp"
#include "runner/proofs.hpp"

namespace np::runner {

namespace {

// The calling thread's CPU time and the wall time around a call in
// process: the plugin's, since it runs on this thread.
class CallClock {
public:
    CallClock() : cpu_(thread_cpu_ns()), wall_(monotonic_ns()) {}
    // Adds the call to `total`; its CPU microseconds when it took 10 ms or more.
    std::optional<uint64_t> stop(CpuTime& total) const {
        const uint64_t cpu = thread_cpu_ns() - cpu_, wall = monotonic_ns() - wall_;
        total += CpuTime{static_cast<double>(cpu) * 1e-9, static_cast<double>(wall) * 1e-9};
        if (wall < kCpuItemMicros * 1000) return std::nullopt;
        return cpu / 1000;
    }

private:
    static uint64_t thread_cpu_ns() {
        timespec t{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        return static_cast<uint64_t>(t.tv_sec) * 1000000000u + static_cast<uint64_t>(t.tv_nsec);
    }
    uint64_t cpu_, wall_;
};

class InProcess : public Runner {
public:
    std::vector<SolveOutcome> solve(const Plugin& p, const std::vector<const Grid*>& puzzles, uint64_t limit,
                                    const OptionList& options, const Budget& budget, const ProofSink& keep,
                                    const ItemStepSink& steps) override {
        std::vector<SolveOutcome> out;
        for (std::size_t i = 0; i < puzzles.size(); ++i) {
            // The session certifies each step before this sink sees it.
            StepSink item_steps;
            if (steps) item_steps = [&steps, i](const Step& step) { return steps(i, step); };
            const CallClock clock;
            if (!proofs_wanted(p, budget)) {
                out.push_back(session(p).solve(*puzzles[i], limit, options, budget, {}, item_steps));
                out.back().stats.cpu_micros = clock.stop(cpu_[p.name()]);
                continue;
            }
            ProofIntake intake(*puzzles[i], budget.max_proof_bytes);
            out.push_back(session(p).solve(
                *puzzles[i], limit, options, budget,
                [&](uint64_t, std::string_view bytes) {
                    if (keep) keep(i, bytes);
                    return intake.feed(bytes);
                },
                item_steps));
            intake.judge(out.back());
            out.back().stats.cpu_micros = clock.stop(cpu_[p.name()]);
        }
        return out;
    }
    std::vector<CheckOutcome> check(const Plugin& p, const std::vector<const Grid*>& grids,
                                    const OptionList& options, const Budget&) override {
        std::vector<CheckOutcome> out;
        for (const Grid* g : grids) {
            const CallClock clock;
            out.push_back(session(p).check(*g, options));
            clock.stop(cpu_[p.name()]);
        }
        return out;
    }
    GenerateOutcome generate(const Plugin& p, const Geometry& g, np_generate_kind kind, uint64_t seed, uint64_t first,
                             uint64_t count, const OptionList& options, const Budget& budget) override {
        GeneratedProofs proofs(budget.max_proof_bytes);
        const CallClock clock;
        GenerateOutcome out =
            session(p).generate(g, kind, seed, first, count, options, budget, {},
                                [&](uint64_t index, std::string_view bytes) { return proofs.take(index - first, bytes); });
        proofs.judge(out);
        out.stats.cpu_micros = clock.stop(cpu_[p.name()]);
        return out;
    }
    std::map<std::string, CpuTime> cpu() const override { return cpu_; }

private:
    Session& session(const Plugin& p) {
        auto& slot = sessions_[p.name()];
        if (!slot) slot = std::make_unique<Session>(p);
        return *slot;
    }
    std::map<std::string, std::unique_ptr<Session>> sessions_;
    std::map<std::string, CpuTime> cpu_;
};

}  // namespace

std::unique_ptr<Runner> make_in_process_runner() { return std::make_unique<InProcess>(); }

}  // namespace np::runner
