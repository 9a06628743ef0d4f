// The C++ layer over the C ABI (plugin_api.h): a plugin is one class, and
// NUMPLACE_PLUGIN(Class) exports it. The layer does what every plugin would
// otherwise repeat: null and buffer checks, the shape check, option parsing
// against the declared specs, budget polling, witnesses, the count and the
// stop reason, one seed per generated result, and catching exceptions
// (nothing may cross the C boundary). The C ABI stays the contract: a plain
// C plugin works as well.
//
//   struct MySolver {
//       static constexpr np::plugin::Info info = {
//           "my-solver", "1.0.0", "One line about the method",
//           NP_CAP_SOLVE | NP_CAP_COUNT | NP_CAP_PROVE_UNIQUE, /*max_side=*/25};
//       void solve(np::plugin::Solve& call);          // required
//       bool generate(np::plugin::Generate& call);    // optional (NP_CAP_GENERATE_*)
//       void check(np::plugin::Check& call);          // optional (NP_CAP_CHECK_GRID)
//   };
//   NUMPLACE_PLUGIN(MySolver)
//
// Options, when the plugin has any: `static constexpr np_option_spec
// options[] = {...};` in the class. Listed shapes beyond max_side: `static
// constexpr np_geometry shapes[] = {...};`. One object of the class is made
// per instance (create) and used by one thread at a time; it may keep tables
// and buffers between calls.
#pragma once

#include <cstdint>
#include <new>
#include <string>
#include <string_view>

#include <optional>
#include <span>

#include "numplace/plugin_api.h"
#include "numplace/plugin_sdk.hpp"
#include "numplace/proof_writer.hpp"
#include "numplace/random.hpp"
#include "numplace/sdk_variant.hpp"

namespace np::plugin {

struct Info {
    const char* name;
    const char* version;
    const char* description;
    uint32_t capabilities;  // NP_CAP_* bits
    uint32_t max_side;      // every R x C with R*C <= max_side; 0: only the listed shapes
    // Nodes per call for batch runs given no --max-nodes (np_plugin's
    // suggested_max_nodes, ABI 3.3); 0: none.
    uint64_t suggested_max_nodes = 0;
    // What to use for the shapes this plugin lacks (ABI 3.5): the host adds
    // it to its refusal. nullptr: none.
    const char* shapes_note = nullptr;
    // The operations it offers itself for when no plugin is named, and how
    // strongly (ABI 3.6; plugin_api.h). 0: none.
    uint32_t default_for = 0;
    uint32_t default_rank = 0;
    // The constraint kinds (NP_KIND_BIT) and region layouts besides boxes
    // (NP_REGIONS_BIT) its solve takes (ABI 3.7); Solve::variant holds them.
    uint64_t kinds = 0;
    uint32_t region_layouts = 0;
};

struct Shape {
    int box_rows = 0, box_cols = 0;
    int side() const { return box_rows * box_cols; }
    int cells() const { return side() * side(); }
    int box_of(int row, int col) const { return (row / box_rows) * box_rows + col / box_cols; }  // 0-based
    std::string name() const { return std::to_string(box_rows) + "x" + std::to_string(box_cols); }
};

// What every call has: its shape, its options, its budget and its stats.
class Call {
public:
    Call(Shape shape, const sdk::Options& options, const np_budget& budget, np_stats& stats,
         char (&message)[NP_MESSAGE_CAPACITY])
        : shape(shape), options(options), guard_(budget), stats_(stats), message_(message) {}

    const Shape shape;
    const sdk::Options& options;

