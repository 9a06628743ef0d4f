// Reading puzzles from command-line arguments, files and stdin: splitting a
// text into puzzle items, each with the place it came from.
#pragma once

#include <istream>
#include <optional>
#include <string>
#include <vector>

#include "numplace/format.hpp"

namespace np {

struct InputItem {
    std::string origin;  // "FILE:LINE", "stdin:LINE" or "arg:N"
    std::string text;    // the puzzle as given (a grid keeps its line breaks)
    InputFormat format;  // line, grid or share (never automatic)
};

// Split a file's text into items. Blank lines and lines starting with '#' are
// skipped; for line and share input a line's puzzle is its first field (up to
// whitespace, ':', ',' or ';'), so "puzzle:count:solution" lines work; grids
// are blocks of rows, separated by blank lines (or simply N rows long).
// `origin_prefix` is the file name or "stdin".
std::vector<InputItem> split_input(std::string_view text, const std::string& origin_prefix,
                                   InputFormat format, std::optional<Geometry> size);

// One command-line argument that is not a file: a puzzle in itself.
InputItem argument_item(std::string_view text, int index, InputFormat format,
                        std::optional<Geometry> size);

}  // namespace np
