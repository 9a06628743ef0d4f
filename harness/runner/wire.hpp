// The messages between the harness and a worker: plain binary, little
// ceremony (a round trip must cost far less than a 5 us solve). Both ends
// are the same build, so no versioning beyond a magic number.
//
//   request:  u32 magic, u32 op, u32 items, options, budget, then the items
//   response: u32 magic, then one outcome per item
//
// Every message is preceded by its length (u64), so a reader knows when it
// has all of it.
#pragma once

#include <atomic>
#include <cstring>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "numplace/host.hpp"

namespace np::runner::wire {

constexpr uint32_t kMagic = 0x4e50574bu;  // "NPWK"
enum Op : uint32_t { solve = 1, check = 2, generate = 3 };

// Exit status of a worker whose allocation failed (its new-handler's doing),
// so that running out of memory is told apart from a crash.
constexpr int kExitOutOfMemory = 86;

// The page a worker shares with its parent (a memfd both map): which item it
// is on and since when, so the watchdog needs no message per item.
struct Board {
    std::atomic<uint32_t> item{0};          // index in the current batch
    std::atomic<uint64_t> started_ns{0};    // CLOCK_MONOTONIC when it started
    std::atomic<uint32_t> out_of_memory{0}; // set by the new-handler
};

struct Writer {
    std::string bytes;
    void u8(uint8_t v) { bytes.push_back(static_cast<char>(v)); }
    void u32(uint32_t v) { bytes.append(reinterpret_cast<const char*>(&v), sizeof v); }
    void u64(uint64_t v) { bytes.append(reinterpret_cast<const char*>(&v), sizeof v); }
    void f64(double v) { bytes.append(reinterpret_cast<const char*>(&v), sizeof v); }
    void str(std::string_view s) {
        u32(static_cast<uint32_t>(s.size()));
        bytes.append(s);
    }
    void cells(const std::vector<uint8_t>& c) { str(std::string_view(reinterpret_cast<const char*>(c.data()), c.size())); }
};

struct Reader {
    std::string_view rest;
    template <class T>
    T pod() {
        if (rest.size() < sizeof(T)) throw std::runtime_error("truncated message");
        T v;
        std::memcpy(&v, rest.data(), sizeof v);
        rest.remove_prefix(sizeof v);
        return v;
    }
    uint8_t u8() { return pod<uint8_t>(); }
    uint32_t u32() { return pod<uint32_t>(); }
    uint64_t u64() { return pod<uint64_t>(); }
    double f64() { return pod<double>(); }
    std::string str() {
        const uint32_t n = u32();
        if (rest.size() < n) throw std::runtime_error("truncated message");
        std::string s(rest.substr(0, n));
        rest.remove_prefix(n);
        return s;
    }
    std::vector<uint8_t> cells() {
        const std::string s = str();
        return std::vector<uint8_t>(s.begin(), s.end());
    }
};

void put(Writer& w, const Geometry& g);
Geometry get_geometry(Reader& r);
void put(Writer& w, const OptionList& options);
OptionList get_options(Reader& r);
void put(Writer& w, const Budget& budget);  // max nodes and timeout (cancel stays home)
Budget get_budget(Reader& r);
void put(Writer& w, const SolveOutcome& out);
SolveOutcome get_solve(Reader& r, const Geometry& g);
void put(Writer& w, const CheckOutcome& out);
CheckOutcome get_check(Reader& r, const Geometry& g);
void put(Writer& w, const GenerateOutcome& out);
GenerateOutcome get_generate(Reader& r, const Geometry& g);

// Whole messages over a file descriptor: length first. false on EOF or error.
bool send(int fd, const std::string& bytes);
bool receive(int fd, std::string& bytes);

}  // namespace np::runner::wire
