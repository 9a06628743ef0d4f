// The form of a step's chains (steps.hpp, chains_problem): what a person
// reads of a forcing chain, net or Nishio step, one branch a line:
//
//   r1c3=2 -> r1c5<>2 -> r1c5=7 -> r2c5<>7 -> r2c7 without candidates
//
// Facts are "rRcC=V" (placed) or "rRcC<>V" (gone), rows and columns from 1,
// V a symbol (1-9, then A-Z); the last token may be words (the contradiction,
// or what the branch ends in). The host does not replay the implications
// (the pattern and the effects are what it certifies); it holds the text to
// its grammar and to the step: a fact about a cell the step never names is a
// chain about another step, refused like any other malformed field.
#include <string>
#include <string_view>
#include <unordered_set>

#include "numplace/steps.hpp"

namespace np {

namespace {

constexpr std::string_view kArrow = " -> ";

// Digits from `at` as a number (1..99), advancing `at`; 0 when none.
int number(std::string_view s, std::size_t& at) {
    int n = 0;
    std::size_t digits = 0;
    while (at < s.size() && s[at] >= '0' && s[at] <= '9' && digits < 3) n = n * 10 + (s[at++] - '0'), ++digits;
    return digits == 0 || digits > 2 ? 0 : n;
}

// A fact's cell (0-based) when `token` is one, else -1; -2 when it is a
// fact about a cell or value outside the grid.
int fact_cell(std::string_view token, int side) {
    std::size_t at = 0;
    if (token.empty() || token[at++] != 'r') return -1;
    const int row = number(token, at);
    if (row == 0 || at >= token.size() || token[at++] != 'c') return -1;
    const int column = number(token, at);
    if (column == 0) return -1;
    if (token.substr(at, 2) == "<>") at += 2;
    else if (token.substr(at, 1) == "=") at += 1;
    else return -1;
    if (at + 1 != token.size()) return -1;
    const int value = symbol_value(token[at]);
    if (value == kBadSymbol || value < 1) return -1;
    if (row > side || column > side || value > side) return -2;
    return (row - 1) * side + (column - 1);
}

std::string line_problem(std::string_view line, std::size_t number, int side, const std::unordered_set<int>& named) {
    const std::string where = "chain line " + std::to_string(number) + ": ";
    if (line.empty()) return where + "empty";
    for (std::size_t from = 0;;) {
        const std::size_t arrow = line.find(kArrow, from);
        const std::string_view token = line.substr(from, arrow == std::string_view::npos ? arrow : arrow - from);
        const bool last = arrow == std::string_view::npos;
        const int cell = fact_cell(token, side);
        if (cell == -2) return where + "the fact " + std::string(token) + " is outside the grid";
        if (cell == -1 && !last) return where + "'" + std::string(token.substr(0, 40)) + "' is no fact (rRcC=V or rRcC<>V)";
        if (cell >= 0 && named.count(cell) == 0)
            return where + "the fact " + std::string(token) + " is about a cell the step's pattern and effects do not name";
        if (last) return "";
        from = arrow + kArrow.size();
    }
}

}  // namespace

std::string chains_problem(const Step& step, const Geometry& geometry) {
    if (step.chains.empty()) return "";
    if (step.chains.size() > kMaxChainsBytes) return "the step's chains longer than " + std::to_string(kMaxChainsBytes) + " bytes";
    for (char c : step.chains)
        if ((c < 0x20 || c > 0x7e) && c != '\n') return "the step's chains hold a byte outside printable ASCII";
    std::unordered_set<int> named;
    for (const auto* list : {&step.pattern, &step.placements, &step.eliminations})
        for (const Candidate& c : *list) named.insert(c.cell);
    std::string_view text = step.chains;
    if (text.back() == '\n') text.remove_suffix(1);
    std::size_t number = 1;
    for (std::size_t from = 0;; ++number) {
        const std::size_t end = text.find('\n', from);
        const std::string_view line = text.substr(from, end == std::string_view::npos ? end : end - from);
        if (auto p = line_problem(line, number, geometry.side(), named); !p.empty()) return p;
        if (end == std::string_view::npos) return "";
        from = end + 1;
    }
}

}  // namespace np