    // Once per search node: counts it, and now and then looks at the
    // deadline and the terminate callback. True when the search must stop.
    bool spent() { return guard_.spent(); }
    // Looks at the deadline and the terminate callback now, without counting
    // a node: for a plugin whose few steps are each long (a library call).
    bool poll() { return guard_.poll_now(); }
    bool stopped() const { return guard_.stopped(); }
    // A branch that is not forced (ABI version 2's definition of a guess).
    void guess(uint64_t n = 1) { stats_.guesses += n; }
    // A named figure of the plugin's own; added up when named twice.
    void counter(const char* name, uint64_t value) {
        for (uint32_t i = 0; i < stats_.counter_count; ++i)
            if (std::string_view(stats_.counters[i].name) == name) return void(stats_.counters[i].value += value);
        sdk::add_counter(stats_, name, value);
    }
    // For a plugin that counts its nodes itself rather than through spent().
    void set_nodes(uint64_t nodes) { own_nodes_ = nodes, has_own_nodes_ = true; }
    uint64_t nodes() const { return has_own_nodes_ ? own_nodes_ : guard_.nodes(); }

    // Answering otherwise than with a result: this call is one the plugin
    // does not offer (NP_UNSUPPORTED), an option value only the plugin knows
    // to be wrong (NP_BAD_OPTION), or a failure (NP_FAILED; an exception
    // does the same). `why` is the message the user sees.
    void refuse(std::string_view why) { answer(NP_UNSUPPORTED, why); }
    void bad_option(std::string_view why) { answer(NP_BAD_OPTION, why); }
    void fail(std::string_view why) { answer(NP_FAILED, why); }
    // A message that goes with a normal answer.
    void note(std::string_view text) { sdk::set_message(message_, text); }
    int status() const { return status_; }

private:
    void answer(int status, std::string_view why) {
        status_ = status;
        sdk::set_message(message_, why);
    }

    sdk::BudgetGuard guard_;
    np_stats& stats_;
    char (&message_)[NP_MESSAGE_CAPACITY];
    int status_ = NP_OK;
    uint64_t own_nodes_ = 0;
    bool has_own_nodes_ = false;
};

// The proof of one answer, when the host asked for it (ABI 3: a sink in the
// request) and the plugin declares NP_CAP_PROOF. The writer streams to the
// host as the search goes; once the host refuses more (its byte budget),
// writer() answers nullptr and what was written is dropped.
class ProofChannel {
public:
    void open(const np_proof_sink& sink, uint32_t result, proof::Shape shape) {
        sink_ = sink, result_ = result, shape_ = shape, asked_ = sink.write != nullptr;
    }

    proof::ProofWriter* writer() {
        if (!asked_ || refused_) return nullptr;
        if (!writer_)
            writer_.emplace(shape_, [this](std::string_view bytes) {
                if (refused_) return;
                const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());
                if (sink_.write(sink_.state, result_, data, bytes.size()) != 0) refused_ = true;
            });
        return &*writer_;
    }
    // The tree is whole: sends what is buffered. True when all of it reached the host.
    bool close() {
        if (!writer_) return false;
        writer_->flush();
        return !refused_;
    }

private:
    np_proof_sink sink_{};
    uint32_t result_ = 0;
    proof::Shape shape_;
    bool asked_ = false, refused_ = false;
    std::optional<proof::ProofWriter> writer_;
};

// One step of an explained solve (plugin_api.h, "Steps"): the technique's
// name, what the pattern is in words ("3 in box 6"), and its lists of
// (cell, value) candidates; cell = row * side + column, 0-based.
struct StepReport {
    const char* technique = "";
    const char* where = nullptr;
    std::span<const np_candidate> placements, eliminations, pattern;
    uint32_t flags = 0;  // NP_STEP_ASSUMES_UNIQUE for a uniqueness technique
    uint32_t length = 0;  // a chain's nodes, for ratings (ABI 3.4); 0: not a chain
    // A forcing step's branches, one line each, as a player reads them
    // (ABI 3.10, plugin_api.h np_step.chains); nullptr: none.
    const char* chains = nullptr;
};

