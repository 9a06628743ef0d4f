// The page for one or more reports: a list of the files, the filters when
// a verify report is among them, then one section per file in the order
// given (docs/report.md, "Several reports").
#include "report/html.hpp"
#include "report/report.hpp"
#include "report/sections.hpp"

namespace np::report {

namespace {

const std::string& path_of(const Report& r) {
    return std::holds_alternative<VerifyReport>(r) ? std::get<VerifyReport>(r).path : std::get<BenchReport>(r).path;
}

std::string contents(const std::vector<Report>& reports) {
    std::string out = "<ul class=\"contents\">";
    for (std::size_t i = 0; i < reports.size(); ++i)
        out += "<li><a href=\"#report-" + std::to_string(i + 1) + "\">" +
               (std::holds_alternative<VerifyReport>(reports[i]) ? "verify: " : "bench: ") +
               html::escape(path_of(reports[i])) + "</a></li>";
    return out + "</ul>\n";
}

}  // namespace

std::string page(const std::vector<Report>& reports) {
    std::vector<const VerifyReport*> verify;
    for (const Report& r : reports)
        if (const auto* v = std::get_if<VerifyReport>(&r)) verify.push_back(v);
    std::string body = "<h1>numplace report</h1>\n<p class=\"meta\">Drawn by numplace report from the files below; "
                       "every figure is the report's own.</p>\n" + contents(reports);
    if (!verify.empty()) body += filter_bar(verify);
    int number = 0;
    for (const Report& r : reports) {
        ++number;
        if (const auto* v = std::get_if<VerifyReport>(&r)) body += verify_section(*v, number);
        else body += bench_section(std::get<BenchReport>(r), number);
    }
    std::string title = "numplace report";
    if (reports.size() == 1) title += ": " + path_of(reports.front());
    return html::document(title, body);
}

}  // namespace np::report
