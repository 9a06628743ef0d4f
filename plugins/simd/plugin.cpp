// simd: numplace's flagship 9x9 solver. The algorithm is core.hpp (bit
// boards per digit, every rule applied to all nine digits at once with
// vector instructions); it is compiled four times, for AVX-512, AVX2, SSE4.1 and
// plain C++ (path_*.cpp), and this file picks the path the CPU can run
// (option `path` forces one) and is the glue to the C++ layer
// (numplace/plugin.hpp): givens, budget, proofs, counters, generation.
#include <algorithm>
#include <cstring>
#include <string>

#include "generator.hpp"
#include "job.hpp"
#include "numplace/plugin.hpp"

namespace {

// ---- Paths ------------------------------------------------------------------------

struct Path {
    const char* name;
    simd::RunFn run;
    bool (*available)();
};

// The AVX2 file also uses POPCNT and BMI1 (TZCNT), which every AVX2 CPU has;
// asked all the same.
bool has_avx2() {
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi");
}
bool has_avx512() { return __builtin_cpu_supports("avx512f") && has_avx2(); }
bool has_sse41() { return __builtin_cpu_supports("sse4.1"); }
bool always() { return true; }

// Best first: `auto` takes the first the CPU has.
constexpr Path kPaths[] = {
    {"avx512", simd::avx512::run, has_avx512},
    {"avx2", simd::avx2::run, has_avx2},
    {"sse4.1", simd::sse41::run, has_sse41},
    {"portable", simd::portable::run, always},
};

// The path named by the option, or why it cannot run here.
const Path* choose(const std::string& name, std::string& why) {
    for (const Path& p : kPaths) {
        if (name == "auto" && p.available()) return &p;
        if (name != p.name) continue;
        if (p.available()) return &p;
        why = "option 'path': this CPU has no " + name + " (path=auto chooses what it has)";
        return nullptr;
    }
    why = "option 'path': no path '" + name + "'";
    return nullptr;
}

// ---- The search's hooks: the call's budget and proof ------------------------------

class CallHooks final : public simd::Hooks {
public:
    CallHooks(np::plugin::Call& call, np::proof::ProofWriter* proof) : call_(call), proof_(proof) {}
    bool spent() override { return call_.spent(); }
    void leaf() override { proof_->leaf(); }
    void split(int cell, const int* values, int count) override {
        proof_->split_cell(cell, std::span<const int>(values, static_cast<std::size_t>(count)));
    }

private:
    np::plugin::Call& call_;
    np::proof::ProofWriter* proof_;
};

// ---- The plugin ------------------------------------------------------------------

class Simd {
public:
    static constexpr np::plugin::Info info = {
        "simd", "1.0.0",
        "The flagship 9x9 solver: a bit board per digit, singles and locked candidates applied to "
        "all nine digits at once with AVX-512, AVX2, SSE4.1 or plain C++ (chosen at run time), two-candidate cells "
        "first; proves and generates.",
        NP_CAP_SOLVE | NP_CAP_COUNT | NP_CAP_PROVE_UNIQUE | NP_CAP_PROOF | NP_CAP_CANDIDATES | NP_CAP_GENERATE_GRID |
            NP_CAP_GENERATE_PUZZLE,
        /*max_side=*/0, /*suggested_max_nodes=*/0, "bitmask-mrv solves every shape",
        // The fastest 9x9 solver here (docs/benchmarks.md); its generator keeps pace with bitmask-mrv's.
        NP_CAP_SOLVE | NP_CAP_COUNT | NP_CAP_GENERATE_GRID | NP_CAP_GENERATE_PUZZLE, /*default_rank=*/30};
    static constexpr np_geometry shapes[] = {{3, 3}};
    static constexpr np_option_spec options[] = {
        {"path", "auto|avx512|avx2|sse4.1|portable", "auto", "all",
         "the instructions the solver runs on: auto takes the first of AVX-512, AVX2, SSE4.1 that the CPU "
         "has, else plain C++; the others force one (the same answers on every path)"},
    };

    void solve(np::plugin::Solve& call) {
        const Path* path = path_for(call);
        if (path == nullptr || call.givens_repeat()) return;
        uint16_t masks[simd::kCells];
        for (int i = 0; i < simd::kCells; ++i) masks[i] = static_cast<uint16_t>(call.candidate_mask(i));
        CallHooks hooks(call, call.proof());
        simd::Job job;
        job.givens = call.givens;
        job.masks = call.candidates != nullptr ? masks : nullptr;
        job.limit = call.limit;
        job.hooks = &hooks;
        job.proving = call.proof() != nullptr;
        simd::Outcome out;
        path->run(job, out);
        for (uint64_t k = 0; k < out.count; ++k) call.found(out.solution[std::min<uint64_t>(k, 1)]);
        report(out, call);
    }

    // generator.hpp: a random grid, then a minimal unique puzzle from it,
    // proved by one more count when a proof is asked.
    bool generate(np::plugin::Generate& call) {
        const Path* path = path_for(call);
        if (path == nullptr) return false;
        CallHooks hooks(call, call.proof());
        simd::Outcome total;
        simd::Generator make(path->run, hooks, call.rng, total);
        uint8_t grid[simd::kCells] = {};
        const bool proving = call.proof() != nullptr, puzzle = call.kind == NP_GENERATE_PUZZLE;
        const bool made = make.grid(grid) && (!puzzle || (make.puzzle(grid) && (!proving || make.count(grid, true) == 1)));
        if (made) std::memcpy(call.out, grid, sizeof grid);
        report(total, call);
        return made;
    }

private:
    template <class Call>
    static const Path* path_for(Call& call) {
        std::string why;
        const Path* path = choose(call.options.get("path"), why);
        if (path == nullptr) call.bad_option(why);
        return path;
    }

    static void report(const simd::Outcome& out, np::plugin::Call& call) {
        call.set_nodes(out.nodes);
        call.guess(out.guesses);
        call.counter("passes", out.passes);
    }
};

}  // namespace

NUMPLACE_PLUGIN(Simd)
