// The two runners: sessions in this process, or one worker process per
// plugin (a child of process.hpp under a memory limit; pipes; frames timed
// on this process's clock, item_times.hpp, and certified here, answers.hpp).
#include "runner.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <time.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <utility>

#include "answers.hpp"
#include "item_times.hpp"
#include "numplace/clock.hpp"
#include "numplace/process.hpp"
#include "numplace/proof.hpp"
#include "stderr_tail.hpp"
#include "wire.hpp"

namespace np::runner {

bool sanitizer_build() { return np::sanitizer_build(); }

namespace {

bool cancelled(const Budget& b) { return b.cancel != nullptr && b.cancel->load(std::memory_order_relaxed); }

// How long a cancelled worker has to answer the item in hand (with what it
// has: a count so far) before it is killed: a plugin checks its terminate
// callback far more often than this (docs/plugin-guide.md).
constexpr uint64_t kWindDownNs = 1'000'000'000;

// ---- Proofs ----------------------------------------------------------------------------
// Checked here, in the trusted process, whichever process ran the plugin.

bool proofs_wanted(const Plugin& p, const Budget& budget) { return budget.max_proof_bytes > 0 && p.can(NP_CAP_PROOF); }

// The proofs of generated puzzles, kept by their place in the request until
// the puzzles are known (a checker starts from the puzzle). The puzzles of
// one request share the byte budget.
class GeneratedProofs {
public:
    explicit GeneratedProofs(uint64_t max_bytes) : max_bytes_(max_bytes) {}
    // False (take no more) past the budget.
    bool take(uint64_t place, std::string_view bytes) {
        total_ += bytes.size();
        if (total_ > max_bytes_ || place > kMaxPlaces) return false;
        if (place >= bytes_.size()) bytes_.resize(place + 1);
        bytes_[place].append(bytes);
        return true;
    }
    uint64_t total() const { return total_; }
    // out.proofs (the bytes each puzzle's writer tried to send, as the
    // session or worker said) becomes one checked outcome per puzzle.
    void judge(GenerateOutcome& out) {
        if (out.proofs.empty()) return;
        std::vector<ProofOutcome> judged;
        for (std::size_t i = 0; i < out.results.size(); ++i) {
            const uint64_t attempted = i < out.proofs.size() ? out.proofs[i].bytes : 0;
            ProofIntake intake(out.results[i], max_bytes_);
            if (i < bytes_.size()) intake.feed(bytes_[i]);
            judged.push_back(total_ > max_bytes_ ? ProofOutcome{ProofStatus::absent, NP_PROOF_WRITTEN, total_, 0, 0,
                                                                "over the byte budget of the call's proofs"}
                                                 : intake.judge_generated(attempted));
        }
        out.proofs = std::move(judged);
    }

private:
    static constexpr uint64_t kMaxPlaces = 1u << 20;
    uint64_t max_bytes_, total_ = 0;
    std::vector<std::string> bytes_;
};

// ---- In this process ----------------------------------------------------------------

// The calling thread's CPU time and the wall time around a call in
// process: the plugin's, since it runs on this thread.
class CallClock {
public:
    CallClock() : cpu_(thread_cpu_ns()), wall_(monotonic_ns()) {}
    // Adds the call to `total`; its CPU microseconds when it took 10 ms or more.
    std::optional<uint64_t> stop(CpuTime& total) const {
        const uint64_t cpu = thread_cpu_ns() - cpu_, wall = monotonic_ns() - wall_;
        total += CpuTime{static_cast<double>(cpu) * 1e-9, static_cast<double>(wall) * 1e-9};
        if (wall < kCpuItemMicros * 1000) return std::nullopt;
        return cpu / 1000;
    }

private:
    static uint64_t thread_cpu_ns() {
        timespec t{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        return static_cast<uint64_t>(t.tv_sec) * 1000000000u + static_cast<uint64_t>(t.tv_nsec);
    }
    uint64_t cpu_, wall_;
};

class InProcess : public Runner {
public:
    std::vector<SolveOutcome> solve(const Plugin& p, const std::vector<const Grid*>& puzzles, uint64_t limit,
                                    const OptionList& options, const Budget& budget, const ProofSink& keep,
                                    const ItemStepSink& steps) override {
        std::vector<SolveOutcome> out;
        for (std::size_t i = 0; i < puzzles.size(); ++i) {
            // The session certifies each step before this sink sees it.
            StepSink item_steps;
            if (steps) item_steps = [&steps, i](const Step& step) { return steps(i, step); };
            const CallClock clock;
            if (!proofs_wanted(p, budget)) {
                out.push_back(session(p).solve(*puzzles[i], limit, options, budget, {}, item_steps));
                out.back().stats.cpu_micros = clock.stop(cpu_[p.name()]);
                continue;
            }
            ProofIntake intake(*puzzles[i], budget.max_proof_bytes);
            out.push_back(session(p).solve(
                *puzzles[i], limit, options, budget,
                [&](uint64_t, std::string_view bytes) {
                    if (keep) keep(i, bytes);
                    return intake.feed(bytes);
                },
                item_steps));
            intake.judge(out.back());
            out.back().stats.cpu_micros = clock.stop(cpu_[p.name()]);
        }
        return out;
    }
    std::vector<CheckOutcome> check(const Plugin& p, const std::vector<const Grid*>& grids,
                                    const OptionList& options, const Budget&) override {
        std::vector<CheckOutcome> out;
        for (const Grid* g : grids) {
            const CallClock clock;
            out.push_back(session(p).check(*g, options));
            clock.stop(cpu_[p.name()]);
        }
        return out;
    }
    GenerateOutcome generate(const Plugin& p, const Geometry& g, np_generate_kind kind, uint64_t seed, uint64_t first,
                             uint64_t count, const OptionList& options, const Budget& budget) override {
        GeneratedProofs proofs(budget.max_proof_bytes);
        const CallClock clock;
        GenerateOutcome out =
            session(p).generate(g, kind, seed, first, count, options, budget, {},
                                [&](uint64_t index, std::string_view bytes) { return proofs.take(index - first, bytes); });
        proofs.judge(out);
        out.stats.cpu_micros = clock.stop(cpu_[p.name()]);
        return out;
    }
    std::map<std::string, CpuTime> cpu() const override { return cpu_; }

private:
    Session& session(const Plugin& p) {
        auto& slot = sessions_[p.name()];
        if (!slot) slot = std::make_unique<Session>(p);
        return *slot;
    }
    std::map<std::string, std::unique_ptr<Session>> sessions_;
    std::map<std::string, CpuTime> cpu_;
};

// ---- A worker's CPU time, from /proc ----------------------------------------------------

// The CPU time (user + system, its waited-for children's included) of the
// process that runs a worker's plugin, read from /proc/PID/stat. In the
// sandbox the spawned process is a relay; the worker is the end of its
// chain of only children, found once the worker has answered its first
// request (it then has no children of its own).
class WorkerCpu {
public:
    WorkerCpu() = default;
    ~WorkerCpu() { close_stat(); }
    WorkerCpu(const WorkerCpu&) = delete;
    WorkerCpu& operator=(const WorkerCpu&) = delete;

