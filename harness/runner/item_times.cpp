#include "item_times.hpp"

#include <algorithm>

namespace np::runner {

void ItemTimes::start(uint64_t now) {
    sent_ = now;
    reads_.clear();
    quiet_.clear();
}

void ItemTimes::sent(uint64_t now) { sent_ = now; }

void ItemTimes::read(uint64_t now, uint64_t quiet) {
    reads_.push_back(std::max(now, reads_.empty() ? sent_ : reads_.back()));
    quiet_.push_back(quiet);
}

std::vector<uint64_t> ItemTimes::micros() const {
    std::vector<uint64_t> out(reads_.size());
    for (std::size_t first = 0; first < reads_.size();) {
        std::size_t end = first + 1;
        while (end < reads_.size() && quiet_[end] == 0) ++end;
        share(first, end, out);
        first = end;
    }
    return out;
}

// Microseconds from `from` to `until` (ns), each rounded down on the clock
// itself: times of items one after another then add up to the whole span
// in microseconds, and an item of 0.6 us gets 1 or 0 as often as that.
uint64_t ItemTimes::between(uint64_t from, uint64_t until) { return until / 1000 - from / 1000; }

// Items [first, end) are one group: see the header.
void ItemTimes::share(std::size_t first, std::size_t end, std::vector<uint64_t>& out) const {
    const uint64_t from = first == 0 ? sent_ : reads_[first - 1], last = reads_[end - 1];
    const uint64_t quiet = std::clamp(quiet_[first], from, last);
    const uint64_t n = end - first, span = last - quiet;
    uint64_t at = from;
    for (uint64_t j = 1; j <= n; ++j) {
        const uint64_t until = quiet + span / n * j + span % n * j / n;  // j shares of the span
        out[first + j - 1] = between(at, until);
        at = until;
    }
}

uint64_t ItemTimes::micros_until(uint64_t now) const {
    const uint64_t from = reads_.empty() ? sent_ : reads_.back();
    return between(from, std::max(now, from));
}

}  // namespace np::runner
