// The host: finds plugin libraries, loads them with Boost.DLL and calls them
// through the C ABI, turning their answers into C++ values and verdicts.
//
// In-process: a plugin that crashes takes the process with it. The harness
// runs plugins in worker processes for that reason; this layer is what the
// worker runs.
#pragma once

#include <atomic>
#include <functional>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "numplace/grid.hpp"
#include "numplace/plugin_api.h"
#include "numplace/reason.hpp"
#include "numplace/verdict.hpp"

namespace np {

using OptionList = std::vector<std::pair<std::string, std::string>>;

// What a call may spend. Zero means unlimited.
struct Budget {
    uint64_t max_nodes = 0;
    double timeout_seconds = 0;
    // Set to true (from any thread) to stop the call: the plugin's terminate
    // callback reads it.
    const std::atomic<bool>* cancel = nullptr;
    // Ask for a proof of each complete search (NP_CAP_PROOF), of at most this
    // many bytes; 0 asks for none. Past it the plugin is told to stop writing
    // and the answer stands unproved.
    uint64_t max_proof_bytes = 0;
    // With a step sink (explain): take at most this many steps; 0 = no limit.
    uint64_t max_steps = 0;
};

// The bytes of a plugin's proofs as they arrive, in order, with the index of
// the result they belong to (0 for solve; a generated puzzle's own index).
// Returns false to take no more of that proof.
using ProofSink = std::function<bool(uint64_t result, std::string_view bytes)>;

struct Step;
// Receives each step of an explained solve (steps.hpp) after the host has
// certified it against the state; returns false to take no more.
using StepSink = std::function<bool(const Step&)>;

// What became of the proof of one answer. The host's checker decides
// (np::ProofIntake, proof.hpp); the plugin only says whether it wrote one.
enum class ProofStatus {
    absent,    // none asked, none written, not a complete search, or over the byte budget (note says which)
    checked,   // the checker accepted it: the verdict stands on it alone
    rejected,  // the checker refused it (note: where and why); a certificate failure
};
const char* proof_status_name(ProofStatus status);

struct ProofOutcome {
    ProofStatus status = ProofStatus::absent;
    uint32_t declared = NP_PROOF_NONE;  // what the plugin said of it (np_proof_status)
    uint64_t bytes = 0;                 // received
    uint64_t check_micros = 0;          // the checker's time, on the host's clock
    uint64_t nodes = 0;                 // nodes the checker read
    std::string note;                   // why rejected, or why absent
};

struct CallStats {
    uint64_t nodes = 0;
    uint64_t guesses = 0;
    // Wall time of the call, measured by the host; for a call in a worker
    // process, by the parent on its own clock (harness/runner/item_times.hpp).
    uint64_t micros = 0;
    // The worker process's own measure, a claim (the worker runs plugin
    // code); 0 in process.
    uint64_t claimed_micros = 0;
    // CPU time of the call as the harness's runner read it (its thread's CPU
    // clock in process, the worker's /proc figures otherwise), only for calls
    // of at least 10 ms whose time it could tell apart; never the plugin's word.
    std::optional<uint64_t> cpu_micros;
    std::vector<std::pair<std::string, uint64_t>> counters;
};

// Why a call gave no usable answer; the harness sorts its findings by it.
enum class Fault {
    none,       // the answer stands (whatever its verdict)
    refused,    // the host did not call: no capability, unsupported shape, no instance
    failed,     // the plugin said it could not (NP_FAILED, NP_BAD_OPTION, NP_UNSUPPORTED)
    malformed,  // the answer breaks the ABI's contract (count above the limit, ...)
    wrong,      // the answer fails its certificate (a bad witness, a false violation)
    // Set by a harness that runs plugins in worker processes (and timed_out
    // by the host for a command-line solver it stopped at its deadline):
    crashed,        // the worker died on a signal (message names it: SIGSEGV, SIGABRT, ...)
    timed_out,      // the worker ignored its deadline and was killed by the watchdog
    out_of_memory,  // an allocation failed at the worker's memory limit
};

struct SolveOutcome {
    Verdict verdict = Verdict::error;
    uint64_t count = 0;     // solutions found (a lower bound unless complete)
    bool complete = false;  // the plugin explored everything: count is exact
    uint32_t stop = NP_STOP_BUDGET;
    uint32_t status = NP_OK;      // the plugin's np_status (NP_BAD_OPTION stops a batch)
    Fault fault = Fault::none;
    std::vector<Grid> solutions;  // up to two distinct witnesses, certified
    // A witness certification refused (the answer is then Fault::wrong):
    // kept only to be shown (a report's failed row), never believed.
    std::vector<Grid> refused;
    std::optional<Reason> error;  // for Verdict::invalid
    std::string message;          // for Verdict::error (and plugin's text otherwise)
    CallStats stats;
    ProofOutcome proof;           // judged by whoever holds the bytes (ProofIntake)
    uint64_t steps = 0;           // steps certified (explain; StepIntake)
    // Set by a runner, never from a plugin's bytes: the caller stopped the
    // call before it answered (an interrupt, its batch's deadline), or it
    // was never sent. Its fault is `refused`; it is not the plugin's answer.
    bool cut = false;
};

struct CheckOutcome {
    bool ok = false;              // the plugin answered (status NP_OK) and the answer was certified
    uint32_t status = NP_OK;
    Fault fault = Fault::none;
    std::vector<Reason> violations;
    std::string message;          // when !ok
    bool cut = false;             // as SolveOutcome::cut
};

struct GenerateOutcome {
    bool ok = false;              // no failure (a spent budget is not one: see produced)
    uint32_t status = NP_OK;
    Fault fault = Fault::none;
    uint64_t produced = 0;        // results made and certified
    std::vector<Grid> results;    // filled only when no sink was given
    std::string message;
    CallStats stats;              // summed over the calls
    // With results: one per result when proofs were asked (Budget::max_proof_bytes),
    // each judged by whoever holds the bytes (ProofIntake), else empty.
    std::vector<ProofOutcome> proofs;
    bool cut = false;             // as SolveOutcome::cut
};

// Receives generated results in order; returns false to stop early.
using GridSink = std::function<bool(uint64_t index, const Grid& result)>;

struct OptionSpec {
    std::string key, values, default_value, applies_to, help;
};

class Session;

// A loaded plugin. Copies share the library, which stays loaded while any
// copy (and so any pointer into it) lives.
class Plugin {
public:
    // `owner` keeps alive whatever the descriptor points into: the loaded
    // library, or a command-line solver's description (external.hpp), whose
    // instances come from `create` (a descriptor's create() has no context).
    Plugin(std::shared_ptr<void> owner, const np_plugin* descriptor, std::string path,
           std::function<void*()> create = {});

