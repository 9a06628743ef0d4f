// The parts of a page, one builder each (page.cpp puts them together).
#pragma once

#include <string>
#include <vector>

#include "report/report.hpp"

namespace np::report {

// The filters over every verify report's listed rows (plugin, kind, tag,
// status), also set by the URL fragment: #plugin=backtrack&status=fail.
std::string filter_bar(const std::vector<const VerifyReport*>& reports);
// A verify report: the plugins x outcomes table, then the rows that did not
// pass, grouped by plugin and kind, each with its grid, finding and command.
std::string verify_section(const VerifyReport& report, int number);
// A bench report: the sortable table, the scatter of two plugins' times,
// and per dataset a cactus plot and the bars.
std::string bench_section(const BenchReport& report, int number);

}  // namespace np::report
