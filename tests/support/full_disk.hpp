// numplace run where writing fails: on a tiny full file system, or under a
// file-size limit (`ulimit -f`). For the tests of output files
// (tests/cli/output_file_test.cpp).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace np::test {

struct FullDiskRun {
    // Why the full file system could not be made (user namespaces or the
    // mount refused here); numplace did not run then. Empty when it ran.
    std::string unavailable;
    CliRun run;
    // What `folder` held when numplace had ended: name -> content (the
    // filler left out).
    std::map<std::string, std::string> folder_after;
};

// Runs numplace with `args` in a user and mount namespace of its own, in
// which `folder` (an existing folder) is a tmpfs of 16 KiB: `files` (name ->
// content) are written into it, then a filler takes every byte left.
// Nothing outside the run sees that tmpfs; `folder_after` is read through
// the namespace's /proc/PID/root before it goes.
FullDiskRun run_cli_on_full_disk(const std::string& folder, const std::map<std::string, std::string>& files,
                                 const std::vector<std::string>& args);

// Runs numplace with `args` under RLIMIT_FSIZE of `bytes` (the soft limit,
// as `ulimit -S -f` sets it: plugin processes may still raise theirs). The
// limit binds numplace's stdout and stderr files as well: keep them under it.
CliRun run_cli_with_file_size_limit(uint64_t bytes, const std::vector<std::string>& args);

}  // namespace np::test
