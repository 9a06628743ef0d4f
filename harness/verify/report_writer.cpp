#include "verify/report_writer.hpp"

#include <filesystem>
#include <sstream>

#include "output/output_file.hpp"

namespace np::verify {

namespace fs = std::filesystem;

ReportWriter::ReportWriter(OutputPaths paths) : paths_(std::move(paths)) {}

ReportWriter::~ReportWriter() {
    for (auto& [suite, spool] : spools_) std::fclose(spool);
}

// `path` as seen from the folder of `from`, so that the files written
// together can be found from each other wherever the folder moves.
std::string ReportWriter::names_relative_to(const std::string& path, const std::string& from) const {
    if (path.empty() || path == "-" || from.empty() || from == "-") return path;
    std::error_code ec;
    const fs::path base = fs::absolute(fs::path(from), ec).parent_path();
    const fs::path relative = fs::absolute(fs::path(path), ec).lexically_relative(base);
    return ec || relative.empty() ? path : relative.string();
}

bool ReportWriter::begin(RunInfo& run, std::string& error) {
    run.id = output::new_run_id();
    run.junit = names_relative_to(paths_.junit, paths_.report);
    run.regressions = names_relative_to(paths_.regressions, paths_.report);
    run_ = run;
    const std::pair<const std::string*, std::unique_ptr<output::OutputFile>*> files[] = {
        {&paths_.regressions, &regressions_}, {&paths_.junit, &junit_}, {&paths_.report, &report_}};
    for (const auto& [path, file] : files) {
        if (path->empty()) continue;
        *file = output::OutputFile::open(*path, error);
        if (!*file) {
            abort();
            return false;
        }
    }
    if (report_) {
        const std::string head = report_file::line(report_file::run_to_json(run_));
        digest_.add(head);
        report_->write("{\"numplace_verify\":" + std::to_string(run_.version) + ",\"run\":" + head + ",\"rows\":[\n");
    }
    if (regressions_)
        regressions_->write(
            "# Failures found by numplace verify, with the truth the corpus or a complete oracle\n"
            "# search established: each is a corpus entry.\n"
            "# numplace verify run " + run_.id + "; report: " +
            (paths_.report.empty() ? std::string("(none)") : names_relative_to(paths_.report, paths_.regressions)) + "\n");
    return true;
}

namespace {

std::string xml_escape(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            default:
                // XML 1.0 has no place for most control characters.
                if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t') out += ' ';
                else out += c;
        }
    }
    return out;
}

// A row's proof as the testcase's properties (where pytest's
// record_property puts a testcase's details).
std::string junit_proof(const RowProof& p) {
    return "      <properties><property name=\"proof\" value=\"" + std::string(proof_status_name(p.status)) +
           "\"/><property name=\"proof_bytes\" value=\"" + std::to_string(p.bytes) +
           "\"/><property name=\"proof_micros\" value=\"" + std::to_string(p.micros) + "\"/></properties>\n";
}

std::string junit_testcase(const Row& r) {
    std::ostringstream out;
    out << "    <testcase classname=\"" << xml_escape(r.plugin) << "." << xml_escape(r.operation) << "\" name=\""
        << xml_escape(r.entry) << "\" time=\"" << static_cast<double>(r.micros) / 1e6 << "\"";
    if (r.status == Status::pass && !r.proof) return out.str() + "/>\n";
    out << ">\n";
    if (r.proof) out << junit_proof(*r.proof);
    if (r.status == Status::fail)
        out << "      <failure type=\"" << xml_escape(std::string(kind_name(r.kind))) << "\" message=\""
            << xml_escape(r.finding) << "\"/>\n";
    else if (r.status != Status::pass)
        out << "      <skipped message=\""
            << xml_escape(std::string(status_name(r.status)) + (r.finding.empty() ? "" : ": " + r.finding)) << "\"/>\n";
    out << "    </testcase>\n";
    return out.str();
}

}  // namespace

void ReportWriter::write_row(const Row& row) {
    tally_.add(row);
    if (report_) {
        const std::string line = report_file::line(report_file::row_to_json(row));
        digest_.add(line);
        report_->write(first_row_ ? line : ",\n" + line);
        first_row_ = false;
    }
    if (junit_) {
        std::FILE*& spool = spools_[row.plugin];
        if (spool == nullptr) spool = std::tmpfile();
        const std::string text = junit_testcase(row);
        if (spool == nullptr || std::fwrite(text.data(), 1, text.size(), spool) != text.size()) spool_failed_ = true;
    }
}