// One solve call. The layer turns what the plugin reports into the count,
// the witnesses and the stop reason.
class Solve : public Call {
public:
    Solve(Shape shape, const sdk::Options& options, const np_solve_request& request, np_solve_result& result,
          uint32_t capabilities = 0)
        : Call(shape, options, request.budget, result.stats, result.message), givens(request.cells), limit(request.limit),
          variant(sdk::variant_of(request)), result_(result) {
        if ((capabilities & NP_CAP_PROOF) && NP_HAS(np_solve_request, &request, proof) &&
            NP_HAS(np_solve_result, &result, proof))
            proof_.open(request.proof, 0, {shape.box_rows, shape.box_cols});
        if ((capabilities & NP_CAP_CANDIDATES) && NP_HAS(np_solve_request, &request, candidates))
            candidates = request.candidates;
        if ((capabilities & NP_CAP_EXPLAIN) && NP_HAS(np_solve_request, &request, steps) && request.steps.step != nullptr)
            steps_ = request.steps;
    }

    const uint8_t* const givens;  // side*side values, row by row; 0 = empty
    const uint64_t limit;         // stop after this many solutions (>= 1)
    // A variant puzzle's regions and constraints (ABI 3.7), of the kinds in
    // Info::kinds; nullopt for a classic puzzle.
    const std::optional<sdk::Variant> variant;
    // Pencilmarks (NP_CAP_CANDIDATES): side*side masks, bit v set when value
    // v may go in the cell, or nullptr when the host sent none.
    const uint64_t* candidates = nullptr;
    // The candidates a cell may take: its mask, or every value 1..side (a
    // given's own bit either way).
    uint64_t candidate_mask(int cell) const {
        if (givens[cell] != 0) return uint64_t{1} << givens[cell];
        return candidates != nullptr ? candidates[cell] : ((uint64_t{1} << shape.side()) - 1) << 1;
    }

    // Explaining (NP_CAP_EXPLAIN): true when the host wants the steps.
    bool explaining() const { return steps_.step != nullptr && !steps_refused_; }
    // Reports one step. False when the host takes no more (the step limit,
    // or it refused the step): stop and answer with what is solved; the
    // layer then says the search stopped (stop = budget) unless solved.
    bool step(const StepReport& step);

    uint8_t given(int row, int col) const { return givens[row * shape.side() + col]; }
    // A solution (side*side values): counted, and kept as a witness while
    // there is room. True when the limit is reached: stop searching.
    bool found(const uint8_t* cells);
    uint64_t count() const { return result_.count; }
    // Solutions counted without being handed over (a counting search keeps
    // two witnesses and counts the rest): adds n to the count.
    void add_solutions(uint64_t n) { result_.count += n; }
    // The givens break a rule (0-based row and column of the second cell of
    // the pair; the box is worked out). The call then answers "invalid".
    void invalid(np_reason_code code, int row, int col, int value, std::string_view why);
    // Glue for a plugin whose algorithm assumes consistent givens: finds the
    // first repeated given (rows, then columns, then boxes, each unit in
    // row-major order, naming the later cell of the pair) and answers
    // invalid() with it. True when there was one.
    bool givens_repeat();
    // Stopped before the limit and before exhausting the search, but not for
    // the budget: a method that never proves (random restarts), or one that
    // proves uniqueness by two searches that disagree (stop = limit).
    void gave_up() { gave_up_ = true; }
    void two_differ() { two_differ_ = true; }

    // Where to write the proof of this search (docs/proofs.md), or nullptr
    // when none is wanted. The layer sends it and declares it written only
    // when the search is exhausted (unique, none or an exact count).
    proof::ProofWriter* proof() { return proof_.writer(); }
    // This method, with these options, cannot prove (a proof was asked for).
    void cannot_prove() { cannot_prove_ = true; }

    // Used by the layer once the plugin returns.
    int finish();

    // After invalid(): for plugins that stop at the first problem.
    bool is_invalid() const { return invalid_; }

private:
    np_solve_result& result_;
    ProofChannel proof_;
    np_step_sink steps_{};
    uint64_t steps_sent_ = 0;
    bool steps_refused_ = false;
    bool invalid_ = false, gave_up_ = false, two_differ_ = false, cannot_prove_ = false;
};

