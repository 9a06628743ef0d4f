// --merge: shard reports joined as they stream. Each shard's reader checks
// its report as it goes (report_file.hpp); the rows are interleaved by unit,
// so the merged report is what one unsharded run writes, and only one unit's
// rows are held at a time.
#include <algorithm>
#include <set>

#include "verify/report_file.hpp"
#include "verify/report_writer.hpp"
#include "verify/verify.hpp"

namespace np::verify {

namespace {

std::string shard_name(const RunInfo& r) { return std::to_string(r.shard_index) + "/" + std::to_string(r.shard_count); }

// Every shard once, all of one run, and no report mixed with another run's
// files.
std::string shards_problem(const std::vector<std::unique_ptr<ReportReader>>& shards) {
    const RunInfo& first = shards.front()->run();
    std::set<uint32_t> seen;
    for (const auto& s : shards) {
        const RunInfo& r = s->run();
        if (r.fingerprint != first.fingerprint || r.shard_count != first.shard_count || r.plugins != first.plugins ||
            r.version != first.version)
            return "shard " + shard_name(r) + " comes from a different run (other inputs, plugins, settings or shard count)";
        if (!seen.insert(r.shard_index).second) return "shard " + shard_name(r) + " is given twice";
    }
    for (uint32_t i = 1; i <= first.shard_count; ++i)
        if (!seen.count(i)) return "shard " + std::to_string(i) + "/" + std::to_string(first.shard_count) + " is missing";
    return "";
}

// The shards' rows in unit order: each shard's own rows are in order, and a
// unit's rows are all in one shard.
bool next_unit(std::vector<UnitReader>& shards, std::vector<Row>& unit) {
    auto first = std::min_element(shards.begin(), shards.end(),
                                  [](const UnitReader& a, const UnitReader& b) { return a.next_unit() < b.next_unit(); });
    if (first == shards.end() || first->next_unit() == UINT64_MAX) return false;
    unit = first->take();
    return true;
}

// The merged run: shard 1/1 of the same run, with every shard's rows, and
// marked unchecked when any shard was (each reason once).
RunInfo merged_run(const std::vector<std::unique_ptr<ReportReader>>& shards) {
    RunInfo run = shards.front()->run();
    run.shard_index = run.shard_count = 1;
    run.rows = 0;
    run.unchecked.clear();
    for (const auto& s : shards) {
        run.rows += s->run().rows;
        for (const auto& why : s->unchecked_reasons())
            if (std::find(run.unchecked.begin(), run.unchecked.end(), why) == run.unchecked.end()) run.unchecked.push_back(why);
    }
    return run;
}

}  // namespace

std::optional<Outcome> merge(const std::vector<std::string>& paths, bool accept_unchecked, ReportWriter& out,
                             std::string& error) {
    if (paths.empty()) {
        error = "no reports to merge";
        return std::nullopt;
    }
    std::vector<std::unique_ptr<ReportReader>> shards;
    Outcome outcome;
    for (const auto& path : paths) {
        auto reader = ReportReader::open(path, ReportReader::Incomplete::refuse, error,
                                         accept_unchecked ? ReportReader::Unchecked::accept : ReportReader::Unchecked::refuse);
        if (!reader) return std::nullopt;
        if (!reader->begin()) return error = reader->error(), std::nullopt;
        if (auto mixed = companions_problem(path, reader->run()); !mixed.empty()) return error = mixed, std::nullopt;
        if (!reader->checked())
            outcome.notes.push_back(path + ": read unchecked (--accept-unchecked): " +
                                    (reader->run().version < 3 ? "a version " + std::to_string(reader->run().version) +
                                                                     " report has no digest or unit counts"
                                                               : "it is marked unchecked") +
                                    "; the merged report is " +
                                    (reader->run().version < 3 ? "of that version, itself unchecked" : "marked unchecked"));
        shards.push_back(std::move(reader));
    }
    if (error = shards_problem(shards); !error.empty()) return std::nullopt;
    RunInfo run = merged_run(shards);
    if (!out.begin(run, error)) return std::nullopt;
    std::vector<UnitReader> units;
    for (auto& s : shards) units.emplace_back(*s);
    for (std::vector<Row> unit; next_unit(units, unit);) out.add_unit(unit);
    for (auto& s : shards) {
        if (!s->end()) {
            out.abort();
            error = s->error();
            return std::nullopt;
        }
        for (const auto& e : s->ending().input_errors)
            if (std::find(outcome.ending.input_errors.begin(), outcome.ending.input_errors.end(), e) ==
                outcome.ending.input_errors.end())
                outcome.ending.input_errors.push_back(e);
        outcome.ending.interrupted = outcome.ending.interrupted || s->ending().interrupted;
        for (const auto& [plugin, t] : s->ending().cpu) outcome.ending.cpu[plugin] += t;
    }
    return outcome;
}

}  // namespace np::verify
