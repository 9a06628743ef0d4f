// The sandbox's side of process.cpp (not a public header): a Plan is made in
// the parent, where allocating is safe, and applied in the child between
// fork and exec, where only async-signal-safe calls are.
#pragma once

#include <linux/filter.h>

#include <string>
#include <vector>

#include "numplace/sandbox.hpp"

namespace np::sandbox {

struct Plan {
    // Made by a process that is itself inside a sandbox (inside_sandbox()):
    // a worker starting a command-line solver's program. That process can
    // make no namespace or cgroup (Landlock forbids mounts and writes to
    // /proc and /sys), and need not: what it has, the child inherits. The
    // child gets a subreaper, Landlock and seccomp again, on its own folder.
    bool nested = false;
    bool namespaces = false;     // contain() enters a user, PID, mount and IPC namespace
    int landlock_abi = 0;        // 0: no Landlock layer
    std::string folder;          // the child's temporary folder: its only writable place
    std::string cgroup, cgroup_procs;  // its pids cgroup (when one can be made) and the file to join it
    std::string tmpfs_options;   // the folder's tmpfs, in a mount namespace
    std::string uid_map, gid_map;
    std::vector<sock_filter> filter;  // the seccomp program, empty without seccomp
    SandboxLimits limits;
    std::vector<std::string> env;     // the parent's environment with TMPDIR set to `folder`
    std::vector<char*> envp;          // env's strings, null-terminated, for execve
};

// The seccomp program every sandboxed child loads (sandbox_filter.cpp);
// empty when libseccomp cannot build it.
const std::vector<sock_filter>& seccomp_filter();

// Makes the folder (mkdtemp under $TMPDIR, else /tmp) and the rest; false
// with `error` when the folder cannot be made.
bool prepare(Plan& plan, const SandboxLimits& limits, std::string& error);

// Removes a plan's cgroup once its processes are gone.
void remove_cgroup(const std::string& group);

// In the child (after its group, fds and memory limit are set): enters a
// user, PID, mount and IPC namespace, or becomes a subreaper, then forks the process that
// will run the plugin. Returns in that process only; the ones above it relay
// signals and its end, and never return. false: it could not.
bool contain(const Plan& plan);

// In the process that will run the plugin: limits, Landlock, seccomp.
bool confine(const Plan& plan);

}  // namespace np::sandbox
