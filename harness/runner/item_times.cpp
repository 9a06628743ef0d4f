#include "runner/item_times.hpp"

#include <algorithm>
#include <limits>

namespace np::runner {

namespace {

constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();

uint64_t plus(uint64_t a, uint64_t b) { return b > kMax - a ? kMax : a + b; }
uint64_t minus(uint64_t a, uint64_t b) { return b > a ? 0 : a - b; }

}  // namespace

void ItemTimes::start(uint64_t now) {
    sent_ = now;
    reads_.clear();
    quiet_.clear();
    claims_.clear();
}

void ItemTimes::read(uint64_t now, uint64_t quiet, uint64_t claimed_micros) {
    reads_.push_back(std::max(now, reads_.empty() ? sent_ : reads_.back()));
    quiet_.push_back(quiet);
    claims_.push_back(std::min(claimed_micros, kMax / 1000) * 1000);
}

std::vector<uint64_t> ItemTimes::micros() const {
    const std::vector<uint64_t> ends = claimed_ends(shared_ends());
    std::vector<uint64_t> out(ends.size());
    uint64_t at = sent_;
    for (std::size_t k = 0; k < ends.size(); ++k) out[k] = between(at, ends[k]), at = ends[k];
    return out;
}

std::vector<uint64_t> ItemTimes::shared_ends() const {
    std::vector<uint64_t> ends(reads_.size());
    for (std::size_t first = 0; first < reads_.size();) {
        std::size_t end = first + 1;
        while (end < reads_.size() && quiet_[end] == 0) ++end;
        share(first, end, ends);
        first = end;
    }
    return ends;
}

// Microseconds from `from` to `until` (ns), each rounded down on the clock
// itself: times of items one after another then add up to the whole span
// in microseconds, and an item of 0.6 us gets 1 or 0 as often as that.
uint64_t ItemTimes::between(uint64_t from, uint64_t until) { return until / 1000 - from / 1000; }

// Items [first, end) are one group: see the header.
void ItemTimes::share(std::size_t first, std::size_t end, std::vector<uint64_t>& ends) const {
    const uint64_t from = first == 0 ? sent_ : reads_[first - 1], last = reads_[end - 1];
    const uint64_t quiet = std::clamp(quiet_[first], from, last);
    const uint64_t n = end - first, span = last - quiet;
    for (uint64_t j = 1; j <= n; ++j) ends[first + j - 1] = quiet + span / n * j + span % n * j / n;  // j shares
}

// The ends moved to cover the claims (see the header). latest[k]: the
// latest end of item k that leaves every later item its claim before its
// read. An item's end is its shared end, or later to cover its claim, but
// never past latest[k] nor before the end of the item before it. The last
// item ends at its read, so the times still add up to the span.
std::vector<uint64_t> ItemTimes::claimed_ends(const std::vector<uint64_t>& shared) const {
    const std::size_t n = shared.size();
    std::vector<uint64_t> latest(n), ends(n);
    for (std::size_t k = n; k-- > 0;)
        latest[k] = k + 1 == n ? reads_[k] : std::min(reads_[k], minus(latest[k + 1], claims_[k + 1]));
    uint64_t at = sent_;
    for (std::size_t k = 0; k < n; ++k) {
        ends[k] = std::max(at, std::min(std::max(shared[k], plus(at, claims_[k])), latest[k]));
        at = ends[k];
    }
    return ends;
}

uint64_t ItemTimes::micros_until(uint64_t now) const {
    const uint64_t from = reads_.empty() ? sent_ : reads_.back();
    return between(from, std::max(now, from));
}

}  // namespace np::runner
