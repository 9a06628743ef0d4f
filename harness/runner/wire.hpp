// The messages between the harness and a worker: plain binary, little
// ceremony (a round trip must cost far less than a 5 us solve). Both ends
// are the same build, so no versioning beyond a magic number.
//
// Every message is a frame: u32 magic, u32 length of the rest, the rest.
// The magic comes first so that a stray byte is seen at once, not after
// waiting for a length read out of step.
//
//   request:  op, request id, items, options, budget, then
//             solve/check: limit, then each item's shape and cells;
//             generate:    shape, kind, seed, first index, count
//   answers:  one frame per item, as soon as it is answered:
//             request id, item index, the outcome; then one frame with
//             item index = items (nothing after it) that ends the request
//   proofs:   before an item's answer, any number of frames of its proof's
//             bytes (Budget::max_proof_bytes): request id, item index with
//             kProofChunk set, the bytes (at most kProofFrame of them). For
//             generate the item index is the puzzle's within the request.
//   steps:    with explain asked (a u8 after the limit), before an item's
//             answer, one frame per step of its explanation: request id,
//             item index with kStepFrame set, the step (encode_step). The
//             parent certifies each against its own state (StepIntake).
//   puzzles carry their candidate masks (a count, 0 or N*N, then u64s)
//   and their variant, if any (wire_variant.cpp).
//
// The worker runs plugin code, which can write to the answer pipe too, so
// the parent believes nothing in an answer frame: each one is checked
// against its request (answers.hpp) and certified again. The outcome carries
// what the plugin answered and the worker's fault, not a verdict: the parent
// derives that itself. The call's time in it is the worker's claim
// (CallStats::claimed_micros): the parent times each item itself
// (item_times.hpp). A request with no items is answered by its end frame
// alone: the parent sends one (id 0) to a new worker to see it ready.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "numplace/host.hpp"

