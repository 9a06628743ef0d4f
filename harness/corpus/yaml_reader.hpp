// Internal to numplace_corpus: reading a corpus file's YAML into small trees,
// one top-level item at a time.
//
// yaml-cpp's event parser is used instead of YAML::Load: building its Node
// graph costs more than twice the parse itself, and a corpus file of 100,000
// entries would sit in memory whole. Here each entry becomes a plain tree,
// is checked and is dropped before the next one is read.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

namespace np::corpus::detail {

struct Node {
    enum class Kind : uint8_t { null, scalar, sequence, map };
    Kind kind = Kind::null;
    // A quoted or block scalar: a string whatever it looks like ("5" is not 5).
    bool quoted = false;
    int line = 0, column = 0;  // 1-based
    unsigned anchor = 0;       // while reading only
    // What the node holds, its aliases expanded: an estimate of its memory.
    std::size_t bytes = 0;
    std::string text;          // a scalar's value
    // A sequence's items; a map's keys and values alternately (k0, v0, k1, v1, ...).
    std::vector<Node> children;

    bool is_map() const { return kind == Kind::map; }
    bool is_sequence() const { return kind == Kind::sequence; }
    bool is_scalar() const { return kind == Kind::scalar; }
    bool is_null() const { return kind == Kind::null; }
};

struct ReadError {
    int line = 0, column = 0;  // 1-based; 0 when yaml-cpp gives no place
    std::string message;
};

// Reads a YAML text that must be one document holding a sequence. Each item
// of the sequence goes to `on_item` as soon as it is complete. Problems with
// the file as a whole go to `on_error`: a syntax error (which ends the
// reading: items before it have been delivered), a top level that is not a
// sequence, an empty file, a second document, and explicit tags (which the
// corpus does not use).
//
// Bounds, so that no file can take the reader's memory with it: more than
// kMaxItemText bytes of text without a top-level item ending stops the
// reading there (yaml-cpp needs up to ~230 bytes of memory per byte of text
// in deeply nested flow collections, so this bounds its memory to ~60 MB);
// an item that would hold more than kMaxItemBytes in memory, with every
// alias expanded (an alias bomb doubles at each level), is skipped with an
// error; yaml-cpp's own depth limit stops deep nesting.
inline constexpr std::size_t kMaxItemText = std::size_t{256} << 10;
inline constexpr std::size_t kMaxItemBytes = std::size_t{1} << 20;
void read_sequence(std::istream& yaml, const std::function<void(const Node&)>& on_item,
                   const std::function<void(ReadError)>& on_error);
void read_sequence(std::string_view yaml, const std::function<void(const Node&)>& on_item,
                   const std::function<void(ReadError)>& on_error);

}  // namespace np::corpus::detail
