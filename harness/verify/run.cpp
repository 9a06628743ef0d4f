// A verify run as a stream: the inputs are walked twice, once to count and
// fingerprint them (the report's head needs both before its first row) and
// once to run them, a chunk at a time, across -j threads. Rows are written
// in unit order as their chunks finish, so memory holds the chunks in
// flight, not the run. --resume's report is read twice the same way: once to
// learn which units it finished, once to copy their rows in among the new.
#include <condition_variable>
#include <deque>
#include <thread>

#include "numplace/random.hpp"
#include "verify/report_file.hpp"
#include "verify/report_writer.hpp"
#include "verify/units.hpp"

namespace np::verify {

namespace {

// ---- Fingerprints ----------------------------------------------------------------------

std::string hex16(uint64_t hash) {
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
    return hex;
}

// The fingerprint of version 1 reports: every unit (`units_hash`), plugin
// (by name and version) and setting that decides the rows (proofs too,
// which version 1 reports never asked for).
std::string legacy_fingerprint(const Settings& s, uint64_t units_hash, const std::vector<Plugin>& judged,
                               const std::string& oracle) {
    uint64_t hash = units_hash;
    for (const auto& p : judged) hash = fnv1a(p.name() + " " + p.version() + "\n", hash);
    hash = fnv1a(oracle + " " + std::to_string(s.harness.timeout_seconds) + " " + std::to_string(s.harness.max_nodes) +
                     " " + std::to_string(s.shard_count),
                 hash);
    // Hashed only when not the default, so that a default run's fingerprint
    // is the one it had before --max-timeouts (older reports still resume).
    if (s.max_timeouts != kDefaultMaxTimeouts) hash = fnv1a(" max-timeouts " + std::to_string(s.max_timeouts), hash);
    // A given --max-nodes overrides plugins' suggestions and entries' own
    // budgets (Settings::nodes_for): the same number, other budgets.
    if (s.harness.max_nodes_given) hash = fnv1a(" max-nodes given", hash);
    // Proofs change the rows (their proof, and with --require-proofs their
    // status): hashed only when asked, so that a run without them keeps the
    // fingerprint runs had before proofs.
    if (s.harness.max_proof_bytes != 0 || s.require_proofs)
        hash = fnv1a(" max-proof-bytes " + std::to_string(s.harness.max_proof_bytes) +
                         (s.require_proofs ? " require-proofs" : ""),
                     hash);
    // Step checks change the rows of plugins that explain: hashed only when
    // not the default, as above.
    if (s.deep || s.step_sample != 4)
        hash = fnv1a(" steps " + std::string(s.deep ? "deep" : std::to_string(s.step_sample)), hash);
    return hex16(hash);
}

// The fingerprint: the legacy one and the SHA-256 of every plugin file that
// judges or is judged, so that shards or a resumed report of another build
// are refused.
std::string fingerprint(const std::string& legacy, const std::vector<harness::PluginFile>& files) {
    uint64_t hash = fnv1a("numplace verify 2 " + legacy);
    for (const auto& f : files) hash = fnv1a(f.plugin + " " + f.sha256 + " " + f.program_sha256 + "\n", hash);
    return hex16(hash);
}

// ---- The first walk: what the inputs hold ------------------------------------------------

struct Survey {
    uint64_t units = 0;                         // every shard's
    uint64_t rows = 0;                          // this shard's units' rows
    uint64_t hash = fnv1a("numplace verify 1");  // the units' identities, in order
    std::vector<uint16_t> must;                 // rows of each of this shard's units (index: unit / shard count)
};

bool mine(const Settings& s, uint64_t unit) { return unit % s.shard_count == s.shard_index - 1; }

uint64_t walk_hash(uint64_t hash, const Unit& u) { return fnv1a(u.identity() + "\n", hash); }

Survey survey(const Settings& s, Inputs& inputs, const std::vector<Plugin>& judged) {
    Survey v;
    for_each_unit(
        s, inputs,
        [&](const Unit& u) {
            v.hash = walk_hash(v.hash, u);
            if (mine(s, v.units)) {
                v.must.push_back(static_cast<uint16_t>(std::min<uint64_t>(rows_of(u, judged), UINT16_MAX)));
                v.rows += v.must.back();
            }
            ++v.units;
            return true;
        },
        &inputs.errors);
    return v;
}

// ---- --resume ---------------------------------------------------------------------------

// The first plugin whose file (or program) is not the one `earlier`
// recorded, in words naming it and its file; "" when none changed.
std::string changed_plugin(const RunInfo& earlier, const RunInfo& now) {
    for (const auto& before : earlier.files)
        for (const auto& after : now.files)
            if (after.plugin == before.plugin)
                if (auto why = harness::changed_file(before, after); !why.empty()) return why;
    return "";
}

// Whether an earlier report may be resumed by this run: the same units,
// plugins (the same files, by SHA-256) and settings (the fingerprint), the
// same shard. A version 1 report recorded no files: its fingerprint is
// compared with this run's `legacy` one (the same hash without the files).
std::string resume_problem(const RunInfo& earlier, const RunInfo& now, const std::string& legacy) {
    if (auto why = changed_plugin(earlier, now); !why.empty())
        return why + " (a changed plugin is another run: run without --resume)";
    const std::string& expected = earlier.version < 2 ? legacy : now.fingerprint;
    if (earlier.fingerprint != expected || earlier.plugins != now.plugins)
        return "that report was made with other inputs, plugins or settings (fingerprint " + earlier.fingerprint +
               ", this run " + expected + "): give the same paths, plugins and budget flags, or run without --resume";
    if (earlier.shard_index != now.shard_index || earlier.shard_count != now.shard_count)
        return "that report is shard " + std::to_string(earlier.shard_index) + "/" + std::to_string(earlier.shard_count) +
               ", this run is shard " + std::to_string(now.shard_index) + "/" + std::to_string(now.shard_count);
    return "";
}

// Which of this shard's units --resume's report finished: every row this
// run would give them is there, and none is a call --max-timeouts kept back
// (that unit runs again whole: a plain puzzle's rows are judged together).
struct Resumed {
    std::vector<bool> finished;  // index: unit / shard count
    uint64_t count = 0, lacking = 0;
    std::vector<std::string> unchecked;  // why its rows were not checked: the new report's mark
};

ReportReader::Unchecked unchecked_rule(const Settings& s) {
    return s.accept_unchecked ? ReportReader::Unchecked::accept : ReportReader::Unchecked::refuse;
}

// The first read of --resume's report: checked whole (a report edited since
// it was written is refused), its finished units noted.
std::optional<Resumed> read_resumed(const Settings& s, const RunInfo& now, const std::string& legacy,
                                    const Survey& v, std::vector<std::string>& notes, std::string& error) {
    auto reader = ReportReader::open(s.resume, ReportReader::Incomplete::allow, error, unchecked_rule(s));
    if (!reader) return std::nullopt;
    if (!reader->begin()) return error = reader->error(), std::nullopt;
    if (error = resume_problem(reader->run(), now, legacy); !error.empty()) return error = s.resume + ": " + error, std::nullopt;
    if (error = companions_problem(s.resume, reader->run()); !error.empty()) return std::nullopt;
    Resumed r;
    r.finished.assign(v.must.size(), false);
    std::string stray;
    reader->on_unit = [&](uint64_t unit, uint64_t rows, uint64_t, bool not_run) {
        const uint64_t k = unit / s.shard_count;
        if (!mine(s, unit) || k >= v.must.size()) {
            stray = "unit " + std::to_string(unit) + " is not one of this shard's";
            return;
        }
        if (rows == v.must[k] && !not_run) {
            r.finished[k] = true;
            ++r.count;
        } else if (!not_run) {
            ++r.lacking;
        }
    };
    if (!reader->end()) return error = reader->error(), std::nullopt;
    if (!stray.empty()) return error = s.resume + ": " + stray, std::nullopt;
    if (!reader->checked()) {
        r.unchecked = reader->unchecked_reasons();
        notes.push_back(s.resume + ": read unchecked (--accept-unchecked); its rows are kept and the new report is "
                                   "marked unchecked");
    }
    if (r.lacking != 0)
        notes.push_back(s.resume + ": " + std::to_string(r.lacking) + " unit(s) lacked rows; they run again");
    return r;
}

// The second read: the finished units' rows, copied in unit order among the
// new ones. The report is checked again as it goes: one changed since the
// first read fails the run.
class KeptRows {
public:
    KeptRows(const Settings& s, const Resumed* resumed) : s_(s), resumed_(resumed) {}
    bool open(std::string& error) {
        if (resumed_ == nullptr) return true;
        reader_ = ReportReader::open(s_.resume, ReportReader::Incomplete::allow, error, unchecked_rule(s_));
        if (!reader_ || !reader_->begin()) return error = reader_ ? reader_->error() : error, false;
        units_.emplace(*reader_);
        return true;
    }
    // Writes the finished units before `unit`.
    void before(uint64_t unit, ReportWriter& out) {
        while (units_ && units_->next_unit() < unit) {
            const uint64_t id = units_->next_unit();
            std::vector<Row> rows = units_->take();
            if (resumed_->finished[id / s_.shard_count]) out.add_unit(rows);
        }
    }
    // The rest, then the report's end: "" or why it no longer checks. The
    // earlier run's CPU figures are added to `cpu`.
    std::string finish(ReportWriter& out, std::map<std::string, runner::CpuTime>& cpu) {
        if (resumed_ == nullptr) return "";
        before(UINT64_MAX, out);
        if (!reader_->end()) return reader_->error() + " (on the second read: was it changed during the run?)";
        for (const auto& [plugin, t] : reader_->ending().cpu) cpu[plugin] += t;
        return "";
    }

private:
    const Settings& s_;
    const Resumed* resumed_;
    std::unique_ptr<ReportReader> reader_;
    std::optional<UnitReader> units_;
};

// ---- The second walk: chunks across threads ----------------------------------------------

// Units are gathered into chunks; each thread (a lane, with its own runner)
// takes chunks from a queue. At most kWindow chunks per thread are in
// flight; the calling thread writes finished chunks out in order and, while
// it waits, reports progress and watches the lanes' deadlines.
class Pipeline {
public:
    using Emit = std::function<void(uint64_t unit, std::vector<Row>& rows)>;
    static constexpr std::size_t kChunk = 64, kWindow = 4;

