// Writing a proof: what a prover (a plugin) uses to emit the case-split tree
// that np::ProofChecker (proof.hpp) reads. Header-only and free of the
// checker, so a plugin can include it without linking the framework: it
// needs only the box shape. docs/proofs.md explains the format; in short,
// nodes in pre-order, each a header byte `kind << 6 | count` and its fields:
//
//   LEAF         0x00                          no children
//   SPLIT_CELL   1<<6|k, cell, k values        then k subtrees (cell = value i)
//   SPLIT_PLACE  2<<6|k, unit, value, k pos.   then k subtrees (value at position i)
//   ELIMINATE    3<<6|k, k x (cell, value)     then k refutations, then the rest
//   JUSTIFY      0x01, rule (2 bytes), s, s cells, m, m x (cell, value)
//                                              variants: no child when m = 0, else the rest
//
// A cell index is one byte when the grid has at most 256 cells, else two
// (little-endian); values (1..N), units and positions are one byte each. A
// unit is kind * N + index (rows, then columns, then boxes, all 0-based); a
// position is a cell's place in its unit (row-major inside a box). Counts run
// 0..63; a LEAF byte with count 1 is JUSTIFY (variant puzzles: a rule of the
// puzzle, checked by enumerating the s cells), other counts are reserved.
// A variant's units go on past the boxes (docs/proofs.md, "Variants"):
// split_place_at writes any unit by number and position.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace np::proof {

enum class Kind : uint8_t { leaf = 0, split_cell = 1, split_place = 2, eliminate = 3 };
enum class UnitKind : uint8_t { row = 0, column = 1, box = 2 };

constexpr int kMaxCount = 63;  // the count field's six bits

// The shape of the grid being proved, as the format needs it.
struct Shape {
    int box_rows = 3;
    int box_cols = 3;
    constexpr int side() const { return box_rows * box_cols; }
    constexpr int cells() const { return side() * side(); }
    // Cell indices take one byte while they fit in one (16x16 and smaller).
    constexpr int cell_bytes() const { return cells() <= 256 ? 1 : 2; }
    // The cell at `position` (0..N-1) of a unit, and back. Box positions run
    // row-major inside the box, boxes row-major over the grid.
    constexpr int cell_at(UnitKind kind, int index, int position) const {
        const int n = side();
        switch (kind) {
            case UnitKind::row: return index * n + position;
            case UnitKind::column: return position * n + index;
            case UnitKind::box: break;
        }
        const int top = (index / box_rows) * box_rows, left = (index % box_rows) * box_cols;
        return (top + position / box_cols) * n + left + position % box_cols;
    }
    constexpr int position_of(UnitKind kind, int cell) const {
        const int n = side(), row = cell / n, column = cell % n;
        switch (kind) {
            case UnitKind::row: return column;
            case UnitKind::column: return row;
            case UnitKind::box: break;
        }
        return (row % box_rows) * box_cols + column % box_cols;
    }
};

struct Elimination {
    int cell;
    int value;
};

// Emits nodes in pre-order to `sink` in chunks (never the whole proof), so
// a prover's memory does not grow with its proof. The prover calls one
// method per node, parent before children, children in the order listed.
// Arguments out of the format's range throw std::invalid_argument: that is a
// prover bug, and a checker would reject the bytes anyway.
class ProofWriter {
public:
    using Sink = std::function<void(std::string_view bytes)>;

    ProofWriter(Shape shape, Sink sink) : shape_(shape), sink_(std::move(sink)) {}
    ProofWriter(const ProofWriter&) = delete;
    ProofWriter& operator=(const ProofWriter&) = delete;
    ~ProofWriter() {
        try {
            flush();
        } catch (...) {  // a destructor must not throw: call flush() to see a sink's error
        }
    }

