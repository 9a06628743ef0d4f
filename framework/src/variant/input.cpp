// f-puzzles text as the line formats' peer (format.hpp): a variant puzzle
// read into a Grid that carries its Puzzle, and written back as a link.
#include <memory>

#include "numplace/format.hpp"
#include "numplace/fpuzzles.hpp"
#include "numplace/variant.hpp"

namespace np {
namespace {

Reason bad_puzzle(std::string message) {
    Reason why;
    why.code = ReasonCode::bad_puzzle;
    why.message = std::move(message);
    return why;
}

}  // namespace

ParseResult parse_fpuzzles(std::string_view text) {
    FpuzzlesResult read = read_fpuzzles(text);
    if (auto* error = std::get_if<FpuzzlesError>(&read)) return bad_puzzle("f-puzzles: " + error->message);
    Puzzle& puzzle = std::get<Puzzle>(read);
    if (auto issue = validate_variant(puzzle)) return bad_puzzle(issue->message);
    Grid grid = puzzle.grid;
    // A classic puzzle stays a plain grid: every classic plugin takes it.
    if (!puzzle.is_classic()) grid.variant = std::make_shared<const Puzzle>(std::move(puzzle));
    return grid;
}

std::string format_fpuzzles(const Grid& grid, const Grid* solution) {
    Grid plain = grid;
    plain.variant = nullptr;
    Puzzle puzzle = grid.is_variant() ? *grid.variant : classic_puzzle(plain);
    puzzle.grid = plain;
    if (solution != nullptr) {
        puzzle.solution = *solution;
        puzzle.solution->variant = nullptr;
    }
    return write_fpuzzles_link(puzzle);
}

}  // namespace np
