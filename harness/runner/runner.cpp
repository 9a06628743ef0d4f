// The two runners: sessions in this process, or one worker process per
// plugin (a child of process.hpp under a memory limit; pipes; a shared page
// for the watchdog).
#include "runner.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <map>
#include <optional>

#include "numplace/clock.hpp"
#include "numplace/process.hpp"
#include "wire.hpp"

namespace np::runner {

bool sanitizer_build() {
#if defined(__SANITIZE_ADDRESS__)
    return true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
    return true;
#else
    return false;
#endif
#else
    return false;
#endif
}

namespace {

bool cancelled(const Budget& b) { return b.cancel != nullptr && b.cancel->load(std::memory_order_relaxed); }

// ---- In this process ----------------------------------------------------------------

class InProcess : public Runner {
public:
    std::vector<SolveOutcome> solve(const Plugin& p, const std::vector<const Grid*>& puzzles, uint64_t limit,
                                    const OptionList& options, const Budget& budget) override {
        std::vector<SolveOutcome> out;
        for (const Grid* g : puzzles) out.push_back(session(p).solve(*g, limit, options, budget));
        return out;
    }
    std::vector<CheckOutcome> check(const Plugin& p, const std::vector<const Grid*>& grids,
                                    const OptionList& options, const Budget&) override {
        std::vector<CheckOutcome> out;
        for (const Grid* g : grids) out.push_back(session(p).check(*g, options));
        return out;
    }
    GenerateOutcome generate(const Plugin& p, const Geometry& g, np_generate_kind kind, uint64_t seed, uint64_t first,
                             uint64_t count, const OptionList& options, const Budget& budget) override {
        return session(p).generate(g, kind, seed, first, count, options, budget);
    }

private:
    Session& session(const Plugin& p) {
        auto& slot = sessions_[p.name()];
        if (!slot) slot = std::make_unique<Session>(p);
        return *slot;
    }
    std::map<std::string, std::unique_ptr<Session>> sessions_;
};

// ---- One worker process ---------------------------------------------------------------

struct Death {
    uint32_t item = 0;
    Fault fault = Fault::crashed;
    std::string message;
};

class Worker {
public:
    Worker(const Settings& settings, const Plugin& plugin) : settings_(settings), plugin_(plugin) {}
    ~Worker() { stop(SIGKILL); }
    Worker(const Worker&) = delete;
    Worker& operator=(const Worker&) = delete;

    // One request and its response, under the watchdog: `item_timeout`
    // seconds per item (0 = none) plus the grace period.
    std::optional<std::string> exchange(const std::string& request, double item_timeout, const Budget& budget,
                                        Death& death) {
        if (!child_.running() && !start(death)) return std::nullopt;
        board_->item.store(0);
        board_->started_ns.store(monotonic_ns());
        if (!wire::send(to_, request)) return died(death);
        const uint64_t allowed_ns =
            item_timeout > 0 ? static_cast<uint64_t>((item_timeout + settings_.grace_seconds) * 1e9) : 0;
        for (;;) {
            pollfd p{from_, POLLIN, 0};
            const int ready = ::poll(&p, 1, 20);
            if (ready > 0) {
                std::string response;
                if (wire::receive(from_, response)) return response;
                return died(death);
            }
            if (cancelled(budget)) {
                death = {board_->item.load(), Fault::refused, "interrupted"};
                stop(SIGKILL);
                return std::nullopt;
            }
            const uint64_t started = board_->started_ns.load(std::memory_order_relaxed);
            if (allowed_ns != 0 && monotonic_ns() - started > allowed_ns) {
                char seconds[32];
                std::snprintf(seconds, sizeof seconds, "%g", item_timeout);
                death = {board_->item.load(), Fault::timed_out,
                         plugin_.name() + " ignored its " + seconds + " s deadline: killed by the watchdog"};
                stop(SIGKILL);
                return std::nullopt;
            }
        }
    }

private:
    bool start(Death& death) {
        int requests[2], responses[2];
        const int board = memfd_create("numplace-board", MFD_CLOEXEC);
        if (board < 0 || ftruncate(board, sizeof(wire::Board)) != 0 || pipe2(requests, O_CLOEXEC) != 0 ||
            pipe2(responses, O_CLOEXEC) != 0) {
            death = {0, Fault::crashed, "cannot start a worker: " + std::string(std::strerror(errno))};
            return false;
        }
        void* page = mmap(nullptr, sizeof(wire::Board), PROT_READ | PROT_WRITE, MAP_SHARED, board, 0);
        board_ = new (page) wire::Board();
        // Requests on fd 3, answers on fd 4, the board on fd 5 (worker_main.cpp);
        // its stdout goes to stderr: a plugin that prints must not corrupt the
        // answers. Its own group (the watchdog kills it whole), a memory limit,
        // and death with its parent.
        SpawnOptions options;
        options.sandbox = true;
        options.fds = {0, 2, 2, requests[0], responses[1], board};
        options.address_space_bytes = (sanitizer_build() ? 0 : settings_.memory_mib) << 20;
        std::string error;
        child_ = spawn_program(settings_.worker_program, {settings_.worker_program, plugin_.path()}, options, error);
        close(requests[0]);
        close(responses[1]);
        close(board);
        if (!child_.running()) {
            close(requests[1]);
            close(responses[0]);
            death = {0, Fault::crashed, "cannot fork a worker: " + error};
            return false;
        }
        to_ = requests[1];
        from_ = responses[0];
        return true;
    }

