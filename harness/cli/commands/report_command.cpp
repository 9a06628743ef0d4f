// numplace report: verify and bench JSON reports drawn as one HTML page, or
// two runs compared (harness/report, docs/report.md).
#include <iostream>

#include "cli/commands/commands.hpp"
#include "report/report.hpp"
#include "cli/shared.hpp"

namespace np::cli {

namespace {

// Every FILE read; one line for each that cannot be (the others still are).
std::vector<report::Report> load_all(const std::vector<std::string>& files, bool keep_statuses, Streams io, bool& all_read) {
    std::vector<report::Report> reports;
    all_read = true;
    for (const std::string& file : files) {
        std::string error;
        if (auto r = report::load(file, keep_statuses, error)) reports.push_back(std::move(*r));
        else io.err << "numplace report: " << utf8_clean(error) << "\n", all_read = false;
    }
    return reports;
}

int compare(const Args& args, Streams io) {
    const auto& files = args.texts("FILE");
    if (files.size() != 2) {
        io.err << "numplace report: --compare takes two reports, OLD.json NEW.json (" << files.size() << " given)\n";
        return kExitUsage;
    }
    bool all_read = false;
    const auto reports = load_all(files, true, io, all_read);
    if (!all_read) return kExitUsage;
    report::CompareOptions options{args.text("--baseline"), std::nullopt};
    if (args.has("--fail-on-regression")) options.fail_percent = args.percent("--fail-on-regression");
    std::string error;
    const auto c = report::compare(reports[0], reports[1], options, error);
    if (!c) {
        io.err << "numplace report: " << utf8_clean(error) << "\n";
        return kExitUsage;
    }
    io.out << report::compare_text(*c) << report::compare_summary(*c) << "\n";
    if (args.has("--html") && !write_file(args.text("--html"), report::compare_page(*c), io.out, io.err)) return kExitUsage;
    return c->regressed ? kExitFailed : kExitOk;
}

int run(const Args& args, Streams io) {
    if (args.flag("--compare")) return compare(args, io);
    for (const char* flag : {"--baseline", "--fail-on-regression"})
        if (args.has(flag)) {
            io.err << "numplace report: " << flag << " goes with --compare OLD.json NEW.json\n";
            return kExitUsage;
        }
    if (args.texts("FILE").empty() || !args.has("--html")) {
        io.err << "numplace report: name the reports and the page: numplace report FILE.json... --html OUT.html "
                  "(or --compare OLD.json NEW.json)\n";
        return kExitUsage;
    }
    bool all_read = false;
    const auto reports = load_all(args.texts("FILE"), false, io, all_read);
    if (reports.empty()) return kExitUsage;
    std::string page;
    try {
        page = report::page(reports);
    } catch (const std::exception& e) {  // a field of a type the reader did not check: still one line
        io.err << "numplace report: a report holds a malformed value: " << utf8_clean(e.what()) << "\n";
        return kExitUsage;
    }
    if (!write_file(args.text("--html"), page, io.out, io.err)) return kExitUsage;
    return all_read ? kExitOk : kExitUsage;
}

}  // namespace

Command report_command() {
    return {{"report"},
            "Draw verify and bench JSON reports as one HTML page, or compare two runs",
            "FILE... --html OUT.html: one self-contained page (no network; inline SVG and a little JavaScript) "
            "from reports of numplace verify --report and numplace bench --json, versions 1 to 4, each a section "
            "in the order given. verify: the plugins x outcomes table and the rows that did not pass, grouped by "
            "plugin and kind, with the puzzle drawn (answer, differing and rule-breaking cells marked), the finding "
            "and the command that reproduces it; filters by plugin, kind, tag and status, also from the URL "
            "fragment (#plugin=backtrack&status=fail). bench: the sortable table, a scatter of two plugins' "
            "per-puzzle times, and per dataset a cactus plot and the bars. A file that cannot be read is named on "
            "stderr and the page is drawn from the others (exit 2). "
            "--compare OLD.json NEW.json: two reports of the same kind; a table and one summary line on stdout "
            "(and the page with --html). bench: each plugin's rate as a ratio to --baseline's (default: the "
            "reports' settings.baseline) on the same dataset in the same run, old, new and the change; a plugin "
            "regresses when the median of its cells' changes is a drop of more than --fail-on-regression, and a row "
            "that is a finding now and was not before is a regression too. verify: "
            "the rows whose status changed (matched by entry, plugin and operation), newly failing first; a row "
            "that fails now and did not before is a regression. Exit 0 when the page was written or the runs "
            "compared without a regression, 1 when --fail-on-regression was given and there was one, 2 for usage "
            "errors, an unreadable file or one that is no report, reports of two kinds, no or an unmeasured "
            "baseline. See docs/report.md.",
            {{"FILE", FlagKind::texts, "Reports: numplace verify --report or numplace bench --json files"},
             {"--html", FlagKind::text, "Write the page to OUT.html (- for stdout)"},
             {"--compare", FlagKind::flag, "Compare two reports of the same kind: FILE is OLD.json NEW.json"},
             {"--baseline", FlagKind::text, "With --compare on bench reports: the plugin whose rate the ratios are of "
                                            "(default: the reports' settings.baseline)"},
             {"--fail-on-regression", FlagKind::percent,
              "With --compare: exit 1 when a plugin's median ratio change is a drop of more than this (10 or 10%), "
              "or a verify row starts failing"}},
            run};
}

}  // namespace np::cli
