// One worker process for one plugin (worker.cpp): a request of many items
// sent over a pipe, one frame read per item under a deadline on this
// process's clock, and how the request ended (Ending): the pool
// (pool.cpp) sends the unanswered rest to a new worker.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runner/item_times.hpp"
#include "numplace/process.hpp"
#include "runner/proc_cpu.hpp"
#include "runner/runner.hpp"
#include "runner/stderr_tail.hpp"
#include "runner/wire.hpp"

namespace np::runner {

// How a request to a worker ended. When it ended early, item `failed` (an
// index into the request) gets `fault`, the worker is gone, and the items
// from `resume` on were never answered: they go again to a new worker.
// The times are the parent's (ItemTimes), never the worker's.
struct Ending {
    bool complete = true;
    std::size_t failed = 0, resume = 0;
    Fault fault = Fault::none;
    bool cut = false;              // the caller's cancel flag stopped it (Worker::interrupted)
    std::string message;
    std::vector<uint64_t> micros;  // each item answered, in order
    uint64_t failed_micros = 0;    // item `failed`: from the frame before to the failure
    // Each item answered: its CPU microseconds, when it took 10 ms or more
    // and its answer came alone, right after a reading at its start (WorkerCpu).
    std::vector<std::optional<uint64_t>> cpu_micros;
};

// The body of the frame that ends a request: its id and item index.
constexpr std::size_t kEndFrame = 8;

// Decodes and certifies item k's answer from its frame: "" or what is wrong
// with the frame (the item then fails as "protocol: ..."). Sets `claimed`
// to what the worker said the call took (microseconds; ItemTimes).
using TakeAnswer = std::function<std::string(std::size_t k, wire::Reader& frame, uint64_t& claimed)>;
// Takes the bytes of a proof chunk the worker sent for `item` while item k
// ran (solve: they must be equal; generate, one item: the puzzle's place in
// the request): "" or what is wrong (another item, over the budget).
using TakeProof = std::function<std::string(std::size_t k, std::size_t item, std::string_view bytes)>;
// Takes one step frame of item k, likewise (the same arguments): "" or what is wrong.
using TakeStep = TakeProof;

class Worker {
public:
    Worker(const Settings& settings, const Plugin& plugin)
        : settings_(settings), plugin_(plugin), memory_mib_(sanitizer_build() ? 0 : settings.memory_mib) {}
    ~Worker() { stop(); }
    Worker(const Worker&) = delete;
    Worker& operator=(const Worker&) = delete;

    // Sends a request of `items` items (body from request_body) and reads
    // one frame per item, then the frame that ends it. Each wait runs on
    // this process's clock: `item_timeout` seconds (0 = none) plus the grace,
    // restarted at every frame, whatever the worker writes anywhere else.
    // `cap` bounds a frame's length. Each item is timed on this clock too.
    // A new worker is started first when there is none (begin).
    Ending run(const std::function<void(wire::Writer&, uint32_t id)>& request_body, std::size_t items,
               std::size_t cap, double item_timeout, const Budget& budget, const TakeAnswer& take,
               const TakeProof& take_proof = {}, const TakeStep& take_step = {});

    // The CPU and wall time of the requests since the last call, and zero.
    CpuTime take_cpu() {
        const CpuTime t = spent_;
        spent_ = {};
        return t;
    }

    // The end of what the worker printed so far, as a finding's ending (""
    // if it printed nothing).
    std::string stderr_note() {
        errors_.drain(err_);  // what it printed up to this answer
        return errors_.note();
    }

private:
    Ending begin(const Budget& budget);
    Ending start_and_load(const Budget& budget);
    bool loads_without_limit(const Budget& budget);
    bool start(std::string& error);
    void stop();
    void close_fds();

    // A request: sent, its frames awaited and checked, its items timed.
    Ending exchange(const std::string& request, uint32_t id, std::size_t items, std::size_t cap,
                    const Budget& budget, const TakeAnswer& take);
    std::optional<Ending> send(const std::string& request, uint64_t deadline, const Budget& budget,
                               std::size_t items);
    uint64_t deadline_from_now() const;
    wire::Inbox::Got await(std::size_t cap, uint64_t deadline, const Budget& budget, std::size_t left,
                           std::string_view& frame);
    uint64_t nap_ns(uint64_t now, std::size_t left, uint64_t deadline) const;
    Ending check_frame(std::string_view frame, uint32_t id, std::size_t k, std::size_t items, std::size_t blame,
                       const TakeAnswer& take);
    static bool side_frame(std::string_view frame);
    Ending check_chunk(std::string_view frame, uint32_t id, std::size_t k, std::size_t items, std::size_t blame);

    // Its CPU time, from /proc.
    void mark(std::size_t at);
    void time_item_cpu(std::size_t k, std::size_t items);
    void count_request(Ending& e);

    // How a request ended early.
    Ending fail(std::size_t item, std::size_t resume, Fault fault, std::string message);
    Ending no_frame(wire::Inbox::Got got, std::size_t k, std::size_t blame, uint64_t deadline);
    Ending protocol(std::size_t item, const std::string& what, std::optional<std::size_t> resume = {});
    Ending interrupted(std::size_t from);
    Ending hung(std::size_t item);
    Ending budget_stop(std::size_t k, std::size_t blame, uint64_t deadline);
    Ending ended(std::size_t item);

    const Settings settings_;  // a copy: the caller's may be a temporary
    Plugin plugin_;
    uint64_t memory_mib_;           // the address-space limit of its workers (0: none)
    std::string too_little_memory_;  // set once a worker could not start under it
    Child child_;
    int to_ = -1, from_ = -1, err_ = -1;
    wire::Inbox inbox_;
    StderrTail errors_;  // what this worker printed
    uint32_t requests_ = 0;  // ids of this process's requests: 1, 2, ...
    uint64_t allowed_ns_ = 0;
    double timeout_ = 0;
    uint64_t sent_ns_ = 0;     // when the request in flight was sent
    std::size_t answered_ = 0; // and how many of its frames have come
    ItemTimes times_;          // when they were read
    uint64_t claimed_ = 0;     // the last answer's claimed time (TakeAnswer)
    uint64_t quiet_ns_ = 0;    // await's: when the last frame had not yet come
    uint64_t seen_ns_ = 0;     // when this process last saw the worker's answer or failure
    uint64_t proofs_ns_ = 0;   // this process's time in take_proof_ since the deadline last moved
    TakeProof take_proof_;     // the request's, while it runs
    TakeStep take_step_;
    // Its CPU time (WorkerCpu): the readings at the request's send and at
    // each item's start (mark_at_; nullopt when not taken), each item's
    // attributed CPU, what spent_ already counts of this worker's ticks,
    // and its end when it has gone.
    WorkerCpu proc_cpu_;
    std::optional<uint64_t> request_ticks_, mark_;
    std::size_t mark_at_ = 0;
    std::vector<std::optional<uint64_t>> item_cpu_;
    uint64_t counted_ticks_ = 0;
    std::optional<Exit> gone_;
    CpuTime spent_;
};

}  // namespace np::runner
