// The logic solver's loop: apply the simplest technique that changes
// something, report the step, start over from the simplest; stop when the
// grid is full, a contradiction shows there is no solution, no technique
// applies, or the budget or the host says stop.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "board.hpp"
#include "techniques.hpp"

namespace logic {

// The plugin's name: "logic" (identity.cpp).
extern const char kPluginName[];
// The node budget logic suggests to batch runs (verify, fuzz) that set none
// (ABI 3.3): docs/logic.md, "Budget".
inline constexpr uint64_t kSuggestedMaxNodes = 20000;

enum class End { solved, contradiction, stuck, stopped };

// A technique's difficulty on a rated ladder (se): its base, in tenths,
// and whether a longer chain of it is harder (length_tenths).
struct Rating {
    int base = 0;
    bool chain = false;
};

struct Settings {
    std::vector<std::size_t> order;  // indices into kTechniques, tried in this order
    // Empty, or one per order entry (ascending bases): then each step is the
    // easiest one by rating, not the first found (solver.cpp, easiest).
    std::vector<Rating> rated;
    int max_fish = 4;
    int max_net_depth = 3, max_net_size = 400;
    int max_net_level = 1, max_net_inner = 16;
    bool grouped_nodes = true;  // the profile's: Search::grouped_nodes
    bool sukaku_shapes = false;  // the profile's: Search::sukaku_shapes
};

// A ladder (profiles.cpp): technique ids in the order tried, and whether
// its uniqueness techniques are on unless the option says otherwise.
struct Profile {
    const char* name;
    std::vector<const char*> ids;
    bool uniqueness;
    std::vector<Rating> rated = {};  // se: SE's difficulties, one per id
    bool grouped_nodes = true;       // the AIC may use grouped nodes
    bool sukaku_shapes = false;      // Sukaku Explainer's shapes (Search::sukaku_shapes)
};
// SE's rule for chains: tenths added to a base for a chain of `length`
// (the candidates of its pattern), learned from SE's documentation.
int length_tenths(std::size_t length);
std::optional<Profile> profile_named(const std::string& name);  // default, se, hodoku
std::optional<std::size_t> technique_index(const char* id);

// The options as given (plugin.cpp's table).
struct OptionText {
    std::string profile = "default", max_technique = "all", without = "none", uniqueness = "auto";
    long long max_fish = 4;
};

// From the options' values: "" when they are fine, else what is wrong.
std::string settings_from(const OptionText& options, int side, Settings& out);
// The forcing nets' bounds (max-net-depth, max-net-size): "" when fine.
std::string net_bounds_from(long long max_depth, long long max_size, Settings& out);
// The nested nets' bounds (max-net-level, max-net-inner): "" when fine.
std::string nesting_from(long long max_level, long long max_inner, Settings& out);

// The techniques' ids, simplest first (kTechniques' order), as the
// options max-technique and without accept them.
#define LOGIC_TECHNIQUE_IDS                                                                                  \
    "full-house|naked-single|hidden-single|locked-candidates|naked-pair|hidden-pair|naked-triple|hidden-triple|" \
    "naked-quad|hidden-quad|x-wing|skyscraper|two-string-kite|finned-x-wing|w-wing|swordfish|simple-colouring|" \
    "xy-wing|jellyfish|xyz-wing|finned-swordfish|finned-jellyfish|big-fish|x-chain|xy-chain|aic|x-cycle|y-cycle|xy-cycle|als-xz|"      \
    "als-xy-wing|wxyz-wing|vwxyz-wing|uvwxyz-wing|aligned-pair-exclusion|aligned-triple-exclusion|nishio|cell-forcing-chain|unit-forcing-chain|" \
    "forcing-net|nested-forcing-net|unique-rectangle|unique-loop|bug|direct-locked-candidates|direct-hidden-pair|"       \
    "direct-hidden-triple|empty-rectangle|grouped-x-chain"

struct Run {
    End end = End::stuck;
    uint64_t steps = 0;
    uint64_t assumed_at = 0;  // the first step (1-based) that assumed uniqueness; 0: none
    std::string assumed_by;   // its technique
};

// `report` gets each step once applied; false stops the run.
Run solve(Board& board, const Settings& settings, Search& search, const std::function<bool(const Step&)>& report);

// The first value given twice in a unit (rows, then columns, then boxes):
// the later of the two cells in row-major order; false when none.
bool repeated_given(const Board& board, const uint8_t* given, int& unit, int& cell, int& value);

}  // namespace logic
