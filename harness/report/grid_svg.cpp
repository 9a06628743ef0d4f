// A failed row's grids as inline SVG: the plugin's answer over the givens
// (or the puzzle alone) and, when the row's regression entry has one, the
// expected solution beside it. Marked: the cells where the two differ (on
// both), a given the answer changed, a cell in a unit where a value repeats
// (np::check_rules, the framework's rule check).
#include "report/grid_svg.hpp"

#include <algorithm>
#include <functional>
#include <set>

#include "report/html.hpp"
#include "numplace/grid.hpp"
#include "numplace/reason.hpp"

namespace np::report {

namespace {

struct Marks {
    std::set<int> conflicts;  // cells of a unit where their value repeats
    std::set<int> differs;    // cells where the answer and the expected solution differ
    std::set<int> changed;    // givens the answer does not keep
};

// The cells `reason` is about: every cell of its unit holding its value.
void mark_unit(const Geometry& g, const std::vector<int>& values, const Reason& reason, std::set<int>& out) {
    for (int r = 0; r < g.side(); ++r)
        for (int c = 0; c < g.side(); ++c) {
            const bool in_unit = (reason.row != 0 && reason.column == 0 && reason.box == 0 && r + 1 == reason.row) ||
                                 (reason.column != 0 && reason.row == 0 && reason.box == 0 && c + 1 == reason.column) ||
                                 (reason.box != 0 && reason.row == 0 && reason.column == 0 && g.box_of(r, c) + 1 == reason.box);
            const int i = r * g.side() + c;
            if (in_unit && values[static_cast<std::size_t>(i)] == reason.value) out.insert(i);
        }
}

// check_rules names a duplicate's later cell and its unit; the unit with
// the value marks both cells. Values out of range are marks on their own.
void mark_conflicts(const Geometry& g, const std::vector<int>& values, std::set<int>& out) {
    Grid grid(g);
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (values[i] < 0 || values[i] > g.side()) out.insert(static_cast<int>(i));
        else grid.cells[i] = static_cast<uint8_t>(values[i]);
    }
    for (Reason reason : check_rules(grid)) {
        reason.column = reason.code == ReasonCode::duplicate_in_column ? reason.column : 0;
        reason.row = reason.code == ReasonCode::duplicate_in_row ? reason.row : 0;
        reason.box = reason.code == ReasonCode::duplicate_in_box ? reason.box : 0;
        mark_unit(g, values, reason, out);
    }
}

Marks marks_of(const VerifyRow& row, const Geometry& g) {
    Marks m;
    const std::vector<int>& shown = row.answer.empty() ? row.puzzle : row.answer;
    mark_conflicts(g, shown, m.conflicts);
    for (std::size_t i = 0; i < row.answer.size(); ++i) {
        if (row.puzzle[i] != 0 && row.answer[i] != row.puzzle[i]) m.changed.insert(static_cast<int>(i));
        if (!row.solution.empty() && row.answer[i] != row.solution[i]) m.differs.insert(static_cast<int>(i));
    }
    return m;
}

std::string symbol(int value) {
    if (value <= 0) return "";
    if (value > 35) return "?";
    return std::string(1, value_symbol(value));
}

// One cell as drawn: its value, classes, fill and text colour.
struct Cell {
    int value = 0;
    bool given = false, conflict = false;
    std::string kind, fill, colour;
};

// A cell of the left grid: the answer over the givens (the puzzle alone
// when the report has no answer).
Cell answer_cell(const VerifyRow& row, const Marks& m, int i) {
    const auto at = static_cast<std::size_t>(i);
    Cell c;
    c.given = row.puzzle[at] != 0;
    c.value = row.answer.empty() ? row.puzzle[at] : row.answer[at];
    c.kind = c.given ? "cell given" : c.value != 0 ? "cell answer" : "cell empty";
    c.fill = c.given ? "#eeeeee" : "#ffffff";
    c.conflict = m.conflicts.count(i) != 0;
    if (m.differs.count(i) != 0) c.kind += " differs", c.fill = "#f9d2d2";
    if (m.changed.count(i) != 0) c.kind += " changed", c.fill = "#f4a6a6";
    if (c.conflict) c.kind += " conflict";
    c.colour = c.conflict ? "#b00020" : c.given ? "#111111" : "#0057a8";
    return c;
}

// A cell of the expected solution: the givens as on the left, the rest green.
Cell solution_cell(const VerifyRow& row, const Marks& m, int i) {
    const auto at = static_cast<std::size_t>(i);
    Cell c;
    c.given = row.puzzle[at] != 0;
    c.value = row.solution[at];
    c.kind = c.given ? "cell given" : "cell solution";
    c.fill = c.given ? "#eeeeee" : "#ffffff";
    if (m.differs.count(i) != 0) c.kind += " differs", c.fill = "#f9d2d2";
    c.colour = c.given ? "#111111" : "#1b7a2f";
    return c;
}

std::string cell_svg(const Cell& c, int x, int y, int size) {
    const std::string xs = std::to_string(x), ys = std::to_string(y), ss = std::to_string(size);
    return "<rect class=\"" + c.kind + "\" x=\"" + xs + "\" y=\"" + ys + "\" width=\"" + ss + "\" height=\"" + ss +
           "\" fill=\"" + c.fill + "\"" + (c.conflict ? " stroke=\"#d55e00\" stroke-width=\"2.5\"" : "") + "/>" +
           "<text x=\"" + std::to_string(x + size / 2) + "\" y=\"" + std::to_string(y + size * 7 / 10) +
           "\" text-anchor=\"middle\" font-size=\"" + std::to_string(size * 6 / 10) + "\" fill=\"" + c.colour + "\"" +
           (c.given ? " font-weight=\"bold\"" : "") + ">" + symbol(c.value) + "</text>\n";
}

std::string box_lines(const Geometry& g, int size, int origin) {
    std::string out;
    const int end = origin + g.side() * size;
    for (int k = 0; k <= g.side(); ++k) {
        const int p = origin + k * size;
        const std::string width = k % g.box_cols == 0 ? "2" : "0.5", height = k % g.box_rows == 0 ? "2" : "0.5";
        out += "<line x1=\"" + std::to_string(p) + "\" y1=\"" + std::to_string(origin) + "\" x2=\"" + std::to_string(p) +
               "\" y2=\"" + std::to_string(end) + "\" stroke=\"#333\" stroke-width=\"" + width + "\"/>";
        out += "<line x1=\"" + std::to_string(origin) + "\" y1=\"" + std::to_string(p) + "\" x2=\"" + std::to_string(end) +
               "\" y2=\"" + std::to_string(p) + "\" stroke=\"#333\" stroke-width=\"" + height + "\"/>\n";
    }
    return out;
}

// One grid with its caption; `which` names it for readers and tests.
std::string figure_svg(const Geometry& g, const std::function<Cell(int)>& cell_at, const std::string& which,
                       const std::string& caption) {
    const int size = std::clamp(288 / g.side(), 14, 36), origin = 2, total = g.side() * size + 2 * origin;
    std::string out = "<figure><svg class=\"sudoku\" data-grid=\"" + which + "\" width=\"" + std::to_string(total) +
                      "\" height=\"" + std::to_string(total) + "\" font-family=\"sans-serif\">\n";
    for (int i = 0; i < g.cell_count(); ++i)
        out += cell_svg(cell_at(i), origin + (i % g.side()) * size, origin + (i / g.side()) * size, size);
    return out + box_lines(g, size, origin) + "</svg><figcaption class=\"meta\">" + html::escape(caption) +
           "</figcaption></figure>";
}

std::string legend(const VerifyRow& row, const Marks& m) {
    std::vector<std::string> parts = {"bold on grey: givens"};
    const std::string other = row.solution_refutes ? "the other solution" : "the expected solution";
    if (!row.answer.empty()) parts.push_back("blue: the plugin's answer");
    else parts.push_back("no answer grid in the report");
    if (!row.solution.empty()) parts.push_back("green: " + other);
    if (!m.differs.empty())
        parts.push_back("pink, on both grids: the " + std::to_string(m.differs.size()) + " cell(s) where the answer and " +
                        other + " differ");
    else if (!row.answer.empty() && !row.solution.empty()) parts.push_back("the answer and " + other + " agree");
    if (!m.changed.empty()) parts.push_back(std::to_string(m.changed.size()) + " given(s) changed (dark red)");
    if (!m.conflicts.empty()) parts.push_back(std::to_string(m.conflicts.size()) + " cell(s) break a rule (red, outlined)");
    std::string out;
    for (const auto& p : parts) out += (out.empty() ? "" : "; ") + p;
    return "<div class=\"meta legend\">" + html::escape(out) + "</div>";
}

}  // namespace

std::string grid_svg(const VerifyRow& row) {
    const Geometry g{row.box_rows, row.box_cols};
    if (!g.valid()) return "";
    const auto cells = static_cast<std::size_t>(g.cell_count());
    if (row.puzzle.size() != cells || (!row.answer.empty() && row.answer.size() != cells) ||
        (!row.solution.empty() && row.solution.size() != cells))
        return "";
    const Marks m = marks_of(row, g);
    std::string out = "<div class=\"grid\"><div class=\"grids\">";
    out += figure_svg(g, [&](int i) { return answer_cell(row, m, i); }, row.answer.empty() ? "puzzle" : "answer",
                      row.answer.empty() ? "the puzzle (the report holds no answer grid)" : row.plugin + "'s answer");
    if (!row.solution.empty())
        out += figure_svg(g, [&](int i) { return solution_cell(row, m, i); }, "solution",
                          row.solution_refutes
                              ? "another solution (" + (row.solution_source.empty() ? std::string("source unknown")
                                                                                   : row.solution_source) + ")"
                              : "the expected solution" + (row.solution_source.empty()
                                                               ? std::string()
                                                               : " (source: " + row.solution_source + ")"));
    return out + "</div>" + legend(row, m) + "</div>";
}

}  // namespace np::report
