// Output files written safely (docs/reliability.md, "Output files"): the
// bytes go to a temporary beside the target, which is renamed over the
// target only when every byte is on disk. A reader sees the old file or the
// new one, never half of one; a run that fails or is stopped leaves no
// temporary, and one that is killed leaves one that the next run removes.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace np::output {

// The random part of a temporary's name. The default draws 64 bits from
// getrandom; a test gives its own to plant something at the next name.
using NameSource = std::function<std::string()>;

// A file written safely: bytes go to a temporary created exclusively beside
// the target (same folder, O_CREAT|O_EXCL|O_NOFOLLOW, mode 0666 & ~umask,
// named temporary_name(target's name, random hex), another name on EEXIST),
// which commit() renames over the target. "-" is written to stdout
// directly; so is an existing FIFO, character device or socket
// (/dev/null), and a target that is this process's own stdout or stderr
// (/dev/stdout, also when it is a file): no temporary, commit is a flush.
// One thread at a time per file; the registry of temporaries behind
// remove_temporaries_now() is shared by all.
class OutputFile {
public:
    // nullptr, and one line in `error` ("<target>: cannot write (why)"),
    // when it cannot be made. Removes the target's stale temporaries first.
    static std::unique_ptr<OutputFile> open(const std::string& target, std::string& error,
                                            const NameSource& names = {});
    ~OutputFile();  // aborts if not committed
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;

    bool write(std::string_view bytes);  // buffered (64 KiB); false once anything failed
    bool ok() const;
    // "<target>: cannot write (No space left on device)": names the target as given.
    const std::string& error() const;
    bool finish();  // flush, and fsync the temporary (ENOSPC often shows only here); false on error
    bool commit();  // finish, then rename the temporary over the target; false (and aborted) on error
    void abort();   // unlinks the temporary; idempotent
    const std::string& target() const { return target_; }
    std::string temporary() const;  // its path beside the target; "" when written directly

private:
    friend bool commit_all(const std::vector<OutputFile*>& files, std::string& error);
    enum class State { open, finished, committed, aborted };
    explicit OutputFile(std::string target) : target_(std::move(target)) {}
    bool open_target(const NameSource& names);
    bool open_direct();
    bool create_temporary(const NameSource& names);
    bool flush_buffer();
    bool write_out(std::string_view bytes);
    bool fail(const std::string& why);
    bool fail_errno(int code);
    bool fail_writing(int code);
    void close_all();
    void notice_removal() const;

    std::string target_;
    std::string folder_;     // the target's folder, as given ("." for a bare name)
    std::string name_;       // the target's file name in it
    std::string temp_name_;  // the temporary's file name; "" when written directly
    int dir_ = -1;           // the folder, for renameat and unlinkat
    int fd_ = -1;
    bool owns_fd_ = true;    // false for stdout and stderr
    int slot_ = -1;          // in the registry of live temporaries; -1: none
    State state_ = State::open;
    std::string buffer_;
    mutable std::string error_;
    mutable bool removed_by_others_ = false;  // remove_temporaries_now() took the temporary
};

// All or nothing, in the given order: finishes every file; if any failed,
// aborts all and returns false with `error` naming the file and why;
// otherwise renames each in order. A kill between two renames, or a rename
// that fails, leaves the files before it renamed and the rest as they were
// (callers stamp each file with one run id to tell). A file written
// directly (stdout, a FIFO) cannot be taken back.
bool commit_all(const std::vector<OutputFile*>& files, std::string& error);

// An unpredictable id for one run: 128 bits from getrandom, in hex.
std::string new_run_id();

// `.<name>.numplace-<random>.tmp`: the temporary of a target named `name`
// (at most its first 200 bytes, so that the whole stays under NAME_MAX).
std::string temporary_name(const std::string& name, const std::string& random);

// Unlinks every live temporary of this process; async-signal-safe (it only
// unlinks paths kept in a fixed array). For a second SIGINT before the
// process dies; also called when a write fails for want of space (ENOSPC,
// EDQUOT, EFBIG), which fails every other output file of the run too.
// At most 64 temporaries at once are kept there; any beyond are left to
// the next run's sweep.
void remove_temporaries_now();

}  // namespace np::output
