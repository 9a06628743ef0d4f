// The one clock numplace measures and waits with: CLOCK_MONOTONIC, the clock
// of the ABI's deadline_ns (plugin_api.h). Wall-clock time can jump (NTP, a
// user setting the date); this one only moves forward. Header-only, so the
// SDK (which plugins link) can use it as well as the host and the harness.
#pragma once

#include <time.h>

#include <cstdint>

namespace np {

// Nanoseconds on CLOCK_MONOTONIC.
inline uint64_t monotonic_ns() {
    timespec t{};
    clock_gettime(CLOCK_MONOTONIC, &t);
    return static_cast<uint64_t>(t.tv_sec) * 1000000000ull + static_cast<uint64_t>(t.tv_nsec);
}

// Seconds from `start_ns` (a monotonic_ns() reading) to now.
inline double seconds_since(uint64_t start_ns) { return static_cast<double>(monotonic_ns() - start_ns) * 1e-9; }

// The deadline `seconds` from now, as the ABI's deadline_ns wants it; 0 (no
// deadline) for seconds <= 0.
inline uint64_t deadline_after(double seconds) {
    return seconds > 0 ? monotonic_ns() + static_cast<uint64_t>(seconds * 1e9) : 0;
}

// Started when made; what a phase took.
class Stopwatch {
public:
    Stopwatch() : start_(monotonic_ns()) {}
    double seconds() const { return seconds_since(start_); }
    double micros() const { return static_cast<double>(monotonic_ns() - start_) * 1e-3; }
    uint64_t start_ns() const { return start_; }

private:
    uint64_t start_;
};

}  // namespace np
