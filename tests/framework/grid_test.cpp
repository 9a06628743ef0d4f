// Geometry, symbols and the Grid queries.
#include <gtest/gtest.h>

#include "numplace/format.hpp"
#include "numplace/grid.hpp"

namespace {

using np::Geometry;

TEST(Geometry, NameIsRowsTimesColumns) {
    EXPECT_EQ((Geometry{3, 3}.name()), "3x3");
    EXPECT_EQ((Geometry{2, 3}.name()), "2x3");
    EXPECT_EQ((Geometry{3, 4}.name()), "3x4");
    EXPECT_EQ((Geometry{5, 7}.name()), "5x7");
}

TEST(Geometry, ParseAcceptsRxC) {
    EXPECT_EQ(Geometry::parse("3x3"), (Geometry{3, 3}));
    EXPECT_EQ(Geometry::parse("2X3"), (Geometry{2, 3}));
    EXPECT_EQ(Geometry::parse("3x4"), (Geometry{3, 4}));
    EXPECT_EQ(Geometry::parse("5x7"), (Geometry{5, 7}));  // side 35, the largest
    EXPECT_EQ(Geometry::parse("1x2"), (Geometry{1, 2}));  // side 2 is still valid()
}

TEST(Geometry, ParseRejectsMalformedAndInvalidShapes) {
    for (const char* text : {"", "3", "x", "3x", "x3", "3x3x3", "3 x 3", "a3x3", "3x3 ", "-3x3",
                             "3x-3", "0x3", "3x0", "1x1", "6x6", "7x6", "100x1", "3,3", "33"})
        EXPECT_FALSE(Geometry::parse(text)) << text;
}

TEST(Geometry, FromCellCountKnowsTheConventionalShapes) {
    EXPECT_EQ(Geometry::from_cell_count(16), (Geometry{2, 2}));
    EXPECT_EQ(Geometry::from_cell_count(36), (Geometry{2, 3}));
    EXPECT_EQ(Geometry::from_cell_count(81), (Geometry{3, 3}));
    EXPECT_EQ(Geometry::from_cell_count(144), (Geometry{3, 4}));
    EXPECT_EQ(Geometry::from_cell_count(256), (Geometry{4, 4}));
    EXPECT_EQ(Geometry::from_cell_count(625), (Geometry{5, 5}));
    for (std::size_t n : {0, 1, 4, 9, 64, 80, 82, 100, 225, 1225}) EXPECT_FALSE(Geometry::from_cell_count(n)) << n;
}

TEST(Geometry, FromSideKnowsTheConventionalShapes) {
    EXPECT_EQ(Geometry::from_side(4), (Geometry{2, 2}));
    EXPECT_EQ(Geometry::from_side(6), (Geometry{2, 3}));
    EXPECT_EQ(Geometry::from_side(9), (Geometry{3, 3}));
    EXPECT_EQ(Geometry::from_side(12), (Geometry{3, 4}));
    EXPECT_EQ(Geometry::from_side(16), (Geometry{4, 4}));
    EXPECT_EQ(Geometry::from_side(25), (Geometry{5, 5}));
    for (int n : {0, 1, 2, 3, 5, 8, 10, 15, 35}) EXPECT_FALSE(Geometry::from_side(n)) << n;
}

TEST(Geometry, BoxesAreNumberedRowMajor) {
    const Geometry g{2, 3};  // 6x6: boxes two rows high, three columns wide
    EXPECT_EQ(g.box_of(0, 0), 0);
    EXPECT_EQ(g.box_of(0, 3), 1);
    EXPECT_EQ(g.box_of(2, 0), 2);
    EXPECT_EQ(g.box_of(5, 5), 5);
}

TEST(Symbols, ValuesAndSymbols) {
    EXPECT_EQ(np::symbol_value('.'), 0);
    EXPECT_EQ(np::symbol_value('0'), 0);
    EXPECT_EQ(np::symbol_value('1'), 1);
    EXPECT_EQ(np::symbol_value('9'), 9);
    EXPECT_EQ(np::symbol_value('A'), 10);
    EXPECT_EQ(np::symbol_value('a'), 10);
    EXPECT_EQ(np::symbol_value('G'), 16);
    EXPECT_EQ(np::symbol_value('z'), 35);
    EXPECT_EQ(np::symbol_value('Z'), 35);
    for (char c : {' ', '?', '*', '-', '_', '+', '/', '@', '[', '`', '{', '\0', '\x80'})
        EXPECT_EQ(np::symbol_value(c), np::kBadSymbol) << static_cast<int>(c);

    EXPECT_EQ(np::value_symbol(0), '.');
    EXPECT_EQ(np::value_symbol(5), '5');
    EXPECT_EQ(np::value_symbol(10), 'A');
    EXPECT_EQ(np::value_symbol(35), 'Z');
    for (int v = 0; v <= 35; ++v) EXPECT_EQ(np::symbol_value(np::value_symbol(v)), v);
}

TEST(GridQueries, GivenCountAndFull) {
    np::Grid g(Geometry{2, 2});
    EXPECT_EQ(g.given_count(), 0);
    EXPECT_FALSE(g.is_full());
    g.at(0, 0) = 1;
    g.at(3, 3) = 4;
    EXPECT_EQ(g.given_count(), 2);
    EXPECT_FALSE(g.is_full());
    for (auto& c : g.cells) c = 2;
    EXPECT_EQ(g.given_count(), 16);
    EXPECT_TRUE(g.is_full());
    g.cells.back() = 0;
    EXPECT_FALSE(g.is_full());
}

}  // namespace
