// Internal to numplace_corpus: the loader's parts, shared by its files.
// A FileChecker checks one file's entries against their schemas
// (schemas.cpp, generator_schema.cpp) and the rules (rules.cpp), reading
// each value with the field readers (fields.cpp: Fields, the typed values,
// the words of a diagnostic); corpus.cpp runs one per file.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "corpus/corpus.hpp"
#include "corpus/yaml_reader.hpp"
#include "numplace/variant.hpp"

namespace np::corpus::detail {

// ---- the words of a diagnostic (fields.cpp) ----
std::string_view trim(std::string_view s);
std::string quote(std::string_view s);
// A scalar as it appears in a sentence: quoted, shortened, line breaks shown.
std::string shown(std::string_view text);
std::string describe(const Node& n);
// The locations a reason gives, in the order row, column, box, value.
std::string locations(int row, int column, int box, int value);
std::string describe(const Reason& r);
// Up to three reasons for a sentence, then how many more.
std::string list_reasons(const std::vector<const Reason*>& reasons);
std::vector<const Reason*> all_of(const std::vector<Reason>& reasons);

// What the id registry remembers of an id.
using IdTable = std::unordered_map<std::string, Location>;

class Fields;
class FileChecker;

// A puzzle entry's variant keys (variant_schema.cpp); null when absent.
struct VariantNodes {
    const Node *regions = nullptr, *constraints = nullptr, *negative = nullptr;
    bool any() const { return regions || constraints || negative; }
};

// The variant read from its keys for a grid of side N: regions,
// constraints and negative rules (the grid left unset), and the item each
// constraint was written in (an item of a single-cell kind may list
// several cells: one constraint each). nullopt after reporting.
struct VariantRead {
    Puzzle puzzle;
    std::vector<const Node*> items;  // items[i]: where constraint i was written
};
std::optional<VariantRead> read_variant(FileChecker& checker, const VariantNodes& nodes, int side);

// The rule violations of a puzzle's givens, as `numplace check` finds them:
// np::check_rules, and of a variant grid the first constraint its filled
// cells break (breaks_constraint, no location) (rules.cpp).
std::vector<Reason> rule_violations(const Grid& grid);

// Checks the entries of one file, adding diagnostics and good entries.
class FileChecker {
public:
    FileChecker(std::string file, Corpus& corpus, IdTable& ids, std::vector<Diagnostic>& errors)
        : file_(std::move(file)), corpus_(corpus), ids_(ids), errors_(errors) {}

    void entry(const Node& n);

    void error(int line, int column, std::string message) {
        errors_.push_back({Location{file_, line, column}, std::move(message)});
    }
    void error(const Node& at, std::string message) {
        error(at.line, at.column, std::move(message));
    }
    Location where(const Node& n) const { return {file_, n.line, n.column}; }

    // ---- typed values; each returns nullopt after reporting ----
    std::optional<std::string> string_value(const Node& n, std::string_view key);
    // A plain (unquoted) whole number from min to max.
    std::optional<uint64_t> unsigned_value(const Node& n, std::string_view key, uint64_t min = 0,
                                           uint64_t max = std::numeric_limits<uint64_t>::max());
    std::optional<bool> bool_value(const Node& n, std::string_view key);
    std::optional<Geometry> size_value(const Node* n);
    std::optional<ExpectedReason> reason_value(const Node& n, std::string_view what);
    // The errors reported so far (a reader compares it before and after).
    std::size_t error_count() const { return errors_.size(); }

private:
    // The fields every kind has.
    struct Common {
        std::string id, source, notes;
        std::vector<std::string> tags;
    };
    void common(const Fields& f, Common& out);
    // Moves the fields every kind has into an entry that passed its checks.
    template <typename Entry>
    static void take_common(Common&& c, Entry& e) {
        e.id = std::move(c.id);
        e.source = std::move(c.source);
        e.tags = std::move(c.tags);
        e.notes = std::move(c.notes);
    }
    const Node* expect_map(const Fields& f, std::string_view why, std::string_view shape);

