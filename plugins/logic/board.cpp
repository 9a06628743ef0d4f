#include "board.hpp"

#include <algorithm>

#include <utility>

namespace logic {

Board::Board(int box_rows, int box_cols) : n_(box_rows * box_cols), rows_(box_rows), cols_(box_cols) {
    unit_cells_.assign(static_cast<std::size_t>(3 * n_), {});
    for (int cell = 0; cell < cells(); ++cell) {
        unit_cells_[static_cast<std::size_t>(row_unit(cell))].push_back(cell);
        unit_cells_[static_cast<std::size_t>(col_unit(cell))].push_back(cell);
        unit_cells_[static_cast<std::size_t>(box_unit(cell))].push_back(cell);
    }
    peers_.assign(static_cast<std::size_t>(cells()), {});
    for (int a = 0; a < cells(); ++a)
        for (int b = 0; b < cells(); ++b)
            if (sees(a, b)) peers_[static_cast<std::size_t>(a)].push_back(b);
    values_.assign(static_cast<std::size_t>(cells()), 0);
    masks_.assign(static_cast<std::size_t>(cells()), 0);
}

Mask Board::positions(int u, int v) const {
    Mask m = 0;
    const auto& cs = unit(u);
    for (std::size_t i = 0; i < cs.size(); ++i)
        if (has(cs[i], v)) m |= Mask{1} << i;
    return m;
}

Mask Board::placed(int u) const {
    Mask m = 0;
    for (int cell : unit(u))
        if (value(cell) != 0) m |= Mask{1} << value(cell);
    return m;
}

void Board::start(const uint8_t* given, const std::vector<Mask>& masks) {
    empty_ = 0;
    for (int cell = 0; cell < cells(); ++cell) {
        values_[static_cast<std::size_t>(cell)] = given[cell];
        masks_[static_cast<std::size_t>(cell)] = given[cell] != 0 ? 0 : masks[static_cast<std::size_t>(cell)] & all_values();
        if (given[cell] == 0) ++empty_;
    }
    for (int cell = 0; cell < cells(); ++cell)
        if (value(cell) != 0)
            for (int p : peers(cell)) masks_[static_cast<std::size_t>(p)] &= ~(Mask{1} << value(cell));
}

void Board::place(int cell, int v) {
    values_[static_cast<std::size_t>(cell)] = static_cast<uint8_t>(v);
    masks_[static_cast<std::size_t>(cell)] = 0;
    --empty_;
    for (int p : peers(cell)) masks_[static_cast<std::size_t>(p)] &= ~(Mask{1} << v);
}

void Board::apply(const Step& step) {
    for (const Cand& e : step.eliminations) masks_[e.cell] &= ~(Mask{1} << e.value);
    for (const Cand& p : step.placements) place(static_cast<int>(p.cell), static_cast<int>(p.value));
}

bool Board::contradiction() const {
    for (int cell = 0; cell < cells(); ++cell)
        if (value(cell) == 0 && mask(cell) == 0) return true;
    for (int u = 0; u < units(); ++u) {
        Mask seen = 0;
        for (int cell : unit(u)) seen |= value(cell) != 0 ? Mask{1} << value(cell) : mask(cell);
        if (seen != all_values()) return true;
    }
    return false;
}

namespace {
// The host's label of each value while a ShownLabels lives (empty: v itself).
thread_local std::vector<int> shown_labels;
int host_label(int v) {
    return static_cast<std::size_t>(v) < shown_labels.size() ? shown_labels[static_cast<std::size_t>(v)] : v;
}
char digit(int v) { return v < 10 ? static_cast<char>('0' + v) : static_cast<char>('A' + v - 10); }
}  // namespace

ShownLabels::ShownLabels(std::vector<int> host) { shown_labels = std::move(host); }
ShownLabels::~ShownLabels() { shown_labels.clear(); }

char Board::symbol(int v) { return digit(host_label(v)); }

std::string Board::symbols(Mask m) {
    Mask shown = 0;
    for (; m != 0; m &= m - 1) shown |= Mask{1} << host_label(lowest(m));
    std::string out;
    for (; shown != 0; shown &= shown - 1) {
        if (!out.empty()) out += ',';
        out += digit(lowest(shown));
    }
    return out;
}

std::string Board::label(int cell) const {
    return "r" + std::to_string(row(cell) + 1) + "c" + std::to_string(col(cell) + 1);
}

std::string Board::unit_name(int u) const {
    static const char* kinds[] = {"row ", "column ", "box "};
    return kinds[u / n_] + std::to_string(u % n_ + 1);
}

std::string Board::values_text(Mask m) const {
    std::string out = "{";
    out += symbols(m);
    return out += '}';
}

std::string Board::cells_text(const std::vector<int>& cs) const {
    std::string out;
    for (int cell : cs) out += (out.empty() ? "" : ",") + label(cell);
    return out;
}

std::string clipped(std::string text) {
    if (text.size() > 200) text = text.substr(0, 196) + "...";
    return text;
}

// "(5)" + text, or "(5=3)" + text.
std::string in_brackets(int v, int w, const std::string& text) {
    std::string out = "(";
    out += Board::symbol(v);
    if (w != 0) out += '=', out += Board::symbol(w);
    out += ')';
    out += text;
    return out;
}

// head + items joined by seps[i]; past the host's 200 bytes the middle
// items give way to "..." so that both ends (what the step concludes from)
// stay readable.
std::string chain_text(const std::string& head, const std::vector<std::string>& items, const std::string& seps) {
    const std::size_t n = items.size();
    for (std::size_t dropped = 0; dropped + 2 <= n; ++dropped) {
        const std::size_t front = (n - dropped + 1) / 2, back = front + dropped;  // items[front, back) give way
        std::string out = head;
        for (std::size_t i = 0; i < n; ++i) {
            if (i >= front && i < back) continue;
            if (dropped > 0 && i == back) out += seps[front - 1], out += "...";
            if (i > 0) out += seps[i - 1];
            out += items[i];
        }
        if (out.size() <= 200) return out;
    }
    return clipped(head + items.front());
}

void sort_unique(std::vector<Cand>& cands) {
    auto before = [](const Cand& x, const Cand& y) { return x.cell != y.cell ? x.cell < y.cell : x.value < y.value; };
    auto same = [](const Cand& x, const Cand& y) { return x.cell == y.cell && x.value == y.value; };
    std::sort(cands.begin(), cands.end(), before);
    cands.erase(std::unique(cands.begin(), cands.end(), same), cands.end());
}

}  // namespace logic
