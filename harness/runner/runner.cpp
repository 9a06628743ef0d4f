// The two runners behind one interface (runner.hpp): sessions in this
// process (in_process.cpp), or one worker process per plugin (pool.cpp,
// worker.cpp: a child of process.hpp under a memory limit; pipes; frames
// timed on this process's clock, item_times.hpp, and certified here,
// answers.hpp; its CPU from /proc, proc_cpu.cpp).
#include "runner/runner.hpp"

#include "runner/in_process.hpp"
#include "numplace/sandbox.hpp"
#include "runner/pool.hpp"

namespace np::runner {

bool sanitizer_build() { return np::sanitizer_build(); }

std::unique_ptr<Runner> make_runner(const Settings& settings) {
    if (settings.in_process) return make_in_process_runner();
    return make_worker_pool(settings);
}

}  // namespace np::runner