// One generated result. The layer calls the plugin once per result, each
// with its own index and a random generator seeded from (seed, index), so
// result i never depends on which results were asked for before it.
class Generate : public Call {
public:
    Generate(Shape shape, const sdk::Options& options, const np_generate_request& request, np_generate_result& result,
             const np_budget& budget, uint64_t index, uint8_t* out, uint32_t capabilities = 0)
        : Call(shape, options, budget, result.stats, result.message), kind(static_cast<np_generate_kind>(request.kind)), seed(request.seed),
          index(index), out(out), rng(derive_seed(request.seed, index)), request_(request) {
        if ((capabilities & NP_CAP_PROOF) && kind == NP_GENERATE_PUZZLE && NP_HAS(np_generate_request, &request, proof))
            proof_.open(request.proof, static_cast<uint32_t>(index - request.first_index),
                        {shape.box_rows, shape.box_cols});
    }

    const np_generate_kind kind;  // a full grid, or a puzzle with exactly one solution
    const uint64_t seed, index;
    uint8_t* const out;  // side*side cells to fill
    Rng rng;

    // Where to write the proof that the puzzle made has exactly one solution,
    // or nullptr when none is wanted. One whole tree per puzzle.
    proof::ProofWriter* proof() { return proof_.writer(); }
    void close_proof() { proof_.close(); }

    // Whether the host takes variant results (3.8), and this result's rules:
    // false when it does not or refused them (said in the message; the
    // plugin returns false then). Once per result, before out is returned.
    bool takes_variants() const {
        return NP_HAS(np_generate_request, &request_, variant) && request_.variant.write != nullptr;
    }
    bool variant(const sdk::Variant& rules) {
        const std::string why = sdk::give_variant(request_, static_cast<uint32_t>(index - request_.first_index), rules);
        if (!why.empty()) fail(why);
        return why.empty();
    }

private:
    const np_generate_request& request_;
    ProofChannel proof_;
};

// One grid check: every rule violation, located.
class Check {
public:
    Check(Shape shape, const sdk::Options& options, const np_check_request& request, np_check_result& result)
        : shape(shape), options(options), cells(request.cells), result_(result) {}

    const Shape shape;
    const sdk::Options& options;
    const uint8_t* const cells;
    void violation(np_reason_code code, int row, int col, int value);  // 0-based, as Solve::invalid
    void refuse(std::string_view why) { status_ = NP_UNSUPPORTED, sdk::set_message(result_.message, why); }
    int status() const { return status_; }

private:
    np_check_result& result_;
    int status_ = NP_OK;
};

namespace detail {

np_violation located(const Shape& shape, np_reason_code code, int row, int col, int value);
bool supported(const np_plugin& d, const np_geometry& g);
std::string shapes_text(const np_plugin& d);
void message(char (&buffer)[NP_MESSAGE_CAPACITY], std::string_view text);

template <class T>
constexpr const np_option_spec* option_specs() {
    if constexpr (requires { T::options; }) return T::options;
    else return nullptr;
}
template <class T>
constexpr uint32_t option_count() {
    if constexpr (requires { T::options; }) return static_cast<uint32_t>(std::size(T::options));
    else return 0;
}
template <class T>
constexpr const np_geometry* listed_shapes() {
    if constexpr (requires { T::shapes; }) return T::shapes;
    else return nullptr;
}
template <class T>
constexpr uint32_t shape_count() {
    if constexpr (requires { T::shapes; }) return static_cast<uint32_t>(std::size(T::shapes));
    else return 0;
}

// The shared first steps: a result, a request with the shape and options.
// The options of a call that gives none are the defaults, parsed once per
// operation (a map built on every call costs a fast solver 5%).
template <class Result, class Request>
int prepare(const np_plugin& d, const Request* request, Result* result, const char* operation, sdk::Options& parsed,
            const sdk::Options*& options, const sdk::Options& defaults) {
    if (request == nullptr) return message(result->message, std::string(operation) + " called without a request"), NP_FAILED;
    if (!supported(d, request->geometry))
        return message(result->message, std::string(d.name) + " supports " + shapes_text(d) + ", not " +
                                            std::to_string(request->geometry.box_rows) + "x" +
                                            std::to_string(request->geometry.box_cols)),
               NP_UNSUPPORTED;
    options = &defaults;
    if (request->option_count == 0) return NP_OK;
    std::string error;
    if (!parsed.parse(d.options, d.option_count, request->options, request->option_count, operation, error))
        return message(result->message, error), NP_BAD_OPTION;
    options = &parsed;
    return NP_OK;
}

inline sdk::Options defaults_for(const np_plugin& d, const char* operation) {
    sdk::Options o;
    std::string unused;
    o.parse(d.options, d.option_count, nullptr, 0, operation, unused);
    return o;
}

// The first cell holding a value above N, or -1.
inline int above_range(const Shape& shape, const uint8_t* cells) {
    for (int i = 0; i < shape.cells(); ++i)
        if (cells[i] > shape.side()) return i;
    return -1;
}

inline Shape shape_of(const np_geometry& g) { return {static_cast<int>(g.box_rows), static_cast<int>(g.box_cols)}; }

template <class T>
struct Entry {
    static const np_plugin descriptor;