    const std::string& name() const { return name_; }
    const std::string& version() const { return version_; }
    const std::string& description() const { return description_; }
    const std::string& path() const { return path_; }
    // What a report records of where the plugin came from, read when it was
    // loaded: its file (absolute, symlinks resolved) and that file's SHA-256
    // (hex). For a command-line solver the file is its *.solver.yaml, and
    // program() is the program its command runs ("" for a library), which
    // is hashed only when a report asks (it may be a 100 MB interpreter).
    const std::string& file() const { return file_; }
    const std::string& sha256() const { return sha256_; }
    const std::string& program() const { return program_; }
    uint32_t capabilities() const { return descriptor_->capabilities; }
    // The ABI major version the plugin was built for (3, or 2: adapted).
    uint32_t abi_version() const { return descriptor_->abi_version; }
    bool can(np_capability c) const { return (descriptor_->capabilities & c) != 0; }
    bool supports(const Geometry& g) const;
    // "max side 25" and/or the listed shapes, for people.
    std::string geometry_summary() const;
    uint32_t max_side() const { return descriptor_->max_side; }
    // Nodes per call the plugin asks of batch runs given no --max-nodes
    // (ABI 3.3); 0: none (and for every older plugin).
    uint64_t suggested_max_nodes() const { return descriptor_->suggested_max_nodes; }
    // What to use for the shapes it lacks (ABI 3.5), or "".
    std::string shapes_note() const { return descriptor_->shapes_note != nullptr ? descriptor_->shapes_note : ""; }
    // The operations (NP_CAP_* bits) it offers itself for when no plugin is
    // named, and its rank among those that offer (ABI 3.6); 0: none.
    uint32_t default_for() const { return descriptor_->default_for; }
    uint32_t default_rank() const { return descriptor_->default_rank; }
    // The constraint kinds (NP_KIND_BIT) and region layouts besides boxes
    // (NP_REGIONS_BIT) its solve takes (ABI 3.7); 0: classic puzzles only.
    uint64_t kinds() const { return descriptor_->kinds; }
    uint32_t region_layouts() const { return descriptor_->region_layouts; }
    // Why it may not be handed this variant puzzle (a kind or a layout it
    // did not declare, named), or nullopt when it may.
    std::optional<std::string> variant_refusal(const Puzzle& puzzle) const;
    std::vector<Geometry> listed_geometries() const;
    const std::vector<OptionSpec>& options() const { return options_; }
    // Checks key=value options against the plugin's declared specs for an
    // operation ("solve", "check" or "generate"): "" when they are fine,
    // otherwise the first problem (unknown key, not for this operation,
    // repeated, value outside the spec).
    std::string option_problem(const OptionList& options, std::string_view operation) const;
    // The raw ABI descriptor (the host's copy: members past the plugin's
    // struct_size are zero), for callers that drive the C calls themselves
    // (benchmarks that must not measure the host's conveniences); its calls
    // take version 3's structs only when abi_version() is 3. Valid while
    // this Plugin (or a copy) lives.
    const np_plugin& descriptor() const { return *descriptor_; }
    // A new instance: the descriptor's create(), or the backend's own.
    void* create_instance() const;
    // A command-line solver (*.solver.yaml) rather than a shared library.
    bool external() const { return static_cast<bool>(create_); }

