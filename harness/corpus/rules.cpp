// The corpus loader's rule checks (checker.hpp): what an entry states
// (a solution, a count, an invalid puzzle's reason, a grid's violations)
// against the rules of the puzzle (np::check_rules) and against itself.
#include <algorithm>
#include <functional>
#include <limits>

#include "corpus/checker.hpp"

namespace np::corpus::detail {

std::vector<Reason> rule_violations(const Grid& grid) {
    std::vector<Reason> found = check_rules(grid);
    if (auto issue = check_variant_grid(grid)) found.push_back(Reason{ReasonCode::breaks_constraint, 0, 0, 0, 0, issue->message});
    return found;
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
        if (ok && givens.is_variant()) {
            if (auto issue = check_variant(*givens.variant, solution)) {
                error(at, "the solution breaks a constraint: " + issue->message);
                ok = false;
            }
        }
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
    const auto violations = rule_violations(std::get<Grid>(puzzle));
    if (violations.empty()) {
        error(verdict_node,
              "expects invalid but the givens obey the rules (an invalid entry needs a value "
              "repeated in a row, column or box, a variant constraint the givens break, or a text that does "
              "not parse)");
        return;
    }
    for (const Reason& v : violations)
        if (expected.matches(v)) return;
    error(reason_node, "the expected reason " + expected.describe() +
                           " is not one of the puzzle's violations: " +
                           list_reasons(all_of(violations)));
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

}  // namespace np::corpus::detail
