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

#include "verify/report_file.hpp"

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

// Each plugin's summary "proofs" counted anew from the rows, as a forger who
// knows the format would after deleting rows.
inline void recount_proofs(ordered& report) {
    for (auto& [plugin, counts] : report["summary"]["plugins"].items())
        if (counts.contains("proofs"))
            counts["proofs"] = {{"checked", 0}, {"rejected", 0}, {"absent", 0}, {"bytes", 0}, {"micros", 0}};
    for (const auto& row : report["rows"]) {
        if (!row.contains("proof")) continue;
        auto& p = report["summary"]["plugins"][row["plugin"].get<std::string>()]["proofs"];
        const std::string status = row["proof"];
        p[status] = p[status].get<uint64_t>() + 1;
        p["bytes"] = p["bytes"].get<uint64_t>() + row["proof_bytes"].get<uint64_t>();
        p["micros"] = p["micros"].get<uint64_t>() + row["proof_micros"].get<uint64_t>();
    }
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