    // One-shot calls, each through a Session of its own (see Session).
    // limit >= 1; NP_UNLIMITED counts everything.
    SolveOutcome solve(const Grid& puzzle, uint64_t limit, const OptionList& options,
                       const Budget& budget) const;
    CheckOutcome check(const Grid& grid, const OptionList& options) const;
    // Results first_index .. first_index + count - 1 of the seed's sequence.
    GenerateOutcome generate(const Geometry& geometry, np_generate_kind kind, uint64_t seed,
                             uint32_t count, const OptionList& options, const Budget& budget,
                             uint64_t first_index = 0) const;

private:
    friend class PluginRegistry;  // sets file_ and the digests as it loads
    std::shared_ptr<void> library_;
    const np_plugin* descriptor_;
    std::function<void*()> create_;
    std::string path_, name_, version_, description_;
    std::string file_, sha256_, program_;
    std::vector<OptionSpec> options_;
};

// "SIGSEGV" (or "signal N"): how a plugin's process ended, in every report
// that runs plugins in processes (workers, bench's children, command-line
// solvers).
std::string signal_name(int signo);

// The ABI's contract on a solve answer's numbers, before any certificate:
// count within the limit, a known stop value, at most two witnesses and no
// more than solutions, a witness for any solution and two for "multiple".
// "" when they hold. Session checks every answer; a harness that gets
// answers from a worker process checks them again itself.
std::string solve_shape_problem(uint64_t count, uint64_t witness_count, uint32_t stop, uint64_t limit);

// Certifies a plugin's answer to `puzzle` (certify.hpp): every witness keeps
// the givens and obeys the rules, two witnesses differ, an invalid verdict
// names a real violation, givens that break a rule are called invalid. A
// wrong answer becomes Fault::wrong with a message naming `plugin`. Session
// does this for every answer; numplace bench, after timing without it.
void certify_answer(const Grid& puzzle, SolveOutcome& out, const std::string& plugin);

// One instance of a plugin, created once and reused call after call (the
// ABI lets an instance keep tables and buffers between calls). Every answer
// is certified (certify.hpp) before it is returned: a wrong one becomes
// Verdict::error, or ok = false, with a message naming the plugin and what
// it got wrong. Used by one thread at a time.
class Session {
public:
    explicit Session(const Plugin& plugin);
    ~Session();
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    const Plugin& plugin() const { return plugin_; }
    // "" when the instance was created; otherwise why not (every call then
    // fails with this message).
    const std::string& failure() const { return failure_; }

    // With `proof` and Budget::max_proof_bytes, a plugin that can prove is
    // asked to: its bytes go to `proof` as they come, unchecked (the caller
    // judges them: ProofIntake), and out.proof says what the plugin declared
    // and how many bytes came.
    // With `steps`, a plugin that explains (NP_CAP_EXPLAIN) is asked to: each
    // step is certified against the state (StepIntake) before `steps` sees
    // it, and a refused one makes the answer wrong. A puzzle with candidate
    // masks goes only to a plugin with NP_CAP_CANDIDATES.
    SolveOutcome solve(const Grid& puzzle, uint64_t limit, const OptionList& options, const Budget& budget,
                       const ProofSink& proof = {}, const StepSink& steps = {});
    CheckOutcome check(const Grid& grid, const OptionList& options);
    // Only for timing a solver: solve() then returns the plugin's answer
    // uncertified (the malformed-answer checks stay). Whoever turns it off
    // certifies the answers afterwards (numplace bench does, after timing).
    void set_certify_solutions(bool on) { certify_ = on; }
    // Results first_index .. first_index + count - 1, in order, handed to
    // `sink` as they are made (in calls of growing size, so the first comes
    // at once and memory stays bounded), or collected in results without a
    // sink. The budget covers the whole run: one deadline, one node count.
    // Proofs of generated puzzles, likewise: bytes tagged with the puzzle's
    // index go to `proof`.
    GenerateOutcome generate(const Geometry& geometry, np_generate_kind kind, uint64_t seed,
                             uint64_t first_index, uint64_t count, const OptionList& options,
                             const Budget& budget, const GridSink& sink = {}, const ProofSink& proof = {});

private:
    std::optional<std::string> refusal(bool has_function, uint32_t capability, const char* what,
                                       const Geometry& geometry) const;

