// What a command-line solver is given for one call: the puzzle as its
// description's `format` says (N*N symbols, or f-puzzles JSON, the one form
// that carries a variant), and for `input: json-lines` that text in one JSON
// object line with the call's limit, seconds left and box shape.
#include <nlohmann/json.hpp>

#include "external_solver.hpp"
#include "numplace/format.hpp"
#include "numplace/fpuzzles.hpp"
#include "numplace/variant.hpp"
#include "numplace/variant_abi.hpp"

namespace np {

namespace {

// The request's puzzle in the host's model: its grid and, for a variant, its
// regions, constraints and negative rules. An outside clue's position does
// not travel; the f-puzzles writer puts it one step before the clue's first
// cell, where it was (its cells run from the clue).
Puzzle puzzle_of(const np_solve_request& r) {
    const Geometry g = Geometry::from_c(r.geometry);
    Puzzle p;
    p.grid = Grid(g, std::vector<uint8_t>(r.cells, r.cells + g.cell_count()));
    if (!NP_HAS(np_solve_request, &r, variant) || r.variant == nullptr) return p;
    const np_variant& v = *r.variant;
    p.regions = static_cast<RegionLayout>(v.region_layout);
    if (p.regions == RegionLayout::irregular && v.regions != nullptr)
        p.region_of.assign(v.regions, v.regions + g.cell_count());
    for (uint32_t i = 0; i < v.constraint_count; ++i) p.constraints.push_back(constraint_from_abi(v.constraints[i]));
    for (int k = 0; k < kKindCount; ++k)
        if (v.negative & NP_KIND_BIT(k)) p.negative.push_back(static_cast<Kind>(k));
    return p;
}

}  // namespace

std::string puzzle_text(const ExternalSolver& s, const np_solve_request& r) {
    if (s.format == Format::fpuzzles) return write_fpuzzles_json(puzzle_of(r));
    const Geometry g = Geometry::from_c(r.geometry);
    std::string line = format_line(Grid(g, std::vector<uint8_t>(r.cells, r.cells + g.cell_count())));
    for (char& c : line)
        if (c == '.') c = s.empty;
    return line;
}

std::string call_line(const ExternalSolver& s, const np_solve_request& r, const std::string& puzzle,
                      const std::string& limit, const std::string& timeout) {
    if (s.input != Input::json_lines) return puzzle;
    nlohmann::ordered_json line;
    line["limit"] = std::stoull(limit);
    line["timeout"] = std::stod(timeout);
    line["size"] = std::to_string(r.geometry.box_rows) + "x" + std::to_string(r.geometry.box_cols);
    line["puzzle"] = puzzle;
    return line.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

}  // namespace np
