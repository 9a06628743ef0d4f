#include "full_disk.hpp"

#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

extern char** environ;

namespace np::test {

namespace fs = std::filesystem;

namespace {

constexpr const char* kFiller = "numplace-test-filler";

// numplace's command line, environment and output files, made before the
// fork: the child calls only async-signal-safe functions (execve needs its
// arrays ready).
struct Launch {
    std::vector<std::string> strings, env;
    std::vector<char*> argv, envp;
    fs::path scratch;
    int out = -1, err = -1;
    uint64_t file_size_limit = 0;  // 0: none

    explicit Launch(const std::vector<std::string>& args) {
        char name[] = "/tmp/numplace-full-XXXXXX";
        scratch = mkdtemp(name);
        out = open((scratch / "out").c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        err = open((scratch / "err").c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        strings.push_back(NUMPLACE_TEST_BINARY);
        strings.insert(strings.end(), args.begin(), args.end());
        for (auto& s : strings) argv.push_back(s.data());
        argv.push_back(nullptr);
        // Only the build's plugins, as run_cli gives.
        for (char** e = environ; *e != nullptr; ++e)
            if (std::strncmp(*e, "NUMPLACE_PLUGIN_PATH=", 21) != 0) env.emplace_back(*e);
        for (auto& e : env) envp.push_back(e.data());
        envp.push_back(nullptr);
    }
    ~Launch() {
        close(out);
        close(err);
        std::error_code ec;
        fs::remove_all(scratch, ec);
    }

    // In the forked child: stdin /dev/null, stdout and stderr to the files, the limit, numplace.
    [[noreturn]] void exec() const {
        const int in = open("/dev/null", O_RDONLY | O_CLOEXEC);
        if (in < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) _exit(127);
        rlimit limit{};
        getrlimit(RLIMIT_FSIZE, &limit);
        limit.rlim_cur = file_size_limit;
        if (file_size_limit != 0 && setrlimit(RLIMIT_FSIZE, &limit) != 0) _exit(127);
        execve(argv[0], argv.data(), envp.data());
        _exit(127);
    }

    CliRun finish(int status) const {
        CliRun run;
        run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        run.out = read_file((scratch / "out").string());
        run.err = read_file((scratch / "err").string());
        return run;
    }
};

// ---- The namespace's holder, a forked child: async-signal-safe calls only ----

enum Stage { kUnshare, kSetgroups, kUidMap, kGidMap, kMount, kFiles, kFill, kFork, kDone };
const char* const kStageNames[] = {"unshare(CLONE_NEWUSER | CLONE_NEWNS)", "/proc/self/setgroups",
                                   "/proc/self/uid_map", "/proc/self/gid_map", "mount of a tmpfs",
                                   "writing the files", "filling the tmpfs", "fork"};

// What the holder tells the test: how far it got and the errno, or at
// kDone numplace's wait status.
struct Report {
    int stage = kUnshare;
    int code = 0;
};

struct Plan {
    std::string folder, uid_map, gid_map;
    std::vector<std::string> paths, contents;  // the files, then the filler
    std::string block = std::string(4096, 'x');
};

bool write_all(int fd, const std::string& bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<std::size_t>(n);
    }
    return true;
}

bool write_text(const char* path, const std::string& text) {
    const int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    const bool ok = fd >= 0 && write_all(fd, text);
    if (fd >= 0) close(fd);
    return ok;
}

// Writes the filler until the tmpfs has no byte left: true when ENOSPC came.
bool fill(const Plan& plan) {
    const int fd = open(plan.paths.back().c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return false;
    while (write_all(fd, plan.block)) {}
    const bool full = errno == ENOSPC;
    // A short write leaves a few bytes: one byte at a time to the end.
    while (write(fd, "x", 1) == 1) {}
    close(fd);
    return full;
}

// The namespace, the full tmpfs, numplace in it; then it waits until the
// test has read the folder (the other end of `hold` closes).
[[noreturn]] void hold_namespace(const Plan& plan, const Launch& launch, const int report[2], const int hold[2]) {
    close(report[0]);
    close(hold[1]);  // the test's end: its close is the word to go
    const int report_fd = report[1], hold_fd = hold[0];
    Report r;
    auto stop = [&](Stage stage) {
        r = {stage, errno};
        write(report_fd, &r, sizeof r);
        _exit(1);
    };
    if (unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0) stop(kUnshare);
    if (!write_text("/proc/self/setgroups", "deny")) stop(kSetgroups);
    if (!write_text("/proc/self/uid_map", plan.uid_map)) stop(kUidMap);
    if (!write_text("/proc/self/gid_map", plan.gid_map)) stop(kGidMap);
    if (mount("numplace-full", plan.folder.c_str(), "tmpfs", MS_NOSUID | MS_NODEV, "size=16k") != 0) stop(kMount);
    for (std::size_t i = 0; i + 1 < plan.paths.size(); ++i)
        if (!write_text(plan.paths[i].c_str(), plan.contents[i])) stop(kFiles);
    if (!fill(plan)) stop(kFill);
    const pid_t pid = fork();
    if (pid < 0) stop(kFork);
    if (pid == 0) launch.exec();
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    r = {kDone, status};
    write(report_fd, &r, sizeof r);
    char byte;
    while (read(hold_fd, &byte, 1) < 0 && errno == EINTR) {}
    _exit(0);
}

// ---- In the test --------------------------------------------------------------

Plan plan_for(const std::string& folder, const std::map<std::string, std::string>& files) {
    Plan plan;
    plan.folder = fs::absolute(folder).string();
    plan.uid_map = std::to_string(geteuid()) + " " + std::to_string(geteuid()) + " 1\n";
    plan.gid_map = std::to_string(getegid()) + " " + std::to_string(getegid()) + " 1\n";
    for (const auto& [name, content] : files) {
        plan.paths.push_back(plan.folder + "/" + name);
        plan.contents.push_back(content);
    }
    plan.paths.push_back(plan.folder + "/" + kFiller);
    return plan;
}

// The folder as the holder's mount namespace sees it.
std::map<std::string, std::string> read_folder(pid_t holder, const std::string& folder) {
    std::map<std::string, std::string> files;
    const fs::path seen = "/proc/" + std::to_string(holder) + "/root" + folder;
    for (const auto& entry : fs::directory_iterator(seen)) {
        const std::string name = entry.path().filename().string();
        if (name != kFiller) files[name] = entry.is_regular_file() ? read_file(entry.path().string()) : "(not a regular file)";
    }
    return files;
}

}  // namespace

FullDiskRun run_cli_on_full_disk(const std::string& folder, const std::map<std::string, std::string>& files,
                                 const std::vector<std::string>& args) {
    const Plan plan = plan_for(folder, files);
    const Launch launch(args);
    int report[2], hold[2];
    FullDiskRun result;
    if (pipe2(report, O_CLOEXEC) != 0 || pipe2(hold, O_CLOEXEC) != 0) {
        result.unavailable = "pipe: " + std::string(std::strerror(errno));
        return result;
    }
    const pid_t holder = fork();
    if (holder == 0) hold_namespace(plan, launch, report, hold);
    close(report[1]);
    close(hold[0]);
    Report r;
    const bool told = read(report[0], &r, sizeof r) == static_cast<ssize_t>(sizeof r);
    close(report[0]);
    if (!told) result.unavailable = "the namespace's process ended without a word";
    else if (r.stage != kDone) result.unavailable = std::string(kStageNames[r.stage]) + ": " + std::strerror(r.code);
    else {
        result.run = launch.finish(r.code);
        result.folder_after = read_folder(holder, plan.folder);
    }
    close(hold[1]);
    waitpid(holder, nullptr, 0);
    return result;
}

CliRun run_cli_with_file_size_limit(uint64_t bytes, const std::vector<std::string>& args) {
    Launch launch(args);
    launch.file_size_limit = bytes;
    const pid_t pid = fork();
    if (pid == 0) launch.exec();
    int status = 0;
    waitpid(pid, &status, 0);
    return launch.finish(status);
}

}  // namespace np::test