    Plugin plugin_;
    void* instance_ = nullptr;
    std::string failure_;
    std::vector<uint8_t> buffer_;  // witnesses / generated cells, reused
    bool certify_ = true;
};

struct SkippedFile {
    std::string path;
    std::string reason;
};

std::vector<std::string> capability_names(uint32_t capabilities);

// Loads every plugin it is pointed at. Directories are read in the order they
// are added; within one, files ending in ".so" or ".solver.yaml" in name
// order. A file met twice (the same file by two routes) is loaded once.
//
// Two files may give one name (a development build on $NUMPLACE_PLUGIN_PATH
// beside the bundled plugins, or a plugin dropped into a --plugin-dir under
// the oracle's name): both load, and unless their bytes are the same (one
// program, copied: the first found is used) that name then reaches neither.
// Naming it (select, resolve) is an error that names both files; a plugin of
// such a name is chosen by its file instead. So no search order decides
// silently which of two programs is judged, or judges.
//
// Loading a plugin runs its code as this user, so a file that someone else
// could have changed is refused (skipped, with the reason): a plugin file, or
// the folder holding it (symlinks resolved), that is group- or world-writable
// or owned by neither root nor the effective user. Every descriptor is checked
// before the host reads it: strings NUL-terminated within a cap, lists of
// sane length, shapes the framework supports.
class PluginRegistry {
public:
    // Loads insecure files too (--allow-insecure-plugins). Set it before
    // adding anything: files already skipped stay skipped.
    void set_allow_insecure(bool allow) { allow_insecure_ = allow; }
    bool allow_insecure() const { return allow_insecure_; }

    // A directory: every *.so and *.solver.yaml in it. A missing directory is
    // skipped and reported when `report_missing` is set.
    void add_directory(const std::string& dir, bool report_missing = true);
    // One library file, or a command-line solver's NAME.solver.yaml. A
    // library is opened by its absolute, symlink-free path (the one checked),
    // so the dynamic loader never searches for it.
    void add_file(const std::string& path);

    // Every plugin loaded, in the order loaded; names may repeat.
    const std::vector<Plugin>& loaded() const { return loaded_; }
    // The plugins a name reaches: every loaded one whose name no other
    // loaded file gives.
    const std::vector<Plugin>& plugins() const { return plugins_; }
    const std::vector<SkippedFile>& skipped() const { return skipped_; }
    // The plugin of that name, nullptr when none or when two files give it.
    const Plugin* find(std::string_view name) const;
    // The files (Plugin::file) of the plugins named `name` when two or more
    // of different contents (SHA-256) give it; empty when the name is
    // unambiguous.
    std::vector<std::string> clash(std::string_view name) const;

    // True when `spec` names a file rather than a plugin: it holds a '/' or
    // a '.', which no plugin name does (./my.so, build/x.solver.yaml).
    static bool names_file(std::string_view spec);
    // The plugin `spec` names: a plugin name, or a file (names_file), which is
    // loaded now unless it was already (the same file found in the search
    // path). nullopt and `error` (one line) for an unknown name, a name two
    // files give (naming both), or a file that does not load (and why).
    std::optional<Plugin> resolve(const std::string& spec, std::string& error);
    // The plugins `specs` name (resolve), in that order, or every loaded
    // library when `specs` is empty (command-line solvers run other people's
    // programs: only when named); nullopt with `error` naming the first
    // problem, which includes two files of one name among those chosen.
    std::optional<std::vector<Plugin>> select(const std::vector<std::string>& specs, std::string& error);

    // The standard search: explicit dirs (--plugin-dir), then each entry of
    // $NUMPLACE_PLUGIN_PATH, then the plugin folder beside the executable
    // (<exe dir>/../lib/numplace/plugins), which is where the build puts them.
    // Never the current directory unless asked (--plugin-dir .): a relative
    // entry of $NUMPLACE_PLUGIN_PATH is refused and reported.
    void add_standard_search_path(const std::vector<std::string>& explicit_dirs);
    static std::string bundled_plugin_dir();

private:
    void add_library(const std::string& path, const std::string& real_path);
    void add_external(const std::string& path, const std::string& real_path);
    void add_checked(const std::string& path, const std::string& real_path, std::shared_ptr<void> owner,
                     const np_plugin* descriptor, std::function<void*()> create = {},
                     const std::string& program = "");
    const Plugin* loaded_from(const std::string& real_path) const;
    void rebuild_reachable();  // plugins_ from loaded_
    std::vector<Plugin> loaded_;
    std::vector<Plugin> plugins_;  // loaded_ less the names two files give
    std::vector<SkippedFile> skipped_;
    bool allow_insecure_ = false;
};

// One line naming every file that gives `name` (PluginRegistry::clash), and
// how to choose one.
std::string clash_message(std::string_view name, const std::vector<std::string>& files);

}  // namespace np
