#include "solver.hpp"

#include <algorithm>

namespace logic {

std::string settings_from(const OptionText& o, int side, Settings& out) {
    if (o.max_fish < 1 || o.max_fish > 17) return "max-fish must be 1..17, not " + std::to_string(o.max_fish);
    out.max_fish = std::min<int>(static_cast<int>(o.max_fish), side / 2);
    const std::optional<Profile> profile = profile_named(o.profile);
    if (!profile) return "profile must be default, se, sukaku or hodoku, not " + o.profile;
    const bool uniqueness = o.uniqueness == "on" || (o.uniqueness == "auto" && profile->uniqueness);
    bool listed = o.max_technique == "all";
    out.order.clear();
    out.rated.clear();
    for (std::size_t k = 0; k < profile->ids.size(); ++k) {
        const char* id = profile->ids[k];
        const auto i = technique_index(id);
        if (!i) return "the " + o.profile + " profile names " + id + ", which this build lacks";
        if (o.without != id && (uniqueness || !kTechniques[*i].uniqueness)) {
            out.order.push_back(*i);
            if (!profile->rated.empty()) out.rated.push_back(profile->rated[k]);
        }
        if (o.max_technique == id) {
            listed = true;
            break;
        }
    }
    out.grouped_nodes = profile->grouped_nodes;
    out.sukaku_shapes = profile->sukaku_shapes;
    if (!listed) return "max-technique " + o.max_technique + " is not in the " + o.profile + " profile";
    return "";
}

std::string net_bounds_from(long long max_depth, long long max_size, Settings& out) {
    if (max_depth < 1 || max_depth > 1000) return "max-net-depth must be 1..1000, not " + std::to_string(max_depth);
    if (max_size < 1 || max_size > 1000000) return "max-net-size must be 1..1000000, not " + std::to_string(max_size);
    out.max_net_depth = static_cast<int>(max_depth), out.max_net_size = static_cast<int>(max_size);
    return "";
}

std::string nesting_from(long long max_level, long long max_inner, Settings& out) {
    if (max_level < 0 || max_level > 3) return "max-net-level must be 0..3, not " + std::to_string(max_level);
    if (max_inner < 1 || max_inner > 1000) return "max-net-inner must be 1..1000, not " + std::to_string(max_inner);
    out.max_net_level = static_cast<int>(max_level), out.max_net_inner = static_cast<int>(max_inner);
    return "";
}

namespace {

// The first step of the first technique in order that finds one.
bool first_found(const Board& board, const Settings& settings, Search& search, Step& step) {
    for (std::size_t k = 0; k < settings.order.size() && !search.stopped; ++k) {
        step.clear();
        if (finder(settings.order[k])(board, search, step)) return true;
    }
    return false;
}

// On a rated ladder, the easiest step: a chain's difficulty is its base
// plus length_tenths, so a long chain found early can lose to a short one
// of a later technique. Techniques are tried while their base is below the
// best difficulty found (each technique's own step is the first it finds).
bool easiest(const Board& board, const Settings& settings, Search& search, Step& step) {
    Step candidate;
    int best = -1;
    for (std::size_t k = 0; k < settings.order.size() && !search.stopped; ++k) {
        const Rating r = settings.rated[k];
        if (best >= 0 && r.base >= best) break;
        candidate.clear();
        if (!finder(settings.order[k])(board, search, candidate)) continue;
        const std::size_t length = candidate.length != 0 ? candidate.length : candidate.pattern.size();
        // A dynamic forcing chain is SE's next rung, half a point up.
        const int difficulty = r.base + (r.chain ? length_tenths(length) : 0) + (candidate.dynamic ? 5 : 0);
        if (best < 0 || difficulty < best) best = difficulty, step = std::move(candidate);
    }
    return best >= 0 && !search.stopped;
}

}  // namespace

Run solve(Board& board, const Settings& settings, Search& search, const std::function<bool(const Step&)>& report) {
    Run run;
    search.max_fish = settings.max_fish;
    search.max_net_depth = settings.max_net_depth, search.max_net_size = settings.max_net_size;
    search.max_net_level = settings.max_net_level, search.max_net_inner = settings.max_net_inner;
    search.grouped_nodes = settings.grouped_nodes;
    search.sukaku_shapes = settings.sukaku_shapes;
    search.se_order = !settings.rated.empty();
    Step step;
    for (;;) {
        if (board.contradiction()) return run.end = End::contradiction, run;
        if (board.solved()) return run.end = End::solved, run;
        if (search.spent()) return run.end = End::stopped, run;
        step.clear();
        const bool found = settings.rated.empty() ? first_found(board, settings, search, step)
                                                  : easiest(board, settings, search, step);
        if (!found) return run.end = search.stopped ? End::stopped : End::stuck, run;
        board.apply(step);
        ++run.steps;
        if (step.assumes_unique && run.assumed_at == 0) run.assumed_at = run.steps, run.assumed_by = step.technique;
        if (!report(step)) return run.end = board.solved() ? End::solved : End::stopped, run;
    }
}

bool repeated_given(const Board& board, const uint8_t* given, int& unit, int& cell, int& value) {
    for (int u = 0; u < board.units(); ++u) {
        Mask seen = 0;
        for (int c : board.unit(u)) {
            const int v = given[c];
            if (v == 0) continue;
            if (seen >> v & 1) return unit = u, cell = c, value = v, true;
            seen |= Mask{1} << v;
        }
    }
    return false;
}

}  // namespace logic
