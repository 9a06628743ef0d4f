// The logic solver's loop: apply the simplest technique that changes
// something, report the step, start over from the simplest; stop when the
// grid is full, a contradiction shows there is no solution, no technique
// applies, or the budget or the host says stop.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "board.hpp"
#include "techniques.hpp"

namespace logic {

// The plugin's name: "logic" (identity.cpp).
extern const char kPluginName[];

enum class End { solved, contradiction, stuck, stopped };

struct Settings {
    std::vector<bool> enabled = std::vector<bool>(kTechniques.size(), true);
    int max_fish = 4;
};

// From the options' values: "" when they are fine, else what is wrong.
std::string settings_from(const std::string& max_technique, const std::string& without, long long max_fish, int side,
                          Settings& out);

// The techniques' ids, simplest first (kTechniques' order), as the
// options max-technique and without accept them.
#define LOGIC_TECHNIQUE_IDS                                                                                  \
    "full-house|naked-single|hidden-single|locked-candidates|naked-pair|hidden-pair|naked-triple|hidden-triple|" \
    "naked-quad|hidden-quad|x-wing|skyscraper|two-string-kite|finned-x-wing|w-wing|swordfish|simple-colouring|" \
    "xy-wing|jellyfish|xyz-wing|finned-swordfish|finned-jellyfish|big-fish|"                                 \
    "x-chain|xy-chain|aic"

struct Run {
    End end = End::stuck;
    uint64_t steps = 0;
};

// `report` gets each step once applied; false stops the run.
Run solve(Board& board, const Settings& settings, Search& search, const std::function<bool(const Step&)>& report);

// The first value given twice in a unit (rows, then columns, then boxes):
// the later of the two cells in row-major order; false when none.
bool repeated_given(const Board& board, const uint8_t* given, int& unit, int& cell, int& value);

}  // namespace logic
