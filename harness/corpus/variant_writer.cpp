// Writing a variant puzzle's keys (docs/corpus-format.md, "Variant
// puzzles"), in the form variant_schema.cpp reads back as the same Puzzle:
// regions as rows of labels A, B, C ... (region 0, 1, 2 ...), each
// constraint one flow map (a global kind its bare key), every value written
// even where the reader has a default.
#include <yaml-cpp/emittermanip.h>

#include "corpus/emitter.hpp"
#include "corpus/variant_form.hpp"

namespace np::corpus::detail {

namespace {

// Region labels: A..Z then a..z (N is at most 25).
char region_label(int region) { return static_cast<char>(region < 26 ? 'A' + region : 'a' + region - 26); }

void put_cells(YAML::Emitter& out, const char* key, const std::vector<int>& cells, int n) {
    out << YAML::Key << key << YAML::Value << YAML::Flow << YAML::BeginSeq;
    for (int cell : cells) out << cell_text(cell / n, cell % n);
    out << YAML::EndSeq;
}

void put_number(YAML::Emitter& out, const char* key, const std::vector<int>& values) {
    if (!values.empty()) out << YAML::Key << key << YAML::Value << values[0];
}

// A little killer's direction: from its clue to its first cell.
std::string direction(const Constraint& c, int n) {
    const int first = c.cells[0][0];
    return std::string(first / n > c.clue->row ? "D" : "U") + (first % n > c.clue->column ? "R" : "L");
}

void put_clued(YAML::Emitter& out, const Constraint& c, Shape shape, int n) {
    out << YAML::Key << "clue" << YAML::Value << cell_text(c.clue->row, c.clue->column);
    if (shape == Shape::little_killer) out << YAML::Key << "direction" << YAML::Value << direction(c, n);
    put_number(out, shape == Shape::skyscraper ? "value" : "sum", c.values);
}

// The fields after `kind`, as keys_of(shape) lists them.
void put_fields(YAML::Emitter& out, const Constraint& c, Shape shape, int n) {
    switch (shape) {
    case Shape::global: return;
    case Shape::arrow:
        put_cells(out, "circle", c.cells[0], n);
        out << YAML::Key << "lines" << YAML::Value << YAML::Flow << YAML::BeginSeq;
        for (std::size_t i = 1; i < c.cells.size(); ++i) {
            out << YAML::Flow << YAML::BeginSeq;
            for (int cell : c.cells[i]) out << cell_text(cell / n, cell % n);
            out << YAML::EndSeq;
        }
        out << YAML::EndSeq;
        return;
    case Shape::little_killer: case Shape::outside_sum: case Shape::skyscraper:
        return put_clued(out, c, shape, n);  // the cells follow from the clue
    default: break;
    }
    put_cells(out, "cells", c.cells[0], n);
    if (shape == Shape::cage) put_number(out, "sum", c.values);
    if (shape == Shape::valued_line || shape == Shape::dot) put_number(out, "value", c.values);
    if (shape == Shape::clone) put_cells(out, "clone", c.cells[1], n);
    if (shape == Shape::quadruple) {
        out << YAML::Key << "digits" << YAML::Value << YAML::Flow << YAML::BeginSeq;
        for (int d : c.values) out << d;
        out << YAML::EndSeq;
    }
}

void put_constraint(YAML::Emitter& out, const Constraint& c, int n) {
    const Shape shape = shape_of(c.kind);
    const std::string key(kind_key(c.kind));
    if (shape == Shape::global) {
        put_string(out, key);
        return;
    }
    out << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "kind" << YAML::Value;
    put_string(out, key);
    put_fields(out, c, shape, n);
    out << YAML::EndMap;
}

}  // namespace

void put_regions(YAML::Emitter& out, const Puzzle& p) {
    if (p.regions == RegionLayout::boxes) return;
    out << YAML::Key << "regions" << YAML::Value;
    if (p.regions == RegionLayout::none) {
        out << "none";
        return;
    }
    const int n = p.side();
    out << YAML::BeginSeq;
    for (int r = 0; r < n; ++r) {
        std::string row;
        for (int col = 0; col < n; ++col) row += region_label(p.region_of[static_cast<std::size_t>(r * n + col)]);
        put_string(out, row);
    }
    out << YAML::EndSeq;
}

void put_rules(YAML::Emitter& out, const Puzzle& p) {
    if (!p.constraints.empty()) {
        out << YAML::Key << "constraints" << YAML::Value << YAML::BeginSeq;
        for (const Constraint& c : p.constraints) put_constraint(out, c, p.side());
        out << YAML::EndSeq;
    }
    if (!p.negative.empty()) {
        out << YAML::Key << "negative" << YAML::Value << YAML::Flow << YAML::BeginSeq;
        for (Kind k : p.negative) out << std::string(kind_key(k));
        out << YAML::EndSeq;
    }
}

}  // namespace np::corpus::detail
