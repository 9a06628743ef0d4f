// The small HTML toolkit the page builders share: escaping (every string
// from a report goes through it), JSON for a <script> block, figures, and
// the page's frame with its style sheet and script.
#pragma once

#include <string>
#include <string_view>

#include "report/report.hpp"

namespace np::report::html {

// Text or an attribute value: & < > " ' escaped, invalid UTF-8 replaced.
std::string escape(std::string_view text);
// JSON safe inside <script type="application/json">: no '<' can close it.
std::string script_json(const json& value);
// Three significant figures with grouped thousands: 151,400 / 87.4 / 0.512.
std::string figure(double value);
// A whole number with grouped thousands: 14,261.
std::string count(uint64_t value);
// <td data-v="VALUE">TEXT</td>: a figure the table sorts by its value.
std::string number_cell(double value, const std::string& text);
// The whole document: a title, the body, and the page's own style and script.
std::string document(const std::string& title, const std::string& body);

}  // namespace np::report::html
