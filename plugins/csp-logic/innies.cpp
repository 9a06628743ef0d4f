// csp-logic: the rule of 45 (explain.hpp, "innies and outies"). A row,
// column or region holds every digit once, so its cells sum to
// N(N+1)/2 (45 on 9x9). Cages with sums inside it leave the rest of its
// cells (the innies) a known sum; cages that together cover it and stick
// out of it leave the cells outside (the outies) a known sum. A few such
// cells with a known sum are a little killer of their own, which csp's
// propagator for that kind narrows.
#include <algorithm>

#include "explain.hpp"

namespace csp {

namespace {

constexpr std::size_t kMostCells = 4;  // innies or outies beyond this are left alone

}  // namespace

bool Explainer::innies_outies(ExplainStep& s) {
    const int total = n_ * (n_ + 1) / 2;
    std::vector<int> cage_of(static_cast<std::size_t>(cells_), -1);
    const std::vector<Rule>& rules = e_.model().rules;
    for (std::size_t r = 0; r < rules.size(); ++r)
        if (rules[r].kind == Kind::killer_cage && !rules[r].values.empty())
            for (int c : rules[r].groups[0]) {
                if (cage_of[c] >= 0) return false;  // overlapping cages: the sums no longer add up per cell
                cage_of[c] = static_cast<int>(r);
            }
    for (std::size_t u = 0; u < e_.units().size(); ++u) {
        if (!e_.full(static_cast<int>(u)) || e_.unit_rule(static_cast<int>(u)) >= 0) continue;  // rows, columns, regions
        const std::vector<int>& unit = e_.units()[u];
        std::vector<int> cages;
        for (int c : unit)
            if (cage_of[c] >= 0 && std::find(cages.begin(), cages.end(), cage_of[c]) == cages.end()) cages.push_back(cage_of[c]);
        // Innies: the unit's cells outside the cages it holds whole.
        std::vector<int> innies;
        int inside = 0, over = 0;
        std::vector<int> outies;
        bool covered = true;
        for (int c : unit) covered = covered && cage_of[c] >= 0;
        for (int r : cages) {
            const std::vector<int>& cage = rules[r].groups[0];
            const bool whole = std::all_of(cage.begin(), cage.end(),
                                           [&](int c) { return std::find(unit.begin(), unit.end(), c) != unit.end(); });
            if (whole) inside += rules[r].values[0];
            over += rules[r].values[0];
            for (int c : cage)
                if (std::find(unit.begin(), unit.end(), c) == unit.end()) outies.push_back(c);
        }
        for (int c : unit)
            if (cage_of[c] < 0 || std::any_of(rules[cage_of[c]].groups[0].begin(), rules[cage_of[c]].groups[0].end(),
                                              [&](int x) { return std::find(unit.begin(), unit.end(), x) == unit.end(); }))
                innies.push_back(c);
        if (!innies.empty() && innies.size() <= kMostCells && sum_step(innies, total - inside, "innies", u, s)) return true;
        if (covered && !outies.empty() && outies.size() <= kMostCells && sum_step(outies, over - total, "outies", u, s))
            return true;
    }
    return false;
}

// `cells` sum to `target`: a step when that removes a candidate. They are
// a little killer of their own (a sum; different digits only where they
// must differ), so csp's propagator for that kind does the work.
bool Explainer::sum_step(const std::vector<int>& cells, int target, const char* which, std::size_t u, ExplainStep& s) {
    const Rule sum{Kind::little_killer, {cells}, {target}};
    const RuleContext context{e_.model(), e_.peer_bits(), enumerated_, scratch_};
    // No assignment: the dead end is found where the state shows it.
    if (!narrow([&](Domains& d) { return propagate_rule(sum, context, d); })) return false;
    for (int c : cells)
        for (Mask m = values_[c] ? 0 : masks_[c] & ~work_[c]; m; m &= m - 1) s.eliminations.push_back({c, lowest(m)});
    if (s.eliminations.empty()) return false;
    s.technique = "innies and outies";
    s.where = std::string(which) + " of " + unit_name(static_cast<int>(u)) + " sum to " + std::to_string(target);
    for (int c : cells) s.pattern.push_back({c, 0});
    return true;
}

}  // namespace csp
