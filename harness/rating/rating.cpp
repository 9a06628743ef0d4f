// The rating table (docs/rating.md, "The table") and the two scales.
#include "rating/rating.hpp"

#include <cctype>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdio>
#include <string_view>

#include "rating/techniques.hpp"

namespace np::rating {

namespace {

// How an entry's SE-style difficulty is modified.
enum class Rule {
    flat,           // the base
    chain,          // base + length_tenths(np_step.length, else the pattern's size)
    hidden_single,  // 1.2 in a box, 1.5 in a line
    strong_links,   // sukaku: by its strong links (nodes / 2), as its "strong-linked fishes"; else as `chain`
    strong_loop,    // the same for a loop, whose length is its nodes less two
    grouped_links,  // sukaku: its grouped strong links' ladder (+0.3); else as `chain`
    loop,           // unique loops: base + 0.1 per two cells past six, at most 5.0
    wing4,          // WXYZ: +0.1 when its biggest cell holds three candidates
    wing5,          // VWXYZ: + (2 - |3 - biggest cell's candidates|) tenths
};

struct Entry {
    std::string_view technique;
    int se, sukaku;  // tenths in each table
    Rule rule;
    int score;
    Level level;
};

using L = Level;
// SE v1.2.1's difficulties where SE has the technique; Sukaku Explainer's
// for its additions; for techniques neither has, the difficulty of the SE
// technique that does the same work (docs/rating.md says which). HoDoKu's
// default scores and levels likewise.
constexpr std::array kEntries{
    Entry{"full house", 10, 10, Rule::flat, 4, L::easy},
    Entry{"hidden single", 12, 12, Rule::hidden_single, 14, L::easy},
    Entry{"naked single", 23, 23, Rule::flat, 4, L::easy},
    Entry{"locked candidates (pointing)", 26, 26, Rule::flat, 50, L::medium},
    Entry{"locked candidates (claiming)", 28, 28, Rule::flat, 50, L::medium},
    Entry{"naked pair", 30, 30, Rule::flat, 60, L::medium},
    Entry{"x-wing", 32, 32, Rule::flat, 140, L::hard},
    Entry{"hidden pair", 34, 34, Rule::flat, 70, L::medium},
    Entry{"finned x-wing", 34, 34, Rule::flat, 130, L::hard},
    Entry{"naked triple", 36, 36, Rule::flat, 80, L::medium},
    Entry{"swordfish", 38, 38, Rule::flat, 150, L::hard},
    Entry{"hidden triple", 40, 40, Rule::flat, 100, L::medium},
    Entry{"finned swordfish", 40, 40, Rule::flat, 200, L::unfair},
    Entry{"skyscraper", 65, 40, Rule::flat, 130, L::hard},
    Entry{"two-string kite", 65, 41, Rule::flat, 150, L::hard},
    Entry{"xy-wing", 42, 42, Rule::flat, 160, L::hard},
    Entry{"xyz-wing", 44, 44, Rule::flat, 180, L::hard},
    Entry{"empty rectangle", 66, 43, Rule::grouped_links, 120, L::hard},
    Entry{"unique rectangle type 1", 45, 45, Rule::flat, 100, L::hard},
    Entry{"unique rectangle type 2", 46, 46, Rule::flat, 100, L::hard},
    Entry{"unique rectangle type 4", 45, 45, Rule::flat, 100, L::hard},
    Entry{"unique loop type 1", 46, 46, Rule::loop, 100, L::hard},
    Entry{"unique loop type 2", 47, 47, Rule::loop, 100, L::hard},
    Entry{"unique loop type 4", 46, 46, Rule::loop, 100, L::hard},
    Entry{"naked quad", 50, 50, Rule::flat, 120, L::hard},
    Entry{"jellyfish", 52, 52, Rule::flat, 160, L::unfair},
    Entry{"hidden quad", 54, 54, Rule::flat, 150, L::hard},
    Entry{"finned jellyfish", 54, 54, Rule::flat, 240, L::unfair},
    Entry{"wxyz-wing", 55, 55, Rule::wing4, 300, L::unfair},
    Entry{"doubly linked wxyz-wing", 55, 55, Rule::wing4, 300, L::unfair},
    Entry{"direct pointing", 17, 17, Rule::flat, 50, L::medium},
    Entry{"direct claiming", 19, 19, Rule::flat, 50, L::medium},
    Entry{"direct hidden pair", 20, 20, Rule::flat, 70, L::medium},
    Entry{"direct hidden triple", 25, 25, Rule::flat, 100, L::medium},
    Entry{"bug+1", 56, 56, Rule::flat, 100, L::hard},
    Entry{"bug type 2", 57, 57, Rule::flat, 100, L::hard},
    Entry{"aligned pair exclusion", 62, 62, Rule::flat, 300, L::unfair},
    Entry{"vwxyz-wing", 62, 62, Rule::wing5, 300, L::unfair},
    Entry{"doubly linked vwxyz-wing", 62, 62, Rule::wing5, 300, L::unfair},
    Entry{"x-cycle", 65, 65, Rule::strong_loop, 260, L::unfair},
    Entry{"y-cycle", 65, 65, Rule::chain, 260, L::unfair},
    Entry{"x-chain", 66, 65, Rule::strong_links, 260, L::unfair},
    Entry{"simple colouring", 66, 66, Rule::flat, 150, L::hard},
    Entry{"uvwxyz-wing", 66, 66, Rule::flat, 300, L::unfair},
    Entry{"doubly linked uvwxyz-wing", 66, 66, Rule::flat, 300, L::unfair},
    Entry{"grouped x-chain", 66, 43, Rule::grouped_links, 300, L::unfair},
    Entry{"xy-chain", 70, 70, Rule::chain, 260, L::unfair},
    Entry{"alternating inference chain", 70, 70, Rule::chain, 280, L::unfair},
    Entry{"xy-cycle", 70, 70, Rule::chain, 280, L::unfair},
    Entry{"w-wing", 71, 71, Rule::flat, 150, L::hard},
    Entry{"als-xz", 71, 71, Rule::flat, 300, L::unfair},
    Entry{"als-xy-wing", 72, 72, Rule::flat, 320, L::unfair},
    Entry{"aligned triple exclusion", 75, 75, Rule::flat, 350, L::unfair},
    Entry{"nishio", 75, 75, Rule::chain, 500, L::extreme},
    Entry{"cell forcing chain", 80, 80, Rule::chain, 500, L::extreme},
    Entry{"unit forcing chain", 80, 80, Rule::chain, 500, L::extreme},
    Entry{"dynamic forcing chain", 85, 85, Rule::chain, 600, L::extreme},
    Entry{"forcing net", 90, 90, Rule::chain, 700, L::extreme},
    Entry{"nested forcing net", 95, 95, Rule::chain, 700, L::extreme},
};

// The fish past jellyfish (squirmbag, whale, leviathan, size-K), basic or
// finned: jellyfish's 5.2 + 0.2 a size past four, +0.2 finned; HoDoKu's
// big fish are extreme. The name is parsed strictly (fish_named: two digits
// at most), and a rated step's size is at most N/2 (technique_problem).
std::optional<Entry> big_fish(std::string_view name) {
    const std::optional<FishName> fish = fish_named(name);
    if (!fish || fish->size < 5) return std::nullopt;
    const int tenths = 52 + 2 * (fish->size - 4) + (fish->finned ? 2 : 0);
    return Entry{"", tenths, tenths, Rule::flat, 470, L::extreme};
}

std::optional<Entry> entry_for(std::string_view technique) {
    for (const Entry& e : kEntries)
        if (e.technique == technique) return e;
    return big_fish(technique);
}

// The most candidates of a cell the pattern names whole.
int biggest_cell(const Step& step, const StepState& before) {
    int most = 0;
    for (const Candidate& c : step.pattern)
        if (c.value == 0 && before.value(c.cell) == 0) most = std::max(most, std::popcount(before.mask(c.cell)));
    return most;
}

int whole_cells(const Step& step) {
    return static_cast<int>(std::count_if(step.pattern.begin(), step.pattern.end(), [](const Candidate& c) { return c.value == 0; }));
}

// A hidden single whose pattern (the unit's other places) lies in the
// placement's box is one in a box.
bool in_box(const Step& step, const Geometry& g) {
    if (step.placements.empty()) return true;
    const int side = g.side();
    const auto box = [&](int cell) { return (cell / side) / g.box_rows * g.box_rows + (cell % side) / g.box_cols; };
    const int home = box(step.placements.front().cell);
    return std::all_of(step.pattern.begin(), step.pattern.end(), [&](const Candidate& c) { return box(c.cell) == home; });
}

int se_tenths(const Entry& e, const Step& step, const StepState& before, Table table) {
    const int base = table == Table::sukaku ? e.sukaku : e.se;
    const std::size_t length = step.length != 0 ? step.length : step.pattern.size();
    switch (e.rule) {
        case Rule::flat: return base;
        case Rule::chain: return base + length_tenths(length);
        case Rule::hidden_single: return in_box(step, before.geometry()) ? 12 : 15;
        case Rule::strong_links:
        case Rule::strong_loop: {
            // Sukaku Explainer's ladder of strong links, +0.1 for mixed
            // link kinds (which we do not tell apart): a turbot fish (two
            // links) 4.2, three 5.5, four 5.9, ... eight 7.5. A loop of n
            // nodes has n / 2 of them (its length is n - 2).
            const std::size_t links = (e.rule == Rule::strong_loop ? length + 2 : length) / 2;
            if (table != Table::sukaku || links > 8) return base + length_tenths(length);
            return links <= 2 ? 42 : static_cast<int>(54 + 4 * (links - 3) + 1);
        }
        case Rule::grouped_links: {
            // Sukaku Explainer's grouped strong links: its ladder for the
            // links (two 4.0, three 5.4, then +0.4 a link) + 0.3.
            const std::size_t links = length / 2;
            if (table != Table::sukaku || links > 8) return base + length_tenths(length);
            return links <= 2 ? 43 : static_cast<int>(54 + 4 * (links - 3) + 3);
        }
        case Rule::loop: return std::min(50, base + std::max(0, whole_cells(step) - 6) / 2);
        case Rule::wing4: return base + (biggest_cell(step, before) == 3 ? 1 : 0);
        case Rule::wing5: return base + std::max(0, 2 - std::abs(3 - biggest_cell(step, before)));
    }
    return base;
}

// HoDoKu's cap on each level's score: a puzzle scoring more is a level up.
constexpr long long kLevelCap[] = {800, 1000, 1600, 1800};

}  // namespace

std::optional<Table> table_named(const std::string& name) {
    if (name == "se") return Table::se;
    if (name == "sukaku") return Table::sukaku;
    return std::nullopt;
}

const char* table_name(Table t) { return t == Table::se ? "se" : "sukaku"; }

const char* class_name(Class c) {
    static const char* const names[] = {"single", "subset/fish", "wing", "chain", "forcing chain", "dynamic chain", "nested"};
    return names[static_cast<int>(c)];
}

Class class_of(int tenths) {
    // SE's table by band: singles and direct techniques below 2.6; locked
    // candidates, subsets to triples and basic fish below 4.2; wings,
    // uniqueness, quads, BUG and APE below 6.5; chains and forcing chains
    // below 7.6; Nishio and cell/region forcing chains below 8.8; dynamic
    // forcing chains below 9.9; nested ones from 9.9.
    static constexpr int kFrom[] = {26, 42, 65, 76, 88, 99};
    int c = 0;
    while (c < 6 && tenths >= kFrom[c]) ++c;
    return static_cast<Class>(c);
}

const char* level_name(Level l) {
    static const char* const names[] = {"easy", "medium", "hard", "unfair", "extreme"};
    return names[static_cast<int>(l)];
}

int highest_tenths(Table table) {
    constexpr std::size_t kLongest = 25 * 25 * 25;
    int highest = 0;
    for (const Entry& e : kEntries) {
        const int base = table == Table::sukaku ? e.sukaku : e.se;
        const bool grows = e.rule == Rule::chain || e.rule == Rule::strong_links || e.rule == Rule::strong_loop ||
                           e.rule == Rule::grouped_links;
        highest = std::max(highest, base + (grows ? length_tenths(kLongest) : 2));  // 2: a wing's most
    }
    return highest;
}

int length_tenths(std::size_t length) {
    int tenths = 0;
    std::size_t ceiling = 4;
    for (bool half = true; length > ceiling; half = !half) {
        ++tenths;
        ceiling = half ? ceiling * 3 / 2 : ceiling * 4 / 3;
    }
    return tenths;
}

StepRating rate_step(const Step& step, const StepState& before, Table table) {
    const std::optional<Entry> e = entry_for(step.technique);
    if (!e) return {};
    return {true, se_tenths(*e, step, before, table), e->score, e->level};
}

Rater::Rater(const Grid& puzzle, Table table) : state_(puzzle), table_(table) {}

bool Rater::take(const Step& step) {
    if (!out_.unknown.empty()) return false;
    const std::string number = "step " + std::to_string(out_.steps + 1) + " (" + step.technique + "): ";
    // Only a step of the vocabulary that fits its technique's shape is
    // rated; any other voids the rating, never guessed at.
    if (std::string why = technique_problem(step, state_.geometry(), state_.variant().get()); !why.empty()) return out_.unknown = number + why, false;
    const StepRating r = rate_step(step, state_, table_);
    if (!r.known) return out_.unknown = number + "not in the rating table", false;
    ++out_.steps;
    if (out_.steps == 1) out_.ed = r.tenths;
    if (r.tenths > out_.er) out_.er = r.tenths, out_.hardest = step.technique, out_.hardest_step = static_cast<int>(out_.steps);
    if (!placed_) out_.ep = std::max(out_.ep, r.tenths);
    placed_ = placed_ || !step.placements.empty();
    out_.score += r.score;
    highest_ = std::max(highest_, static_cast<int>(r.level));
    if (std::string why = state_.apply(step); !why.empty())  // certified already: cannot happen
        return out_.unknown = number + "a step that does not apply: " + why, false;
    return true;
}

Rating Rater::result() const {
    Rating out = out_;
    int highest = highest_;
    while (highest < kLevels - 1 && out.score > kLevelCap[highest]) ++highest;
    out.level = static_cast<Level>(highest);
    out.solved = out.unknown.empty() && state_.solved();
    return out;
}

Rating rate(const Grid& puzzle, const std::vector<Step>& steps, Table table) {
    Rater rater(puzzle, table);
    for (const Step& step : steps)
        if (!rater.take(step)) break;
    return rater.result();
}

std::string tenths_text(int tenths) {
    char text[16];
    std::snprintf(text, sizeof text, "%d.%d", tenths / 10, tenths % 10);
    return text;
}

std::vector<TableRow> table_rows(Table table) {
    std::vector<TableRow> rows;
    for (const Entry& e : kEntries) {
        const int base = table == Table::sukaku ? e.sukaku : e.se;
        std::string se = tenths_text(base);
        switch (e.rule) {
            case Rule::flat: break;
            case Rule::chain: se += " + length"; break;
            case Rule::hidden_single: se = "1.2 box / 1.5 line"; break;
            case Rule::strong_links:
            case Rule::strong_loop:
                se = table == Table::sukaku ? "by strong links: 2: 4.2, 3: 5.5, then +0.4 a link to 8: 7.5; longer 6.5 + length"
                                            : se + " + length";
                break;
            case Rule::grouped_links:
                se = table == Table::sukaku ? "by strong links: 2: 4.3, 3: 5.7, 4: 6.1" : se + " + length";
                break;
            case Rule::loop: se += " + 0.1 per 2 cells past 6 (at most 5.0)"; break;
            case Rule::wing4: se += " (5.6 when its biggest cell has 3)"; break;
            case Rule::wing5: se += " + 0.1 or 0.2 by its biggest cell"; break;
        }
        rows.push_back({std::string(e.technique), se, e.score, e.level});
    }
    rows.push_back({"squirmbag, whale, leviathan, size-K fish (finned: +0.2)", "5.2 + 0.2 a size past 4", 470, L::extreme});
    return rows;
}

namespace {

// "7.5" -> 75; nullopt unless digits with at most one decimal.
std::optional<int> tenths_of(const std::string& text) {
    const std::size_t dot = text.find('.');
    const std::string whole = text.substr(0, dot), frac = dot == std::string::npos ? "" : text.substr(dot + 1);
    auto digits = [](const std::string& s) {
        return std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
    };
    if (whole.empty() || whole.size() > 3 || frac.size() > 1 || !digits(whole) || !digits(frac) ||
        (dot != std::string::npos && frac.empty()))
        return std::nullopt;
    return std::stoi(whole) * 10 + (frac.empty() ? 0 : frac[0] - '0');
}

}  // namespace

std::optional<std::pair<std::optional<int>, std::optional<int>>> parse_band(const std::string& text,
                                                                            std::string& error) {
    const std::size_t dots = text.find("..");
    const std::string lo = dots == std::string::npos ? text : text.substr(0, dots);
    const std::string hi = dots == std::string::npos ? text : text.substr(dots + 2);
    std::pair<std::optional<int>, std::optional<int>> band;
    if (!lo.empty() && !(band.first = tenths_of(lo))) error = "'" + lo + "' is not a rating such as 7.0";
    else if (!hi.empty() && !(band.second = tenths_of(hi))) error = "'" + hi + "' is not a rating such as 7.5";
    else if (!band.first && !band.second) error = "a band needs at least one end, as in 7.0..7.5 or 8.0..";
    else if (band.first && band.second && *band.first > *band.second) error = "the band's low end is above its high end";
    else return band;
    return std::nullopt;
}

std::string technique_slug(const std::string& name) {
    std::string slug;
    for (char c : name) {
        if (std::isalnum(static_cast<unsigned char>(c))) slug += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        else if (!slug.empty() && slug.back() != '-') slug += '-';
    }
    while (!slug.empty() && slug.back() == '-') slug.pop_back();
    return slug;
}

}  // namespace np::rating
