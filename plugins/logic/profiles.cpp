// The ladders: which techniques a profile tries, in which order. `default`
// is kTechniques' own order (roughly by the difficulty solvers give them);
// `se` follows Sudoku Explainer's rating ladder (its published difficulty
// table, docs/logic.md "Profiles"), with only the techniques SE has; and
// `hodoku` follows HoDoKu's default solving order. A profile names ids; an
// id this build does not have makes the profile refuse to run, so the
// profiles' tests (tests/plugins/logic_test.cpp) catch it.
#include "solver.hpp"

#include <algorithm>
#include <cstring>
#include <iterator>

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
// Each one's base difficulty in tenths (the lower of SE's two for hidden
// singles and locked candidates), in kSe's order.
constexpr int kSeTenths[] = {
    10, 12, 23, 26, 30, 32, 34, 36, 38, 40, 42, 44, 45, 45, 50, 52,
    54, 56, 62, 65, 66, 70, 75, 76, 82, 82, 88, 95,
};
static_assert(std::size(kSe) == std::size(kSeTenths));
// The chains, whose difficulty grows with their length (length_tenths).
constexpr const char* kSeChains[] = {"x-chain", "xy-chain", "aic", "nishio", "cell-forcing-chain",
                                     "unit-forcing-chain", "forcing-net", "nested-forcing-net"};

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
    if (name == "se") {
        Profile se{"se", ids(kSe), true};
        for (std::size_t i = 0; i < std::size(kSe); ++i) {
            const bool chain = std::any_of(std::begin(kSeChains), std::end(kSeChains),
                                           [&](const char* id) { return std::strcmp(id, kSe[i]) == 0; });
            se.rated.push_back({kSeTenths[i], chain});
        }
        return se;
    }
    if (name == "hodoku") return Profile{"hodoku", ids(kHodoku), true};
    return std::nullopt;
}

std::optional<std::size_t> technique_index(const char* id) {
    for (std::size_t i = 0; i < kTechniques.size(); ++i)
        if (std::strcmp(kTechniques[i].id, id) == 0) return i;
    return std::nullopt;
}

int length_tenths(std::size_t length) {
    // +0.1 each time the length passes a ceiling: 4, 6, 8, 12, 16, 24, 32,
    // ... (each ceiling 3/2, then 4/3, of the one before).
    int tenths = 0;
    std::size_t ceiling = 4;
    for (bool half = true; length > ceiling; half = !half) {
        ++tenths;
        ceiling = half ? ceiling * 3 / 2 : ceiling * 4 / 3;
    }
    return tenths;
}

}  // namespace logic
