// One worker process: a child of process.hpp under a memory limit, with
// pipes; its requests' frames are read and timed on this process's clock
// (item_times.hpp) and handed to the caller to certify (TakeAnswer); how a
// request ended, and on which item, is an Ending (worker.hpp).
#include "runner/worker.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <time.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <utility>

#include "numplace/clock.hpp"

namespace np::runner {

namespace {

bool cancelled(const Budget& b) { return b.cancel != nullptr && b.cancel->load(std::memory_order_relaxed); }

// How long a cancelled worker has to answer the item in hand (with what it
// has: a count so far) before it is killed: a plugin checks its terminate
// callback far more often than this (docs/plugin-guide.md).
constexpr uint64_t kWindDownNs = 1'000'000'000;

}  // namespace

Ending Worker::run(const std::function<void(wire::Writer&, uint32_t id)>& request_body, std::size_t items,
                   std::size_t cap, double item_timeout, const Budget& budget, const TakeAnswer& take,
                   const TakeProof& take_proof, const TakeStep& take_step) {
    take_proof_ = take_proof;
    take_step_ = take_step;
    allowed_ns_ = item_timeout > 0 ? static_cast<uint64_t>((item_timeout + settings_.grace_seconds) * 1e9) : 0;
    timeout_ = item_timeout;
    if (!child_.running())
        if (Ending bad = begin(budget); !bad.complete) return bad;
    const uint32_t id = ++requests_;
    wire::Writer w;
    w.begin_frame();
    request_body(w, id);
    w.end_frame();
    return exchange(w.bytes, id, items, cap, budget, take);
}

// A new worker, and its answer to an empty request (id 0; real ones
// count from 1): starting it and loading the plugin take tens of
// milliseconds in the sandbox, which are no item's time (nor are they
// in process, where loading is not timed either). What goes wrong here
// is the first item's, under its deadline, as if it had been sent.
Ending Worker::begin(const Budget& budget) {
    times_.start(monotonic_ns());
    if (!too_little_memory_.empty()) return fail(0, 1, Fault::out_of_memory, too_little_memory_);
    Ending first = start_and_load(budget);
    // Loaded and answering: its CPU is read from here on (not its start).
    if (first.complete && child_.running()) {
        proc_cpu_.find(child_.pid());
        counted_ticks_ = proc_cpu_.ticks().value_or(0);
    }
    // A worker that cannot even load under --memory is not the plugin's
    // crash (issue 40: --memory 1 read "crashed: SIGSEGV"): when one
    // started without the limit loads, every item of this plugin is
    // out-of-memory, with the limit named, and no more are tried.
    if (!first.complete && first.fault == Fault::crashed && memory_mib_ != 0 && loads_without_limit(budget)) {
        too_little_memory_ = plugin_.name() + "'s worker cannot start under --memory " + std::to_string(memory_mib_) +
                             " MiB (it starts without the limit): raise --memory";
        first.fault = Fault::out_of_memory;
        first.message = too_little_memory_;
    }
    return first;
}

// A new worker answering the empty request (id 0).
Ending Worker::start_and_load(const Budget& budget) {
    std::string error;
    const bool started = start(error);
    seen_ns_ = monotonic_ns();
    if (!started) return fail(0, 1, Fault::crashed, "cannot start a worker: " + error);
    wire::Writer w;
    w.begin_frame();
    w.u32(wire::solve);
    w.u32(0);  // the id
    w.u32(0);  // no items
    wire::put(w, OptionList{});
    wire::put(w, Budget{});
    w.u64(1);  // the limit
    w.u8(0);   // no explanation
    w.end_frame();
    return exchange(w.bytes, 0, 0, kEndFrame, budget, {});
}

// Whether a worker started without the memory limit loads the plugin
// and answers; it is stopped either way.
bool Worker::loads_without_limit(const Budget& budget) {
    const uint64_t limit = std::exchange(memory_mib_, 0);
    const bool loads = start_and_load(budget).complete;
    stop();
    memory_mib_ = limit;
    return loads;
}

// A reading of the worker's CPU ticks, taken at the start of item `at`.
void Worker::mark(std::size_t at) {
    mark_ = proc_cpu_.ticks();
    mark_at_ = at;
}

// Item k's answer was read: when it came alone (after a wait) and a
// reading was taken at its start, its CPU is the difference; whether
// the item before came alone is known now.
void Worker::time_item_cpu(std::size_t k, std::size_t items) {
    const bool alone = quiet_ns_ != 0;
    if (k > 0 && !alone) item_cpu_[k - 1].reset();
    if (k >= items) return;
    if (!alone) return mark_.reset();
    const bool read_at_start = mark_at_ == k && mark_.has_value();
    const uint64_t before = mark_.value_or(0);
    mark(k + 1);
    if (read_at_start && mark_ && *mark_ >= before) item_cpu_[k] = WorkerCpu::micros(*mark_ - before);
}

// The request's CPU and wall time into spent_: from the reading at its
// send to one now, or, when the worker has gone, to its final wait4
// figure (less what was counted before).
void Worker::count_request(Ending& e) {
    if (!request_ticks_) return;
    spent_.wall_seconds += static_cast<double>(seen_ns_ - sent_ns_) * 1e-9;
    if (const auto now = proc_cpu_.ticks(); now && !gone_) {
        if (*now >= counted_ticks_) spent_.cpu_seconds += WorkerCpu::seconds(*now - counted_ticks_);
        counted_ticks_ = std::max(counted_ticks_, *now);
    } else if (gone_) {
        spent_.cpu_seconds += std::max(0.0, gone_->cpu_seconds() - WorkerCpu::seconds(counted_ticks_));
    }
    request_ticks_.reset();
    e.cpu_micros.assign(e.micros.size(), std::nullopt);
    for (std::size_t k = 0; k < e.micros.size() && k < item_cpu_.size(); ++k)
        if (e.micros[k] >= kCpuItemMicros) e.cpu_micros[k] = item_cpu_[k];
}

// Sends the request by `deadline`: nullopt when it went (its frames are
// then awaited: nothing read, item 0's CPU reading taken), or how it ended.
std::optional<Ending> Worker::send(const std::string& request, uint64_t deadline, const Budget& budget,
                                   std::size_t items) {
    const wire::Sent sent = wire::send_by(to_, request, deadline, budget.cancel);
    seen_ns_ = monotonic_ns();
    switch (sent) {
        case wire::Sent::all: break;
        case wire::Sent::cancelled: return interrupted(0);
        case wire::Sent::timed_out: return hung(0);
        case wire::Sent::closed: return ended(0);
    }
    sent_ns_ = seen_ns_;
    answered_ = 0;
    item_cpu_.assign(items, std::nullopt);
    gone_.reset();
    mark(0);
    request_ticks_ = mark_;
    return std::nullopt;
}

// Why no frame came while item k ran (`blame` takes the failure): the
// deadline or the caller's cancel flag, the pipe's end, bytes out of step.
Ending Worker::no_frame(wire::Inbox::Got got, std::size_t k, std::size_t blame, uint64_t deadline) {
    switch (got) {
        case wire::Inbox::Got::waiting: return budget_stop(k, blame, deadline);
        case wire::Inbox::Got::closed: return ended(blame);
        case wire::Inbox::Got::bad_magic: return protocol(blame, "bytes that are not a frame (bad magic)");
        case wire::Inbox::Got::frame:  // never passed here
        case wire::Inbox::Got::too_long: break;
    }
    return protocol(blame, "a frame of " + std::to_string(inbox_.announced()) + " bytes announced");
}

// Sends a request and reads one frame per item, then the one that ends
// it, timing each item (ItemTimes).
Ending Worker::exchange(const std::string& request, uint32_t id, std::size_t items, std::size_t cap,
                        const Budget& budget, const TakeAnswer& take) {
    times_.start(monotonic_ns());
    uint64_t deadline = deadline_from_now();
    proofs_ns_ = 0;
    if (std::optional<Ending> unsent = send(request, deadline, budget, items)) return *unsent;
    // k == items: the frame that ends the request. What goes wrong there
    // is the last item's: it was the last to run plugin code.
    // Cancelled (Ctrl-C), the worker is asked to stop the item in hand
    // (SIGUSR1: its cancel flag) and given kWindDownNs on this process's
    // clock to answer it: what it found so far (a count's lower bound)
    // is kept, and nothing after it runs.
    bool winding_down = false;
    Budget calm = budget;
    calm.cancel = nullptr;
    for (std::size_t k = 0; k <= items;) {
        const std::size_t blame = items == 0 ? 0 : std::min(k, items - 1);
        const Budget& now_budget = winding_down ? calm : budget;
        std::string_view frame;
        const auto got = await(cap, deadline, now_budget, items + 1 - k, frame);
        seen_ns_ = monotonic_ns();
        auto wind_down = [&] {  // false: not cancelled, or too late for it
            if (winding_down || !cancelled(budget) || k >= items) return false;
            child_.kill_group(SIGUSR1);
            winding_down = true;
            deadline = monotonic_ns() + kWindDownNs;
            return true;
        };
        if (got == wire::Inbox::Got::waiting && wind_down()) continue;
        if (got == wire::Inbox::Got::waiting && winding_down) return interrupted(k);
        if (got != wire::Inbox::Got::frame) return no_frame(got, k, blame, deadline);
        // A proof's bytes and an explanation's steps come before their
        // item's answer; they neither end the item nor restart its deadline.
        // The deadline and the cancel flag are looked at after each of
        // them, too: a worker that streams side frames without pause
        // never lets the pipe run dry, and checking a proof's bytes
        // costs this process time (issue 40: a 64 MiB proof held an
        // item 150 s under --timeout 2); the deadline moves by proofs_ns_.
        if (side_frame(frame)) {
            if (Ending bad = check_chunk(frame, id, k, items, blame); !bad.complete) return bad;
            if (deadline != 0 && !winding_down) deadline += std::exchange(proofs_ns_, 0);
            if (wind_down()) continue;
            if (cancelled(now_budget) || (deadline != 0 && monotonic_ns() >= deadline))
                return winding_down ? interrupted(k) : budget_stop(k, blame, deadline);
            continue;
        }
        Ending bad = check_frame(frame, id, k, items, blame, take);
        if (!bad.complete) return bad;
        if (winding_down) return interrupted(k + 1);  // the item in hand answered: nothing after it
        if (k < items) times_.read(seen_ns_, quiet_ns_, claimed_);
        time_item_cpu(k, items);
        answered_ = ++k;
        deadline = deadline_from_now();
    }
    Ending done;
    done.micros = times_.micros();
    count_request(done);
    return done;
}

bool Worker::start(std::string& error) {
    int requests[2], responses[2], errors[2];
    if (pipe2(requests, O_CLOEXEC) != 0) {
        error = std::strerror(errno);
        return false;
    }
    if (pipe2(responses, O_CLOEXEC) != 0 || pipe2(errors, O_CLOEXEC) != 0) {
        error = std::strerror(errno);
        for (int fd : {requests[0], requests[1], responses[0], responses[1]}) close(fd);
        return false;
    }
    // Requests on fd 3, answers on fd 4 (worker_main.cpp); its stdout
    // and stderr go to a pipe of this process's (StderrTail): a plugin
    // that prints must not corrupt the answers nor reach the terminal.
    // No stdin: numplace's may hold the puzzles. Its own group (killed
    // whole), a sandbox, a memory limit, and death with its parent.
    SpawnOptions options;
    options.sandbox = true;  // it runs a plugin's code
    options.fds = {kDevNull, errors[1], errors[1], requests[0], responses[1]};
    options.address_space_bytes = memory_mib_ << 20;
    std::vector<std::string> argv = {settings_.worker_program, plugin_.path()};
    if (!plugin_.sha256().empty()) argv.push_back(plugin_.sha256());  // the worker checks it loads this file
    child_ = spawn_program(settings_.worker_program, argv, options, error);
    close(requests[0]);
    close(responses[1]);
    close(errors[1]);
    to_ = requests[1];
    from_ = responses[0];
    err_ = errors[0];
    errors_.reset();
    proc_cpu_.close_stat();
    if (!child_.running()) {
        close_fds();
        error = "cannot fork a worker: " + error;
        return false;
    }
    // Neither end may block this process: a worker that stops reading
    // or writing is timed on this side's clock.
    fcntl(to_, F_SETFL, fcntl(to_, F_GETFL) | O_NONBLOCK);
    fcntl(from_, F_SETFL, fcntl(from_, F_GETFL) | O_NONBLOCK);
    fcntl(err_, F_SETFL, fcntl(err_, F_GETFL) | O_NONBLOCK);
    requests_ = 0;
    inbox_.clear();
    return true;
}

uint64_t Worker::deadline_from_now() const { return allowed_ns_ != 0 ? monotonic_ns() + allowed_ns_ : 0; }

// The next frame, or why not: `waiting` means the deadline passed or the
// run was cancelled. `left`: frames still to come in this request. Sets
// quiet_ns_ for ItemTimes: 0 when the frame was there at once, otherwise
// when this process last knew it had not come.
wire::Inbox::Got Worker::await(std::size_t cap, uint64_t deadline, const Budget& budget, std::size_t left,
                               std::string_view& frame) {
    quiet_ns_ = 0;
    for (;;) {
        const auto got = inbox_.next(from_, cap, frame);
        if (got != wire::Inbox::Got::waiting) return got;
        if (cancelled(budget)) return got;
        const uint64_t now = monotonic_ns();
        if (deadline != 0 && now >= deadline) return got;
        if (const uint64_t nap = nap_ns(now, left, deadline); nap != 0) {
            quiet_ns_ = now;  // what comes during the nap comes at an unknown time
            const timespec t{0, static_cast<long>(nap)};
            ::nanosleep(&t, nullptr);
            continue;
        }
        int wait_ms = 20;  // the cancel flag is looked at this often
        if (deadline != 0) wait_ms = static_cast<int>(std::min<uint64_t>(20, (deadline - now) / 1000000 + 1));
        // Its stderr wakes this process too: a worker that prints must
        // not stall on a full pipe.
        pollfd p[2] = {{from_, POLLIN, 0}, {err_, POLLIN, 0}};
        ::poll(p, 2, wait_ms);
        // Read only when there is something: no system call per item
        // for a worker that prints nothing.
        if (p[1].revents != 0) errors_.drain(err_);
        quiet_ns_ = monotonic_ns();  // poll wakes as soon as a frame's bytes come
    }
}

// Easy items answer every few microseconds, and waking for each frame
// would cost more than the item: while many remain, sleep for about the
// time a few take and read them together. Never longer than 1 ms, so a
// frame is seen at most that late; the last frames of a request are
// waited for with poll, which wakes at once.
uint64_t Worker::nap_ns(uint64_t now, std::size_t left, uint64_t deadline) const {
    constexpr uint64_t kLongest = 1000000, kEasy = 100000;
    if (answered_ == 0 || left <= 2) return 0;
    const uint64_t per_item = (now - sent_ns_) / answered_;
    if (per_item >= kEasy) return 0;
    uint64_t nap = std::min<uint64_t>(per_item * std::min<std::size_t>(left - 2, 16), kLongest);
    if (deadline != 0) nap = std::min(nap, deadline - now);
    return nap;
}

// One frame against the request: its id, its item, then its answer.
Ending Worker::check_frame(std::string_view frame, uint32_t id, std::size_t k, std::size_t items,
                           std::size_t blame, const TakeAnswer& take) {
    wire::Reader r{frame};
    std::string problem;
    try {
        const uint32_t request = r.u32(), item = r.u32();
        if (request != id)
            return protocol(blame, "an answer to request " + std::to_string(request) + " during request " +
                                       std::to_string(id));
        // A second answer for an item already answered: that item's
        // answer cannot be told from a forgery, so it fails.
        if (item < k)
            return protocol(item, "a second answer for item " + std::to_string(item + 1), k);
        if (item != k)
            return protocol(blame, "an answer for item " + std::to_string(item + 1) + " while item " +
                                       std::to_string(blame + 1) + " ran");
        claimed_ = 0;
        problem = k < items ? take(k, r, claimed_) : "";
        if (problem.empty() && !r.rest.empty())
            problem = std::to_string(r.rest.size()) + " bytes after the " + (k < items ? "answer" : "end");
    } catch (const wire::Broken& e) {
        problem = e.what();
    }
    if (!problem.empty()) return protocol(blame, problem);
    return {};
}

bool Worker::side_frame(std::string_view frame) {
    uint32_t item = 0;
    if (frame.size() < 8) return false;
    std::memcpy(&item, frame.data() + 4, sizeof item);
    return (item & wire::kItemFlags) != 0;
}

// A proof chunk or a step: of this request, before its last answer,
// asked for. The time this process spends taking a proof chunk (checking
// it) is its own, not the plugin's, which waits on a full pipe meanwhile:
// it goes to proofs_ns_, by which the item's deadline moves. The intake
// bounds it (the call's timeout: ProofIntake), so the item still ends in
// bounded time; steps' certification is bounded by their count instead.
Ending Worker::check_chunk(std::string_view frame, uint32_t id, std::size_t k, std::size_t items, std::size_t blame) {
    wire::Reader r{frame};
    const uint32_t request = r.u32(), flagged = r.u32(), item = flagged & ~wire::kItemFlags;
    const bool step = (flagged & wire::kStepFrame) != 0;
    const std::string what = step ? "a step" : "a proof";
    std::string problem;
    if ((flagged & wire::kItemFlags) == wire::kItemFlags) problem = "a frame marked both proof and step";
    else if (request != id) problem = what + " for request " + std::to_string(request) + " during request " + std::to_string(id);
    else if (k >= items) problem = what + " after the last answer";
    else if (!(step ? take_step_ : take_proof_)) problem = what + " nobody asked for";
    else if (!step && r.rest.size() > wire::kProofFrame) problem = "a proof frame of " + std::to_string(r.rest.size()) + " bytes";
    else if (step) problem = take_step_(k, item, r.rest);
    else {
        const uint64_t start = monotonic_ns();
        problem = take_proof_(k, item, r.rest);
        proofs_ns_ += monotonic_ns() - start;
    }
    if (!problem.empty()) return protocol(blame, problem);
    return {};
}

// The item fails; what the worker printed last ends the message. Its
// time runs from the frame before to when this process saw the failure
// (seen_ns_), unless its own frame was read already (a second answer
// for it, a bad end frame): then it keeps the time up to that read.
Ending Worker::fail(std::size_t item, std::size_t resume, Fault fault, std::string message) {
    errors_.drain(err_);
    message += errors_.note();
    Ending e;
    e.complete = false;
    e.failed = item;
    e.resume = resume;
    e.fault = fault;
    e.message = std::move(message);
    e.micros = times_.micros();
    e.failed_micros = item < e.micros.size() ? e.micros[item] : times_.micros_until(seen_ns_);
    count_request(e);
    return e;
}

// A frame that is not what the request asked for: the stream can no
// longer be read in step, so the worker goes.
Ending Worker::protocol(std::size_t item, const std::string& what, std::optional<std::size_t> resume) {
    stop();
    return fail(item, resume.value_or(item + 1), Fault::crashed,
                "protocol: " + plugin_.name() + "'s worker sent " + what);
}

// The caller stopped the request (its cancel flag): the items from
// `from` on were not answered, through no act of the plugin's, so the
// message does not carry what the worker printed (Ending::cut).
Ending Worker::interrupted(std::size_t from) {
    stop();
    errors_.reset();
    Ending e = fail(from, from, Fault::refused, std::string(kInterrupted));
    e.cut = true;
    return e;
}

Ending Worker::hung(std::size_t item) {
    stop();
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%g", timeout_);
    return fail(item, item + 1, Fault::timed_out,
                plugin_.name() + " ignored its " + seconds + " s deadline: killed by the watchdog");
}

Ending Worker::budget_stop(std::size_t k, std::size_t blame, uint64_t deadline) {
    if (deadline != 0 && monotonic_ns() >= deadline) return hung(blame);
    return interrupted(k);
}

// The answer pipe closed: the worker ended (or closed it and goes on,
// which earns it a kill after the grace period). Why, and on which item.
Ending Worker::ended(std::size_t item) {
    const uint64_t until = monotonic_ns() + static_cast<uint64_t>(settings_.grace_seconds * 1e9);
    std::optional<Exit> end = child_.try_wait();
    while (!end && monotonic_ns() < until) {
        ::usleep(1000);
        end = child_.try_wait();
    }
    if (!end) {
        stop();
        return fail(item, item + 1, Fault::crashed, plugin_.name() + "'s worker closed its answer pipe");
    }
    gone_ = end;
    close_fds();
    if (end->exited && end->code == wire::kExitOutOfMemory)
        return fail(item, item + 1, Fault::out_of_memory,
                    plugin_.name() + " ran out of memory (limit " + std::to_string(settings_.memory_mib) + " MiB)");
    if (end->signalled) return fail(item, item + 1, Fault::crashed, plugin_.name() + " " + end->describe());
    return fail(item, item + 1, Fault::crashed,
                plugin_.name() + "'s worker " + end->describe() +
                    (end->code == 3 ? " (the plugin did not load in the worker)" : ""));
}

void Worker::stop() {
    if (child_.running()) {
        child_.kill_group(SIGKILL);
        gone_ = child_.wait();
    }
    close_fds();
}

void Worker::close_fds() {
    errors_.drain(err_);  // a failure's message still wants it
    if (to_ >= 0) close(to_);
    if (from_ >= 0) close(from_);
    if (err_ >= 0) close(err_);
    to_ = from_ = err_ = -1;
    inbox_.clear();
}
}  // namespace np::runner