    // A node with no children: the checker must find a contradiction or a solution here.
    void leaf() {
        node([&] { header(Kind::leaf, 0); });
    }
    // Try each of `values` (1..N) in `cell`; one subtree follows per value.
    void split_cell(int cell, std::span<const int> values) {
        node([&] {
            header(Kind::split_cell, values.size());
            put_cell(cell);
            for (int v : values) put_value(v);
        });
    }
    // Place `value` in each of `cells` of the unit in turn; one subtree per cell.
    void split_place(UnitKind kind, int index, int value, std::span<const int> cells) {
        node([&] {
            header(Kind::split_place, cells.size());
            check(index >= 0 && index < shape_.side(), "unit index");
            put(static_cast<int>(kind) * shape_.side() + index);
            put_value(value);
            for (int cell : cells) {
                check(cell >= 0 && cell < shape_.cells() &&
                          shape_.cell_at(kind, index, shape_.position_of(kind, cell)) == cell,
                      "cell outside the unit");
                put(shape_.position_of(kind, cell));
            }
        });
    }
    // A variant's unit by its number (docs/proofs.md, "Variants") and
    // positions in it (its cells in row-major order); one subtree per position.
    void split_place_at(int unit, int value, std::span<const int> positions) {
        node([&] {
            header(Kind::split_place, positions.size());
            check(unit >= 0 && unit <= 255, "unit number");
            put(unit);
            put_value(value);
            for (int p : positions) {
                check(p >= 0 && p < shape_.side(), "position");
                put(p);
            }
        });
    }
    // A variant puzzle's rule `rule` (its constraints in order, then its
    // negative rules: variant.hpp's rule_count) says, over the cells of
    // `scope` (empty: the constraint's own cells): no assignment satisfies
    // it (no eliminations: a leaf), or none that satisfies it uses any of
    // `eliminations` (their cells in the scope): then the rest follows.
    void justify(int rule, std::span<const int> scope, std::span<const Elimination> eliminations) {
        node([&] {
            put(static_cast<int>(Kind::leaf) << 6 | 1);
            check(rule >= 0 && rule <= 0xffff, "rule number");
            put(rule & 0xff);
            put(rule >> 8);
            check(scope.size() <= kMaxCount && eliminations.size() <= kMaxCount, "count (split larger nodes)");
            put(static_cast<int>(scope.size()));
            for (int cell : scope) put_cell(cell);
            put(static_cast<int>(eliminations.size()));
            for (const auto& e : eliminations) {
                put_cell(e.cell);
                put_value(e.value);
            }
        });
    }
    // Candidates a stronger prover removed: one refutation subtree follows per
    // elimination (that candidate placed, the earlier ones removed), then the
    // continuation subtree (all of them removed).
    void eliminate(std::span<const Elimination> eliminations) {
        node([&] {
            header(Kind::eliminate, eliminations.size());
            for (const auto& e : eliminations) {
                put_cell(e.cell);
                put_value(e.value);
            }
        });
    }

    void flush() {
        if (buffer_.empty()) return;
        written_ += buffer_.size();
        std::string chunk;
        chunk.swap(buffer_);
        sink_(chunk);
    }
    uint64_t bytes_written() const { return written_ + buffer_.size(); }

private:
    static constexpr std::size_t kChunk = 4096;

    static void check(bool ok, const char* what) {
        if (!ok) throw std::invalid_argument(std::string("proof writer: bad ") + what);
    }
    // Writes one node whole or not at all (a bad argument leaves no half node).
    template <class Write>
    void node(Write write) {
        const std::size_t size = buffer_.size();
        try {
            write();
        } catch (...) {
            buffer_.resize(size);
            throw;
        }
        if (buffer_.size() >= kChunk) flush();
    }
    void header(Kind kind, std::size_t count) {
        check(count <= kMaxCount, "count (split larger nodes)");
        put(static_cast<int>(kind) << 6 | static_cast<int>(count));
    }
    void put(int byte) { buffer_.push_back(static_cast<char>(static_cast<uint8_t>(byte))); }
    void put_value(int v) {
        check(v >= 1 && v <= shape_.side(), "value");
        put(v);
    }
    void put_cell(int cell) {
        check(cell >= 0 && cell < shape_.cells(), "cell");
        put(cell & 0xff);
        if (shape_.cell_bytes() == 2) put(cell >> 8);
    }

    Shape shape_;
    Sink sink_;
    std::string buffer_;
    uint64_t written_ = 0;
};

}  // namespace np::proof
