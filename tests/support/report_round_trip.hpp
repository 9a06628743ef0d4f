// Reports drawn at random and written by verify's own ReportWriter, then
// read back by its ReportReader (what --merge and --resume read): every
// report the writer can produce must be one the reader accepts, with the
// same rows. One drawing, two sources of choices: rapidcheck's generators
// (tests/cli/report_round_trip_test.cpp) and a libFuzzer input
// (tests/libfuzzer/report_writer.cpp).
//
// A drawn row has what a run can give it: every status and failure kind,
// any proof, any counts, plugin-supplied text of any bytes (findings,
// verdicts, tags), and grids of every shape the ABI allows (1x2 to 35x1)
// whose values may be out of range, as a plugin's refused witness or a
// generator's result may be.
#pragma once

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <string>
#include <tuple>
#include <vector>

#include "verify/report_file.hpp"
#include "verify/report_writer.hpp"

namespace np::test {

struct DrawnReport {
    verify::RunInfo run;
    std::vector<std::vector<verify::Row>> units;
    verify::Ending ending;
};

// Text with whatever a plugin may put in it: letters, JSON's specials,
// control characters, UTF-8 and bytes that are no UTF-8.
template <class Choose>
std::string drawn_text(Choose& c) {
    static const std::string pieces[] = {"a", "Z", " ", "\"", "\\", "\n", "\t", std::string(1, '\0'), "\x1b[31m",
                                         "\xc3\xa9", "\xe2\x82\xac", "\xff", "\xc3", "{", "]", ",", "/", "200"};
    std::string s;
    for (uint64_t n = c.below(6); n > 0; --n) s += pieces[c.below(std::size(pieces))];
    return s;
}

// A shape the ABI allows (side 2 to NP_MAX_SIDE), small ones more often.
// No retries: every choice gives a shape, even from a fuzz input run dry.
template <class Choose>
Geometry drawn_shape(Choose& c) {
    const auto most = static_cast<uint64_t>(NP_MAX_SIDE);
    const uint64_t rows = 1 + c.below(c.below(2) == 0 ? 5 : most);
    const uint64_t least_cols = rows == 1 ? 2 : 1, most_cols = most / rows;
    const uint64_t cols = least_cols + c.below(most_cols - least_cols + 1);
    return Geometry{static_cast<int>(rows), static_cast<int>(cols)};
}

// A grid of `g`: values in range, or (now and then) some not: what a
// plugin's answer may hold.
template <class Choose>
Grid drawn_grid(Choose& c, Geometry g) {
    Grid grid(g);
    const bool wild = c.below(4) == 0;
    const auto side = static_cast<uint64_t>(g.side());
    for (auto& v : grid.cells) v = static_cast<uint8_t>(wild && c.below(8) == 0 ? c.below(256) : c.below(side + 1));
    return grid;
}

template <class Choose>
verify::Row drawn_row(Choose& c, const verify::RunInfo& run, uint64_t unit, const std::string& entry) {
    verify::Row r;
    r.unit = unit;
    r.entry = entry;
    r.plugin = c.below(5) == 0 ? "host" : run.plugins[c.below(run.plugins.size())];
    r.status = static_cast<judge::Status>(c.below(4));
    const auto kinds = judge::all_kinds();
    r.kind = r.status == judge::Status::fail ? kinds[c.below(kinds.size())] : judge::Kind::none;
    r.finding = drawn_text(c);
    r.verdict = drawn_text(c);
    r.micros = c.below(2) == 0 ? c.below(1000000) : c.any();
    r.claimed_micros = c.below(2) == 0 ? 0 : c.any();  // a worker's claim: anything
    r.not_run = r.status == judge::Status::skip && c.below(3) == 0;
    if (c.below(2) == 0) r.proof = verify::RowProof{static_cast<ProofStatus>(c.below(3)), c.any(), c.any()};
    if (c.below(4) != 0) {
        std::vector<std::string> tags;
        for (uint64_t n = c.below(3); n > 0; --n) tags.push_back(drawn_text(c));
        r.tags = tags;
    }
    r.reproduce = drawn_text(c);
    if (c.below(3) == 0) r.cpu_micros = c.any();
    const Geometry g = drawn_shape(c);
    if (c.below(2) == 0) r.shown_puzzle = drawn_grid(c, g);
    // Another shape now and then: the answer is the plugin's.
    if (c.below(2) == 0) r.shown_answer = drawn_grid(c, c.below(6) == 0 ? drawn_shape(c) : g);
    return r;
}

// A report of up to four units of this shard, each one to three calls.
template <class Choose>
DrawnReport drawn_report(Choose& c) {
    DrawnReport d;
    verify::RunInfo& run = d.run;
    run.fingerprint = drawn_text(c);
    run.shard_count = static_cast<uint32_t>(1 + (c.below(2) == 0 ? c.below(4) : c.below(verify::kMaxShards)));
    run.shard_index = static_cast<uint32_t>(1 + c.below(run.shard_count));
    for (uint64_t n = 1 + c.below(2); run.plugins.size() < n;) {
        const std::string name = drawn_text(c) + "p" + std::to_string(run.plugins.size());
        run.plugins.push_back(name);
    }
    run.oracle = drawn_text(c);
    if (c.below(4) == 0) run.unchecked = {drawn_text(c)};
    uint64_t unit = run.shard_index - 1;
    for (uint64_t u = c.below(5); u > 0; --u, unit += run.shard_count * (1 + c.below(3))) {
        const std::string entry = drawn_text(c);
        std::vector<verify::Row> rows;
        const char* const operations[] = {"solve", "count", "check", "generate", "explain", "parse"};
        for (const char* op : operations) {
            if (rows.size() == 3 || c.below(3) != 0) continue;
            verify::Row r = drawn_row(c, run, unit, entry);
            r.operation = op;
            // One row per (plugin, operation) in a unit.
            if (std::none_of(rows.begin(), rows.end(),
                             [&](const verify::Row& o) { return o.plugin == r.plugin && o.operation == r.operation; }))
                rows.push_back(r);
        }
        if (rows.empty()) continue;
        run.rows += rows.size();
        d.units.push_back(rows);
    }
    run.units = unit + 1;
    for (uint64_t n = c.below(3); n > 0; --n) d.ending.input_errors.push_back(drawn_text(c));
    d.ending.interrupted = c.below(4) == 0;
    for (const auto& p : run.plugins)
        if (c.below(2) == 0) d.ending.cpu[p] = {static_cast<double>(c.below(1u << 30)) / 1024, static_cast<double>(c.below(1u << 30)) / 7};
    return d;
}

// Text as the report holds it: invalid UTF-8 replaced.
inline std::string as_written(const std::string& s) {
    return verify::json::parse(verify::report_file::line(verify::json(s))).get<std::string>();
}

// The fields a row keeps through the report, text as written.
inline bool same_row(const verify::Row& back, const verify::Row& r) {
    auto same_tags = [&] {
        if (back.tags.has_value() != r.tags.has_value()) return false;
        if (!r.tags) return true;
        std::vector<std::string> tags;
        for (const auto& t : *r.tags) tags.push_back(as_written(t));
        return *back.tags == tags;
    };
    return back.unit == r.unit && back.entry == as_written(r.entry) && back.plugin == as_written(r.plugin) &&
           back.operation == r.operation && back.status == r.status && back.kind == r.kind &&
           back.finding.rfind(as_written(r.finding), 0) == 0 && back.verdict == as_written(r.verdict) &&
           back.micros == r.micros && back.claimed_micros == r.claimed_micros && back.proof == r.proof &&
           back.not_run == r.not_run && back.cpu_micros == r.cpu_micros && back.reproduce == as_written(r.reproduce) &&
           same_tags();
}

// "" when the written report reads back whole with the drawn rows (text as
// written, grids as drawn when in range, else left out and named in the
// finding); else what differs. `path` is where the report goes.
inline std::string round_trip_problem(const DrawnReport& d, const std::string& path) {
    verify::ReportWriter out({path, "", ""});
    verify::RunInfo run = d.run;
    std::string error;
    if (!out.begin(run, error)) return "cannot begin: " + error;
    std::vector<verify::Row> written;
    for (auto unit : d.units) {
        written.insert(written.end(), unit.begin(), unit.end());  // as drawn, before the writer's intake
        out.add_unit(unit);
    }
    verify::Ending ending = d.ending;
    if (!out.finish(ending, 0.10, 130, error)) return "cannot finish: " + error;

    std::ifstream in(path, std::ios::binary);
    verify::ReportReader reader(in, path, verify::ReportReader::Incomplete::refuse,
                                verify::ReportReader::Unchecked::accept);
    if (!reader.begin()) return "its reader refuses it: " + reader.error();
    std::vector<std::string> unchecked;
    for (const auto& why : d.run.unchecked) unchecked.push_back(as_written(why));
    if (reader.run().unchecked != unchecked || reader.run().plugins.size() != d.run.plugins.size())
        return "its run reads back otherwise";
    std::size_t i = 0;
    for (verify::Row back; reader.next(back);) {
        if (back.derived) continue;
        if (i == written.size()) return "a row more than was written";
        const verify::Row& r = written[i++];
        if (!same_row(back, r)) return "row " + std::to_string(i) + " reads back otherwise";
        // What the drawn row's grids became: shown as they were, or left
        // out with the finding saying so.
        for (const auto& [drawn, shown, name] :
             {std::tuple{&r.shown_puzzle, &back.shown_puzzle, "puzzle"}, std::tuple{&r.shown_answer, &back.shown_answer, "answer"}}) {
            if (shown->has_value() && !(drawn->has_value() && **shown == **drawn))
                return "row " + std::to_string(i) + ": its " + name + " reads back otherwise";
            if (drawn->has_value() && !shown->has_value() &&
                back.finding.find(std::string("its ") + name + " grid not shown") == std::string::npos)
                return "row " + std::to_string(i) + ": its " + name + " grid is gone without a word";
        }
    }
    if (reader.failed()) return "its reader refuses it: " + reader.error();
    if (i != written.size()) return "rows missing";
    if (!reader.end()) return "its reader refuses it: " + reader.error();
    for (const auto& [plugin, t] : d.ending.cpu) {
        const auto it = reader.ending().cpu.find(as_written(plugin));
        if (it == reader.ending().cpu.end() || it->second.cpu_seconds != t.cpu_seconds ||
            it->second.wall_seconds != t.wall_seconds)
            return "its summary's cpu reads back otherwise";
    }
    if (reader.ending().interrupted != d.ending.interrupted) return "its ending reads back otherwise";
    return "";
}

}  // namespace np::test