    void find(pid_t spawned) {
        close_stat();
        pid_t pid = spawned;
        for (int depth = 0; depth < 4; ++depth) {
            const std::vector<pid_t> kids = children(pid);
            if (kids.size() != 1) break;
            pid = kids[0];
        }
        fd_ = ::open(("/proc/" + std::to_string(pid) + "/stat").c_str(), O_RDONLY | O_CLOEXEC);
    }
    void close_stat() {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
    }
    // Clock ticks so far; nullopt when it cannot be read (the worker is gone).
    std::optional<uint64_t> ticks() const {
        if (fd_ < 0) return std::nullopt;
        char text[1024];
        const ssize_t n = ::pread(fd_, text, sizeof text - 1, 0);
        if (n <= 0) return std::nullopt;
        text[n] = '\0';
        // Fields after the command (which may hold spaces and parentheses):
        // 3 state ... 14 utime 15 stime 16 cutime 17 cstime.
        const char* p = std::strrchr(text, ')');
        if (p == nullptr) return std::nullopt;
        uint64_t sum = 0;
        char* at = const_cast<char*>(p + 2);
        for (int field = 3; field <= 17; ++field) {
            const unsigned long long v = std::strtoull(at, &at, 10);
            if (field == 3) {  // the state is a letter
                while (*at == ' ') ++at;
                ++at;
                continue;
            }
            if (field >= 14) sum += v;
        }
        return sum;
    }
    static double seconds(uint64_t ticks) { return static_cast<double>(ticks) / static_cast<double>(tick_hz()); }
    static uint64_t micros(uint64_t ticks) { return ticks * 1000000 / tick_hz(); }

private:
    static uint64_t tick_hz() {
        static const long hz = sysconf(_SC_CLK_TCK);
        return hz > 0 ? static_cast<uint64_t>(hz) : 100;
    }
    static std::vector<pid_t> children(pid_t pid) {
        std::vector<pid_t> out;
        const std::string path = "/proc/" + std::to_string(pid) + "/task/" + std::to_string(pid) + "/children";
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0) return out;
        char text[512];
        const ssize_t n = ::read(fd, text, sizeof text - 1);
        ::close(fd);
        if (n <= 0) return out;
        text[n] = '\0';
        for (char* p = text; *p != '\0';) {
            const long v = std::strtol(p, &p, 10);
            if (v > 0) out.push_back(static_cast<pid_t>(v));
            while (*p == ' ' || *p == '\n') ++p;
            if (v <= 0) break;
        }
        return out;
    }
    int fd_ = -1;
};

// ---- One worker process ---------------------------------------------------------------

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
               const TakeProof& take_proof = {}, const TakeStep& take_step = {}) {
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
    // A new worker, and its answer to an empty request (id 0; real ones
    // count from 1): starting it and loading the plugin take tens of
    // milliseconds in the sandbox, which are no item's time (nor are they
    // in process, where loading is not timed either). What goes wrong here
    // is the first item's, under its deadline, as if it had been sent.
    Ending begin(const Budget& budget) {
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
    Ending start_and_load(const Budget& budget) {
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
    bool loads_without_limit(const Budget& budget) {
        const uint64_t limit = std::exchange(memory_mib_, 0);
        const bool loads = start_and_load(budget).complete;
        stop();
        memory_mib_ = limit;
        return loads;
    }

    // A reading of the worker's CPU ticks, taken at the start of item `at`.
    void mark(std::size_t at) {
        mark_ = proc_cpu_.ticks();
        mark_at_ = at;
    }

    // Item k's answer was read: when it came alone (after a wait) and a
    // reading was taken at its start, its CPU is the difference; whether
    // the item before came alone is known now.
    void time_item_cpu(std::size_t k, std::size_t items) {
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
    void count_request(Ending& e) {
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

    // Sends a request and reads one frame per item, then the one that ends
    // it, timing each item (ItemTimes).
    Ending exchange(const std::string& request, uint32_t id, std::size_t items, std::size_t cap,
                    const Budget& budget, const TakeAnswer& take) {
        times_.start(monotonic_ns());
        uint64_t deadline = deadline_from_now();
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
            switch (got) {
                case wire::Inbox::Got::frame: break;
                case wire::Inbox::Got::waiting: return budget_stop(k, blame, deadline);
                case wire::Inbox::Got::closed: return ended(blame);
                case wire::Inbox::Got::bad_magic: return protocol(blame, "bytes that are not a frame (bad magic)");
                case wire::Inbox::Got::too_long:
                    return protocol(blame, "a frame of " + std::to_string(inbox_.announced()) + " bytes announced");
            }
            // A proof's bytes and an explanation's steps come before their
            // item's answer; they neither end the item nor restart its deadline.
            // The deadline and the cancel flag are looked at after each of
            // them, too: a worker that streams side frames without pause
            // never lets the pipe run dry, and checking a proof's bytes
            // costs this process time (issue 40: a 64 MiB proof held an
            // item 150 s under --timeout 2).
            if (side_frame(frame)) {
                if (Ending bad = check_chunk(frame, id, k, items, blame); !bad.complete) return bad;
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

    bool start(std::string& error) {
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

    uint64_t deadline_from_now() const { return allowed_ns_ != 0 ? monotonic_ns() + allowed_ns_ : 0; }

    // The next frame, or why not: `waiting` means the deadline passed or the
    // run was cancelled. `left`: frames still to come in this request. Sets
    // quiet_ns_ for ItemTimes: 0 when the frame was there at once, otherwise
    // when this process last knew it had not come.
    wire::Inbox::Got await(std::size_t cap, uint64_t deadline, const Budget& budget, std::size_t left,
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
    uint64_t nap_ns(uint64_t now, std::size_t left, uint64_t deadline) const {
        constexpr uint64_t kLongest = 1000000, kEasy = 100000;
        if (answered_ == 0 || left <= 2) return 0;
        const uint64_t per_item = (now - sent_ns_) / answered_;
        if (per_item >= kEasy) return 0;
        uint64_t nap = std::min<uint64_t>(per_item * std::min<std::size_t>(left - 2, 16), kLongest);
        if (deadline != 0) nap = std::min(nap, deadline - now);
        return nap;
    }

    // One frame against the request: its id, its item, then its answer.
    Ending check_frame(std::string_view frame, uint32_t id, std::size_t k, std::size_t items, std::size_t blame,
                       const TakeAnswer& take) {
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

    static bool side_frame(std::string_view frame) {
        uint32_t item = 0;
        if (frame.size() < 8) return false;
        std::memcpy(&item, frame.data() + 4, sizeof item);
        return (item & wire::kItemFlags) != 0;
    }

    // A proof chunk or a step: of this request, before its last answer,
    // asked for.
    Ending check_chunk(std::string_view frame, uint32_t id, std::size_t k, std::size_t items, std::size_t blame) {
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
        else problem = step ? take_step_(k, item, r.rest) : take_proof_(k, item, r.rest);
        if (!problem.empty()) return protocol(blame, problem);
        return {};
    }

    // The item fails; what the worker printed last ends the message. Its
    // time runs from the frame before to when this process saw the failure
    // (seen_ns_), unless its own frame was read already (a second answer
    // for it, a bad end frame): then it keeps the time up to that read.
    Ending fail(std::size_t item, std::size_t resume, Fault fault, std::string message) {
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
    Ending protocol(std::size_t item, const std::string& what, std::optional<std::size_t> resume = {}) {
        stop();
        return fail(item, resume.value_or(item + 1), Fault::crashed,
                    "protocol: " + plugin_.name() + "'s worker sent " + what);
    }

    // The caller stopped the request (its cancel flag): the items from
    // `from` on were not answered, through no act of the plugin's, so the
    // message does not carry what the worker printed (Ending::cut).
    Ending interrupted(std::size_t from) {
        stop();
        errors_.reset();
        Ending e = fail(from, from, Fault::refused, std::string(kInterrupted));
        e.cut = true;
        return e;
    }

    Ending hung(std::size_t item) {
        stop();
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, "%g", timeout_);
        return fail(item, item + 1, Fault::timed_out,
                    plugin_.name() + " ignored its " + seconds + " s deadline: killed by the watchdog");
    }

    Ending budget_stop(std::size_t k, std::size_t blame, uint64_t deadline) {
        if (deadline != 0 && monotonic_ns() >= deadline) return hung(blame);
        return interrupted(k);
    }

    // The answer pipe closed: the worker ended (or closed it and goes on,
    // which earns it a kill after the grace period). Why, and on which item.
    Ending ended(std::size_t item) {
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

    void stop() {
        if (child_.running()) {
            child_.kill_group(SIGKILL);
            gone_ = child_.wait();
        }
        close_fds();
    }

    void close_fds() {
        errors_.drain(err_);  // a failure's message still wants it
        if (to_ >= 0) close(to_);
        if (from_ >= 0) close(from_);
        if (err_ >= 0) close(err_);
        to_ = from_ = err_ = -1;
        inbox_.clear();
    }

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

// ---- The pool: one worker per plugin, batches with retry -------------------------------

// The most a frame may announce: the largest legitimate answer for the
// request, plus room for messages and counters.
constexpr std::size_t kFrameSlack = 4 << 20;

std::size_t cap_for(wire::Op op, const Geometry& g, uint64_t count = 1, bool steps = false) {
    const auto cells = static_cast<std::size_t>(g.cell_count());
    // A step's three lists hold at most N*N*(N+1) candidates each, 3 bytes a candidate.
    const std::size_t step = steps ? 9 * cells * static_cast<std::size_t>(g.side() + 1) : 0;
    switch (op) {
        case wire::solve: return kFrameSlack + std::max(NP_MAX_WITNESSES * (cells + 4), step);
        case wire::check: return kFrameSlack + 4 * cells * 20;  // Session's room for violations
        case wire::generate: break;
    }
    const uint64_t per = cells + 4, room = (std::numeric_limits<uint32_t>::max() - kFrameSlack) / per;
    return kFrameSlack + static_cast<std::size_t>(std::min(count, room) * per);
}

// An answer that fails its row: its finding gets what the item printed.
bool failed(const SolveOutcome& o) { return o.fault != Fault::none || o.verdict == Verdict::error; }
bool failed(const CheckOutcome& o) { return !o.ok; }
bool failed(const GenerateOutcome& o) { return !o.ok || o.fault != Fault::none; }

// The parent's time for an item (Ending). A check answer carries no time.
void set_micros(SolveOutcome& o, uint64_t micros) { o.stats.micros = micros; }
void set_micros(GenerateOutcome& o, uint64_t micros) { o.stats.micros = micros; }
void set_micros(CheckOutcome&, uint64_t) {}
// What the worker said the call took: a claim, which ItemTimes lets cover
// only time this process saw pass.
uint64_t claimed_micros(const SolveOutcome& o) { return o.stats.claimed_micros; }
uint64_t claimed_micros(const GenerateOutcome& o) { return o.stats.claimed_micros; }
uint64_t claimed_micros(const CheckOutcome&) { return 0; }
void set_cpu(SolveOutcome& o, std::optional<uint64_t> micros) { o.stats.cpu_micros = micros; }
void set_cpu(GenerateOutcome& o, std::optional<uint64_t> micros) { o.stats.cpu_micros = micros; }
void set_cpu(CheckOutcome&, std::optional<uint64_t>) {}

// Every item of `todo` gets `fault`; `cut`: the caller stopped them
// (SolveOutcome::cut), not the plugin.
template <class Outcome>
void fail_all(std::vector<Outcome>& out, const std::vector<std::size_t>& todo, Fault fault, const std::string& message,
              bool cut = false) {
    for (std::size_t i : todo) {
        out[i] = Outcome{};
        out[i].fault = fault;
        out[i].message = message;
        out[i].cut = cut;
    }
}

class Workers : public Runner {
public:
    explicit Workers(const Settings& settings) : settings_(settings) {
        // A worker that dies while we write to it must not kill us.
        signal(SIGPIPE, SIG_IGN);
    }

    // No exception leaves the runner: whatever escapes the frame checks
    // (an allocation, say) fails the calls, never the caller's thread.
    std::vector<SolveOutcome> solve(const Plugin& p, const std::vector<const Grid*>& puzzles, uint64_t limit,
                                    const OptionList& options, const Budget& budget, const ProofSink& keep,
                                    const ItemStepSink& steps) override {
        // Each item's proof is checked here as its frames come (never held
        // whole), then judged with the answer it came with.
        const bool proving = proofs_wanted(p, budget);
        std::vector<std::optional<ProofIntake>> intakes(puzzles.size());
        auto intake = [&](std::size_t i) -> ProofIntake& {
            if (!intakes[i]) intakes[i].emplace(*puzzles[i], budget.max_proof_bytes);
            return *intakes[i];
        };
        TakeProof take_proof;
        if (proving)
            take_proof = [&](std::size_t i, std::size_t item, std::string_view bytes) -> std::string {
                if (item != 0) return "a proof for another item";  // `i` is the item running (batch's index)
                if (!intake(i).feed(bytes) && intake(i).received() > budget.max_proof_bytes)
                    return "more proof bytes than the budget of " + std::to_string(budget.max_proof_bytes);
                if (keep) keep(i, bytes);
                return "";
            };
        // Each item's steps are certified here against its own state, as
        // they come; a refused one is judged with the answer.
        const bool explaining = steps && p.can(NP_CAP_EXPLAIN);
        std::vector<std::optional<StepIntake>> step_intakes(puzzles.size());
        std::vector<StepSink> item_sinks(puzzles.size());
        auto step_intake = [&](std::size_t i) -> StepIntake& {
            if (!step_intakes[i]) {
                item_sinks[i] = [&steps, i](const Step& s) { return steps(i, s); };
                step_intakes[i].emplace(*puzzles[i], item_sinks[i], budget.max_steps);
            }
            return *step_intakes[i];
        };
        TakeStep take_step;
        if (explaining)
            take_step = [&](std::size_t i, std::size_t item, std::string_view bytes) -> std::string {
                if (item != 0) return "a step for another item";
                const auto step = decode_step(bytes);
                if (!step) return "a step frame that holds no step";
                step_intake(i).take(*step);  // a refused step is the answer's fault, judged with it
                return "";
            };
        return guarded<SolveOutcome>(p, puzzles, [&] {
            return batch<SolveOutcome>(
                p, wire::solve, puzzles, limit, options, budget,
                [&](wire::Reader& r, std::size_t i, SolveOutcome& out) {
                    out = wire::get_solve(r, puzzles[i]->geometry);
                    std::string problem = settle_solve(p, *puzzles[i], limit, out);
                    if (!proving) out.proof = {};
                    else if (problem.empty()) intake(i).judge(out);
                    if (explaining && problem.empty()) step_intake(i).judge(out, p.name());
                    return problem;
                },
                take_proof, [&](std::size_t i) { intakes[i].reset(), step_intakes[i].reset(); }, take_step);
        });
    }

    std::vector<CheckOutcome> check(const Plugin& p, const std::vector<const Grid*>& grids,
                                    const OptionList& options, const Budget& budget) override {
        return guarded<CheckOutcome>(p, grids, [&] {
            return batch<CheckOutcome>(p, wire::check, grids, 0, options, budget,
                                       [&](wire::Reader& r, std::size_t i, CheckOutcome& out) {
                                           out = wire::get_check(r, grids[i]->geometry);
                                           return settle_check(p, *grids[i], out);
                                       });
        });
    }

    GenerateOutcome generate(const Plugin& p, const Geometry& g, np_generate_kind kind, uint64_t seed, uint64_t first,
                             uint64_t count, const OptionList& options, const Budget& budget) override {
        GenerateOutcome out;
        try {
            auto body = [&](wire::Writer& w, uint32_t id) {
                w.u32(wire::generate);
                w.u32(id);
                w.u32(1);
                wire::put(w, options);
                wire::put(w, budget);
                wire::put(w, g);
                w.u32(kind);
                w.u64(seed);
                w.u64(first);
                w.u64(count);
            };
            const bool proving = proofs_wanted(p, budget) && kind == NP_GENERATE_PUZZLE;
            GeneratedProofs proofs(budget.max_proof_bytes);
            auto take = [&](std::size_t, wire::Reader& r, uint64_t& claimed) {
                out = wire::get_generate(r, g);
                claimed = claimed_micros(out);
                std::string problem = settle_generate(p, g, kind, first, count, out);
                if (problem.empty() && failed(out)) out.message += worker(p).stderr_note();
                if (!proving) out.proofs.clear();
                else if (problem.empty()) proofs.judge(out);
                return problem;
            };
            TakeProof take_proof;
            if (proving)
                take_proof = [&](std::size_t, std::size_t place, std::string_view bytes) -> std::string {
                    if (place >= count) return "a proof for puzzle " + std::to_string(place + 1) + " of " + std::to_string(count);
                    if (!proofs.take(place, bytes) && proofs.total() > budget.max_proof_bytes)
                        return "more proof bytes than the budget of " + std::to_string(budget.max_proof_bytes);
                    return "";
                };
            const Ending end = worker(p).run(body, 1, cap_for(wire::generate, g, count), budget.timeout_seconds, budget,
                                             take, take_proof);
            if (!end.complete) {
                out = GenerateOutcome{};
                out.fault = end.fault;
                out.message = end.message;
            }
            set_micros(out, end.complete ? end.micros.at(0) : end.failed_micros);
            if (end.complete && !end.cpu_micros.empty()) set_cpu(out, end.cpu_micros[0]);
            cpu_[p.name()] += worker(p).take_cpu();
        } catch (const std::exception& e) {
            workers_.erase(p.name());
            out = GenerateOutcome{};
            out.fault = Fault::crashed;
            out.message = "protocol: " + p.name() + ": " + e.what();
        }
        return out;
    }

private:
    Worker& worker(const Plugin& p) {
        auto& slot = workers_[p.name()];
        if (!slot) slot = std::make_unique<Worker>(settings_, p);
        return *slot;
    }

    template <class Outcome, class Batch>
    std::vector<Outcome> guarded(const Plugin& p, const std::vector<const Grid*>& items, Batch&& run) {
        try {
            return run();
        } catch (const std::exception& e) {
            workers_.erase(p.name());  // its stream is out of step: a new one next time
            std::vector<Outcome> out(items.size());
            std::vector<std::size_t> all(items.size());
            for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
            fail_all(out, all, Fault::crashed, "protocol: " + p.name() + ": " + e.what());
            return out;
        }
    }

    // Sends the items as one request; each answer comes in a frame of its
    // own. When the worker fails on item k, item k gets the failure, the
    // answers before it stand, and the unanswered rest goes again to a new
    // worker (and is timed there). Every item gets the parent's time.
    // take(reader, item, outcome) reads one answer; take_proof, when set,
    // one proof chunk (its first argument then the batch's item index), and
    // restart(item) is told of each item sent again to a new worker.
    template <class Outcome, class Take>
    std::vector<Outcome> batch(const Plugin& p, wire::Op op, const std::vector<const Grid*>& items, uint64_t limit,
                               const OptionList& options, const Budget& budget, Take take,
                               const TakeProof& take_proof = {},
                               const std::function<void(std::size_t)>& restart = {}, const TakeStep& take_step = {}) {
        std::vector<Outcome> out(items.size());
        std::vector<std::size_t> todo(items.size());
        for (std::size_t i = 0; i < todo.size(); ++i) todo[i] = i;
        std::size_t cap = 0;
        for (const Grid* g : items) cap = std::max(cap, cap_for(op, g->geometry, 1, static_cast<bool>(take_step)));
        while (!todo.empty()) {
            auto body = [&](wire::Writer& w, uint32_t id) {
                w.u32(op);
                w.u32(id);
                w.u32(static_cast<uint32_t>(todo.size()));
                wire::put(w, options);
                wire::put(w, budget);
                w.u64(limit);
                w.u8(take_step ? 1 : 0);  // explain
                for (std::size_t i : todo) {
                    wire::put(w, items[i]->geometry);
                    w.cells(items[i]->cells);
                    w.masks(items[i]->candidates);
                }
            };
            auto answer = [&](std::size_t k, wire::Reader& r, uint64_t& claimed) {
                std::string problem = take(r, todo[k], out[todo[k]]);
                claimed = claimed_micros(out[todo[k]]);
                if (problem.empty() && failed(out[todo[k]])) out[todo[k]].message += worker(p).stderr_note();
                return problem;
            };
            TakeProof proof;
            if (take_proof)
                proof = [&](std::size_t k, std::size_t item, std::string_view bytes) {
                    // The worker numbers the items of its request; so does k.
                    return take_proof(todo[k], item == k ? 0 : item + 1, bytes);
                };
            TakeStep step;
            if (take_step)
                step = [&](std::size_t k, std::size_t item, std::string_view bytes) {
                    return take_step(todo[k], item == k ? 0 : item + 1, bytes);
                };
            if (restart)
                for (std::size_t i : todo) restart(i);
            const Ending end =
                worker(p).run(body, todo.size(), cap, budget.timeout_seconds, budget, answer, proof, step);
            cpu_[p.name()] += worker(p).take_cpu();
            for (std::size_t k = 0; k < end.micros.size(); ++k) set_micros(out[todo[k]], end.micros[k]);
            for (std::size_t k = 0; k < end.cpu_micros.size(); ++k) set_cpu(out[todo[k]], end.cpu_micros[k]);
            if (end.complete) break;
            const bool interrupted = end.cut;  // then nothing more runs
            const auto failed = todo.begin() + static_cast<std::ptrdiff_t>(end.failed);
            fail_all(out, std::vector<std::size_t>(failed, interrupted ? todo.end() : failed + 1), end.fault, end.message,
                     interrupted);
            if (end.failed < todo.size()) set_micros(out[todo[end.failed]], end.failed_micros);
            if (interrupted) break;
            todo.erase(todo.begin(), todo.begin() + static_cast<std::ptrdiff_t>(end.resume));
        }
        return out;
    }

    const Settings settings_;  // a copy: the caller's may be a temporary
    std::map<std::string, std::unique_ptr<Worker>> workers_;
    std::map<std::string, CpuTime> cpu_;

public:
    std::map<std::string, CpuTime> cpu() const override { return cpu_; }
};

}  // namespace

std::unique_ptr<Runner> make_runner(const Settings& settings) {
    if (settings.in_process) return std::make_unique<InProcess>();
    return std::make_unique<Workers>(settings);
}

}  // namespace np::runner
