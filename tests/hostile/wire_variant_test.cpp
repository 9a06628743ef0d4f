// A variant on the worker's wire (harness/runner/wire_variant.cpp): what
// the parent writes the worker reads back whole, and a damaged one (cut
// short, an unknown kind or layout, a count past the frame, a malformed
// puzzle) is Broken, never a different puzzle.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "numplace/variant.hpp"
#include "runner/wire.hpp"

namespace {

namespace wire = np::runner::wire;
using np::Grid;
using np::Kind;
using np::Puzzle;

Grid jigsaw_killer() {
    auto p = std::make_shared<Puzzle>();
    p->grid = Grid(np::Geometry{1, 4});
    p->grid.at(0, 0) = 1;
    p->regions = np::RegionLayout::irregular;
    p->region_of = {0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3};
    p->constraints = {{Kind::killer_cage, {{1, 2}}, {5}, {}},
                      {Kind::arrow, {{5}, {6, 7}, {10}}, {}, {}},
                      {Kind::xv, {{8, 9}}, {5}, {}},
                      {Kind::little_killer, {{0, 5, 10, 15}}, {10}, np::Clue{-1, -1}},  // clues travel too
                      {Kind::sandwich, {{15, 14, 13, 12}}, {0}, np::Clue{3, 4}}};
    p->negative = {Kind::xv};
    Grid g = p->grid;
    g.variant = p;
    return g;
}

Grid read_back(const std::string& bytes, const Grid& cells_of) {
    wire::Reader r{bytes};
    Grid g = cells_of;
    g.variant = nullptr;
    wire::get_variant(r, g);
    return g;
}

TEST(WireVariant, WhatIsWrittenIsReadBackWhole) {
    const Grid g = jigsaw_killer();
    wire::Writer w;
    wire::put_variant(w, g);
    const Grid back = read_back(w.bytes, g);
    ASSERT_TRUE(back.is_variant());
    EXPECT_EQ(back.variant->constraints, g.variant->constraints);
    EXPECT_EQ(back.variant->region_of, g.variant->region_of);
    EXPECT_EQ(back.variant->negative, g.variant->negative);
    EXPECT_EQ(back.variant->regions, np::RegionLayout::irregular);
}

TEST(WireVariant, AClassicGridStaysClassic) {
    const Grid g(np::Geometry{2, 2});
    wire::Writer w;
    wire::put_variant(w, g);
    EXPECT_EQ(w.bytes.size(), 1u);
    EXPECT_FALSE(read_back(w.bytes, g).is_variant());
}

TEST(WireVariant, EveryCutIsBroken) {
    const Grid g = jigsaw_killer();
    wire::Writer w;
    wire::put_variant(w, g);
    for (std::size_t n = 1; n < w.bytes.size(); ++n)
        EXPECT_THROW(read_back(w.bytes.substr(0, n), g), wire::Broken) << n << " of " << w.bytes.size();
}

TEST(WireVariant, AnUnknownKindOrLayoutIsBroken) {
    const Grid g = jigsaw_killer();
    wire::Writer w;
    wire::put_variant(w, g);
    std::string bad_layout = w.bytes;
    bad_layout[1] = 7;
    EXPECT_THROW(read_back(bad_layout, g), wire::Broken);
    // The first constraint's kind sits after: present, layout, the map
    // (u32 length + 16 bytes), negative (u64), count (u32).
    std::string bad_kind = w.bytes;
    bad_kind[1 + 1 + 4 + 16 + 8 + 4] = static_cast<char>(200);
    EXPECT_THROW(read_back(bad_kind, g), wire::Broken);
}

TEST(WireVariant, ACountPastTheFrameIsBrokenBeforeAnyAllocation) {
    wire::Writer w;
    w.u8(1);
    w.u8(0);
    w.str("");
    w.u64(0);
    w.u32(0xFFFFFFFFu);  // constraints
    EXPECT_THROW(read_back(w.bytes, Grid(np::Geometry{2, 2})), wire::Broken);
}

TEST(WireVariant, AMalformedPuzzleIsBroken) {
    Grid g = jigsaw_killer();
    auto p = std::make_shared<Puzzle>(*g.variant);
    p->constraints[0].cells[0] = {1, 99};  // outside the 4x4 grid
    g.variant = p;
    wire::Writer w;
    wire::put_variant(w, g);
    EXPECT_THROW(read_back(w.bytes, g), wire::Broken);
}

}  // namespace
