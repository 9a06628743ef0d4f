// Output files written safely (output_file.hpp). How a temporary is kept
// safe: it is created exclusively (a name planted in advance, a symlink
// included, is never opened: another name is drawn), and its writer holds
// flock(LOCK_EX) on it for as long as it exists, so that a temporary nobody
// holds is a dead run's, which the next open() of that target removes.
#include "output/output_file.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <system_error>

namespace np::output {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kBufferBytes = 64 * 1024;
constexpr int kNameAttempts = 100;
constexpr std::size_t kNameKept = 200;  // of the target's name, in its temporary's

// ---- Randomness ------------------------------------------------------------------

std::string random_hex(std::size_t bytes) {
    unsigned char raw[32];
    std::size_t got = 0;
    while (got < bytes) {
        const ssize_t n = ::getrandom(raw + got, bytes - got, 0);
        if (n > 0) got += static_cast<std::size_t>(n);
        else if (errno != EINTR) throw std::system_error(errno, std::generic_category(), "getrandom");
    }
    static const char digits[] = "0123456789abcdef";
    std::string hex;
    for (std::size_t i = 0; i < bytes; ++i) {
        hex += digits[raw[i] >> 4];
        hex += digits[raw[i] & 15];
    }
    return hex;
}

// ---- The registry of live temporaries ------------------------------------------------
// Fixed-size and lock-free, so that a signal handler can walk it: a slot is
// claimed (free -> filling), its path written, then published (live). The
// handler takes a live slot (live -> removing), unlinks, marks it removed.
// Each slot names the process that made it: a forked child (bench's
// measuring child) has a copy of the table and numplace's signal handler,
// and must not remove its parent's temporaries.

enum SlotState : int { kFree, kFilling, kLive, kRemoving, kRemoved };
struct Slot {
    std::atomic<int> state{kFree};
    pid_t owner = 0;
    char path[PATH_MAX];
};
static_assert(std::atomic<int>::is_always_lock_free, "the signal handler needs lock-free atomics");
constexpr int kSlots = 64;
Slot g_slots[kSlots];

int register_temporary(const std::string& path) {
    if (path.size() >= PATH_MAX) return -1;
    for (int i = 0; i < kSlots; ++i) {
        int expected = kFree;
        if (!g_slots[i].state.compare_exchange_strong(expected, kFilling)) continue;
        g_slots[i].owner = ::getpid();
        std::memcpy(g_slots[i].path, path.c_str(), path.size() + 1);
        g_slots[i].state.store(kLive);
        return i;
    }
    return -1;  // all taken: this temporary is left to the next run's sweep
}

// Frees the slot; false when remove_temporaries_now() had taken the file.
bool unregister_temporary(int slot) {
    if (slot < 0) return true;
    int expected = kLive;
    if (g_slots[slot].state.compare_exchange_strong(expected, kFree)) return true;
    while (g_slots[slot].state.load() == kRemoving) {}  // a handler on another thread is unlinking it
    g_slots[slot].state.store(kFree);
    return false;
}

bool slot_removed(int slot) { return slot >= 0 && g_slots[slot].state.load() >= kRemoving; }

// ---- Stale temporaries ------------------------------------------------------------------

bool same_file(const struct stat& a, const struct stat& b) { return a.st_dev == b.st_dev && a.st_ino == b.st_ino; }

// Whether `fd` is still the file called `name` in `dir`.
bool still_named(int dir, const char* name, int fd) {
    struct stat opened {}, named {};
    return ::fstat(fd, &opened) == 0 && ::fstatat(dir, name, &named, AT_SYMLINK_NOFOLLOW) == 0 &&
           same_file(opened, named);
}

// Removes the temporary `entry` unless a live writer holds its lock. What
// is not a regular file (a symlink, a FIFO planted there) is unlinked
// without being opened; a regular file is opened without following links
// or blocking, and unlinked only while this process holds its lock.
void remove_if_stale(int dir, const char* entry) {
    struct stat st {};
    if (::fstatat(dir, entry, &st, AT_SYMLINK_NOFOLLOW) != 0 || S_ISDIR(st.st_mode)) return;
    if (!S_ISREG(st.st_mode)) {
        ::unlinkat(dir, entry, 0);
        return;
    }
    const int fd = ::openat(dir, entry, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) return;
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0 && still_named(dir, entry, fd)) ::unlinkat(dir, entry, 0);
    ::close(fd);
}

