// The ladders: which techniques a profile tries, in which order. `default`
// is kTechniques' own order (roughly by the difficulty solvers give them);
// `se` follows Sudoku Explainer's rating ladder (its published difficulty
// table, docs/logic.md "Profiles"), with only the techniques SE has; and
// `hodoku` follows HoDoKu's default solving order. A profile names ids; an
// id this build does not have makes the profile refuse to run, so the
// profiles' tests (tests/plugins/logic_test.cpp) catch it.
#include "solver.hpp"

#include <cstring>

namespace logic {

namespace {

// Sudoku Explainer, by base difficulty: 1.0 full house, 1.2/1.5 hidden
// single, 2.3 naked single, 2.6/2.8 pointing and claiming, 3.0 naked pair,
// 3.2 x-wing, 3.4 hidden pair, 3.6 naked triple, 3.8 swordfish, 4.0
// hidden triple, 4.2 xy-wing, 4.4 xyz-wing, 4.5 unique rectangles and loops, 5.0
// naked quad, 5.2 jellyfish, 5.4 hidden quad, 5.6 BUG, 6.2 aligned pair
// exclusion, 6.5 x-chains, 6.6 y-chains, 7.0 bidirectional chains
// (alternating inference), 7.5 aligned triple exclusion, 7.6 Nishio, 8.2
// cell and region forcing chains, 8.8 dynamic forcing chains (our nets),
// 9.9 and up dynamic forcing chains with nested ones (our nested nets).
constexpr const char* kSe[] = {
    "full-house",     "hidden-single", "naked-single", "locked-candidates",      "naked-pair",
    "x-wing",         "hidden-pair",   "naked-triple", "swordfish",              "hidden-triple",
    "xy-wing",        "xyz-wing",      "unique-rectangle", "unique-loop",        "naked-quad",  "jellyfish",
    "hidden-quad",    "bug",           "aligned-pair-exclusion", "x-chain",      "xy-chain",
    "aic",            "aligned-triple-exclusion", "nishio", "cell-forcing-chain", "unit-forcing-chain",
    "forcing-net", "nested-forcing-net",
};

// HoDoKu's default order: singles, locked candidates, subsets, basic fish,
// single-digit patterns, wings, uniqueness, finned fish, colouring, chains,
// ALS, then forcing chains and nets.
constexpr const char* kHodoku[] = {
    "full-house",   "naked-single",     "hidden-single",    "locked-candidates", "naked-pair",
    "naked-triple", "hidden-pair",      "hidden-triple",    "naked-quad",        "hidden-quad",
    "x-wing",       "swordfish",        "jellyfish",        "skyscraper",        "two-string-kite",
    "w-wing",       "xy-wing",          "xyz-wing",         "unique-rectangle",  "bug",
    "finned-x-wing", "finned-swordfish", "finned-jellyfish", "simple-colouring", "x-chain",
    "xy-chain",     "aic",              "als-xz",           "als-xy-wing",       "big-fish",
    "cell-forcing-chain", "unit-forcing-chain", "forcing-net", "nested-forcing-net",
};

template <std::size_t N>
std::vector<const char*> ids(const char* const (&list)[N]) {
    return std::vector<const char*>(list, list + N);
}

}  // namespace

std::optional<Profile> profile_named(const std::string& name) {
    if (name == "default") {
        std::vector<const char*> all;
        for (const Technique& t : kTechniques) all.push_back(t.id);
        return Profile{"default", all, false};
    }
    if (name == "se") return Profile{"se", ids(kSe), true};
    if (name == "hodoku") return Profile{"hodoku", ids(kHodoku), true};
    return std::nullopt;
}

std::optional<std::size_t> technique_index(const char* id) {
    for (std::size_t i = 0; i < kTechniques.size(); ++i)
        if (std::strcmp(kTechniques[i].id, id) == 0) return i;
    return std::nullopt;
}

}  // namespace logic
