// bench's cell child (harness/bench/child.hpp): the CPU time numplace reads
// from wait4 when it reaps the child includes what the child's own children
// used, once the child has waited for them. That is how a command-line
// solver's processes count in a bench row's cpu_seconds. Work, not time, is
// fixed here: the grandchild's CPU as the child saw it must be inside the
// parent's figure.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "bench/child.hpp"
#include "numplace/process.hpp"

namespace {

TEST(BenchChild, ItsCpuTimeIncludesTheProcessesItWaitedFor) {
    const np::bench::ChildResult r = np::bench::in_child(
        [] {
            std::string error;
            // A shell busy counting: a process of its own, as a command-line solver is.
            np::Child busy = np::spawn_program(
                "/bin/sh", {"sh", "-c", "i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done"}, np::SpawnOptions{}, error);
            if (!busy.running()) throw std::runtime_error("cannot start sh: " + error);
            const np::Exit end = busy.wait();
            return nlohmann::json{{"grandchild_cpu", end.cpu_seconds()}, {"ok", end.ok()}};
        },
        0);
    ASSERT_TRUE(r.value) << r.failure;
    ASSERT_TRUE((*r.value)["ok"].get<bool>());
    const double grandchild = (*r.value)["grandchild_cpu"].get<double>();
    ASSERT_GT(grandchild, 0.0);  // 200,000 rounds of a shell loop: measurable work
    // The parent's figure holds the grandchild's, and the child's own besides.
    EXPECT_GE(r.cpu_seconds, grandchild);
    EXPECT_GE(r.wall_seconds, r.cpu_seconds);  // one thread at a time: CPU within the wall time
}

}  // namespace
