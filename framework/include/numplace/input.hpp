// Reading puzzles from command-line arguments, files and stdin: splitting a
// text into puzzle items, each with the place it came from.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <istream>
#include <optional>
#include <string>
#include <vector>

#include "numplace/format.hpp"

namespace np {

struct InputItem {
    std::string origin;  // "FILE:LINE", "stdin:LINE" or "arg:N"
    std::string text;    // the puzzle as given (a grid keeps its line breaks)
    InputFormat format;  // line, grid, share or fpuzzles (never automatic)
    // Set when the lines could not be taken as text at all (a line over
    // kMaxLineBytes): why. `text` is then empty.
    std::string problem = {};
};

// The bounds of reading. No puzzle is longer than 625 cells, so a line of
// more than 1 MiB is never one: it is skipped (an item with a problem), and
// its bytes are not kept. A line that has no break after 64 MiB (/dev/zero,
// a binary blob) ends the reading of that input. Memory while reading is one
// line, plus the lines of a grid block or of an undecided run of 16-character
// lines: never the whole file.
inline constexpr std::size_t kMaxLineBytes = std::size_t{1} << 20;
inline constexpr std::size_t kMaxUnbrokenBytes = std::size_t{64} << 20;

// Fills the buffer, returns how many bytes it wrote, 0 at the end of input.
using ReadSome = std::function<std::size_t(char* buffer, std::size_t capacity)>;

// Reads an input piece by piece and splits it as split_input does, giving
// each item to `each` as soon as the lines that decide it are in. Stops when
// `each` returns false (and returns false).
bool read_items(const ReadSome& read, const std::string& origin_prefix, InputFormat format,
                std::optional<Geometry> size, const std::function<bool(InputItem&&)>& each);
bool read_items(std::istream& in, const std::string& origin_prefix, InputFormat format,
                std::optional<Geometry> size, const std::function<bool(InputItem&&)>& each);

// read_items on a file named by `path` (a regular file, a FIFO, /dev/fd/N)
// or, for path "-", on standard input. `error` is "" or why the input could
// not be opened or read ("a directory", the system's words); items read
// before a read error have been given. A read cut short by a signal is tried
// again unless `cancel` is set. Returns false if `each` did.
bool read_file_items(const std::string& path, InputFormat format, std::optional<Geometry> size,
                     const std::function<bool(InputItem&&)>& each, std::string& error,
                     const std::atomic<bool>* cancel = nullptr);

// parse_puzzle on an item; an item with a problem is that problem.
ParseResult parse_item(const InputItem& item, std::optional<Geometry> size);

// Split a file's text into items. Blank lines and lines starting with '#' are
// skipped; for line and share input a line's puzzle is its first field (up to
// whitespace, ':', ',' or ';'), so "puzzle:count:solution" lines work; grids
// are blocks of rows, separated by blank lines (or simply N rows long).
// `origin_prefix` is the file name or "stdin"; `first_line` is the number of
// the text's first line in it.
std::vector<InputItem> split_input(std::string_view text, const std::string& origin_prefix,
                                   InputFormat format, std::optional<Geometry> size,
                                   int first_line = 1);

// One command-line argument that is not a file: a puzzle in itself.
InputItem argument_item(std::string_view text, int index, InputFormat format,
                        std::optional<Geometry> size);

}  // namespace np
