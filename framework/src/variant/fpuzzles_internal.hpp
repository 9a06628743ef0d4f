// The rooms of the f-puzzles reader and writer share this: the reading
// context (the puzzle being built, its side), the failure every reading
// error becomes, cell names both ways, and the readers of each rule key.
// fpuzzles_read.cpp walks the JSON (text, grid, regions, metadata);
// fpuzzles_kinds.cpp reads each rule key into Constraints; fpuzzles_keys.cpp
// holds the cosmetic keys and the order keys are written in;
// fpuzzles_write.cpp writes.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "numplace/variant.hpp"

namespace np::fpz {

using Json = nlohmann::ordered_json;

// A reading error: the message FpuzzlesError carries. Thrown inside the
// reader, caught once in read_fpuzzles.
struct Failure {
    std::string message;
};
[[noreturn]] void fail(const std::string& where, const std::string& why);
// A value as an error message shows it: a number, true, null or a string
// (quoted, cut at 40 characters) as written; an array or object by its
// type only (never dumped: it may be huge or deeply nested).
std::string shown(const Json& value);
// Text as messages quote it: cut at 40 characters ("..." added).
std::string clip(std::string_view text);

// What every rule reader needs: the side and the puzzle it adds to.
struct Reading {
    int side = 9;
    Puzzle* puzzle = nullptr;
    bool difference_dots = false;  // the "difference" key has entries (see nonconsecutive)
};

// "R3C4" -> 0-based (row, column); rows and columns 0 and N+1 are the
// outside clue positions and give -1 and N. nullopt when not of that form.
struct RowColumn {
    int row = 0, column = 0;
};
std::optional<RowColumn> parse_cell_name(std::string_view text);
std::string cell_name(int row, int column);  // 0-based in, "R1C1" out (row -1 -> R0)

// Readers of an entry's fields. `where` names the field ("killercage[3].cells").
const Json& field(const Json& entry, const char* name, const std::string& where);
int read_cell(const Json& name, const std::string& where, int side);          // inside the grid
RowColumn read_outside(const Json& name, const std::string& where, int side);  // one step outside
std::vector<int> read_cells(const Json& list, const std::string& where, int side);
// An optional number: a JSON integer or a string of digits; nullopt when
// absent, null or "".
std::optional<int> read_number(const Json& entry, const char* name, const std::string& where);
// The same of a value itself; `at` names it.
std::optional<int> number_of(const Json& value, const std::string& at);

// The box shape of a side whose grid says nothing of regions: the
// conventional one (Geometry::from_side), else the squarest R x C with
// R <= C (8: 2x4, 10: 2x5); nullopt for a prime side.
std::optional<Geometry> default_shape(int side);

// Reads one rule key (kind_from_key(key) is a kind) into reading.puzzle.
void read_kind(Kind kind, const Json& value, Reading& reading);

// The keys read and ignored on purpose, and the order f-puzzles writes
// its keys in (fpuzzles_keys.cpp).
const std::vector<std::string_view>& cosmetic_keys();
const std::vector<std::string_view>& written_key_order();

}  // namespace np::fpz
