// A failed row's puzzle drawn as an SVG grid: the givens, the plugin's
// answer over them, and marks for what is wrong: a given the answer
// changed, a cell that differs from the expected solution, a cell in a
// unit where a value repeats (np::check_rules, the framework's rule check).
#include "grid_svg.hpp"

#include <algorithm>
#include <set>

#include "html.hpp"
#include "numplace/grid.hpp"
#include "numplace/reason.hpp"

namespace np::report {

namespace {

struct Marks {
    std::set<int> conflicts;  // cells of a unit where their value repeats
    std::set<int> differs;    // answer cells that are not the expected solution's
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

std::string cell_svg(const VerifyRow& row, const Marks& m, int i, int x, int y, int size) {
    const auto at = static_cast<std::size_t>(i);
    const bool given = row.puzzle[at] != 0;
    const int value = row.answer.empty() ? row.puzzle[at] : row.answer[at];
    std::string kind = given ? "cell given" : value != 0 ? "cell answer" : "cell empty";
    std::string fill = given ? "#eeeeee" : "#ffffff";
    if (m.differs.count(i) != 0) kind += " differs", fill = "#f9d2d2";
    if (m.changed.count(i) != 0) kind += " changed", fill = "#f4a6a6";
    if (m.conflicts.count(i) != 0) kind += " conflict";
    const std::string xs = std::to_string(x), ys = std::to_string(y), ss = std::to_string(size);
    std::string out = "<rect class=\"" + kind + "\" x=\"" + xs + "\" y=\"" + ys + "\" width=\"" + ss + "\" height=\"" + ss +
                      "\" fill=\"" + fill + "\"" +
                      (m.conflicts.count(i) != 0 ? " stroke=\"#d55e00\" stroke-width=\"2.5\"" : "") + "/>";
    const std::string colour = m.conflicts.count(i) != 0 ? "#b00020" : given ? "#111111" : "#0057a8";
    out += "<text x=\"" + std::to_string(x + size / 2) + "\" y=\"" + std::to_string(y + size * 7 / 10) +
           "\" text-anchor=\"middle\" font-size=\"" + std::to_string(size * 6 / 10) + "\" fill=\"" + colour + "\"" +
           (given ? " font-weight=\"bold\"" : "") + ">" + symbol(value) + "</text>";
    if (m.differs.count(i) != 0)  // the expected value, small, in the corner
        out += "<text x=\"" + std::to_string(x + size - 2) + "\" y=\"" + std::to_string(y + size / 3) +
               "\" text-anchor=\"end\" font-size=\"" + std::to_string(std::max(7, size / 3)) + "\" fill=\"#1b7a2f\">" +
               symbol(row.solution[at]) + "</text>";
    return out + "\n";
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

std::string legend(const VerifyRow& row, const Marks& m) {
    std::vector<std::string> parts = {"bold on grey: givens"};
    if (!row.answer.empty()) parts.push_back("blue: the plugin's answer");
    else parts.push_back("no answer grid in the report");
    if (!m.changed.empty()) parts.push_back(std::to_string(m.changed.size()) + " given(s) changed (dark red)");
    if (!m.differs.empty()) parts.push_back(std::to_string(m.differs.size()) + " cell(s) differ from the expected solution (pink; expected value in green)");
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
    const int size = std::clamp(288 / g.side(), 14, 36), origin = 2, total = g.side() * size + 2 * origin;
    std::string out = "<div class=\"grid\"><svg class=\"sudoku\" width=\"" + std::to_string(total) + "\" height=\"" +
                      std::to_string(total) + "\" font-family=\"sans-serif\">\n";
    for (int i = 0; i < g.cell_count(); ++i)
        out += cell_svg(row, m, i, origin + (i % g.side()) * size, origin + (i / g.side()) * size, size);
    out += box_lines(g, size, origin) + "</svg>" + legend(row, m) + "</div>";
    return out;
}

}  // namespace np::report
