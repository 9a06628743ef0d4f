// A two-stage pipeline that keeps order: the calling thread makes jobs and
// writes results, one worker thread runs them. numplace solve uses it so that
// reading, parsing and formatting (the host's share of each puzzle) overlap
// with the plugin's solving instead of adding to it. One worker only: the
// plugin instance is used by one thread at a time, and calls happen in input
// order, exactly as without the pipeline. Jobs travel in batches (up to 256,
// fewer when the input pauses: drain), and the work may take a whole batch
// at once (a worker process answers a batch in one exchange), saying as it
// goes how many of its first jobs are final (publish), so that a quick
// answer is written while a slow one after it in the same batch still runs.
#pragma once

#include <condition_variable>
#include <deque>
#include <algorithm>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace np::cli {

template <class Job>
class OrderedPipeline {
public:
    // `work` runs on the worker thread; returning false stops the pipeline
    // after that job (its result is still written, later jobs are dropped).
    // `write` runs on the calling thread, in the order the jobs were added.
    OrderedPipeline(std::function<bool(Job&)> work, std::function<void(Job&)> write)
        : OrderedPipeline(Batched{}, one_by_one(std::move(work)), std::move(write)) {}

    // `work` takes a whole batch, in order; it may drop jobs from its end
    // (they are not written) and returns false to stop after it. It calls
    // publish(k) once its first k jobs are final: it touches them no more
    // and never drops them. `waiting` runs on the calling thread before it
    // waits for the worker, when something was written since: the place to
    // flush the output.
    struct Batched {};
    using Publish = std::function<void(std::size_t)>;
    OrderedPipeline(Batched, std::function<bool(std::vector<Job>&, const Publish&)> work,
                    std::function<void(Job&)> write, std::function<void()> waiting = {})
        : work_(std::move(work)), write_(std::move(write)), waiting_(std::move(waiting)), worker_([this] { run(); }) {}

    ~OrderedPipeline() { finish(); }

    // Adds a job; returns false once the pipeline has stopped (no point in
    // making more jobs).
    bool add(Job job) {
        pending_.push_back(std::move(job));
        if (pending_.size() < kBatch) return true;  // no lock per job: only per batch
        flush();
        write_ready();
        return !stopped();
    }

    // Runs what is left and writes every result; joins the worker.
    void finish() {
        if (!worker_.joinable()) return;
        flush();
        {
            std::lock_guard lock(mutex_);
            closed_ = true;
        }
        changed_.notify_all();
        for (;;) {  // writing what becomes final as it does
            before_waiting();
            std::unique_lock lock(mutex_);
            changed_.wait(lock, [&] { return ready_locked() || ended_; });
            const bool over = !ready_locked();
            lock.unlock();
            if (over) break;
            write_ready();
        }
        worker_.join();
        write_ready();
    }

    // Hands over the jobs made so far and writes every result, waiting for
    // the worker: for a pause in the input, so that no answer is held back
    // while numplace waits for the next puzzle.
    void drain() {
        if (!worker_.joinable()) return;
        flush();
        for (;;) {
            before_waiting();
            std::unique_lock lock(mutex_);
            changed_.wait(lock, [&] { return ready_locked() || (todo_.empty() && !busy_) || stopped_; });
            const bool over = !ready_locked();
            lock.unlock();
            if (over) break;
            write_ready();
        }
        write_ready();
    }

    bool stopped() const {
        std::lock_guard lock(mutex_);
        return stopped_;
    }

private:
    // Batches keep the locking rare: a 17-clue puzzle takes ~5 us to solve.
    static constexpr std::size_t kBatch = 256;
    static constexpr std::size_t kMaxQueued = 8;  // batches in flight: bounded memory

    static std::function<bool(std::vector<Job>&, const Publish&)> one_by_one(std::function<bool(Job&)> work) {
        return [work = std::move(work)](std::vector<Job>& batch, const Publish&) {
            bool go_on = true;
            std::size_t ran = 0;
            while (ran < batch.size() && go_on) go_on = work(batch[ran++]);
            batch.resize(ran);
            return go_on;
        };
    }