    // The worker ended (EOF or a broken pipe): why, and on which item.
    std::optional<std::string> died(Death& death) {
        const Exit end = child_.wait();
        const bool oom = board_->out_of_memory.load() != 0 || (end.exited && end.code == wire::kExitOutOfMemory);
        death.item = board_->item.load();
        if (oom) {
            death.fault = Fault::out_of_memory;
            death.message = plugin_.name() + " ran out of memory (limit " + std::to_string(settings_.memory_mib) + " MiB)";
        } else if (end.signalled) {
            death.fault = Fault::crashed;
            death.message = plugin_.name() + " " + end.describe();
        } else {
            death.fault = Fault::crashed;
            death.message = plugin_.name() + "'s worker " + end.describe() +
                            (end.code == 3 ? " (the plugin did not load in the worker)" : "");
        }
        close_fds();
        return std::nullopt;
    }

    void stop(int signo) {
        child_.kill_group(signo);
        child_.wait();
        close_fds();
    }

    void close_fds() {
        if (to_ >= 0) close(to_);
        if (from_ >= 0) close(from_);
        to_ = from_ = -1;
        if (board_ != nullptr) munmap(board_, sizeof(wire::Board));
        board_ = nullptr;
    }

    const Settings settings_;  // a copy: the caller's may be a temporary
    Plugin plugin_;
    Child child_;
    int to_ = -1, from_ = -1;
    wire::Board* board_ = nullptr;
};

// ---- The pool: one worker per plugin, batches with retry -------------------------------

class Workers : public Runner {
public:
    explicit Workers(const Settings& settings) : settings_(settings) {
        // A worker that dies while we write to it must not kill us.
        signal(SIGPIPE, SIG_IGN);
    }

    std::vector<SolveOutcome> solve(const Plugin& p, const std::vector<const Grid*>& puzzles, uint64_t limit,
                                    const OptionList& options, const Budget& budget) override {
        return batch<SolveOutcome>(p, wire::solve, puzzles, limit, options, budget,
                                   [](wire::Reader& r, const Geometry& g) { return wire::get_solve(r, g); });
    }

    std::vector<CheckOutcome> check(const Plugin& p, const std::vector<const Grid*>& grids,
                                    const OptionList& options, const Budget& budget) override {
        return batch<CheckOutcome>(p, wire::check, grids, 0, options, budget,
                                   [](wire::Reader& r, const Geometry& g) { return wire::get_check(r, g); });
    }

    GenerateOutcome generate(const Plugin& p, const Geometry& g, np_generate_kind kind, uint64_t seed, uint64_t first,
                             uint64_t count, const OptionList& options, const Budget& budget) override {
        wire::Writer w;
        w.u32(wire::kMagic);
        w.u32(wire::generate);
        w.u32(1);
        wire::put(w, options);
        wire::put(w, budget);
        wire::put(w, g);
        w.u32(kind);
        w.u64(seed);
        w.u64(first);
        w.u64(count);
        Death death;
        if (auto response = worker(p).exchange(w.bytes, budget.timeout_seconds, budget, death)) {
            wire::Reader r{*response};
            if (r.u32() == wire::kMagic) return wire::get_generate(r, g);
        }
        GenerateOutcome out;
        out.fault = death.fault;
        out.message = death.message;
        return out;
    }

private:
    Worker& worker(const Plugin& p) {
        auto& slot = workers_[p.name()];
        if (!slot) slot = std::make_unique<Worker>(settings_, p);
        return *slot;
    }

    // Sends the items, in batches as given; when the worker dies on item k,
    // item k gets the failure and the others go again to a new worker.
    template <class Outcome, class Read>
    std::vector<Outcome> batch(const Plugin& p, wire::Op op, const std::vector<const Grid*>& items, uint64_t limit,
                               const OptionList& options, const Budget& budget, Read read) {
        std::vector<Outcome> out(items.size());
        std::vector<std::size_t> todo(items.size());
        for (std::size_t i = 0; i < todo.size(); ++i) todo[i] = i;
        while (!todo.empty()) {
            wire::Writer w;
            w.u32(wire::kMagic);
            w.u32(op);
            w.u32(static_cast<uint32_t>(todo.size()));
            wire::put(w, options);
            wire::put(w, budget);
            w.u64(limit);
            for (std::size_t i : todo) {
                wire::put(w, items[i]->geometry);
                w.cells(items[i]->cells);
            }
            Death death;
            auto response = worker(p).exchange(w.bytes, budget.timeout_seconds, budget, death);
            if (response) {
                wire::Reader r{*response};
                if (r.u32() != wire::kMagic) throw std::runtime_error("worker: bad response");
                for (std::size_t i : todo) out[i] = read(r, items[i]->geometry);
                return out;
            }
            const std::size_t k = std::min<std::size_t>(death.item, todo.size() - 1);
            if (death.fault == Fault::refused) {  // interrupted: nothing more runs
                for (std::size_t i : todo) {
                    out[i].fault = Fault::refused;
                    out[i].message = death.message;
                }
                return out;
            }
            out[todo[k]].fault = death.fault;
            out[todo[k]].message = death.message;
            todo.erase(todo.begin() + static_cast<std::ptrdiff_t>(k));
        }
        return out;
    }

    const Settings settings_;  // a copy: the caller's may be a temporary
    std::map<std::string, std::unique_ptr<Worker>> workers_;
};

}  // namespace

std::unique_ptr<Runner> make_runner(const Settings& settings) {
    if (settings.in_process) return std::make_unique<InProcess>();
    return std::make_unique<Workers>(settings);
}

}  // namespace np::runner
