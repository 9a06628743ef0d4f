// Loading corpus files: the schema of each entry kind and the checks that
// need no plugin (docs/corpus-format.md).
#include "corpus.hpp"
#include "rating.hpp"

#include <algorithm>
#include <array>
#include <filesystem>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <functional>
#include <initializer_list>
#include <iterator>
#include <limits>
#include <set>
#include <unordered_map>

#include "yaml_reader.hpp"

namespace np::corpus {

namespace {

namespace fs = std::filesystem;
using detail::Node;

constexpr std::string_view kBlank = " \t\r\n\v\f";

std::string_view trim(std::string_view s) {
    const auto first = s.find_first_not_of(kBlank);
    if (first == std::string_view::npos) return {};
    const auto last = s.find_last_not_of(kBlank);
    return s.substr(first, last - first + 1);
}

std::string quote(std::string_view s) { return "'" + std::string(s) + "'"; }

// A scalar as it appears in a sentence: quoted, shortened, line breaks shown.
std::string shown(std::string_view text) {
    std::string s;
    for (char c : text.substr(0, std::min<std::size_t>(text.size(), 40))) {
        if (c == '\n')
            s += "\\n";
        else
            s += c;
    }
    if (text.size() > 40) s += "...";
    return "\"" + s + "\"";
}

std::string describe(const Node& n) {
    switch (n.kind) {
        case Node::Kind::null: return "nothing";
        case Node::Kind::sequence: return n.children.empty() ? "an empty sequence" : "a sequence";
        case Node::Kind::map: return n.children.empty() ? "an empty map" : "a map";
        case Node::Kind::scalar: break;
    }
    return shown(n.text);
}

// The locations a reason gives, in the order row, column, box, value.
std::string locations(int row, int column, int box, int value) {
    std::string s;
    auto add = [&](const char* name, int v) {
        if (v <= 0) return;
        s += s.empty() ? " (" : ", ";
        s += name;
        s += " " + std::to_string(v);
    };
    add("row", row);
    add("column", column);
    add("box", box);
    add("value", value);
    return s.empty() ? s : s + ")";
}

std::string describe(const Reason& r) {
    return std::string(reason_code_name(r.code)) + locations(r.row, r.column, r.box, r.value);
}

// Up to three reasons for a sentence, then how many more.
std::string list_reasons(const std::vector<const Reason*>& reasons) {
    std::string s;
    for (std::size_t i = 0; i < reasons.size() && i < 3; ++i) {
        if (i > 0) s += "; ";
        s += describe(*reasons[i]);
    }
    if (reasons.size() > 3) s += "; and " + std::to_string(reasons.size() - 3) + " more";
    return s;
}

std::vector<const Reason*> all_of(const std::vector<Reason>& reasons) {
    std::vector<const Reason*> out;
    for (const auto& r : reasons) out.push_back(&r);
    return out;
}

bool id_character(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '.' || c == '_' || c == '-';
}

bool plugin_character(char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

enum class Kind { puzzle, grid_check, generator, step };

// What the id registry remembers of an id.
using IdTable = std::unordered_map<std::string, Location>;

class Fields;

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
    Fields(FileChecker& checker, const Node& map, std::initializer_list<std::string_view> known,
           std::string_view what)
        : map_(map) {
        slots_.reserve(known.size());
        for (auto k : known) slots_.push_back({k, nullptr, nullptr});
        for (std::size_t i = 0; i + 1 < map.children.size(); i += 2) {
            const Node& key = map.children[i];
            if (!key.is_scalar()) {
                checker.error(key, "a key must be a word, not " + describe(key));
                continue;
            }
            Slot* slot = find(key.text);
            if (!slot) {
                std::string names;
                for (const auto& s : slots_) names += (names.empty() ? "" : ", ") + std::string(s.name);
                checker.error(key, "unknown key " + quote(key.text) + " in " + std::string(what) +
                                       " (known keys: " + names + ")");
                continue;
            }
            if (slot->key) {
                checker.error(key, "the key " + quote(key.text) + " is repeated (first at line " +
                                       std::to_string(slot->key->line) + ")");
                continue;
            }
            slot->key = &key;
            slot->value = &map.children[i + 1];
        }
    }

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

// ---------------------------------------------------------------- values

std::optional<std::string> FileChecker::string_value(const Node& n, std::string_view key) {
    if (n.is_scalar()) return n.text;
    error(n, quote(key) + " must be a string, not " + describe(n));
    return std::nullopt;
}

std::optional<uint64_t> FileChecker::unsigned_value(const Node& n, std::string_view key,
                                                    uint64_t min, uint64_t max) {
    constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();
    const std::string what = max != kMax ? "an integer from " + std::to_string(min) + " to " +
                                               std::to_string(max)
                             : min > 0   ? "an integer of at least " + std::to_string(min)
                                         : "a non-negative integer";
    if (!n.is_scalar()) {
        error(n, quote(key) + " must be " + what + ", not " + describe(n));
        return std::nullopt;
    }
    const std::string& t = n.text;
    const bool digits = !t.empty() && t.find_first_not_of("0123456789") == std::string::npos;
    if (n.quoted) {
        error(n, quote(key) + " must be " + what + ", not the quoted string " + shown(t) +
                     (digits ? " (write it without quotes)" : ""));
        return std::nullopt;
    }
    uint64_t v = 0;
    bool fits = digits;
    for (std::size_t i = 0; fits && i < t.size(); ++i) {
        const auto d = static_cast<uint64_t>(t[i] - '0');
        if (v > (kMax - d) / 10) fits = false;
        v = v * 10 + d;
    }
    if (digits && !fits) {
        error(n, quote(key) + " " + shown(t) + " is too large (at most " + std::to_string(kMax) + ")");
        return std::nullopt;
    }
    if (!fits || v < min || v > max) {
        error(n, quote(key) + " must be " + what + ", not " + shown(t));
        return std::nullopt;
    }
    return v;
}

std::optional<bool> FileChecker::bool_value(const Node& n, std::string_view key) {
    if (n.is_scalar() && !n.quoted) {
        if (n.text == "true" || n.text == "True" || n.text == "TRUE") return true;
        if (n.text == "false" || n.text == "False" || n.text == "FALSE") return false;
    }
    error(n, quote(key) + " must be true or false, not " + (n.quoted ? "the quoted string " : "") +
                 describe(n));
    return std::nullopt;
}

std::optional<Geometry> FileChecker::size_value(const Node* n) {
    if (!n) return Geometry{3, 3};
    auto text = string_value(*n, "size");
    if (!text) return std::nullopt;
    if (auto g = Geometry::parse(*text)) return g;
    error(*n, "size " + shown(*text) +
                  " is not a box shape: write RxC, the box's rows and columns, for example 3x3 "
                  "(9x9 grids) or 2x3 (6x6), with sides up to " +
                  std::to_string(NP_MAX_SIDE));
    return std::nullopt;
}

// A reason map: code (required), and 1-based row, column, box, value.
std::optional<ExpectedReason> FileChecker::reason_value(const Node& n, std::string_view what) {
    if (!n.is_map()) {
        error(n, std::string(what) + " must be a map with a 'code' (and row, column, box, value), not " +
                     describe(n));
        return std::nullopt;
    }
    const std::size_t before = errors_.size();
    Fields f(*this, n, {"code", "row", "column", "box", "value"}, what);
    ExpectedReason r;
    r.where = where(n);
    if (const Node* code = f.required(*this, "code", "the reason code")) {
        if (auto text = string_value(*code, "code")) {
            if (auto c = reason_code_from_name(*text))
                r.code = *c;
            else
                error(*code, "unknown reason code " + shown(*text) +
                                 " (wrong_length, bad_character, value_out_of_range, "
                                 "duplicate_in_row, duplicate_in_column or duplicate_in_box)");
        }
    }
    const std::pair<const char*, int*> places[] = {
        {"row", &r.row}, {"column", &r.column}, {"box", &r.box}, {"value", &r.value}};
    for (const auto& [name, slot] : places) {
        const Node* v = f[name];
        if (!v) continue;
        // Locations and values are 1-based.
        if (auto number = unsigned_value(*v, name, 1, NP_MAX_SIDE)) *slot = static_cast<int>(*number);
    }
    if (errors_.size() != before) return std::nullopt;
    return r;
}

// ---------------------------------------------------------------- entries

void FileChecker::entry(const Node& n) {
    if (!n.is_map()) {
        error(n, "an entry must be a map of keys (id, puzzle, expect, ...), not " + describe(n));
        return;
    }
    Kind kind = Kind::puzzle;
    for (std::size_t i = 0; i + 1 < n.children.size(); i += 2) {
        const Node& key = n.children[i];
        if (!key.is_scalar() || key.text != "kind") continue;
        const Node& value = n.children[i + 1];
        if (value.is_scalar() && value.text == "puzzle") kind = Kind::puzzle;
        else if (value.is_scalar() && value.text == "grid-check") kind = Kind::grid_check;
        else if (value.is_scalar() && value.text == "generator") kind = Kind::generator;
        else if (value.is_scalar() && value.text == "step") kind = Kind::step;
        else {
            error(value, "unknown kind " + describe(value) +
                             " (puzzle, grid-check, generator or step; puzzle when absent)");
            return;
        }
        break;  // a repeated 'kind' is reported by Fields
    }
    switch (kind) {
        case Kind::puzzle: return puzzle_entry(n);
        case Kind::grid_check: return grid_check_entry(n);
        case Kind::generator: return generator_entry(n);
        case Kind::step: return step_entry(n);
    }
}

void FileChecker::common(const Fields& f, Common& out) {
    if (const Node* id = f.required(*this, "id", "unique across the corpus")) {
        if (auto text = string_value(*id, "id")) {
            if (text->empty() || !std::all_of(text->begin(), text->end(), id_character)) {
                error(*id, "the id " + shown(*text) +
                               " may only use letters, digits, '.', '_' and '-' (and not be empty)");
            } else {
                out.id = *text;
                auto [it, inserted] = ids_.try_emplace(*text, where(*id));
                if (!inserted)
                    error(*id, "duplicate id " + quote(*text) + " (first used at " +
                                   it->second.text() + ")");
            }
        }
    }
    if (const Node* source = f.required(*this, "source", "where the entry comes from")) {
        if (auto text = string_value(*source, "source")) {
            if (trim(*text).empty())
                error(*source, "'source' must name where the entry comes from, not be empty");
            else
                out.source = *text;
        }
    }
    if (const Node* tags = f["tags"]) {
        if (!tags->is_sequence()) {
            error(*tags, "'tags' must be a sequence of words, for example [top95, hard], not " +
                             describe(*tags));
        } else {
            std::set<std::string> seen;
            for (const Node& tag : tags->children) {
                if (!tag.is_scalar() || trim(tag.text).empty()) {
                    error(tag, "a tag must be a non-empty string, not " + describe(tag));
                    continue;
                }
                if (!seen.insert(tag.text).second) {
                    error(tag, "the tag " + quote(tag.text) + " is repeated");
                    continue;
                }
                out.tags.push_back(tag.text);
            }
        }
    }
    if (const Node* notes = f["notes"])
        if (auto text = string_value(*notes, "notes")) out.notes = *text;
}

// The 'expect' value when it is there and a map; nullptr (after reporting)
// otherwise. `shape` says what the map holds, for the message.
const Node* FileChecker::expect_map(const Fields& f, std::string_view why, std::string_view shape) {
    const Node* expect = f.required(*this, "expect", why);
    if (expect && !expect->is_map()) {
        error(*expect, "'expect' must be " + std::string(shape) + ", not " + describe(*expect));
        return nullptr;
    }
    return expect;
}

void FileChecker::puzzle_entry(const Node& n) {
    const std::size_t before = errors_.size();
    Fields f(*this, n, {"id", "kind", "size", "puzzle", "expect", "source", "tags", "notes", "max_nodes"},
             "a puzzle entry");
    PuzzleEntry e;
    e.where = where(n);
    Common c;
    common(f, c);

    const auto size = size_value(f["size"]);
    PuzzleKeys k;
    k.puzzle = f.required(*this, "puzzle", "a line, or a block of rows");
    std::optional<ParseResult> puzzle;
    if (k.puzzle) {
        if (auto text = string_value(*k.puzzle, "puzzle")) {
            e.text = *text;
            if (size) puzzle = parse_text(e.text, *size);
        }
    }
    // Checking the expectation against the puzzle needs both the size and
    // the text; without them only the expectation's own consistency is checked.
    k.parsed = puzzle ? &*puzzle : nullptr;
    k.size = size ? &*size : nullptr;
    if (const Node* expect = expect_map(f, "the verdict and what goes with it",
                                        "a map (verdict, solution, count, count_at_least, reason)"))
        puzzle_expectation(*expect, k, e.expect);

    if (const Node* nodes = f["max_nodes"])
        if (auto number = unsigned_value(*nodes, "max_nodes", 1)) e.max_nodes = *number;

    if (errors_.size() != before) return;
    take_common(std::move(c), e);
    e.size = *size;
    e.puzzle = std::move(*puzzle);
    corpus_.puzzles.push_back(std::move(e));
}

// Reads a puzzle's 'expect' map into `out`, then checks that what it states
// goes with its verdict and with the puzzle.
void FileChecker::puzzle_expectation(const Node& expect, PuzzleKeys k, PuzzleExpectation& out) {
    Fields x(*this, expect, {"verdict", "solution", "count", "count_at_least", "reason"}, "'expect'");
    std::optional<Verdict> verdict;
    k.verdict = x.required(*this, "verdict", "invalid, none, unique or multiple");
    if (k.verdict) verdict = puzzle_verdict(*k.verdict);
    k.count = x["count"];
    k.at_least = x["count_at_least"];
    if (k.count) out.count = unsigned_value(*k.count, "count");
    if (k.at_least) out.count_at_least = unsigned_value(*k.at_least, "count_at_least");
    if (k.count && k.at_least) error(*k.at_least, "give 'count' (exact) or 'count_at_least', not both");
    k.solution = x["solution"];
    k.reason = x["reason"];
    if (k.reason) out.reason = reason_value(*k.reason, "'reason'");
    if (!verdict) return;
    out.verdict = *verdict;
    if (*verdict == Verdict::invalid && k.state)
        error(*k.verdict, "a candidate state is not invalid (it has no givens to repeat): its verdict is none, "
                          "unique or multiple");
    else if (*verdict == Verdict::invalid)
        invalid_expectation(x, k, out);
    else
        solvable_expectation(x, k, out);
}

// The four verdicts an entry may expect (found, unknown and error are what
// plugins may answer, never what a puzzle is).
std::optional<Verdict> FileChecker::puzzle_verdict(const Node& n) {
    auto text = string_value(n, "verdict");
    if (!text) return std::nullopt;
    auto v = verdict_from_name(*text);
    if (v == Verdict::invalid || v == Verdict::none || v == Verdict::unique || v == Verdict::multiple) return v;
    error(n, "the verdict must be invalid, none, unique or multiple, not " + shown(*text));
    return std::nullopt;
}

// Verdict invalid: a reason and nothing about solutions; the reason must be
// the puzzle's parse error or one of its violations.
void FileChecker::invalid_expectation(const Fields& x, const PuzzleKeys& k, const PuzzleExpectation& expect) {
    if (k.solution) error(*k.solution, "an invalid puzzle has no 'solution'");
    if (k.count) error(*k.count, "an invalid puzzle has no 'count'");
    if (k.at_least) error(*k.at_least, "an invalid puzzle has no 'count_at_least'");
    if (!k.reason)
        x.required(*this, "reason", "the expected reason code and location");
    else if (expect.reason && k.parsed)
        check_invalid_reason(*k.reason, *expect.reason, *k.parsed, *k.verdict);
}

// Verdicts none, unique and multiple: the givens must parse and obey the
// rules; a solution exactly when unique; counts within what the verdict allows.
void FileChecker::solvable_expectation(const Fields& x, const PuzzleKeys& k, PuzzleExpectation& expect) {
    const std::string name(verdict_name(expect.verdict));
    if (k.reason) error(*k.reason, "'reason' goes with verdict invalid only");
    if (k.parsed && !parsed(*k.parsed)) {
        error(*k.puzzle, "the puzzle does not parse for size " + k.size->name() + ": " +
                             std::get<Reason>(*k.parsed).message + " (malformed text expects verdict invalid)");
    } else if (k.parsed) {
        const auto violations = check_rules(std::get<Grid>(*k.parsed));
        if (!violations.empty())
            error(*k.puzzle, "the givens break a rule (" + violations.front().message +
                                 "), so the verdict must be invalid, not " + name);
    }
    const bool unique = expect.verdict == Verdict::unique;
    if (unique && !k.solution) x.required(*this, "solution", "a unique puzzle's solution, as a line");
    if (!unique && k.solution) error(*k.solution, "'solution' goes with verdict unique only");
    if (unique && k.solution) {
        if (auto text = string_value(*k.solution, "solution"); text && k.size)
            expect.solution = check_solution(*k.solution, *text, *k.size, k.parsed ? *k.parsed : ParseResult{Reason{}});
    }
    check_counts(k.count, k.at_least, expect);
}

std::optional<Grid> FileChecker::check_solution(const Node& at, const std::string& text,
                                                const Geometry& size, const ParseResult& puzzle) {
    if (trim(text).find('\n') != std::string_view::npos) {
        error(at, "the solution must be one line of " + std::to_string(size.cell_count()) +
                      " symbols");
        return std::nullopt;
    }
    auto result = parse_line(text, size);
    if (!parsed(result)) {
        error(at, "the solution does not parse for size " + size.name() + ": " +
                      std::get<Reason>(result).message);
        return std::nullopt;
    }
    Grid solution = std::get<Grid>(std::move(result));
    bool ok = true;
    const int n = solution.side();
    for (int r = 0; r < n && ok; ++r)
        for (int col = 0; col < n && ok; ++col)
            if (solution.at(r, col) == kEmpty) {
                error(at, "the solution is not full: row " + std::to_string(r + 1) + ", column " +
                              std::to_string(col + 1) + " is empty");
                ok = false;
            }
    if (auto v = first_violation(solution)) {
        error(at, "the solution breaks a rule: " + v->message);
        ok = false;
    }
    if (parsed(puzzle)) {
        const Grid& givens = std::get<Grid>(puzzle);
        bool changed = false;  // one sentence for the first changed given
        for (int r = 0; r < n && !changed; ++r)
            for (int col = 0; col < n && !changed; ++col) {
                const int given = givens.at(r, col);
                if (given == kEmpty || solution.at(r, col) == kEmpty || given == solution.at(r, col))
                    continue;
                error(at, std::string("the solution changes the given ") + value_symbol(given) +
                              " at row " + std::to_string(r + 1) + ", column " +
                              std::to_string(col + 1) + " to " + value_symbol(solution.at(r, col)));
                changed = true;
            }
        ok = ok && !changed;
        if (ok && givens.has_candidates()) ok = solution_in_masks(at, solution, givens);
    }
    if (!ok) return std::nullopt;
    return solution;
}

// A puzzle with candidates: every value of the solution is a candidate of
// its cell (one sentence for the first that is not).
bool FileChecker::solution_in_masks(const Node& at, const Grid& solution, const Grid& puzzle) {
    const int n = solution.side();
    for (int cell = 0; cell < n * n; ++cell) {
        const int v = solution.cells[static_cast<std::size_t>(cell)];
        if ((puzzle.mask(cell) >> v & 1) != 0) continue;
        error(at, std::string("the solution has ") + value_symbol(v) + " at row " + std::to_string(cell / n + 1) +
                      ", column " + std::to_string(cell % n + 1) + ", which is not a candidate there");
        return false;
    }
    return true;
}

void FileChecker::check_counts(const Node* count_node, const Node* at_least_node,
                               const PuzzleExpectation& expect) {
    const std::string name(verdict_name(expect.verdict));
    uint64_t low = 0, high = std::numeric_limits<uint64_t>::max();
    std::string meaning;
    switch (expect.verdict) {
        case Verdict::none: high = 0, meaning = "no solution"; break;
        case Verdict::unique: low = high = 1, meaning = "exactly 1 solution"; break;
        case Verdict::multiple: low = 2, meaning = "2 solutions or more"; break;
        default: return;
    }
    if (count_node && expect.count && (*expect.count < low || *expect.count > high))
        error(*count_node, "count " + std::to_string(*expect.count) + " contradicts verdict " +
                               name + " (" + meaning + ")");
    // A lower bound contradicts the verdict only when it is above the most
    // solutions the verdict allows.
    if (at_least_node && expect.count_at_least && *expect.count_at_least > high)
        error(*at_least_node, "count_at_least " + std::to_string(*expect.count_at_least) +
                                  " contradicts verdict " + name + " (" + meaning + ")");
}

void FileChecker::check_invalid_reason(const Node& reason_node, const ExpectedReason& expected,
                                       const ParseResult& puzzle, const Node& verdict_node) {
    if (!parsed(puzzle)) {
        const Reason& actual = std::get<Reason>(puzzle);
        if (!expected.matches(actual))
            error(reason_node, "the expected reason " + expected.describe() +
                                   " does not match the puzzle's parse error " + describe(actual) +
                                   ": " + actual.message);
        return;
    }
    const auto violations = check_rules(std::get<Grid>(puzzle));
    if (violations.empty()) {
        error(verdict_node,
              "expects invalid but the givens obey the rules (an invalid entry needs a value "
              "repeated in a row, column or box, or a text that does not parse)");
        return;
    }
    for (const Reason& v : violations)
        if (expected.matches(v)) return;
    error(reason_node, "the expected reason " + expected.describe() +
                           " is not one of the puzzle's violations: " +
                           list_reasons(all_of(violations)));
}

void FileChecker::grid_check_entry(const Node& n) {
    const std::size_t before = errors_.size();
    Fields f(*this, n, {"id", "kind", "size", "grid", "expect", "source", "tags", "notes"},
             "a grid-check entry");
    GridCheckEntry e;
    e.where = where(n);
    Common c;
    common(f, c);

    const auto size = size_value(f["size"]);
    std::optional<Grid> grid;
    if (const Node* grid_node = f.required(*this, "grid", "a line, or a block of rows"))
        grid = grid_value(*grid_node, size, e.text);
    if (const Node* expect = expect_map(f, "valid, and the violations when not", "a map (valid, violations)"))
        grid_expectation(*expect, grid ? &*grid : nullptr, e);

    if (errors_.size() != before) return;
    take_common(std::move(c), e);
    e.size = *size;
    e.grid = std::move(*grid);
    corpus_.grid_checks.push_back(std::move(e));
}

// The grid as written (into `text`) and parsed; unlike a puzzle, a grid that
// does not parse is an error, since a grid check is about the rules only.
std::optional<Grid> FileChecker::grid_value(const Node& n, const std::optional<Geometry>& size, std::string& text) {
    auto value = string_value(n, "grid");
    if (!value) return std::nullopt;
    text = *value;
    if (!size) return std::nullopt;
    auto result = parse_text(text, *size);
    if (parsed(result)) return std::get<Grid>(std::move(result));
    error(n, "the grid does not parse for size " + size->name() + ": " + std::get<Reason>(result).message);
    return std::nullopt;
}

// Reads 'valid' and 'violations' into `e`; the listed violations are checked
// against the grid only when the map itself has no error.
void FileChecker::grid_expectation(const Node& expect, const Grid* grid, GridCheckEntry& e) {
    const std::size_t expect_before = errors_.size();
    Fields x(*this, expect, {"valid", "violations"}, "'expect'");
    std::optional<bool> valid;
    const Node* valid_node = x.required(*this, "valid", "true or false");
    if (valid_node) valid = bool_value(*valid_node, "valid");
    const Node* list = x["violations"];
    std::vector<const Node*> listed_nodes;
    if (list && list->is_sequence())
        listed_nodes = listed_violations(*list, e.violations);
    else if (list && !list->is_null())
        error(*list, "'violations' must be a sequence of reasons, not " + describe(*list));
    if (!valid) return;
    e.valid = *valid;
    const bool any_listed = list && list->is_sequence() && !list->children.empty();
    if (*valid && any_listed) error(*list, "a valid grid has no violations: remove them or write valid: false");
    if (!*valid && !any_listed)
        error(list ? *list : expect, "valid: false needs the grid's 'violations', each with its code and location");
    if (grid && errors_.size() == expect_before)
        check_violations(valid_node, list, *grid, *valid, e.violations, listed_nodes);
}

// The reasons listed under 'violations' (into `out`), and the node of each;
// a grid can only break the three duplicate rules.
std::vector<const Node*> FileChecker::listed_violations(const Node& list, std::vector<ExpectedReason>& out) {
    std::vector<const Node*> nodes;
    for (const Node& item : list.children) {
        auto r = reason_value(item, "a violation");
        if (!r) continue;
        if (r->code != ReasonCode::duplicate_in_row && r->code != ReasonCode::duplicate_in_column &&
            r->code != ReasonCode::duplicate_in_box) {
            error(item, "a grid's violations are duplicate_in_row, duplicate_in_column or duplicate_in_box, not " +
                            std::string(reason_code_name(r->code)));
            continue;
        }
        out.push_back(*r);
        nodes.push_back(&item);
    }
    return nodes;
}

// The listed violations must be the grid's violations: as many, and each
// listed one matched by a different actual one (a bipartite matching, since
// a listed violation may leave locations out).
void FileChecker::check_violations(const Node* valid_node, const Node* list_node, const Grid& grid,
                                   bool valid, const std::vector<ExpectedReason>& listed,
                                   const std::vector<const Node*>& listed_nodes) {
    const auto actual = check_rules(grid);
    if (valid) {
        if (!actual.empty())
            error(*valid_node, "the grid breaks a rule (" + actual.front().message +
                                   "), so valid must be false");
        return;
    }
    if (actual.empty()) {
        error(*valid_node, "expects violations but the grid obeys the rules");
        return;
    }
    if (listed.empty()) return;  // already reported

    // Kuhn's augmenting paths; the lists are small.
    std::vector<int> owner(actual.size(), -1);  // actual -> listed
    std::vector<int> match(listed.size(), -1);  // listed -> actual
    std::vector<char> seen;
    std::function<bool(std::size_t)> augment = [&](std::size_t l) {
        for (std::size_t a = 0; a < actual.size(); ++a) {
            if (seen[a] || !listed[l].matches(actual[a])) continue;
            seen[a] = 1;
            if (owner[a] < 0 || augment(static_cast<std::size_t>(owner[a]))) {
                owner[a] = static_cast<int>(l);
                match[l] = static_cast<int>(a);
                return true;
            }
        }
        return false;
    };
    for (std::size_t l = 0; l < listed.size(); ++l) {
        seen.assign(actual.size(), 0);
        augment(l);
    }

    for (std::size_t l = 0; l < listed.size(); ++l) {
        if (match[l] >= 0) continue;
        const bool matches_some = std::any_of(actual.begin(), actual.end(), [&](const Reason& a) {
            return listed[l].matches(a);
        });
        if (matches_some)
            error(*listed_nodes[l], "the violation " + listed[l].describe() +
                                        " is listed more often than the grid has it");
        else
            error(*listed_nodes[l], "the grid has no violation " + listed[l].describe() +
                                        "; its violations are: " + list_reasons(all_of(actual)));
    }
    std::vector<const Reason*> missing;
    for (std::size_t a = 0; a < actual.size(); ++a)
        if (owner[a] < 0) missing.push_back(&actual[a]);
    if (!missing.empty())
        error(*list_node, "the grid has " + std::to_string(actual.size()) + " violation" +
                              (actual.size() == 1 ? "" : "s") + " but " +
                              std::to_string(listed.size()) + " " +
                              (listed.size() == 1 ? "is" : "are") +
                              " listed; not listed: " + list_reasons(missing));
}

void FileChecker::generator_entry(const Node& n) {
    const std::size_t before = errors_.size();
    Fields f(*this, n,
             {"id", "kind", "plugin", "what", "size", "seed", "count", "options", "order", "expect", "source",
              "tags", "notes"},
             "a generator entry");
    GeneratorEntry e;
    e.where = where(n);
    Common c;
    common(f, c);

    generator_call(f, e);
    const std::optional<np_generate_kind> what = generator_kind(f);
    const auto size = size_value(f["size"]);
    generator_numbers(f, e);
    if (const Node* options = f["options"]) generator_options(*options, e.options);
    if (const Node* order = f["order"]) {
        generator_order(*order, e);
        if (what == NP_GENERATE_GRID) error(*order, "an 'order' makes puzzles: 'what' must be puzzle");
    }
    if (const Node* expect = expect_map(f, "the properties of the output", "a map with 'properties'"))
        generator_properties(*expect, what, size, e);

    if (errors_.size() != before) return;
    take_common(std::move(c), e);
    e.what = *what;
    e.size = *size;
    corpus_.generators.push_back(std::move(e));
}

// The plugin's name: the harness looks it up among the loaded plugins, so
// it is kept to the characters plugin names use.
void FileChecker::generator_call(const Fields& f, GeneratorEntry& e) {
    if (const Node* plugin = f.required(*this, "plugin", "the generator's name"))
        if (auto name = plugin_name(*plugin, "plugin")) e.plugin = *name;
}

std::optional<std::string> FileChecker::plugin_name(const Node& n, std::string_view what) {
    auto text = string_value(n, what);
    if (!text) return std::nullopt;
    if (!text->empty() && std::all_of(text->begin(), text->end(), plugin_character)) return text;
    error(n, "the plugin name " + shown(*text) + " may only use lower-case letters, digits, '_' and '-'");
    return std::nullopt;
}

std::optional<np_generate_kind> FileChecker::generator_kind(const Fields& f) {
    const Node* what = f.required(*this, "what", "grid or puzzle");
    if (!what) return std::nullopt;
    auto text = string_value(*what, "what");
    if (!text) return std::nullopt;
    if (*text == "grid") return NP_GENERATE_GRID;
    if (*text == "puzzle") return NP_GENERATE_PUZZLE;
    error(*what, "'what' must be grid or puzzle, not " + shown(*text));
    return std::nullopt;
}

void FileChecker::generator_numbers(const Fields& f, GeneratorEntry& e) {
    if (const Node* seed = f.required(*this, "seed", "an unsigned 64-bit integer"))
        if (auto v = unsigned_value(*seed, "seed")) e.seed = *v;
    if (const Node* count = f.required(*this, "count", "how many results, at least 1")) {
        // The ABI counts results in 32 bits.
        if (auto v = unsigned_value(*count, "count", 1, std::numeric_limits<uint32_t>::max()))
            e.count = static_cast<uint32_t>(*v);
    }
}

// 'options': names to single values, in the order written (the plugin
// checks them against its own specs when the harness runs the entry).
void FileChecker::generator_options(const Node& options, std::vector<std::pair<std::string, std::string>>& out) {
    if (!options.is_map()) {
        error(options, "'options' must be a map of option names to values, not " + describe(options));
        return;
    }
    for (std::size_t i = 0; i + 1 < options.children.size(); i += 2) {
        const Node& key = options.children[i];
        const Node& value = options.children[i + 1];
        if (!key.is_scalar() || key.text.empty()) {
            error(key, "an option name must be a word, not " + describe(key));
            continue;
        }
        const bool repeated =
            std::any_of(out.begin(), out.end(), [&](const auto& o) { return o.first == key.text; });
        if (repeated) {
            error(key, "the option " + quote(key.text) + " is repeated");
            continue;
        }
        if (!value.is_scalar()) {
            error(value, "the option " + quote(key.text) + " must have a single value, not " + describe(value));
            continue;
        }
        out.emplace_back(key.text, value.text);
    }
}

// 'order: {rater: logic, options: {profile: se}, rating: 6.0..8.0,
// technique: x-wing, table: se, candidates: 5000}': a rater and a band, a
// technique or both.
void FileChecker::generator_order(const Node& order, GeneratorEntry& e) {
    Fields f(*this, order, {"rater", "options", "rating", "technique", "table", "candidates"}, "'order'");
    GeneratorOrder o;
    if (const Node* rater = f.required(*this, "rater", "the plugin that explains the candidates"))
        if (auto name = plugin_name(*rater, "rater")) o.rater = *name;
    if (const Node* options = f["options"]) generator_options(*options, o.rater_options);
    if (const Node* band = f["rating"]) {
        std::string why;
        if (auto text = string_value(*band, "rating")) {
            if (auto parsed = rating::parse_band(*text, why)) o.lo = parsed->first, o.hi = parsed->second;
            else error(*band, "'rating': " + why);
        }
    }
    if (const Node* technique = f["technique"])
        if (auto text = string_value(*technique, "technique")) o.technique = rating::technique_slug(*text);
    if (!f["rating"] && !f["technique"]) error(order, "an 'order' needs a 'rating' band, a 'technique' or both");
    if (const Node* table = f["table"])
        if (auto text = string_value(*table, "table")) {
            if (!rating::table_named(*text)) error(*table, "'table' must be se or sukaku, not " + shown(*text));
            else o.table = *text;
        }
    if (const Node* candidates = f["candidates"])
        if (auto v = unsigned_value(*candidates, "candidates", 1)) o.candidates = *v;
    e.order = std::move(o);
}

constexpr std::string_view kPropertyNames =
    "full, valid, unique, minimal, symmetric, deterministic, rated or max_clues: N";

// 'expect: {properties: [...]}': each property once, and only those that
// apply to what is generated.
void FileChecker::generator_properties(const Node& expect, std::optional<np_generate_kind> what,
                                       const std::optional<Geometry>& size, GeneratorEntry& e) {
    Fields x(*this, expect, {"properties"}, "'expect'");
    const Node* list = x.required(*this, "properties", "what every result must be");
    if (list && (!list->is_sequence() || list->children.empty())) {
        error(*list, "'properties' must be a non-empty sequence (" + std::string(kPropertyNames) + "), not " +
                         describe(*list));
        return;
    }
    if (!list) return;
    std::set<std::string> seen;
    for (const Node& item : list->children) {
        const auto name = property_name(item);
        if (!name) continue;
        if (!seen.insert(*name).second) {
            error(item, "the property " + quote(*name) + " is repeated");
            continue;
        }
        const bool for_grids = *name == "full";
        const bool for_puzzles = *name == "unique" || *name == "minimal" || *name == "symmetric" ||
                                 *name == "max_clues" || *name == "rated";
        if (what == NP_GENERATE_PUZZLE && for_grids)
            error(item, "the property 'full' applies to generated grids, not puzzles");
        if (what == NP_GENERATE_GRID && for_puzzles)
            error(item, "the property " + quote(*name) + " applies to generated puzzles, not grids");
        generator_property(item, *name, size, e);
    }
}

// A property is a word, or the one-key map {max_clues: N}.
std::optional<std::string> FileChecker::property_name(const Node& item) {
    if (item.is_scalar()) return item.text;
    if (item.is_map() && item.children.size() == 2 && item.children[0].is_scalar() &&
        item.children[0].text == "max_clues")
        return "max_clues";
    error(item, "a property must be one of " + std::string(kPropertyNames) + ", not " + describe(item));
    return std::nullopt;
}

void FileChecker::generator_property(const Node& item, const std::string& name, const std::optional<Geometry>& size,
                                     GeneratorEntry& e) {
    GeneratorProperties& p = e.expect;
    if (name == "full") p.full = true;
    else if (name == "valid") p.valid = true;
    else if (name == "unique") p.unique = true;
    else if (name == "minimal") p.minimal = true;
    else if (name == "deterministic") p.deterministic = true;
    else if (name == "rated") {
        p.rated = true;
        if (!e.order) error(item, "the property 'rated' needs the entry's 'order' (a rater and a band or technique)");
    } else if (name == "symmetric") {
        // Symmetric under what: the generator's own option says.
        p.symmetric = true;
        auto it = std::find_if(e.options.begin(), e.options.end(), [](const auto& o) { return o.first == "symmetry"; });
        if (it == e.options.end() || it->second == "none")
            error(item, "the property 'symmetric' needs the generator's 'symmetry' option "
                        "(for example options: {symmetry: rotate180})");
    } else if (name == "max_clues") {
        // Without a usable size there is no cell count to bound it by.
        const uint64_t cells =
            size ? static_cast<uint64_t>(size->cell_count()) : std::numeric_limits<uint64_t>::max();
        if (auto v = unsigned_value(item.children[1], "max_clues", 0, cells)) p.max_clues = static_cast<int>(*v);
    } else {
        error(item, "unknown property " + shown(name) + " (" + std::string(kPropertyNames) + ")");
    }
}

// ---------------------------------------------------------------- step entries

void FileChecker::step_entry(const Node& n) {
    const std::size_t before = errors_.size();
    Fields f(*this, n,
             {"id", "kind", "size", "candidates", "step", "explained", "expect", "source", "tags", "notes"},
             "a step entry");
    StepEntry e;
    e.where = where(n);
    Common c;
    common(f, c);

    const auto size = size_value(f["size"]);
    std::optional<Grid> state;
    if (const Node* node = f.required(*this, "candidates", "the candidate state before the step, as a candidate line"))
        state = candidate_state(*node, size, e.text);
    if (const Node* step = f.required(*this, "step", "the plugin, the technique and the step as text"))
        step_description(*step, e);
    if (const Node* explained = f["explained"]) {
        if (auto text = string_value(*explained, "explained")) {
            e.explained = *text;
            if (size && (trim(*text).find('\n') != std::string_view::npos || !parsed(parse_line(*text, *size))))
                error(*explained, "'explained' must be the puzzle explained, as one line for size " + size->name());
        }
    }
    // The state is the puzzle the expectation is about: its masks bound the solution.
    PuzzleKeys k;
    k.state = true;
    k.puzzle = f["candidates"];
    const std::optional<ParseResult> as_puzzle = state ? std::optional<ParseResult>(*state) : std::nullopt;
    k.parsed = as_puzzle ? &*as_puzzle : nullptr;
    k.size = size ? &*size : nullptr;
    if (const Node* expect = expect_map(f, "the state's verdict, and its solution when unique",
                                        "a map (verdict, solution, count, count_at_least)"))
        puzzle_expectation(*expect, k, e.expect);

    if (errors_.size() != before) return;
    take_common(std::move(c), e);
    e.size = *size;
    e.state = std::move(*state);
    corpus_.steps.push_back(std::move(e));
}

// The state as written (into `text`): a candidate line for the size.
std::optional<Grid> FileChecker::candidate_state(const Node& n, const std::optional<Geometry>& size, std::string& text) {
    auto value = string_value(n, "candidates");
    if (!value) return std::nullopt;
    text = *value;
    if (!size) return std::nullopt;
    const std::size_t side = static_cast<std::size_t>(size->side());
    if (trim(text).size() != side * side * side) {
        error(n, "the candidates must be one candidate line of " + std::to_string(side * side * side) +
                     " characters for size " + size->name() + " (" + std::to_string(side) + " a cell), not " +
                     std::to_string(trim(text).size()));
        return std::nullopt;
    }
    auto result = parse_candidates(trim(text), *size);
    if (parsed(result)) return std::get<Grid>(std::move(result));
    error(n, "the candidates do not parse for size " + size->name() + ": " + std::get<Reason>(result).message);
    return std::nullopt;
}

// 'step: {plugin, technique, text}': who took it, and what it was. The
// text is step_text's, which names the technique.
void FileChecker::step_description(const Node& n, StepEntry& e) {
    if (!n.is_map()) {
        error(n, "'step' must be a map (plugin, technique, text), not " + describe(n));
        return;
    }
    Fields s(*this, n, {"plugin", "technique", "text"}, "'step'");
    if (const Node* plugin = s.required(*this, "plugin", "the plugin that took the step"))
        if (auto name = plugin_name(*plugin, "plugin")) e.plugin = *name;
    const Node* technique = s.required(*this, "technique", "the step's technique");
    if (technique)
        if (auto text = string_value(*technique, "technique")) {
            if (trim(*text).empty()) error(*technique, "'technique' must name the step's technique, not be empty");
            else e.technique = *text;
        }
    if (const Node* text = s.required(*this, "text", "the step as numplace explain prints it")) {
        if (auto value = string_value(*text, "text")) {
            if (trim(*value).empty() || value->find('\n') != std::string::npos)
                error(*text, "'text' must be the step on one line, as numplace explain prints it");
            else if (!e.technique.empty() && value->find(e.technique) == std::string::npos)
                error(*text, "the step's text " + shown(*value) + " does not name its technique " +
                                 quote(e.technique));
            else
                e.step = *value;
        }
    }
}

// ---------------------------------------------------------------- files

// Reads one file into the corpus, entry by entry; its diagnostics come in
// order of place.
template <typename Yaml>
void load_one(Yaml&& yaml, const std::string& name, Corpus& corpus, IdTable& ids,
              std::vector<Diagnostic>& errors) {
    const std::size_t first = errors.size();
    ++corpus.files;
    FileChecker checker(name, corpus, ids, errors);
    detail::read_sequence(
        yaml, [&](const Node& item) { checker.entry(item); },
        [&](detail::ReadError e) { checker.error(e.line, e.column, std::move(e.message)); });
    std::stable_sort(errors.begin() + static_cast<std::ptrdiff_t>(first), errors.end(),
                     [](const Diagnostic& a, const Diagnostic& b) {
                         return std::pair{a.where.line, a.where.column} <
                                std::pair{b.where.line, b.where.column};
                     });
}

bool corpus_file_name(const fs::path& p) {
    const auto ext = p.extension().string();
    return ext == ".yaml" || ext == ".yml";
}

}  // namespace

// ---------------------------------------------------------------- public

std::string Location::text() const {
    if (line <= 0) return file;
    return file + ":" + std::to_string(line) + ":" + std::to_string(column);
}

std::string Diagnostic::text() const { return where.text() + ": " + message; }

bool ExpectedReason::matches(const Reason& actual) const {
    return code == actual.code && (row == 0 || row == actual.row) &&
           (column == 0 || column == actual.column) && (box == 0 || box == actual.box) &&
           (value == 0 || value == actual.value);
}

std::string ExpectedReason::describe() const {
    return std::string(reason_code_name(code)) + locations(row, column, box, value);
}

ParseResult parse_text(std::string_view text, const Geometry& size) {
    if (trim(text).find('\n') != std::string_view::npos) return parse_grid(text, size);
    return parse_line(text, size);
}

LoadResult load_text(std::string_view yaml, const std::string& name) {
    LoadResult result;
    IdTable ids;
    load_one(yaml, name, result.corpus, ids, result.errors);
    return result;
}

LoadResult load(const std::vector<std::string>& paths) {
    LoadResult result;
    IdTable ids;
    std::set<fs::path> done;
    auto path_error = [&](const std::string& path, std::string message) {
        result.errors.push_back({Location{path, 0, 0}, std::move(message)});
    };
    auto load_file = [&](const fs::path& path) {
        std::error_code ec;
        fs::path key = fs::weakly_canonical(path, ec);
        if (ec) key = path;
        if (!done.insert(key).second) return;
        std::ifstream in(path, std::ios::binary);
        if (!in.is_open()) {
            path_error(path.string(), std::string("cannot read this file (") + std::strerror(errno) + ")");
            return;
        }
        load_one(in, path.string(), result.corpus, ids, result.errors);
        if (in.bad()) path_error(path.string(), "a read error: the file is not read to its end");
    };
    for (const auto& path : paths) {
        std::error_code ec;
        const auto status = fs::status(path, ec);
        if (ec || !fs::exists(status)) {
            path_error(path, "no such file or directory");
            continue;
        }
        if (!fs::is_directory(status)) {
            load_file(path);
            continue;
        }
        std::vector<fs::path> files;
        for (const auto& item : fs::directory_iterator(path, ec))
            if (item.is_regular_file() && corpus_file_name(item.path())) files.push_back(item.path());
        if (ec) {
            path_error(path, "cannot read this directory: " + ec.message());
            continue;
        }
        if (files.empty()) {
            path_error(path, "no corpus files (*.yaml or *.yml) in this directory");
            continue;
        }
        std::sort(files.begin(), files.end());
        for (const auto& file : files) load_file(file);
    }
    return result;
}

std::string bundled_path() {
    // The running program, as the kernel knows it (what Boost.DLL's
    // program_location reads on Linux); this library does without Boost.
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return "";
    return (exe.parent_path().parent_path() / "share" / "numplace" / "corpus").lexically_normal().string();
}

}  // namespace np::corpus
