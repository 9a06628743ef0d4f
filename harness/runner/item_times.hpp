// The parent's time for each item of a request to a worker, on its own clock
// (numplace/clock.hpp), from when it read the items' frames. The worker's
// frame says what the call took too, but the worker runs plugin code: that
// figure is only a claim (CallStats::claimed_micros).
//
// Item k's time runs from the read of frame k-1 (for item 0, from the end of
// sending the request) to the read of frame k. Frames read one after another
// without a wait in between form a group: they may all have come during the
// wait before the first of them (the parent naps while easy items remain,
// runner.cpp), so when each came is unknown. The group's first item alone
// gets the time up to when the parent last knew that its frame had not come
// (the start of that nap, or poll waking on it); the rest of the group's
// span, to its last read, is shared equally. So a request's times add up to
// its span, and an item that took 50 ms keeps them: they are not shared
// with the quick items whose frames came behind it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace np::runner {

class ItemTimes {
public:
    // A new request, from `now` (monotonic ns): sending begins, nothing read.
    void start(uint64_t now);
    // The request was sent whole at `now`: item 0's time starts here.
    void sent(uint64_t now);
    // The next item's frame was read at `now`. `quiet`: when the parent last
    // knew it had not come (it waited), or 0 when it was read without a wait.
    void read(uint64_t now, uint64_t quiet);
    std::size_t count() const { return reads_.size(); }
    // Microseconds for each item read so far, in order: they add up to the
    // span from the send to the last read.
    std::vector<uint64_t> micros() const;
    // Microseconds from the last read (or the send) to `now`: the time of an
    // item that failed at `now`.
    uint64_t micros_until(uint64_t now) const;

private:
    static uint64_t between(uint64_t from, uint64_t until);
    void share(std::size_t first, std::size_t end, std::vector<uint64_t>& out) const;
    uint64_t sent_ = 0;
    std::vector<uint64_t> reads_, quiet_;  // per item read
};

}  // namespace np::runner
