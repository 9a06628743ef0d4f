// JSON rows and documents that stay valid UTF-8 (rows_json.cpp).
#pragma once

#include <iosfwd>
#include <nlohmann/json.hpp>
#include <string>

#include "numplace/grid.hpp"
#include "numplace/utf8.hpp"

namespace np::cli {

using json = nlohmann::ordered_json;

// Writes one JSON row on a line. Every string in it that is not valid UTF-8
// has its bad bytes replaced by U+FFFD, and the row gains "not_utf8": [the
// names of those fields], so the output is always valid JSON.
// A row may be reused from one input to the next (solve does, for speed): it
// is cleaned in place.
void write_json_row(std::ostream& out, json& row);
// A puzzle as it came: its candidate line when it has pencilmarks, else its
// line (explain and rate print it so).
std::string puzzle_text(const Grid& puzzle);
void write_json_row(std::ostream& out, json&& row);
// The same cleaning for a whole document (plugins --format json).
std::string dump_document(json document);
// Text with every invalid UTF-8 sequence replaced by U+FFFD (numplace/utf8.hpp).
using np::is_utf8;
using np::utf8_clean;

}  // namespace np::cli
