#include "runner/wire.hpp"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "numplace/clock.hpp"

namespace np::runner::wire {

namespace {

void put(Writer& w, const CallStats& s) {
    w.u64(s.nodes);
    w.u64(s.guesses);
    w.u64(s.micros);  // the worker's Session's measure: the parent reads it as a claim
    w.u32(static_cast<uint32_t>(s.counters.size()));
    for (const auto& [name, value] : s.counters) {
        w.str(name);
        w.u64(value);
    }
}

CallStats get_stats(Reader& r) {
    CallStats s;
    s.nodes = r.u64();
    s.guesses = r.u64();
    // What the worker measured is a claim; the parent times the item itself
    // and sets micros (pool.cpp).
    s.claimed_micros = r.u64();
    for (uint32_t i = r.u32(); i > 0; --i) {
        std::string name = r.str();
        s.counters.emplace_back(std::move(name), r.u64());
    }
    return s;
}

// The violation's codes only: the reader writes the sentence itself, from
// its own shape (reason_from_violation), rather than carry the worker's.
void put(Writer& w, const Reason& reason) {
    const np_violation v = violation_from_reason(reason);
    w.u32(v.code);
    w.u32(v.row);
    w.u32(v.column);
    w.u32(v.box);
    w.u32(v.value);
}

Reason get_reason(Reader& r, const Geometry& g) {
    np_violation v{};
    v.code = r.u32();
    v.row = r.u32();
    v.column = r.u32();
    v.box = r.u32();
    v.value = r.u32();
    return reason_from_violation(v, g);
}

Fault get_fault(Reader& r) {
    const uint32_t v = r.u32();
    if (v > static_cast<uint32_t>(Fault::out_of_memory)) throw Broken("unknown fault value " + std::to_string(v));
    return static_cast<Fault>(v);
}

void put_grids(Writer& w, const std::vector<Grid>& grids) {
    w.u32(static_cast<uint32_t>(grids.size()));
    for (const Grid& g : grids) w.cells(g.cells);
}

// The worker runs plugin code, which can write to the answer pipe too: a
// grid of the wrong size is refused like any broken message, never kept for
// code that indexes it by the shape.
std::vector<Grid> get_grids(Reader& r, const Geometry& g) {
    std::vector<Grid> grids;
    for (uint32_t i = r.u32(); i > 0; --i) {
        const std::string_view cells = r.bytes();
        if (cells.size() != static_cast<std::size_t>(g.cell_count()))
            throw Broken("a grid of " + std::to_string(cells.size()) + " cells for a " + g.name() + " puzzle");
        grids.emplace_back(g, std::vector<uint8_t>(cells.begin(), cells.end()));
    }
    return grids;
}

}  // namespace

void put(Writer& w, const Geometry& g) {
    w.u32(static_cast<uint32_t>(g.box_rows));
    w.u32(static_cast<uint32_t>(g.box_cols));
}

Geometry get_geometry(Reader& r) {
    Geometry g;
    g.box_rows = static_cast<int>(r.u32());
    g.box_cols = static_cast<int>(r.u32());
    return g;
}

void put(Writer& w, const OptionList& options) {
    w.u32(static_cast<uint32_t>(options.size()));
    for (const auto& [k, v] : options) {
        w.str(k);
        w.str(v);
    }
}

OptionList get_options(Reader& r) {
    OptionList options;
    for (uint32_t i = r.u32(); i > 0; --i) {
        std::string k = r.str();
        options.emplace_back(std::move(k), r.str());
    }
    return options;
}

void put(Writer& w, const Budget& budget) {
    w.u64(budget.max_nodes);
    w.f64(budget.timeout_seconds);
    w.u64(budget.max_proof_bytes);
    w.u64(budget.max_steps);
}

Budget get_budget(Reader& r) {
    Budget b;
    b.max_nodes = r.u64();
    b.timeout_seconds = r.f64();
    b.max_proof_bytes = r.u64();
    b.max_steps = r.u64();
    return b;
}

void put(Writer& w, const SolveOutcome& o) {
    w.u32(o.status);
    w.u32(static_cast<uint32_t>(o.fault));
    w.u64(o.count);
    w.u32(o.stop);
    put_grids(w, o.solutions);
    w.u8(o.error ? 1 : 0);
    if (o.error) put(w, *o.error);
    w.str(o.message);
    put(w, o.stats);
    w.u32(o.proof.declared);
    w.u64(o.proof.bytes);
    put_grids(w, o.refused);
}

SolveOutcome get_solve(Reader& r, const Geometry& g) {
    SolveOutcome o;
    o.status = r.u32();
    o.fault = get_fault(r);
    o.count = r.u64();
    o.stop = r.u32();
    o.solutions = get_grids(r, g);
    if (r.u8() != 0) o.error = get_reason(r, g);
    o.message = r.str();
    o.stats = get_stats(r);
    o.proof.declared = r.u32();
    o.proof.bytes = r.u64();
    o.refused = get_grids(r, g);
    return o;
}

void put(Writer& w, const CheckOutcome& o) {
    w.u8(o.ok ? 1 : 0);
    w.u32(o.status);
    w.u32(static_cast<uint32_t>(o.fault));
    w.u32(static_cast<uint32_t>(o.violations.size()));
    for (const Reason& v : o.violations) put(w, v);
    w.str(o.message);
}

CheckOutcome get_check(Reader& r, const Geometry& g) {
    CheckOutcome o;
    o.ok = r.u8() != 0;
    o.status = r.u32();
    o.fault = get_fault(r);
    const uint32_t n = r.u32();
    if (n > r.rest.size() / 20) throw Broken("more violations than the frame holds");
    for (uint32_t i = 0; i < n; ++i) o.violations.push_back(get_reason(r, g));
    o.message = r.str();
    return o;
}

void put(Writer& w, const GenerateOutcome& o) {
    w.u8(o.ok ? 1 : 0);
    w.u32(o.status);
    w.u32(static_cast<uint32_t>(o.fault));
    w.u64(o.produced);
    put_grids(w, o.results);
    w.str(o.message);
    put(w, o.stats);
    w.u32(static_cast<uint32_t>(o.proofs.size()));
    for (const ProofOutcome& p : o.proofs) w.u64(p.bytes);
    // Each result's rules (ABI 3.8), with its geometry: a jigsaw's is 1 x N.
    for (const Grid& g : o.results) {
        put(w, g.geometry);
        put_variant(w, g);
    }
}

GenerateOutcome get_generate(Reader& r, const Geometry& g) {
    GenerateOutcome o;
    o.ok = r.u8() != 0;
    o.status = r.u32();
    o.fault = get_fault(r);
    o.produced = r.u64();
    o.results = get_grids(r, g);
    o.message = r.str();
    o.stats = get_stats(r);
    const uint32_t proofs = r.u32();
    if (proofs > o.results.size()) throw Broken("more proofs than results");
    for (uint32_t i = 0; i < proofs; ++i) o.proofs.push_back({ProofStatus::absent, NP_PROOF_WRITTEN, r.u64(), 0, 0, {}});
    for (Grid& result : o.results) {
        const Geometry shape = get_geometry(r);
        if (shape != g && !(shape.box_rows == 1 && shape.box_cols == g.side()))
            throw Broken("a result of shape " + shape.name() + " for a " + g.name() + " call");
        result.geometry = shape;
        get_variant(r, result);
        if (shape != g && !result.is_variant()) throw Broken("a classic result of shape " + shape.name() + " for a " + g.name() + " call");
    }
    return o;
}

namespace {

bool write_all(int fd, const char* data, std::size_t n) {
    while (n > 0) {
        const ssize_t done = ::write(fd, data, n);
        if (done < 0 && errno == EINTR) continue;
        if (done <= 0) return false;
        data += done;
        n -= static_cast<std::size_t>(done);
    }
    return true;
}

bool read_all(int fd, char* data, std::size_t n) {
    while (n > 0) {
        const ssize_t got = ::read(fd, data, n);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return false;
        data += got;
        n -= static_cast<std::size_t>(got);
    }
    return true;
}

}  // namespace

bool send(int fd, const std::string& frame) { return write_all(fd, frame.data(), frame.size()); }

bool receive(int fd, std::string& body) {
    uint32_t header[2];
    if (!read_all(fd, reinterpret_cast<char*>(header), sizeof header) || header[0] != kMagic) return false;
    body.resize(header[1]);
    return read_all(fd, body.data(), body.size());
}

Inbox::Got Inbox::parse(std::size_t cap, std::string_view& frame) {
    const std::size_t have = end_ - start_;
    const char* at = buffer_.data() + start_;
    if (have < 4) return Got::waiting;
    uint32_t magic;
    std::memcpy(&magic, at, sizeof magic);
    if (magic != kMagic) return Got::bad_magic;
    if (have < kHeader) return Got::waiting;
    std::memcpy(&announced_, at + 4, sizeof announced_);
    if (announced_ > cap) return Got::too_long;
    if (have < kHeader + announced_) return Got::waiting;
    frame = std::string_view(at + kHeader, announced_);
    start_ += kHeader + announced_;
    return Got::frame;
}

Inbox::Got Inbox::next(int fd, std::size_t cap, std::string_view& frame) {
    for (;;) {
        if (const Got got = parse(cap, frame); got != Got::waiting) return got;
        // Room for the whole frame being read, and more: frames that came
        // together are read in one call.
        const std::size_t have = end_ - start_;
        if (start_ > 0) std::memmove(buffer_.data(), buffer_.data() + start_, have);
        start_ = 0, end_ = have;
        const std::size_t want = std::max<std::size_t>(have >= kHeader ? kHeader + announced_ : 0, have + (64 << 10));
        if (buffer_.size() < want) buffer_.resize(want);
        const ssize_t got = ::read(fd, buffer_.data() + end_, buffer_.size() - end_);
        if (got > 0) end_ += static_cast<std::size_t>(got);
        else if (got == 0) return Got::closed;
        else if (errno == EAGAIN || errno == EWOULDBLOCK) return Got::waiting;
        else if (errno != EINTR) return Got::closed;
    }
}

Sent send_by(int fd, std::string_view bytes, uint64_t deadline_ns, const std::atomic<bool>* cancel) {
    while (!bytes.empty()) {
        const ssize_t done = ::write(fd, bytes.data(), bytes.size());
        if (done > 0) {
            bytes.remove_prefix(static_cast<std::size_t>(done));
            continue;
        }
        if (done < 0 && errno == EINTR) continue;
        if (done == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) return Sent::closed;
        if (cancel != nullptr && cancel->load(std::memory_order_relaxed)) return Sent::cancelled;
        const uint64_t now = monotonic_ns();
        if (deadline_ns != 0 && now >= deadline_ns) return Sent::timed_out;
        pollfd p{fd, POLLOUT, 0};
        ::poll(&p, 1, 20);
    }
    return Sent::all;
}

}  // namespace np::runner::wire
