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
    std::string folder;          // the child's temporary folder: its only writable place
    std::string cgroup, cgroup_procs;  // its pids cgroup (when one can be made) and the file to join it
    std::string tmpfs_options;   // the folder's tmpfs, in a mount namespace
    std::string uid_map, gid_map;
    std::vector<sock_filter> filter;  // the seccomp program, empty without seccomp
    SandboxLimits limits;
    std::vector<std::string> env;     // the parent's environment with TMPDIR set to `folder`
    std::vector<char*> envp;          // env's strings, null-terminated, for execve
};

// Makes the folder (mkdtemp under $TMPDIR, else /tmp) and the rest; false
// with `error` when the folder cannot be made.
bool prepare(Plan& plan, const SandboxLimits& limits, std::string& error);

// Removes a plan's cgroup once its processes are gone.
void remove_cgroup(const std::string& group);

// In the child (after its group, fds and memory limit are set): enters a
// user + PID namespace, or becomes a subreaper, then forks the process that
// will run the plugin. Returns in that process only; the ones above it relay
// signals and its end, and never return. false: it could not.
bool contain(const Plan& plan);

// In the process that will run the plugin: limits, Landlock, seccomp.
bool confine(const Plan& plan);

}  // namespace np::sandbox
