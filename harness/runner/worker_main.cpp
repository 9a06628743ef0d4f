// numplace-worker: runs one plugin for a parent harness (runner.hpp). It is
// started with the plugin's path; requests arrive on fd 3, answers leave on
// fd 4, one frame per item as soon as it is answered (wire.hpp), so that the
// parent times each item on its own clock. stdout goes to stderr: a plugin
// that prints must not corrupt the answers. The parent believes none of it
// without checking (answers.hpp): the plugin runs in this process and can
// write to fd 4 as well as this code can.
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <new>

#include "numplace/host.hpp"
#include "numplace/steps.hpp"
#include "runner/wire.hpp"

namespace {

using namespace np;
using namespace np::runner;

// Allocation failed (RLIMIT_AS): say so by the exit status, and end at once.
void out_of_memory() { _exit(wire::kExitOutOfMemory); }

// One frame: the request's id, the item's index, then what `put` writes.
template <class Put>
void send_frame(wire::Writer& w, uint32_t id, uint32_t item, Put put) {
    w.begin_frame();
    w.u32(id);
    w.u32(item);
    put(w);
    w.end_frame();
    if (!wire::send(4, w.bytes)) _exit(0);  // the parent is gone
}

// A proof's bytes go to the parent as they come, in frames of at most
// kProofFrame bytes, before the answer they belong to; the parent checks
// them, never this process. Each frame names its item: for solve, the
// request's item `base` (the session numbers its one result 0); for
// generate, the puzzle's place in the request (its index less `base`, the
// first index).
ProofSink proof_frames(uint32_t id, uint64_t base, bool solve, wire::Writer& w) {
    return [id, base, solve, &w](uint64_t result, std::string_view bytes) {
        const uint64_t item = solve ? base + result : result - base;
        while (!bytes.empty()) {
            const std::string_view part = bytes.substr(0, wire::kProofFrame);
            bytes.remove_prefix(part.size());
            w.begin_frame();
            w.u32(id);
            w.u32(static_cast<uint32_t>(item) | wire::kProofChunk);
            w.bytes.append(part);
            w.end_frame();
            if (!wire::send(4, w.bytes)) _exit(0);  // the parent is gone
        }
        return true;
    };
}

// Each step of item `item`'s explanation goes to the parent in a frame of
// its own, as it comes (the session has checked it; the parent certifies it
// again, against its own state).
StepSink step_frames(uint32_t id, uint32_t item, wire::Writer& w) {
    return [id, item, &w](const Step& step) {
        w.begin_frame();
        w.u32(id);
        w.u32(item | wire::kStepFrame);
        w.bytes += encode_step(step);
        w.end_frame();
        if (!wire::send(4, w.bytes)) _exit(0);  // the parent is gone
        return true;
    };
}

// Set by SIGUSR1: numplace was interrupted and wants the item in hand to
// stop now and answer with what it has (a count so far), not be killed
// with it. Cleared when a request comes.
std::atomic<bool> g_stop{false};
extern "C" void on_stop(int) { g_stop.store(true, std::memory_order_relaxed); }

void answer(Session& session, const std::string& request, wire::Writer& w) {
    wire::Reader r{request};
    const uint32_t op = r.u32(), id = r.u32(), items = r.u32();
    const OptionList options = wire::get_options(r);
    Budget budget = wire::get_budget(r);
    g_stop.store(false, std::memory_order_relaxed);
    budget.cancel = &g_stop;
    if (op == wire::generate) {
        const Geometry g = wire::get_geometry(r);
        const auto kind = static_cast<np_generate_kind>(r.u32());
        const uint64_t seed = r.u64(), first = r.u64(), count = r.u64();
        const GenerateOutcome out =
            session.generate(g, kind, seed, first, count, options, budget, {}, proof_frames(id, first, false, w));
        send_frame(w, id, 0, [&](wire::Writer& f) { wire::put(f, out); });
    } else {
        const uint64_t limit = r.u64();
        const bool explain = r.u8() != 0;
        for (uint32_t i = 0; i < items; ++i) {
            const Geometry g = wire::get_geometry(r);
            Grid grid(g, r.cells());
            grid.candidates = r.masks(grid.cells.size());
            wire::get_variant(r, grid);
            if (op == wire::solve) {
                const SolveOutcome out = session.solve(grid, limit, options, budget, proof_frames(id, i, true, w),
                                                       explain ? step_frames(id, i, w) : StepSink{});
                send_frame(w, id, i, [&](wire::Writer& f) { wire::put(f, out); });
            } else {
                const CheckOutcome out = session.check(grid, options);
                send_frame(w, id, i, [&](wire::Writer& f) { wire::put(f, out); });
            }
        }
    }
    send_frame(w, id, items, [](wire::Writer&) {});  // the end of the request
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2 && argc != 3) {
        std::fprintf(stderr,
                     "numplace-worker: started by numplace, not by hand (usage: numplace-worker PLUGIN [SHA256])\n");
        return 2;
    }
    // What the plugin starts inherits none of the pipes (dup2 cleared the
    // flag on the way in).
    for (int fd : {3, 4})
        if (fcntl(fd, F_SETFD, FD_CLOEXEC) != 0) return 2;
    std::set_new_handler(out_of_memory);
    struct sigaction stop {};
    stop.sa_handler = on_stop;
    sigaction(SIGUSR1, &stop, nullptr);

    // The worker trusts its parent's check of the file (set_allow_insecure):
    // the parent loaded this very path through a registry that refused
    // insecure files unless told otherwise (--allow-insecure-plugins), and a
    // file that passed can since have been changed only by root or this
    // user. Checking again would refuse what the parent was told to accept,
    // and passing the flag along would add a setting every runner user must
    // remember. The worker is started by numplace with that path, not by hand.
    PluginRegistry registry;
    registry.set_allow_insecure(true);
    registry.add_file(argv[1]);
    if (registry.plugins().empty()) {
        std::fprintf(stderr, "numplace-worker: %s: %s\n", argv[1],
                     registry.skipped().empty() ? "no plugin" : registry.skipped().front().reason.c_str());
        return 3;
    }
    // The file the parent hashed is the one loaded here: a plugin swapped
    // between the two is refused, not run under the other's name.
    if (argc == 3 && registry.plugins().front().sha256() != argv[2]) {
        std::fprintf(stderr, "numplace-worker: %s: its SHA-256 is %s, numplace loaded %s: the file changed\n", argv[1],
                     registry.plugins().front().sha256().c_str(), argv[2]);
        return 3;
    }
    Session session(registry.plugins().front());
    wire::Writer frame;  // reused: one allocation for the run
    for (std::string request; wire::receive(3, request);) {
        try {
            answer(session, request, frame);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "numplace-worker: %s\n", e.what());
            return 4;
        }
    }
    return 0;
}