    void flush() {
        if (pending_.empty()) return;
        std::unique_lock lock(mutex_);
        // Wait for room, writing finished batches meanwhile.
        while (todo_.size() >= kMaxQueued && !stopped_) {
            if (ready_locked()) {
                lock.unlock();
                write_ready();
                lock.lock();
                continue;
            }
            lock.unlock();
            before_waiting();
            lock.lock();
            if (todo_.size() >= kMaxQueued && !stopped_ && !ready_locked()) changed_.wait(lock);
        }
        if (!stopped_) todo_.push_back(std::move(pending_));
        pending_ = {};
        lock.unlock();
        changed_.notify_all();
    }

    // The batches are numbered; the writer's cursor is (batch, job in it).
    // A finished batch is written from the cursor on; the batch in flight
    // up to what its work has published, through `flying_` (its jobs stay
    // where they are when the worker moves the vector into done_).
    bool ready_locked() const {
        return !done_.empty() || (flying_ != nullptr && flying_id_ == cursor_batch_ && published_ > cursor_job_);
    }
    void write_ready() {
        std::deque<std::pair<uint64_t, std::vector<Job>>> ready;
        Job* flying = nullptr;
        uint64_t flying_id = 0;
        std::size_t published = 0;
        {
            std::lock_guard lock(mutex_);
            ready.swap(done_);
            flying = flying_, flying_id = flying_id_, published = published_;
        }
        if (!ready.empty()) changed_.notify_all();
        for (auto& [id, batch] : ready) {
            for (std::size_t i = id == cursor_batch_ ? cursor_job_ : 0; i < batch.size(); ++i) write_(batch[i]), wrote_ = true;
            cursor_batch_ = id + 1, cursor_job_ = 0;
        }
        if (flying == nullptr || flying_id != cursor_batch_) return;
        for (; cursor_job_ < published; ++cursor_job_) write_(flying[cursor_job_]), wrote_ = true;
    }
    void before_waiting() {
        if (wrote_ && waiting_) waiting_();
        wrote_ = false;
    }

    void run() {
        for (uint64_t id = 0;; ++id) {
            std::vector<Job> batch;
            {
                std::unique_lock lock(mutex_);
                changed_.wait(lock, [&] { return !todo_.empty() || closed_ || stopped_; });
                if (todo_.empty() || stopped_) {
                    ended_ = true;
                    changed_.notify_all();
                    return;
                }
                batch = std::move(todo_.front());
                todo_.pop_front();
                busy_ = true;
                flying_ = batch.data(), flying_id_ = id, published_ = 0;
            }
            const bool go_on = work_(batch, [&](std::size_t k) {
                {
                    std::lock_guard lock(mutex_);
                    published_ = std::min(k, batch.size());
                }
                changed_.notify_all();
            });
            {
                std::lock_guard lock(mutex_);
                done_.emplace_back(id, std::move(batch));
                flying_ = nullptr;
                busy_ = false;
                if (!go_on) stopped_ = true;
            }
            changed_.notify_all();
        }
    }

    std::function<bool(std::vector<Job>&, const Publish&)> work_;
    std::function<void(Job&)> write_;
    std::function<void()> waiting_;
    std::vector<Job> pending_;
    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<std::vector<Job>> todo_;
    std::deque<std::pair<uint64_t, std::vector<Job>>> done_;  // by batch number
    bool closed_ = false, stopped_ = false;
    bool ended_ = false;  // the worker's loop returned
    bool busy_ = false;  // the worker holds a batch (drain waits for it)
    Job* flying_ = nullptr;  // the batch the worker holds: its first published_ jobs are final
    uint64_t flying_id_ = 0;
    std::size_t published_ = 0;
    // The writer's own (calling thread only).
    uint64_t cursor_batch_ = 0;
    std::size_t cursor_job_ = 0;
    bool wrote_ = false;
    std::thread worker_;  // last: starts after everything above exists
};

}  // namespace np::cli
