// The corpus loader's schemas (checker.hpp): an entry's kind, the fields
// every kind has, and the schema of puzzle, grid-check and step entries
// (generator entries: generator_schema.cpp).
#include <algorithm>
#include <set>

#include "corpus/checker.hpp"

namespace np::corpus::detail {

namespace {

bool id_character(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '.' || c == '_' || c == '-';
}

enum class Kind { puzzle, grid_check, generator, step };

}  // namespace

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
    Fields f(*this, n,
             {"id", "kind", "size", "regions", "puzzle", "constraints", "negative", "expect", "source", "tags",
              "notes", "max_nodes"},
             "a puzzle entry");
    PuzzleEntry e;
    e.where = where(n);
    Common c;
    common(f, c);

    const VariantNodes variant{f["regions"], f["constraints"], f["negative"]};
    const auto size = variant.regions ? variant_size(f["size"]) : size_value(f["size"]);
    PuzzleKeys k;
    k.puzzle = f.required(*this, "puzzle", "a line, or a block of rows");
    std::optional<ParseResult> puzzle;
    if (k.puzzle) {
        if (auto text = string_value(*k.puzzle, "puzzle")) {
            e.text = *text;
            if (size) puzzle = parse_text(e.text, *size);
        }
    }
    // A variant's givens are checked against its rules too: it rides on the grid.
    if (variant.any() && size) attach_variant(variant, k.puzzle, puzzle, size->side());
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
        const auto violations = rule_violations(std::get<Grid>(*k.parsed));
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

}  // namespace np::corpus::detail
