#include "runner/stderr_tail.hpp"

#include <unistd.h>

#include <cerrno>

#include "numplace/utf8.hpp"

namespace np::runner {

bool StderrTail::drain(int fd) {
    if (fd < 0) return false;
    char buffer[1 << 16];
    for (;;) {
        const ssize_t got = ::read(fd, buffer, sizeof buffer);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) return true;  // EAGAIN: nothing more for now
        if (got == 0) return false;
        total_ += static_cast<uint64_t>(got);
        kept_.append(buffer, static_cast<std::size_t>(got));
        if (kept_.size() > kKept) kept_.erase(0, kept_.size() - kKept);
    }
}

std::string StderrTail::note() const {
    if (total_ == 0) return "";
    const std::size_t shown = kept_.size() < kShown ? kept_.size() : kShown;
    std::string text = plain_text(std::string_view(kept_).substr(kept_.size() - shown));
    while (text.size() >= 2 && text.compare(text.size() - 2, 2, "\\n") == 0) text.resize(text.size() - 2);
    std::string head = "; its worker's stderr (" + std::to_string(total_) + " bytes";
    if (shown < total_) head += ", the last " + std::to_string(shown) + " shown";
    return head + "): " + text;
}

void StderrTail::reset() {
    kept_.clear();
    total_ = 0;
}

}  // namespace np::runner
