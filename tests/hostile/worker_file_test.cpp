// The worker loads the file the parent loaded and hashed: given another
// file's SHA-256 it refuses to run (status 3, which the parent reports as a
// plugin that did not load, with the worker's line in the finding).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include "hostile_support.hpp"
#include "numplace/process.hpp"
#include "test_support.hpp"

namespace {

std::string worker() { return np::hostile::worker_program(); }

std::string attack_file() { return np::hostile::attack_file("exit_zero"); }

// The worker on `file` told to expect `sha256`, with no requests (fd 3 at
// its end at once); its exit and what it printed.
np::Exit run_worker(const std::string& file, const std::string& sha256, std::string& printed) {
    int err[2];
    EXPECT_EQ(pipe2(err, O_CLOEXEC), 0);
    np::SpawnOptions options;
    options.fds = {np::kDevNull, err[1], err[1], np::kDevNull, np::kDevNull};
    std::string error;
    np::Child child = np::spawn_program(worker(), {worker(), file, sha256}, options, error);
    close(err[1]);
    EXPECT_TRUE(child.running()) << error;
    char buffer[1024];
    for (ssize_t n; (n = read(err[0], buffer, sizeof buffer)) > 0;) printed.append(buffer, static_cast<std::size_t>(n));
    close(err[0]);
    return child.wait();
}

TEST(WorkerFile, AnotherFilesHashIsRefused) {
    const std::string wrong(64, '0');
    std::string printed;
    const auto end = run_worker(attack_file(), wrong, printed);
    EXPECT_TRUE(end.exited && end.code == 3) << end.describe() << ": " << printed;
    EXPECT_NE(printed.find("numplace loaded " + wrong + ": the file changed"), std::string::npos) << printed;
}

TEST(WorkerFile, ItsOwnHashLoads) {
    np::PluginRegistry registry;
    registry.add_file(attack_file());
    ASSERT_EQ(registry.plugins().size(), 1u);
    std::string printed;
    const auto end = run_worker(attack_file(), registry.plugins().front().sha256(), printed);
    EXPECT_TRUE(end.ok()) << end.describe() << ": " << printed;
}

}  // namespace
