// The parent's time for each item of a request to a worker, on its own clock
// (numplace/clock.hpp), from when it read the items' frames. The worker's
// frame says what the call took too, but the worker runs plugin code: that
// figure is only a claim (CallStats::claimed_micros).
//
// Item k's time runs from the read of frame k-1 (for item 0, from the start
// of sending the request: the worker may begin as soon as the last byte is
// written, before this process reads its clock again) to the read of frame k. Frames read one after another
// without a wait in between form a group: they may all have come during the
// wait before the first of them (the parent naps while easy items remain,
// worker.cpp), so when each came is unknown. The group's first item alone
// gets the time up to when the parent last knew that its frame had not come
// (the start of that nap, or poll waking on it); the rest of the group's
// span, to its last read, is shared equally. So a request's times add up to
// its span, and an item that took 50 ms keeps them: they are not shared
// with the quick items whose frames came behind it.
//
// Then each item is given at least what the worker said its call took (its
// claim), as far as the reads allow (issue 41: frames read without a wait,
// say while the parent checked a proof, shared a span equally, and a call of
// 2,409 us got 31). An item's end moves later to cover its claim, but never
// past its own read, nor so late that the items after it could not have
// theirs before their reads. An honest worker's claims always fit (item k
// ran after item k-1's frame was sent and before its own was read), so
// every item gets at least its claim; the times still add up to the span,
// and a worker that lies can only move time among the items of one request,
// never add any.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace np::runner {

class ItemTimes {
public:
    // A new request, from `now` (monotonic ns): sending begins, nothing read;
    // item 0's time starts here.
    void start(uint64_t now);
    // The next item's frame was read at `now`. `quiet`: when the parent last
    // knew it had not come (it waited), or 0 when it was read without a wait.
    // `claimed_micros`: what the worker said the call took (0: nothing).
    void read(uint64_t now, uint64_t quiet, uint64_t claimed_micros = 0);
    std::size_t count() const { return reads_.size(); }
    // Microseconds for each item read so far, in order: they add up to the
    // span from the send to the last read.
    std::vector<uint64_t> micros() const;
    // Microseconds from the last read (or the send) to `now`: the time of an
    // item that failed at `now`.
    uint64_t micros_until(uint64_t now) const;

private:
    static uint64_t between(uint64_t from, uint64_t until);
    // Where each item ends (ns), by the reads alone, then with the claims.
    std::vector<uint64_t> shared_ends() const;
    void share(std::size_t first, std::size_t end, std::vector<uint64_t>& ends) const;
    std::vector<uint64_t> claimed_ends(const std::vector<uint64_t>& shared) const;
    uint64_t sent_ = 0;  // when sending began
    std::vector<uint64_t> reads_, quiet_, claims_;  // per item read; claims in ns
};

}  // namespace np::runner
