// Reports edited as a careless or hostile user would: read as JSON (keys in
// their order), changed, and written back in numplace's layout. seal()
// recomputes the digest with the report library's own ReportDigest: it
// plays the forger who knows the format, so that the checks behind the
// digest (units, shards, counts) are tested on their own.
#pragma once

#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>

#include "report_file.hpp"

namespace np::test {

using ordered = nlohmann::ordered_json;

inline ordered read_report(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return ordered::parse(std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>()));
}

// The summary's digest made anew for what the report now says.
inline void seal(ordered& report) {
    np::verify::ReportDigest digest;
    digest.add(np::verify::report_file::line(report["run"]));
    for (const auto& row : report["rows"]) digest.add(np::verify::report_file::line(row));
    ordered summary = report["summary"];
    summary.erase("digest");
    digest.add(np::verify::report_file::line(summary));
    report["summary"]["digest"] = digest.finish();
}

// In numplace's layout: the keys in order, a row a line.
inline std::string write_report(const std::string& path, const ordered& report) {
    std::ofstream out(path, std::ios::binary);
    out << "{\"numplace_verify\":" << report["numplace_verify"].dump() << ",\"run\":" << report["run"].dump()
        << ",\"rows\":[\n";
    bool first = true;
    for (const auto& row : report["rows"]) {
        out << (first ? "" : ",\n") << row.dump();
        first = false;
    }
    out << "\n],\"summary\":" << report["summary"].dump() << "}\n";
    return path;
}

}  // namespace np::test
