// A two-stage pipeline that keeps order: the calling thread makes jobs and
// writes results, one worker thread runs them. numplace solve uses it so that
// reading, parsing and formatting (the host's share of each puzzle) overlap
// with the plugin's solving instead of adding to it. One worker only: the
// plugin instance is used by one thread at a time, and calls happen in input
// order, exactly as without the pipeline. Jobs travel in batches (up to 256,
// fewer when the input pauses: drain), and the work may take a whole batch
// at once (a worker process answers a batch in one exchange).
#pragma once

#include <condition_variable>
#include <deque>
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
    // (they are not written) and returns false to stop after it.
    struct Batched {};
    OrderedPipeline(Batched, std::function<bool(std::vector<Job>&)> work, std::function<void(Job&)> write)
        : work_(std::move(work)), write_(std::move(write)), worker_([this] { run(); }) {}

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
        worker_.join();
        write_ready();
    }

    // Hands over the jobs made so far and writes every result, waiting for
    // the worker: for a pause in the input, so that no answer is held back
    // while numplace waits for the next puzzle.
    void drain() {
        if (!worker_.joinable()) return;
        flush();
        {
            std::unique_lock lock(mutex_);
            changed_.wait(lock, [&] { return (todo_.empty() && !busy_) || stopped_; });
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

    static std::function<bool(std::vector<Job>&)> one_by_one(std::function<bool(Job&)> work) {
        return [work = std::move(work)](std::vector<Job>& batch) {
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
            if (!done_.empty()) {
                lock.unlock();
                write_ready();
                lock.lock();
                continue;
            }
            changed_.wait(lock);
        }
        if (!stopped_) todo_.push_back(std::move(pending_));
        pending_ = {};
        lock.unlock();
        changed_.notify_all();
    }

    void write_ready() {
        std::deque<std::vector<Job>> ready;
        {
            std::lock_guard lock(mutex_);
            ready.swap(done_);
        }
        if (!ready.empty()) changed_.notify_all();
        for (auto& batch : ready)
            for (auto& job : batch) write_(job);
    }

    void run() {
        for (;;) {
            std::vector<Job> batch;
            {
                std::unique_lock lock(mutex_);
                changed_.wait(lock, [&] { return !todo_.empty() || closed_ || stopped_; });
                if (todo_.empty() || stopped_) return;
                batch = std::move(todo_.front());
                todo_.pop_front();
                busy_ = true;
            }
            const bool go_on = work_(batch);
            {
                std::lock_guard lock(mutex_);
                done_.push_back(std::move(batch));
                busy_ = false;
                if (!go_on) stopped_ = true;
            }
            changed_.notify_all();
        }
    }

    std::function<bool(std::vector<Job>&)> work_;
    std::function<void(Job&)> write_;
    std::vector<Job> pending_;
    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<std::vector<Job>> todo_, done_;
    bool closed_ = false, stopped_ = false;
    bool busy_ = false;  // the worker holds a batch (drain waits for it)
    std::thread worker_;  // last: starts after everything above exists
};

}  // namespace np::cli