    static void* create() noexcept {
        try {
            return new T();
        } catch (...) {
            return nullptr;
        }
    }
    static void destroy(void* instance) noexcept { delete static_cast<T*>(instance); }

    // The instance, or (for a caller that never called create, which the ABI
    // allows) one made for this call alone.
    template <class Body>
    static void with_instance(void* instance, Body&& body) {
        if (instance != nullptr) return body(*static_cast<T*>(instance));
        T temporary;
        body(temporary);
    }

    static int solve(void* instance, const np_solve_request* request, np_solve_result* result) noexcept {
        if (result == nullptr) return NP_FAILED;
        return sdk::guarded(result, [&]() -> int {
            static const sdk::Options defaults = defaults_for(descriptor, "solve");
            sdk::Options parsed;
            const sdk::Options* options = nullptr;
            if (int status = prepare(descriptor, request, result, "solve", parsed, options, defaults); status != NP_OK)
                return status;
            if (request->cells == nullptr || request->limit == 0)
                return message(result->message, "solve called without cells or with limit 0"), NP_FAILED;
            Solve call(shape_of(request->geometry), *options, *request, *result, descriptor.capabilities);
            // The host sends values 0..N only; a caller that does not is
            // answered here, so that no plugin indexes out of range.
            if (const int at = above_range(call.shape, request->cells); at >= 0) {
                const int side = call.shape.side(), value = request->cells[at];
                call.invalid(NP_REASON_VALUE_OUT_OF_RANGE, at / side, at % side, value,
                             "value " + std::to_string(value) + " is above " + std::to_string(side));
                return call.finish();
            }
            with_instance(instance, [&](T& self) { self.solve(call); });
            return call.finish();
        });
    }

