// The f-puzzles format: a puzzle as f-puzzles' JSON, plain or compressed
// with lz-string's Base64 form (what an f-puzzles link carries after
// "?load="). Reading never trusts the text: every key is known (a rule kind,
// a cosmetic key ignored on purpose, or metadata), every cell is named
// "R<row>C<column>" inside the grid (outside clues one step outside it).
// Writing gives JSON f-puzzles opens (and a link with --format fpuzzles).
#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "numplace/variant.hpp"

namespace np {

// Why an f-puzzles text could not be read: one sentence, naming the key and
// the entry ("killercage[3].cells[1]: 'R10C2' is outside the 9x9 grid") or
// the character position in the JSON or the lz-string text.
struct FpuzzlesError {
    std::string message;
};
using FpuzzlesResult = std::variant<Puzzle, FpuzzlesError>;

// Reads one puzzle from any of: JSON text ("{...}"), an lz-string Base64
// string, or a whole link ("https://www.f-puzzles.com/?load=..." and the
// like: everything after "load=" is taken, %XX escapes undone). The puzzle
// is read, not validated: validate_variant() says whether it is well formed.
FpuzzlesResult read_fpuzzles(std::string_view text);
// True when a line looks like f-puzzles input (starts with '{', holds
// "load=", or is long Base64 text beginning "N4Ig", which every compressed
// f-puzzles JSON does since it opens with {"size":).
bool looks_like_fpuzzles(std::string_view text);

// f-puzzles' JSON for a puzzle (keys in f-puzzles' own order), and the
// same compressed for a link; link() prefixes https://www.f-puzzles.com/?load=.
std::string write_fpuzzles_json(const Puzzle& puzzle);
std::string write_fpuzzles_compressed(const Puzzle& puzzle);
std::string write_fpuzzles_link(const Puzzle& puzzle);

// The keys f-puzzles writes that carry no rule (lines, text, shapes,
// colours, fog, solver settings): read and ignored on purpose. Listed in
// docs/fpuzzles.md.
bool fpuzzles_key_is_cosmetic(std::string_view key);

}  // namespace np