    // ---- puzzle entries ----
    // The nodes a puzzle's expectation is checked with; null when absent
    // (puzzle: the value; parsed and size: null when either is unusable).
    struct PuzzleKeys {
        const Node* puzzle = nullptr;
        const ParseResult* parsed = nullptr;
        const Geometry* size = nullptr;
        const Node *verdict = nullptr, *count = nullptr, *at_least = nullptr, *solution = nullptr,
                   *reason = nullptr;
        bool state = false;  // a step entry's candidate state: never invalid
    };
    void puzzle_entry(const Node& n);
    void puzzle_expectation(const Node& expect, PuzzleKeys k, PuzzleExpectation& out);
    std::optional<Verdict> puzzle_verdict(const Node& n);
    // ---- variant puzzles (variant_schema.cpp) ----
    // With regions given, the size is RxC or the side alone; the grid is 1 x N.
    std::optional<Geometry> variant_size(const Node* n);
    // Reads the variant keys and gives the parsed puzzle its variant when it
    // is well formed (validate_variant); otherwise reports and drops the
    // parsed puzzle, so that nothing is checked against a wrong one.
    void attach_variant(const VariantNodes& v, const Node* puzzle_node, std::optional<ParseResult>& puzzle,
                        int side);
    void invalid_expectation(const Fields& x, const PuzzleKeys& k, const PuzzleExpectation& expect);
    void solvable_expectation(const Fields& x, const PuzzleKeys& k, PuzzleExpectation& expect);

    // ---- grid-check entries ----
    void grid_check_entry(const Node& n);
    std::optional<Grid> grid_value(const Node& n, const std::optional<Geometry>& size, std::string& text);
    void grid_expectation(const Node& expect, const Grid* grid, GridCheckEntry& e);
    std::vector<const Node*> listed_violations(const Node& list, std::vector<ExpectedReason>& out);

    // ---- step entries ----
    void step_entry(const Node& n);
    std::optional<Grid> candidate_state(const Node& n, const std::optional<Geometry>& size, std::string& text);
    void step_description(const Node& n, StepEntry& e);
    std::optional<std::string> plugin_name(const Node& n, std::string_view what);

    // ---- generator entries ----
    void generator_entry(const Node& n);
    void generator_call(const Fields& f, GeneratorEntry& e);
    std::optional<np_generate_kind> generator_kind(const Fields& f);
    void generator_numbers(const Fields& f, GeneratorEntry& e);
    void generator_options(const Node& options, std::vector<std::pair<std::string, std::string>>& out);
    void generator_order(const Node& order, GeneratorEntry& e);
    void generator_properties(const Node& expect, std::optional<np_generate_kind> what,
                              const std::optional<Geometry>& size, GeneratorEntry& e);
    std::optional<std::string> property_name(const Node& item);
    void generator_property(const Node& item, const std::string& name, const std::optional<Geometry>& size,
                            GeneratorEntry& e);

    std::optional<Grid> check_solution(const Node& at, const std::string& text,
                                       const Geometry& size, const ParseResult& puzzle);
    bool solution_in_masks(const Node& at, const Grid& solution, const Grid& puzzle);
    void check_counts(const Node* count_node, const Node* at_least_node,
                      const PuzzleExpectation& expect);
    void check_invalid_reason(const Node& reason_node, const ExpectedReason& expected,
                              const ParseResult& puzzle, const Node& verdict_node);
    void check_violations(const Node* valid_node, const Node* list_node, const Grid& grid,
                          bool valid, const std::vector<ExpectedReason>& listed,
                          const std::vector<const Node*>& listed_nodes);

    std::string file_;
    Corpus& corpus_;
    IdTable& ids_;
    std::vector<Diagnostic>& errors_;
};

// The keys of one map, each looked at once: known keys land in their slots,
// unknown and repeated keys are reported.
class Fields {
public:
    Fields(FileChecker& checker, const Node& map, std::span<const std::string_view> known, std::string_view what);
    Fields(FileChecker& checker, const Node& map, std::initializer_list<std::string_view> known,
           std::string_view what)
        : Fields(checker, map, std::span<const std::string_view>(known.begin(), known.size()), what) {}

    // The value of a key, or nullptr when absent.
    const Node* operator[](std::string_view name) const {
        for (const auto& s : slots_)
            if (s.name == name) return s.value;
        return nullptr;
    }
    // The value of a required key; reports it at the map when absent.
    const Node* required(FileChecker& checker, std::string_view name, std::string_view why) const {
        const Node* v = (*this)[name];
        if (!v) {
            std::string message = "missing required key " + quote(name);
            if (!why.empty()) message += " (" + std::string(why) + ")";
            checker.error(map_, message);
        }
        return v;
    }

private:
    struct Slot {
        std::string_view name;
        const Node* key;
        const Node* value;
    };
    Slot* find(std::string_view name) {
        for (auto& s : slots_)
            if (s.name == name) return &s;
        return nullptr;
    }

    const Node& map_;
    std::vector<Slot> slots_;
};

}  // namespace np::corpus::detail
