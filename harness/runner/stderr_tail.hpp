// What a worker writes to stderr and stdout (issue 23): a plugin may print,
// and may print 200 MB; none of it reaches numplace's terminal. The parent
// reads the worker's stderr pipe whenever it waits, keeps the last kKept
// bytes, counts the rest, and a failed item's finding ends with the last
// kShown bytes the worker printed before the failure. The answers and the
// stderr come through two pipes, so which item printed what is known only
// as closely as the parent happens to read them: the tail is the worker's,
// not cut at the item's start.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace np::runner {

class StderrTail {
public:
    static constexpr std::size_t kKept = 64 << 10;   // kept of a worker's output
    static constexpr std::size_t kShown = 4 << 10;   // of which a finding shows the end

    // Reads what `fd` (non-blocking) holds now; false once it is at its end.
    bool drain(int fd);
    // "" when nothing was printed; else "; its worker's stderr (N bytes, the
    // last M shown): ...", on one line (newlines as \n).
    std::string note() const;
    // A new worker starts with nothing.
    void reset();
    uint64_t total() const { return total_; }

private:
    std::string kept_;  // the last kKept bytes at most
    uint64_t total_ = 0;
};

}  // namespace np::runner