// Every temporary of the target in `dir` that no live writer holds.
void sweep(int dir, const std::string& prefix) {
    const int listing_fd = ::openat(dir, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    DIR* listing = listing_fd >= 0 ? ::fdopendir(listing_fd) : nullptr;
    if (listing == nullptr) {
        if (listing_fd >= 0) ::close(listing_fd);
        return;  // an unreadable folder: nothing swept, the write goes on
    }
    std::vector<std::string> found;
    while (const dirent* e = ::readdir(listing)) {
        const std::string_view entry = e->d_name;
        if (entry.size() > prefix.size() + 4 && entry.starts_with(prefix) && entry.ends_with(".tmp"))
            found.emplace_back(entry);
    }
    ::closedir(listing);
    for (const auto& entry : found) remove_if_stale(dir, entry.c_str());
}

// Takes the lock on a temporary just made. A sweep may have found it
// unlocked in the moment between its creation and this lock and removed
// it: false then, and another name is drawn. On a file system without
// flock the file stays unlocked, and no sweep there can remove it either.
bool lock_as_ours(int dir, int fd, const std::string& name) {
    while (::flock(fd, LOCK_EX) != 0)
        if (errno != EINTR) return still_named(dir, name.c_str(), fd);
    return still_named(dir, name.c_str(), fd);
}

// C++ streams and stdio keep what they were given in buffers of their own:
// written out first, so that what numplace printed and what goes through
// the descriptor come in the order they were made.
void flush_streams() {
    std::cout.flush();
    std::cerr.flush();
    std::fflush(nullptr);
}

// The descriptor (stdout, stderr) that is this file, or -1.
int own_stream(const struct stat& st) {
    for (int fd : {STDOUT_FILENO, STDERR_FILENO}) {
        struct stat stream {};
        if (::fstat(fd, &stream) == 0 && same_file(stream, st)) return fd;
    }
    return -1;
}

// What every temporary of a target named `name` starts with.
std::string temporary_prefix(const std::string& name) {
    std::string prefix = ".";  // appended piece by piece: GCC 12 warns falsely on "." + std::string
    return prefix.append(name, 0, kNameKept).append(".numplace-");
}

bool out_of_space(int code) { return code == ENOSPC || code == EDQUOT || code == EFBIG; }

}  // namespace

std::string temporary_name(const std::string& name, const std::string& random) {
    return temporary_prefix(name).append(random).append(".tmp");
}

std::string new_run_id() { return random_hex(16); }

void remove_temporaries_now() {
    const pid_t self = ::getpid();
    for (Slot& slot : g_slots) {
        int expected = kLive;
        if (slot.state.load() != kLive || slot.owner != self) continue;
        if (!slot.state.compare_exchange_strong(expected, kRemoving)) continue;
        ::unlink(slot.path);
        slot.state.store(kRemoved);
    }
}

// ---- OutputFile -------------------------------------------------------------------------

std::unique_ptr<OutputFile> OutputFile::open(const std::string& target, std::string& error, const NameSource& names) {
    std::unique_ptr<OutputFile> file(new OutputFile(target));
    bool opened = false;
    if (target == "-") {
        file->fd_ = STDOUT_FILENO;
        file->owns_fd_ = false;
        opened = true;
    } else {
        opened = file->open_target(names ? names : NameSource([] { return random_hex(8); }));
    }
    if (opened) return file;
    error = file->error_;
    return nullptr;
}

// A target that exists and is no regular file is written in place; anything
// else (a regular file, nothing yet, a symlink, which is replaced and never
// followed) gets a temporary in its folder.
bool OutputFile::open_target(const NameSource& names) {
    struct stat st {};
    if (::stat(target_.c_str(), &st) == 0) {
        if (S_ISDIR(st.st_mode)) return fail_errno(EISDIR);
        if (const int stream = own_stream(st); stream >= 0) {
            fd_ = stream;
            owns_fd_ = false;
            return true;
        }
        if (!S_ISREG(st.st_mode)) return open_direct();
    }
    const fs::path path(target_);
    if (!path.has_filename()) return fail_errno(EISDIR);  // "out/"
    folder_ = path.has_parent_path() ? path.parent_path().string() : ".";
    name_ = path.filename().string();
    dir_ = ::open(folder_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir_ < 0) return fail_errno(errno);
    sweep(dir_, temporary_prefix(name_));
    return create_temporary(names);
}

