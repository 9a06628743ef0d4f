// A variant puzzle on the wire (wire.hpp): after an item's masks, a u8 (0:
// classic), then the layout (u8), the region map (bytes: 0 or N*N), the
// negative rules (u64, NP_KIND_BIT), the constraint count (u32) and each
// constraint: kind (u8), groups (u32, then each: u32 size and u32 cells),
// values (u32 count, then i32 as u32), the clue (u8 0, or 1 then row and
// column as i32 in u32: outside clues only). Only regions and constraints travel:
// the grid is the item's cells. Every count is bounded by the bytes left
// before anything is allocated, and the reader validates the puzzle.
#include <memory>

#include "numplace/variant.hpp"
#include "wire.hpp"

namespace np::runner::wire {
namespace {

// A count of 4-byte things that the rest of the frame can hold.
uint32_t bounded_count(Reader& r, const char* what) {
    const uint32_t n = r.u32();
    if (n > r.rest.size() / 4) throw Broken(std::string("a variant's ") + what + " count runs past the frame");
    return n;
}

void put_constraint(Writer& w, const Constraint& c) {
    w.u8(static_cast<uint8_t>(c.kind));
    w.u32(static_cast<uint32_t>(c.cells.size()));
    for (const auto& group : c.cells) {
        w.u32(static_cast<uint32_t>(group.size()));
        for (int cell : group) w.u32(static_cast<uint32_t>(cell));
    }
    w.u32(static_cast<uint32_t>(c.values.size()));
    for (int v : c.values) w.u32(static_cast<uint32_t>(v));
    w.u8(c.clue ? 1 : 0);
    if (c.clue) {
        w.u32(static_cast<uint32_t>(c.clue->row));
        w.u32(static_cast<uint32_t>(c.clue->column));
    }
}

Constraint get_constraint(Reader& r) {
    Constraint c;
    const uint8_t kind = r.u8();
    if (kind >= kKindCount) throw Broken("unknown constraint kind " + std::to_string(kind));
    c.kind = static_cast<Kind>(kind);
    c.cells.resize(bounded_count(r, "group"));
    for (auto& group : c.cells) {
        group.resize(bounded_count(r, "cell"));
        for (int& cell : group) cell = static_cast<int>(r.u32());
    }
    c.values.resize(bounded_count(r, "value"));
    for (int& v : c.values) v = static_cast<int>(r.u32());
    const uint8_t has_clue = r.u8();
    if (has_clue > 1) throw Broken("a clue flag of " + std::to_string(has_clue));
    if (has_clue == 1) {
        const int row = static_cast<int>(r.u32());
        c.clue = Clue{row, static_cast<int>(r.u32())};
    }
    return c;
}

}  // namespace

void put_variant(Writer& w, const Grid& grid) {
    if (!grid.is_variant()) {
        w.u8(0);
        return;
    }
    const Puzzle& p = *grid.variant;
    w.u8(1);
    w.u8(static_cast<uint8_t>(p.regions));
    w.str(std::string(p.region_of.begin(), p.region_of.end()));
    uint64_t negative = 0;
    for (Kind k : p.negative) negative |= NP_KIND_BIT(static_cast<int>(k));
    w.u64(negative);
    w.u32(static_cast<uint32_t>(p.constraints.size()));
    for (const Constraint& c : p.constraints) put_constraint(w, c);
}

void get_variant(Reader& r, Grid& grid) {
    if (r.u8() == 0) return;
    auto p = std::make_shared<Puzzle>();
    const uint8_t layout = r.u8();
    if (layout > static_cast<uint8_t>(RegionLayout::none)) throw Broken("unknown region layout " + std::to_string(layout));
    p->regions = static_cast<RegionLayout>(layout);
    const std::string_view map = r.bytes();
    p->region_of.assign(map.begin(), map.end());
    const uint64_t negative = r.u64();
    for (int k = 0; k < kKindCount; ++k)
        if (negative & NP_KIND_BIT(k)) p->negative.push_back(static_cast<Kind>(k));
    p->constraints.resize(bounded_count(r, "constraint"));
    for (Constraint& c : p->constraints) c = get_constraint(r);
    p->grid = grid;
    if (auto issue = validate_variant(*p)) throw Broken("a malformed variant: " + issue->message);
    grid.variant = std::move(p);
}

}  // namespace np::runner::wire
