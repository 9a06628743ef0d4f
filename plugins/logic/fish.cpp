// Fish: k base lines (rows, or columns) in which value v has all its
// candidates within k cover lines (columns, or rows). Each base line holds
// v once, in a cover line, and the k cover lines can hold only k, so v
// leaves the cover lines outside the base. A finned fish allows extra
// candidates (fins) in the base lines, all in one box: either a fin holds v
// or the fish stands, so v leaves the cells of the fins' box that the fish
// would clear.
#include <string>

#include "techniques.hpp"

namespace logic {

namespace {

const char* fish_name(int k, bool finned) {
    static const char* basic[] = {"x-wing", "swordfish", "jellyfish", "squirmbag", "whale", "leviathan"};
    static const char* with_fins[] = {"finned x-wing", "finned swordfish", "finned jellyfish",
                                      "finned squirmbag", "finned whale", "finned leviathan"};
    static thread_local std::string other;
    if (k - 2 < 6) return finned ? with_fins[k - 2] : basic[k - 2];
    other = (finned ? "finned size-" : "size-") + std::to_string(k) + " fish";
    return other.c_str();
}

// One orientation of one value: base lines are rows (across = 0: cover
// lines are columns) or columns (across = 1).
struct Sea {
    const Board& b;
    int v, across;
    int n() const { return b.side(); }
    int cell(int line, int pos) const { return across == 0 ? line * n() + pos : pos * n() + line; }
    int line_of(int cell) const { return across == 0 ? b.row(cell) : b.col(cell); }
    int pos_of(int cell) const { return across == 0 ? b.col(cell) : b.row(cell); }
    Mask candidates(int line) const { return b.positions(across * n() + line, v); }
    char line_letter(bool base) const { return (across == 0) == base ? 'r' : 'c'; }
    std::string lines_text(Mask lines, bool base) const {
        std::string out;
        for (Mask m = lines; m != 0; m &= m - 1)
            out += (out.empty() ? "" : ",") + std::string(1, line_letter(base)) + std::to_string(lowest(m) + 1);
        return out;
    }
};

// Picks k lines (bits of `base`) among `lines`, the union of whose `masks`
// stays within k bits; `done` gets (base, union) and returns true to stop.
template <class Done>
bool pick(const std::vector<int>& lines, const std::vector<Mask>& masks, int k, std::size_t from, Mask base, Mask joined,
          int picked, Search& search, const Done& done) {
    if (picked == k) return done(base, joined);
    for (std::size_t i = from; i + static_cast<std::size_t>(k - picked) <= lines.size(); ++i) {
        const Mask next = joined | masks[i];
        if (count(next) > k) continue;
        if (search.spent()) return false;
        if (pick(lines, masks, k, i + 1, base | Mask{1} << lines[i], next, picked + 1, search, done)) return true;
    }
    return false;
}

void describe(const Sea& sea, int k, bool finned, Mask base, Mask cover, Step& step) {
    step.technique = fish_name(k, finned);
    step.where = std::string(1, Board::symbol(sea.v)) + " in " + sea.lines_text(base, true) + " / " + sea.lines_text(cover, false);
    for (Mask m = base; m != 0; m &= m - 1)
        for (int pos = 0; pos < sea.n(); ++pos)
            step.pattern.push_back({static_cast<uint32_t>(sea.cell(lowest(m), pos)), static_cast<uint32_t>(sea.v)});
}

bool basic_fish(const Sea& sea, int k, Search& search, Step& step) {
    std::vector<int> lines;
    std::vector<Mask> masks;
    for (int line = 0; line < sea.n(); ++line)
        if (const Mask m = sea.candidates(line); m != 0 && count(m) <= k) lines.push_back(line), masks.push_back(m);
    return pick(lines, masks, k, 0, 0, 0, 0, search, [&](Mask base, Mask cover) {
        for (int line = 0; line < sea.n(); ++line)
            if (!(base >> line & 1))
                for (Mask m = cover & sea.candidates(line); m != 0; m &= m - 1)
                    step.eliminations.push_back({static_cast<uint32_t>(sea.cell(line, lowest(m))), static_cast<uint32_t>(sea.v)});
        if (step.eliminations.empty()) return false;
        describe(sea, k, false, base, cover, step);
        return true;
    });
}

// The fins all in box `box`: base candidates outside the box fix the cover
// lines; spare cover lines go to the box's own lines that have targets.
bool finned_fish_in(const Sea& sea, int k, int box, Search& search, Step& step) {
    const Board& b = sea.b;
    Mask box_lines = 0, box_pos = 0;  // the box's base-direction lines and cover positions
    for (int cell : b.unit(2 * sea.n() + box)) box_lines |= Mask{1} << sea.line_of(cell), box_pos |= Mask{1} << sea.pos_of(cell);
    std::vector<int> lines;
    std::vector<Mask> outside;
    for (int line = 0; line < sea.n(); ++line) {
        const Mask m = sea.candidates(line);
        const Mask out = (box_lines >> line & 1) ? m & ~box_pos : m;
        if (m != 0 && count(out) <= k) lines.push_back(line), outside.push_back(out);
    }
    return pick(lines, outside, k, 0, 0, 0, 0, search, [&](Mask base, Mask cover) {
        auto targets_at = [&](int pos) {
            std::vector<int> out;
            for (Mask m = box_lines & ~base; m != 0; m &= m - 1)
                if (b.has(sea.cell(lowest(m), pos), sea.v)) out.push_back(sea.cell(lowest(m), pos));
            return out;
        };
        for (Mask m = box_pos & ~cover; m != 0 && count(cover) < k; m &= m - 1)
            if (!targets_at(lowest(m)).empty()) cover |= Mask{1} << lowest(m);
        std::vector<int> fins;
        for (Mask m = base & box_lines; m != 0; m &= m - 1)
            for (Mask p = sea.candidates(lowest(m)) & box_pos & ~cover; p != 0; p &= p - 1) fins.push_back(sea.cell(lowest(m), lowest(p)));
        if (fins.empty()) return false;
        for (Mask m = cover & box_pos; m != 0; m &= m - 1)
            for (int cell : targets_at(lowest(m))) step.eliminations.push_back({static_cast<uint32_t>(cell), static_cast<uint32_t>(sea.v)});
        if (step.eliminations.empty()) return false;
        describe(sea, k, true, base, cover, step);
        step.where = clipped(step.where + ", fins " + b.cells_text(fins));
        return true;
    });
}

bool fish(const Board& b, Search& search, int k, bool finned, Step& step) {
    if (k > search.max_fish) return false;
    for (int v = 1; v <= b.side(); ++v)
        for (int across = 0; across < 2; ++across) {
            const Sea sea{b, v, across};
            if (!finned && basic_fish(sea, k, search, step)) return true;
            if (finned)
                for (int box = 0; box < b.side(); ++box)
                    if (finned_fish_in(sea, k, box, search, step)) return true;
        }
    return false;
}

}  // namespace

bool x_wing(const Board& b, Search& s, Step& step) { return fish(b, s, 2, false, step); }
bool finned_x_wing(const Board& b, Search& s, Step& step) { return fish(b, s, 2, true, step); }
bool swordfish(const Board& b, Search& s, Step& step) { return fish(b, s, 3, false, step); }
bool finned_swordfish(const Board& b, Search& s, Step& step) { return fish(b, s, 3, true, step); }
bool jellyfish(const Board& b, Search& s, Step& step) { return fish(b, s, 4, false, step); }
bool finned_jellyfish(const Board& b, Search& s, Step& step) { return fish(b, s, 4, true, step); }

bool big_fish(const Board& b, Search& s, Step& step) {
    for (int k = 5; k <= s.max_fish; ++k)
        if (fish(b, s, k, false, step) || fish(b, s, k, true, step)) return true;
    return false;
}

}  // namespace logic