    Pipeline(const Context& ctx, std::size_t total, Emit emit)
        : ctx_(ctx), total_(total), emit_(std::move(emit)) {
        const auto chunks = static_cast<unsigned>((total + kChunk - 1) / kChunk);
        const unsigned threads = std::max(1u, std::min<unsigned>(ctx.settings.jobs, chunks));
        lanes_ = std::vector<Lane>(threads);
        running_ = threads;
        for (Lane& lane : lanes_) pool_.emplace_back([this, &lane] { work(lane); });
    }
    ~Pipeline() {
        close();
        for (auto& t : pool_) t.join();
    }

    // Adds a unit; false once the run is interrupted (the walk stops).
    bool push(const Unit& u, uint64_t index) {
        if (cancelled(ctx_)) return false;
        if (!filling_) filling_ = std::make_unique<Chunk>();
        filling_->units.push_back(u);
        filling_->index.push_back(index);
        if (filling_->units.size() == kChunk) submit();
        return true;
    }
    // Runs what is left, writes every row, joins the threads.
    void finish() {
        submit();
        close();
        while (running_.load() > 0) pause();
        for (auto& t : pool_) t.join();
        pool_.clear();
        drain(true);
        if (ctx_.settings.progress) ctx_.settings.progress(done_.load(), total_);
    }
    // Each plugin's calls' CPU and wall time, over every lane's runner.
    void add_cpu(std::map<std::string, runner::CpuTime>& cpu) const {
        for (const Lane& lane : lanes_)
            if (lane.run)
                for (const auto& [plugin, t] : lane.run->cpu()) cpu[plugin] += t;
    }

private:
    void submit() {
        if (!filling_) return;
        filling_->rows.resize(filling_->units.size());
        while (!cancelled(ctx_)) {
            {
                std::lock_guard<std::mutex> lock(mutex_);
                if (window_.size() < kWindow * lanes_.size()) {
                    queue_.push_back(filling_.get());
                    window_.push_back(std::move(filling_));
                    ready_.notify_one();
                    return;
                }
            }
            pause();
        }
        filling_.reset();
    }
    void close() {
        std::lock_guard<std::mutex> lock(mutex_);
        closed_ = true;
        ready_.notify_all();
    }
    // Waits a little for a chunk to finish, then does the calling thread's
    // chores.
    void pause() {
        {
            std::unique_lock<std::mutex> lock(mutex_);
            finished_.wait_for(lock, std::chrono::milliseconds(50));
        }
        drain(false);
        if (ctx_.settings.progress && !cancelled(ctx_) && done_.load() < total_)
            ctx_.settings.progress(done_.load(), total_);
        watch_lanes(lanes_, cancelled(ctx_));
    }
    // Writes the chunks at the window's front that are done (every chunk
    // once the threads have stopped: an interrupted one has rows for some
    // units only).
    void drain(bool all) {
        for (;;) {
            std::unique_ptr<Chunk> chunk;
            {
                std::lock_guard<std::mutex> lock(mutex_);
                if (window_.empty() || !(all || window_.front()->done)) return;
                chunk = std::move(window_.front());
                window_.pop_front();
            }
            for (std::size_t k = 0; k < chunk->units.size(); ++k)
                if (chunk->rows[k]) emit_(chunk->index[k], *chunk->rows[k]);
        }
    }
    void work(Lane& lane) {
        lane.run = runner::make_runner(ctx_.settings.harness.runner);
        while (Chunk* chunk = take()) {
            run_chunk(*chunk, ctx_, lane);
            for (const auto& rows : chunk->rows) done_.fetch_add(rows ? 1 : 0);
            std::lock_guard<std::mutex> lock(mutex_);
            chunk->done = true;
            finished_.notify_all();
        }
        running_.fetch_sub(1);
        finished_.notify_all();
    }
    // The next chunk to run; nullptr once the queue is closed and empty, or
    // the run interrupted.
    Chunk* take() {
        std::unique_lock<std::mutex> lock(mutex_);
        for (;;) {
            if (cancelled(ctx_)) return nullptr;
            if (!queue_.empty()) {
                Chunk* chunk = queue_.front();
                queue_.pop_front();
                return chunk;
            }
            if (closed_) return nullptr;
            ready_.wait_for(lock, std::chrono::milliseconds(50));
        }
    }