bool OutputFile::open_direct() {
    fd_ = ::open(target_.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
    return fd_ >= 0 || fail_errno(errno);
}

bool OutputFile::create_temporary(const NameSource& names) {
    for (int attempt = 0; attempt < kNameAttempts; ++attempt) {
        const std::string name = temporary_name(name_, names());
        const int fd = ::openat(dir_, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd < 0 && errno == EEXIST) continue;  // taken, or planted: never opened
        if (fd < 0) return fail_errno(errno);
        if (!lock_as_ours(dir_, fd, name)) {
            ::close(fd);
            continue;
        }
        fd_ = fd;
        temp_name_ = name;
        std::error_code ec;  // absolute in the registry: right whatever the current folder is when it is used
        const fs::path folder = fs::absolute(folder_, ec);
        slot_ = register_temporary(((ec ? fs::path(folder_) : folder) / name).string());
        return true;
    }
    return fail("no free name for its temporary after " + std::to_string(kNameAttempts) + " tries");
}

OutputFile::~OutputFile() {
    abort();
    close_all();
}

std::string OutputFile::temporary() const {
    return temp_name_.empty() ? std::string() : (fs::path(folder_) / temp_name_).string();
}

void OutputFile::notice_removal() const {
    if (!error_.empty() || !slot_removed(slot_)) return;
    removed_by_others_ = true;
    error_ = target_ + ": not written (its temporary was removed: another output file failed, or numplace was stopped)";
}

bool OutputFile::ok() const {
    notice_removal();
    return error_.empty();
}

const std::string& OutputFile::error() const {
    notice_removal();
    return error_;
}

bool OutputFile::fail(const std::string& why) {
    if (error_.empty()) error_ = target_ + ": cannot write (" + why + ")";
    return false;
}

bool OutputFile::fail_errno(int code) { return fail(std::strerror(code)); }

// A full disk, a quota or `ulimit -f` fails every output of the run: their
// temporaries go at once, and the command fails instead of writing on.
bool OutputFile::fail_writing(int code) {
    fail_errno(code);
    if (out_of_space(code)) remove_temporaries_now();
    return false;
}

bool OutputFile::write(std::string_view bytes) {
    if (state_ != State::open || !ok()) return false;
    if (buffer_.size() + bytes.size() > kBufferBytes) {
        if (!flush_buffer()) return false;
        if (bytes.size() >= kBufferBytes) return write_out(bytes);  // too big to be worth a copy
    }
    buffer_.append(bytes);
    return true;
}

bool OutputFile::flush_buffer() {
    const bool written = write_out(buffer_);
    buffer_.clear();
    return written;
}

bool OutputFile::write_out(std::string_view bytes) {
    if (!owns_fd_) flush_streams();
    while (!bytes.empty()) {
        const ssize_t n = ::write(fd_, bytes.data(), bytes.size());
        if (n < 0 && errno == EINTR) continue;  // numplace's first Ctrl-C: the command decides
        if (n < 0) return fail_writing(errno);
        bytes.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

bool OutputFile::finish() {
    if (state_ != State::open) return ok();
    state_ = State::finished;
    if (ok() && !buffer_.empty()) flush_buffer();
    // A pipe, a terminal or a device has nothing to sync.
    if (ok() && !temp_name_.empty() && ::fsync(fd_) != 0) fail_writing(errno);
    return ok();
}

bool OutputFile::commit() {
    if (state_ == State::committed) return true;
    if (!finish()) {
        abort();
        return false;
    }
    if (!temp_name_.empty()) {
        if (::renameat(dir_, temp_name_.c_str(), dir_, name_.c_str()) != 0) {
            fail_errno(errno);
            abort();
            return false;
        }
        // Best effort: the new name survives a crash of the machine too.
        ::fsync(dir_);
        unregister_temporary(slot_);
        slot_ = -1;
    }
    state_ = State::committed;
    close_all();  // the lock goes only now, after the rename: no sweep ever sees the file unlocked
    return true;
}

void OutputFile::abort() {
    if (state_ == State::committed || state_ == State::aborted) return;
    // Unlinked while still locked, so no sweep takes it for a dead run's.
    if (!temp_name_.empty() && unregister_temporary(slot_)) ::unlinkat(dir_, temp_name_.c_str(), 0);
    slot_ = -1;
    state_ = State::aborted;
    buffer_.clear();
    if (error_.empty()) error_ = target_ + ": not written (aborted)";
    close_all();
}

void OutputFile::close_all() {
    if (fd_ >= 0 && owns_fd_) ::close(fd_);
    if (dir_ >= 0) ::close(dir_);
    fd_ = dir_ = -1;
}

bool commit_all(const std::vector<OutputFile*>& files, std::string& error) {
    bool finished = true;
    for (OutputFile* file : files) finished &= file->finish();
    if (!finished) {
        // The file that failed, not one whose temporary its failure removed.
        const OutputFile* culprit = nullptr;
        for (const OutputFile* file : files)
            if (!file->ok() && (culprit == nullptr || (culprit->removed_by_others_ && !file->removed_by_others_)))
                culprit = file;
        error = culprit->error();
        for (OutputFile* file : files) file->abort();
        return false;
    }
    for (std::size_t i = 0; i < files.size(); ++i) {
        if (files[i]->commit()) continue;
        error = files[i]->error();
        for (std::size_t j = i + 1; j < files.size(); ++j) files[j]->abort();
        return false;
    }
    return true;
}

}  // namespace np::output
