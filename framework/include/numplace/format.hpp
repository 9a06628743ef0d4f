// Puzzle text formats: line, grid and share (seed 004's URL-safe Base64),
// and f-puzzles (variants: fpuzzles.hpp, read and written through here).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "numplace/grid.hpp"
#include "numplace/reason.hpp"

namespace np {

enum class InputFormat { automatic, line, grid, share, fpuzzles };
enum class OutputFormat { line, grid, share, json, fpuzzles };

std::optional<InputFormat> input_format_from_name(std::string_view name);  // auto|line|grid|share|fpuzzles
std::optional<OutputFormat> output_format_from_name(std::string_view name);  // line|grid|share|json|fpuzzles

// A parsed grid or the reason it could not be parsed. The parsers check the
// length, the characters and the range of values; rule violations (duplicate
// givens) are left to check_rules or a plugin.
using ParseResult = std::variant<Grid, Reason>;
inline bool parsed(const ParseResult& r) { return std::holds_alternative<Grid>(r); }

// `size` fixes the box shape; without it the shape is inferred (from the
// length for line, the number of rows for grid, the prefix or decoded length
// for share).
ParseResult parse_line(std::string_view text, std::optional<Geometry> size = {});
ParseResult parse_grid(std::string_view block, std::optional<Geometry> size = {});
ParseResult parse_share(std::string_view text, std::optional<Geometry> size = {});
// Candidates (pencilmarks), Sukaku Explainer's line: N characters per cell,
// row by row, value k's symbol at place k when k is a candidate, '.' or '0'
// when not (729 characters for 9x9). Without a size the shape comes from
// the length (216, 729, 1,728, 4,096, 15,625). Every cell is a mask, none a
// given, also with one candidate; a cell with none is a puzzle without
// solution. parse_line reads these lengths with this.
ParseResult parse_candidates(std::string_view text, std::optional<Geometry> size = {});
// parse_grid also reads pencilmark grids: rows of N cells between blanks and
// '|', each a lone symbol (a placed value: a given), N places ("1.3..6..9",
// what candidate_grid_text prints) or a list of values (HoDoKu's "1369");
// HoDoKu's ".---.", ":---+" and "'---'" lines are borders. A given's mask is
// its own bit.
// An f-puzzles puzzle (JSON, its lz-string export, or a whole link): a Grid
// of its givens and masks whose `variant` holds its regions and constraints
// (none for a classic puzzle), or the reason it is not one: where the text
// does not parse, or what validate_variant finds (bad_puzzle either way).
ParseResult parse_fpuzzles(std::string_view text);
// An f-puzzles link of the grid (its variant, or the classic puzzle); with
// `solution`, the link carries it as f-puzzles' solution.
std::string format_fpuzzles(const Grid& grid, const Grid* solution = nullptr);

// One puzzle in any format: f-puzzles text (looks_like_fpuzzles) is read
// as such; otherwise a text with a line break is a grid, a share
// string (size prefix, or Base64 of a fitting length) is share, anything else
// is line.
ParseResult parse_puzzle(std::string_view text, InputFormat format = InputFormat::automatic,
                         std::optional<Geometry> size = {});

// True when the text looks like a share string rather than a line puzzle.
bool looks_like_share(std::string_view text, std::optional<Geometry> size = {});

// Line: N*N symbols, '.' for empty.
std::string format_line(const Grid& grid);
// Grid: N rows with spaces between symbols, '|' between boxes, and "+---+"
// lines between bands and around the grid. Ends with a newline.
std::string format_grid(const Grid& grid);
// Share: Base64url (no padding) of the line with '0' for empty; byte-identical
// to seed 004 for 9x9. Other shapes carry an "RxC." prefix.
std::string format_share(const Grid& grid);
// The candidate line of a puzzle (parse_candidates' form, '.' for a missing
// candidate): each cell's Grid::mask, a given's as its own bit.
std::string format_candidates(const Grid& grid);
std::string format_grid_as(const Grid& grid, OutputFormat format);  // line, grid, share or fpuzzles
// 1234567 -> "1,234,567": counts people read (node numbers, byte sizes).
std::string grouped(uint64_t n);

}  // namespace np