// The unit's failures whose truth is established, one corpus entry each,
// tagged with every plugin that failed it; then its bad steps, one step
// entry each.
void ReportWriter::write_regressions(const std::vector<Row>& unit) {
    for (const Row& r : unit) {
        if (r.status != Status::fail || !r.regression || !regression_ids_.insert(r.regression->id).second) continue;
        corpus::PuzzleEntry e = *r.regression;
        for (const Row& o : unit)
            if (o.status == Status::fail && o.regression && o.regression->id == e.id &&
                std::find(e.tags.begin(), e.tags.end(), o.plugin) == e.tags.end())
                e.tags.push_back(o.plugin);
        regressions_->write(corpus::to_yaml(e));
    }
    // A step regression is one plugin's: nothing to merge.
    for (const Row& r : unit)
        if (r.status == Status::fail && r.step_regression && regression_ids_.insert(r.step_regression->id).second)
            regressions_->write(corpus::to_yaml(*r.step_regression));
}

void ReportWriter::add_unit(std::vector<Row>& rows) {
    for (Row& r : rows) {
        r.unit_rows = rows.size();
        report_file::admit_grids(r);  // a plugin's grid enters a row only when the reader can read it back
        write_row(r);
    }
    if (regressions_) write_regressions(rows);
}

// The suites, each under its counts, with the testcases spooled for it.
bool ReportWriter::write_junit(std::string& error) {
    if (spool_failed_) {
        error = paths_.junit + ": cannot write (no room for its temporary testcases)";
        return false;
    }
    junit_->write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- numplace verify run " + run_.id +
                  " -->\n<testsuites name=\"numplace verify\">\n");
    for (const auto& suite : tally_.suites(run_.plugins)) {
        const PluginCounts& c = tally_.of(suite);
        std::ostringstream head;
        head << "  <testsuite name=\"" << xml_escape(suite) << "\" tests=\"" << c.pass + c.fail + c.unknown + c.skip
             << "\" failures=\"" << c.fail << "\" skipped=\"" << c.skip + c.unknown << "\" time=\""
             << static_cast<double>(c.micros) / 1e6 << "\">\n";
        junit_->write(head.str());
        if (const auto it = spools_.find(suite); it != spools_.end() && it->second != nullptr) {
            std::FILE* spool = it->second;
            std::rewind(spool);
            char piece[1 << 16];
            for (std::size_t n; (n = std::fread(piece, 1, sizeof piece, spool)) > 0;) junit_->write({piece, n});
            if (std::ferror(spool)) {
                error = paths_.junit + ": cannot write (its spool could not be read back)";
                return false;
            }
        }
        junit_->write("  </testsuite>\n");
    }
    junit_->write("</testsuites>\n");
    return true;
}

bool ReportWriter::finish(Ending& ending, double min_conclusive, int interrupted_code, std::string& error) {
    // A share is judged over a whole run: an interrupted one (or a merge
    // with an interrupted shard) judges none on the rows it happened to
    // finish (issue 41); --resume judges it when the run is whole.
    if (!ending.interrupted)
        for (Row& r : tally_.conclusive_share(run_.plugins, min_conclusive)) {
            if (run_.version >= 4) r.tags = std::vector<std::string>{};
            write_row(r);
        }
    ending.exit_code = !ending.input_errors.empty() ? 2 : tally_.failed() != 0 ? 1 : 0;
    if (ending.interrupted) ending.exit_code = interrupted_code;
    if (report_) {
        json summary = report_file::summary_to_json(run_, ending, tally_);
        digest_.add(report_file::line(summary));
        if (run_.version >= 3) summary["digest"] = digest_.finish();
        report_->write("\n],\"summary\":" + report_file::line(summary) + "}\n");
    }
    if (regressions_ && regression_ids_.empty()) regressions_->write("[]\n");
    if (junit_ && !write_junit(error)) {
        abort();
        return false;
    }
    std::vector<output::OutputFile*> order;
    for (auto* file : {regressions_.get(), junit_.get(), report_.get()})
        if (file != nullptr) order.push_back(file);
    return output::commit_all(order, error);
}

void ReportWriter::abort() {
    for (auto* file : {regressions_.get(), junit_.get(), report_.get()})
        if (file != nullptr) file->abort();
}

}  // namespace np::verify