    static int generate(void* instance, const np_generate_request* request, np_generate_result* result) noexcept {
        if (result == nullptr) return NP_FAILED;
        return sdk::guarded(result, [&]() -> int {
            static const sdk::Options defaults = defaults_for(descriptor, "generate");
            sdk::Options parsed;
            const sdk::Options* options = nullptr;
            if (int status = prepare(descriptor, request, result, "generate", parsed, options, defaults); status != NP_OK)
                return status;
            const uint32_t wanted = request->kind == NP_GENERATE_GRID ? NP_CAP_GENERATE_GRID : NP_CAP_GENERATE_PUZZLE;
            if ((descriptor.capabilities & wanted) == 0 || request->kind > NP_GENERATE_PUZZLE)
                return message(result->message, std::string(descriptor.name) + " does not generate " +
                                                    (request->kind == NP_GENERATE_GRID ? "grids" : "puzzles")),
                       NP_UNSUPPORTED;
            if (request->count > 0 && result->cells == nullptr)
                return message(result->message, "generate called without a result buffer"), NP_FAILED;
            const Shape shape = shape_of(request->geometry);
            // One budget for the whole call: results are made one after the
            // other, each with the nodes the earlier ones left, and whatever
            // is finished when it runs out is returned. The deadline and the
            // terminate callback are looked at before each result.
            np_budget budget = request->budget;
            uint64_t nodes = 0;
            for (uint32_t k = 0; k < request->count; ++k) {
                const bool spent = request->budget.max_nodes != 0 && nodes >= request->budget.max_nodes;
                if (spent || sdk::BudgetGuard(request->budget).poll_now()) {
                    message(result->message, "the budget ran out after " + std::to_string(k) + " of " +
                                                 std::to_string(request->count) + " results");
                    break;
                }
                if (request->budget.max_nodes != 0) budget.max_nodes = request->budget.max_nodes - nodes;
                Generate call(shape, *options, *request, *result, budget, request->first_index + k,
                              result->cells + static_cast<std::size_t>(k) * static_cast<std::size_t>(shape.cells()),
                              descriptor.capabilities);
                bool made = false;
                with_instance(instance, [&](T& self) { made = self.generate(call) && !call.stopped(); });
                if (made) call.close_proof();
                nodes += call.nodes();
                if (call.status() != NP_OK) return call.status();
                if (!made) {
                    message(result->message, "the budget ran out after " + std::to_string(k) + " of " +
                                                 std::to_string(request->count) + " results");
                    break;
                }
                ++result->produced;
            }
            result->stats.nodes = nodes;
            return NP_OK;
        });
    }

    static int check(void* instance, const np_check_request* request, np_check_result* result) noexcept {
        if (result == nullptr) return NP_FAILED;
        return sdk::guarded(result, [&]() -> int {
            static const sdk::Options defaults = defaults_for(descriptor, "check");
            sdk::Options parsed;
            const sdk::Options* options = nullptr;
            if (int status = prepare(descriptor, request, result, "check", parsed, options, defaults); status != NP_OK)
                return status;
            if (request->cells == nullptr) return message(result->message, "check called without cells"), NP_FAILED;
            Check call(shape_of(request->geometry), *options, *request, *result);
            if (const int at = above_range(call.shape, request->cells); at >= 0) {
                const int side = call.shape.side();
                call.violation(NP_REASON_VALUE_OUT_OF_RANGE, at / side, at % side, request->cells[at]);
                return NP_OK;
            }
            with_instance(instance, [&](T& self) { self.check(call); });
            return call.status();
        });
    }
};

template <class T>
constexpr auto generate_entry() {
    if constexpr (requires(T t, Generate& g) { t.generate(g); }) return &Entry<T>::generate;
    else return static_cast<int (*)(void*, const np_generate_request*, np_generate_result*)>(nullptr);
}
template <class T>
constexpr auto check_entry() {
    if constexpr (requires(T t, Check& c) { t.check(c); }) return &Entry<T>::check;
    else return static_cast<int (*)(void*, const np_check_request*, np_check_result*)>(nullptr);
}

template <class T>
const np_plugin Entry<T>::descriptor = {
    NP_DESCRIPTOR_HEAD, T::info.name,   T::info.version,    T::info.description,  T::info.capabilities,
    T::info.max_side,   listed_shapes<T>(), shape_count<T>(), option_specs<T>(), option_count<T>(),
    &Entry<T>::create,  &Entry<T>::destroy, &Entry<T>::solve, check_entry<T>(), generate_entry<T>(),
    T::info.suggested_max_nodes, T::info.shapes_note, T::info.default_for, T::info.default_rank,
    T::info.kinds, T::info.region_layouts,
};

}  // namespace detail

}  // namespace np::plugin

// Exports the class as the library's plugin: its one visible symbol.
#define NUMPLACE_PLUGIN(Class)                                                  \
    extern "C" __attribute__((visibility("default"))) const np_plugin* numplace_plugin_entry(void) { \
        return &::np::plugin::detail::Entry<Class>::descriptor;                  \
    }
