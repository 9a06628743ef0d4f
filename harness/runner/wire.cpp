#include "wire.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace np::runner::wire {

namespace {

void put(Writer& w, const CallStats& s) {
    w.u64(s.nodes);
    w.u64(s.guesses);
    w.u64(s.micros);
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
    s.micros = r.u64();
    for (uint32_t i = r.u32(); i > 0; --i) {
        std::string name = r.str();
        s.counters.emplace_back(std::move(name), r.u64());
    }
    return s;
}

void put(Writer& w, const Reason& reason) {
    w.u32(static_cast<uint32_t>(reason.code));
    w.u32(static_cast<uint32_t>(reason.row));
    w.u32(static_cast<uint32_t>(reason.column));
    w.u32(static_cast<uint32_t>(reason.box));
    w.u32(static_cast<uint32_t>(reason.value));
    w.str(reason.message);
}

Reason get_reason(Reader& r) {
    Reason reason;
    reason.code = static_cast<ReasonCode>(r.u32());
    reason.row = static_cast<int>(r.u32());
    reason.column = static_cast<int>(r.u32());
    reason.box = static_cast<int>(r.u32());
    reason.value = static_cast<int>(r.u32());
    reason.message = r.str();
    return reason;
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
        std::vector<uint8_t> cells = r.cells();
        if (cells.size() != static_cast<std::size_t>(g.cell_count())) throw std::runtime_error("malformed message");
        grids.emplace_back(g, std::move(cells));
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
}

Budget get_budget(Reader& r) {
    Budget b;
    b.max_nodes = r.u64();
    b.timeout_seconds = r.f64();
    return b;
}

void put(Writer& w, const SolveOutcome& o) {
    w.u32(static_cast<uint32_t>(o.verdict));
    w.u64(o.count);
    w.u8(o.complete ? 1 : 0);
    w.u32(o.stop);
    w.u32(o.status);
    w.u32(static_cast<uint32_t>(o.fault));
    put_grids(w, o.solutions);
    w.u8(o.error ? 1 : 0);
    if (o.error) put(w, *o.error);
    w.str(o.message);
    put(w, o.stats);
}

SolveOutcome get_solve(Reader& r, const Geometry& g) {
    SolveOutcome o;
    o.verdict = static_cast<Verdict>(r.u32());
    o.count = r.u64();
    o.complete = r.u8() != 0;
    o.stop = r.u32();
    o.status = r.u32();
    o.fault = static_cast<Fault>(r.u32());
    o.solutions = get_grids(r, g);
    if (r.u8() != 0) o.error = get_reason(r);
    o.message = r.str();
    o.stats = get_stats(r);
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

CheckOutcome get_check(Reader& r, const Geometry&) {
    CheckOutcome o;
    o.ok = r.u8() != 0;
    o.status = r.u32();
    o.fault = static_cast<Fault>(r.u32());
    for (uint32_t i = r.u32(); i > 0; --i) o.violations.push_back(get_reason(r));
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
}

GenerateOutcome get_generate(Reader& r, const Geometry& g) {
    GenerateOutcome o;
    o.ok = r.u8() != 0;
    o.status = r.u32();
    o.fault = static_cast<Fault>(r.u32());
    o.produced = r.u64();
    o.results = get_grids(r, g);
    o.message = r.str();
    o.stats = get_stats(r);
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

bool send(int fd, const std::string& bytes) {
    const uint64_t n = bytes.size();
    return write_all(fd, reinterpret_cast<const char*>(&n), sizeof n) && write_all(fd, bytes.data(), bytes.size());
}

bool receive(int fd, std::string& bytes) {
    uint64_t n = 0;
    if (!read_all(fd, reinterpret_cast<char*>(&n), sizeof n)) return false;
    if (n > (uint64_t{1} << 34)) return false;  // nonsense: a broken stream
    bytes.resize(n);
    return read_all(fd, bytes.data(), n);
}

}  // namespace np::runner::wire
