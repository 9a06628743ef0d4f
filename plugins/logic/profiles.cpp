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
// exclusion, 6.6 x-chains (SE's forcing X-chains), 7.0 forcing chains (our xy-chains and
// alternating inference chains; SE's 6.6 y-cycles are loops, which an open
// xy-chain is not), 7.5 aligned triple exclusion, 7.6 Nishio, 8.2
// cell and region forcing chains, 8.8 dynamic forcing chains (our nets),
// 9.9 and up dynamic forcing chains with nested ones (our nested nets).
// Sukaku Explainer (SE's successor, which rated exchange_diabolical) adds
// 4.0 skyscraper, 4.1 two-string kite, grouped strong links (4.3 for two,
// an empty rectangle among them; 5.7 three, 6.1 four) and the bigger wings,
// doubly linked or not: 5.5 WXYZ, 6.2 VWXYZ (the `sukaku` profile, whose
// wings take Sukaku Explainer's narrower shape: wings.cpp). Its UVWXYZ
// (6.6) is left out: with that shape too, ours took six-cell wings on 85
// of 3,972 exchange_diabolical puzzles that it rated 0.36 to 0.5 harder on
// average (docs/rating.md).
// Bases in tenths (the lower of
// SE's two for hidden singles and locked candidates), ascending; `chain`:
// a longer one is harder (length_tenths).
struct Rung {
    const char* id;
    int tenths;
    bool chain;
    bool sukaku_only;
};
constexpr Rung kSe[] = {
    {"full-house", 10, false, false},         {"hidden-single", 12, false, false},
    {"direct-locked-candidates", 17, false, false}, {"direct-hidden-pair", 20, false, false},
    {"naked-single", 23, false, false},       {"direct-hidden-triple", 25, false, false},
    {"locked-candidates", 26, false, false},
    {"naked-pair", 30, false, false},         {"x-wing", 32, false, false},
    {"hidden-pair", 34, false, false},        {"naked-triple", 36, false, false},
    {"swordfish", 38, false, false},          {"hidden-triple", 40, false, false},
    {"skyscraper", 40, false, true},          {"two-string-kite", 41, false, true},
    {"empty-rectangle", 42, false, true},     {"xy-wing", 42, false, false},
    {"xyz-wing", 44, false, false},
    {"unique-rectangle", 45, false, false},   {"unique-loop", 45, false, false},
    {"naked-quad", 50, false, false},         {"jellyfish", 52, false, false},
    {"hidden-quad", 54, false, false},        {"grouped-x-chain", 54, false, true},
    {"wxyz-wing", 55, false, true},           {"bug", 56, false, false},
    {"aligned-pair-exclusion", 62, false, false},
    {"vwxyz-wing", 62, false, true},          {"x-cycle", 65, true, false},
    {"y-cycle", 65, true, false},             {"x-chain", 66, true, false},
    {"xy-chain", 70, true, false},            {"xy-cycle", 70, true, false},
    {"aic", 70, true, false},                 {"aligned-triple-exclusion", 75, false, false},
    {"nishio", 75, true, false},              {"cell-forcing-chain", 80, true, false},
    {"unit-forcing-chain", 80, true, false},  {"forcing-net", 90, true, false},
    {"nested-forcing-net", 95, true, false},
};

Profile rated_ladder(const char* name, bool sukaku) {
    Profile out{name, {}, true};
    for (const Rung& r : kSe)
        if (sukaku || !r.sukaku_only) {
            out.ids.push_back(r.id);
            out.rated.push_back({r.tenths, r.chain});
        }
    // SE's chains are of single candidates, and so are Sukaku Explainer's
    // (its groups are in its strong links: empty-rectangle, grouped-x-chain).
    out.grouped_nodes = false;
    out.sukaku_shapes = sukaku;
    return out;
}

// HoDoKu's default order: singles, locked candidates, subsets, basic fish,
// single-digit patterns, wings, uniqueness, finned fish, colouring, chains,
// ALS, then forcing chains and nets.
constexpr const char* kHodoku[] = {
    "full-house",   "naked-single",     "hidden-single",    "locked-candidates", "naked-pair",
    "naked-triple", "hidden-pair",      "hidden-triple",    "naked-quad",        "hidden-quad",
    "x-wing",       "swordfish",        "jellyfish",        "skyscraper",        "two-string-kite",
    "empty-rectangle", "w-wing",       "xy-wing",          "xyz-wing",         "unique-rectangle",  "bug",
    "finned-x-wing", "finned-swordfish", "finned-jellyfish", "simple-colouring", "x-chain",
    "grouped-x-chain", "xy-chain",     "aic",              "als-xz",           "als-xy-wing",       "big-fish",
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
    if (name == "se") return rated_ladder("se", false);
    if (name == "sukaku") return rated_ladder("sukaku", true);
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
