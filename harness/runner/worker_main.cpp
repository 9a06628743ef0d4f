// numplace-worker: runs one plugin for a parent harness (runner.hpp). It is
// started with the plugin's path; requests arrive on fd 3, answers leave on
// fd 4, and fd 5 is the shared page (wire::Board) where it notes which item
// it is on, so that the parent's watchdog can time each item without a
// message per item. stdout goes to stderr: a plugin that prints must not
// corrupt the answers.
#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <new>

#include "numplace/clock.hpp"
#include "numplace/host.hpp"
#include "wire.hpp"

namespace {

using namespace np;
using namespace np::runner;

wire::Board* g_board = nullptr;

// Allocation failed (RLIMIT_AS): say so, and end at once; the parent sees
// the exit status and the flag, and tells this from a crash.
void out_of_memory() {
    if (g_board != nullptr) g_board->out_of_memory.store(1);
    _exit(wire::kExitOutOfMemory);
}

void start_item(uint32_t i) {
    g_board->started_ns.store(monotonic_ns(), std::memory_order_relaxed);
    g_board->item.store(i, std::memory_order_release);
}

std::string answer(Session& session, const std::string& request) {
    wire::Reader r{request};
    if (r.u32() != wire::kMagic) throw std::runtime_error("bad request");
    const uint32_t op = r.u32(), items = r.u32();
    const OptionList options = wire::get_options(r);
    const Budget budget = wire::get_budget(r);
    wire::Writer w;
    w.u32(wire::kMagic);
    if (op == wire::generate) {
        const Geometry g = wire::get_geometry(r);
        const auto kind = static_cast<np_generate_kind>(r.u32());
        const uint64_t seed = r.u64(), first = r.u64(), count = r.u64();
        start_item(0);
        wire::put(w, session.generate(g, kind, seed, first, count, options, budget));
        return w.bytes;
    }
    const uint64_t limit = r.u64();
    for (uint32_t i = 0; i < items; ++i) {
        const Geometry g = wire::get_geometry(r);
        const Grid grid(g, r.cells());
        start_item(i);
        if (op == wire::solve) wire::put(w, session.solve(grid, limit, options, budget));
        else wire::put(w, session.check(grid, options));
    }
    return w.bytes;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "numplace-worker: started by numplace, not by hand (usage: numplace-worker PLUGIN.so)\n");
        return 2;
    }
    void* page = mmap(nullptr, sizeof(wire::Board), PROT_READ | PROT_WRITE, MAP_SHARED, 5, 0);
    if (page == MAP_FAILED) return 2;
    g_board = static_cast<wire::Board*>(page);
    std::set_new_handler(out_of_memory);

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
    Session session(registry.plugins().front());
    for (std::string request; wire::receive(3, request);) {
        std::string response;
        try {
            response = answer(session, request);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "numplace-worker: %s\n", e.what());
            return 4;
        }
        if (!wire::send(4, response)) return 0;  // the parent is gone
    }
    return 0;
}
