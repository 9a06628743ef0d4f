// A verify row's puzzle drawn as a grid (inline SVG) with its legend.
#pragma once

#include <string>

#include "report/report.hpp"

namespace np::report {

// "" when the row has no puzzle of a valid shape to draw.
std::string grid_svg(const VerifyRow& row);

}  // namespace np::report