namespace np::runner::wire {

constexpr uint32_t kMagic = 0x4e50574bu;  // "NPWK"
constexpr std::size_t kHeader = 8;        // magic and length
enum Op : uint32_t { solve = 1, check = 2, generate = 3 };
constexpr uint32_t kProofChunk = 0x80000000u;  // in a frame's item index: a proof's bytes
constexpr std::size_t kProofFrame = 64 << 10;  // bytes of proof per frame, at most
constexpr uint32_t kStepFrame = 0x40000000u;   // in a frame's item index: one step
constexpr uint32_t kItemFlags = kProofChunk | kStepFrame;

// Exit status of a worker whose allocation failed (its new-handler's doing),
// so that running out of memory is told apart from a crash.
constexpr int kExitOutOfMemory = 86;

// Thrown by Reader on a message that does not parse: the parent turns it
// into a failed row ("protocol: ..."), the worker into its exit.
struct Broken : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct Writer {
    std::string bytes;
    // A frame: the header now, its length filled in by end_frame.
    void begin_frame() {
        bytes.clear();
        u32(kMagic);
        u32(0);
    }
    void end_frame() {
        const auto n = static_cast<uint32_t>(bytes.size() - kHeader);
        std::memcpy(bytes.data() + 4, &n, sizeof n);
    }
    void u8(uint8_t v) { bytes.push_back(static_cast<char>(v)); }
    void u32(uint32_t v) { bytes.append(reinterpret_cast<const char*>(&v), sizeof v); }
    void u64(uint64_t v) { bytes.append(reinterpret_cast<const char*>(&v), sizeof v); }
    void f64(double v) { bytes.append(reinterpret_cast<const char*>(&v), sizeof v); }
    void str(std::string_view s) {
        u32(static_cast<uint32_t>(s.size()));
        bytes.append(s);
    }
    void cells(const std::vector<uint8_t>& c) { str(std::string_view(reinterpret_cast<const char*>(c.data()), c.size())); }
    void masks(const std::vector<uint64_t>& m) {
        u32(static_cast<uint32_t>(m.size()));
        for (uint64_t v : m) u64(v);
    }
};

struct Reader {
    std::string_view rest;
    template <class T>
    T pod() {
        if (rest.size() < sizeof(T)) throw Broken("the frame ends too early");
        T v;
        std::memcpy(&v, rest.data(), sizeof v);
        rest.remove_prefix(sizeof v);
        return v;
    }
    uint8_t u8() { return pod<uint8_t>(); }
    uint32_t u32() { return pod<uint32_t>(); }
    uint64_t u64() { return pod<uint64_t>(); }
    double f64() { return pod<double>(); }
    std::string_view bytes() {
        const uint32_t n = u32();
        if (rest.size() < n) throw Broken("the frame ends too early");
        std::string_view s = rest.substr(0, n);
        rest.remove_prefix(n);
        return s;
    }
    std::string str() { return std::string(bytes()); }
    std::vector<uint8_t> cells() {
        const std::string_view s = bytes();
        return std::vector<uint8_t>(s.begin(), s.end());
    }
    // A puzzle's candidate masks: none, or exactly one per cell.
    std::vector<uint64_t> masks(std::size_t cells) {
        const uint32_t n = u32();
        if (n != 0 && n != cells) throw Broken(std::to_string(n) + " candidate masks for " + std::to_string(cells) + " cells");
        std::vector<uint64_t> out(n);
        for (uint64_t& v : out) v = u64();
        return out;
    }
};

void put(Writer& w, const Geometry& g);
Geometry get_geometry(Reader& r);
void put(Writer& w, const OptionList& options);
OptionList get_options(Reader& r);
void put(Writer& w, const Budget& budget);  // max nodes and timeout (cancel stays home)
Budget get_budget(Reader& r);

// An item's variant (its regions and constraints) after its masks; the
// reader attaches it to `grid` (whose cells it must already hold) and
// throws Broken on a malformed one.
void put_variant(Writer& w, const Grid& grid);
void get_variant(Reader& r, Grid& grid);

// Outcomes, read against the request's shape: a grid of another size, an
// unknown fault or reason code throws Broken. Messages of reasons are not
// sent: the reader writes them from the codes.
void put(Writer& w, const SolveOutcome& out);
SolveOutcome get_solve(Reader& r, const Geometry& g);
void put(Writer& w, const CheckOutcome& out);
CheckOutcome get_check(Reader& r, const Geometry& g);
void put(Writer& w, const GenerateOutcome& out);
GenerateOutcome get_generate(Reader& r, const Geometry& g);

// Whole frames over a blocking descriptor (the worker's side): false on EOF,
// an error, or a frame that is not one (bad magic).
bool send(int fd, const std::string& frame);
bool receive(int fd, std::string& body);

// The parent's side: frames from a non-blocking descriptor, gathered as
// they come, never waiting.
class Inbox {
public:
    enum class Got { frame, waiting, closed, bad_magic, too_long };
    // The next whole frame's body in `frame` (valid until the next call), or
    // why there is none yet. A header that announces more than `cap` bytes is
    // too_long at once; bytes that do not start with the magic, bad_magic.
    Got next(int fd, std::size_t cap, std::string_view& frame);
    uint32_t announced() const { return announced_; }  // the last header's length
    void clear() { start_ = end_ = 0; }

private:
    Got parse(std::size_t cap, std::string_view& frame);
    std::vector<char> buffer_;          // bytes start_ .. end_ are unread
    std::size_t start_ = 0, end_ = 0;
    uint32_t announced_ = 0;
};

// Writes all of `bytes` to a non-blocking descriptor by `deadline_ns`
// (monotonic; 0 = none), looking at `cancel` between waits.
enum class Sent { all, closed, timed_out, cancelled };
Sent send_by(int fd, std::string_view bytes, uint64_t deadline_ns, const std::atomic<bool>* cancel);

}  // namespace np::runner::wire