    const Context& ctx_;
    const std::size_t total_;
    Emit emit_;
    std::vector<Lane> lanes_;
    std::vector<std::thread> pool_;
    std::atomic<unsigned> running_{0};
    std::atomic<std::size_t> done_{0};
    std::unique_ptr<Chunk> filling_;
    std::mutex mutex_;
    std::condition_variable ready_, finished_;
    std::deque<std::unique_ptr<Chunk>> window_;  // in flight, in order
    std::deque<Chunk*> queue_;                   // not yet taken by a thread
    bool closed_ = false;
};

// This shard's units that --resume's report does not hold, through the
// pipeline, with the kept rows written in among theirs. false when an input
// changed between the walks.
bool run_units(const Settings& s, Inputs& inputs, const Context& ctx, const Survey& v, const Resumed* resumed,
               KeptRows& kept, ReportWriter& out, std::map<std::string, runner::CpuTime>& cpu) {
    const std::size_t total = v.must.size() - (resumed ? resumed->count : 0);
    Pipeline pipeline(ctx, total, [&](uint64_t unit, std::vector<Row>& rows) {
        kept.before(unit, out);
        out.add_unit(rows);
    });
    uint64_t index = 0, hash = fnv1a("numplace verify 1");
    bool walked = true;
    for_each_unit(
        s, inputs,
        [&](const Unit& u) {
            hash = walk_hash(hash, u);
            const uint64_t i = index++;
            if (!mine(s, i) || (resumed && resumed->finished[i / s.shard_count])) return true;
            return walked = pipeline.push(u, i);
        },
        nullptr);
    pipeline.finish();
    pipeline.add_cpu(cpu);
    return !walked || cancelled(ctx) || (hash == v.hash && index == v.units);
}

}  // namespace

std::optional<Outcome> run(const Settings& s, ReportWriter& out, std::string& error) {
    const auto plugins = harness::load_plugins(s.harness, error);
    if (!plugins) return std::nullopt;
    const std::vector<Plugin>& judged = plugins->chosen;
    Inputs inputs = gather(s, judged);
    // Nothing to read but errors (an empty folder, a file that is not
    // there): stop now, before the generator sweep spends its seconds.
    if (!inputs.errors.empty() && inputs.corpus_units.empty() && inputs.plain_paths.empty()) {
        error = inputs.errors.front();
        for (std::size_t i = 1; i < inputs.errors.size(); ++i) error += "; " + inputs.errors[i];
        return std::nullopt;
    }
    const Survey v = survey(s, inputs, judged);
    RunInfo run;
    for (const auto& p : judged) run.plugins.push_back(p.name());
    run.oracle = plugins->oracle ? plugins->oracle->name() : "";
    run.shard_index = s.shard_index;
    run.shard_count = s.shard_count;
    run.units = v.units;
    run.rows = v.rows;
    run.files = harness::files_of(judged, plugins->oracle);
    const std::string legacy = legacy_fingerprint(s, v.hash, judged, run.oracle);
    run.fingerprint = fingerprint(legacy, run.files);

    Outcome outcome;
    std::optional<Resumed> resumed;
    if (!s.resume.empty() && !(resumed = read_resumed(s, run, legacy, v, outcome.notes, error))) return std::nullopt;
    if (resumed) run.unchecked = resumed->unchecked;  // what is built from unchecked rows stays marked
    KeptRows kept(s, resumed ? &*resumed : nullptr);
    if (!kept.open(error) || !out.begin(run, error)) return std::nullopt;

    // Only worker processes under a --timeout time out (the watchdog).
    const bool can_time_out = !s.harness.runner.in_process && s.harness.timeout_seconds > 0;
    std::vector<Plugin> bounded = plugins->registry.plugins();  // the provers too
    bounded.insert(bounded.end(), judged.begin(), judged.end());  // and a plugin chosen by its file
    TimeoutBound bound(s.max_timeouts, can_time_out, bounded);
    const Context ctx{s, *plugins, judged, plugins->oracle, s.harness.budget(), bound};
    const bool same_inputs =
        run_units(s, inputs, ctx, v, resumed ? &*resumed : nullptr, kept, out, outcome.ending.cpu);
    if (error = kept.finish(out, outcome.ending.cpu); !error.empty()) {
        out.abort();
        return std::nullopt;
    }
    outcome.ending.input_errors = inputs.errors;
    if (!same_inputs)
        outcome.ending.input_errors.push_back(
            "an input file changed while verify read it: its rows may not be the inputs the fingerprint names");
    outcome.ending.interrupted = cancelled(ctx);
    outcome.ending.sweep_left_out = inputs.sweep_left_out;
    return outcome;
}

}  // namespace np::verify
