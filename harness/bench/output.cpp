// numplace bench's outputs: the screen table, JSON, CSV, Markdown, and the
// chart's data.
#include <cmath>
#include <cstdio>
#include <sstream>

#include "bench/bench.hpp"
#include "numplace/json.hpp"

namespace np::bench {

namespace {

using json = nlohmann::json;

bool generating(const Report& r) { return r.settings.what.has_value(); }
// Puzzles made to order: a column for the candidates each row tried.
bool to_order(const Report& r) { return !r.settings.bands.empty() || !r.settings.technique.empty(); }

// Three significant figures, grouped thousands: 151,400 / 2,310 / 87.4 / 0.512.
std::string number(double v) {
    if (!std::isfinite(v)) return "-";
    char text[64];
    if (std::fabs(v) >= 1000) {
        const double scale = std::pow(10.0, std::floor(std::log10(std::fabs(v))) - 2);
        std::snprintf(text, sizeof text, "%.0f", std::round(v / scale) * scale);
        std::string digits = text, out;
        const std::size_t first = digits[0] == '-' ? 1 : 0;
        for (std::size_t i = 0; i < digits.size(); ++i) {
            if (i > first && (digits.size() - i) % 3 == 0) out += ',';
            out += digits[i];
        }
        return out;
    }
    if (std::fabs(v) >= 100) std::snprintf(text, sizeof text, "%.0f", v);
    else if (std::fabs(v) >= 10) std::snprintf(text, sizeof text, "%.1f", v);
    else if (std::fabs(v) >= 1) std::snprintf(text, sizeof text, "%.2f", v);
    else std::snprintf(text, sizeof text, "%.3g", v);
    return text;
}

// Exact, grouped: 49,158.
std::string count(uint64_t v) {
    const std::string digits = std::to_string(v);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

std::string percent(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f%%", v);
    return text;
}

std::string ratio(const Row& row) {
    if (!row.ratio) return "";
    char text[32];
    std::snprintf(text, sizeof text, *row.ratio >= 0.1 ? "%.2fx" : "%.2gx", *row.ratio);
    return text;
}

std::string status_name(Row::Status s) {
    switch (s) {
        case Row::Status::measured: return "measured";
        case Row::Status::finding: return "finding";
        case Row::Status::skipped: return "skipped";
    }
    return "";
}

// A command-line solver reports no nodes or guesses: its "no guess" would
// read 100%, which it never said.
bool has_search_stats(const Row& row) { return row.nodes > 0 || row.guesses > 0; }

std::string timed_text(const Row& row) {
    return count(row.timed) + (row.sampled ? " of " + count(row.dataset_size) : "");
}

// PAR-2 gets a column when a puzzle timed out: otherwise it is the mean.
bool any_timeout(const Report& r) {
    for (const Row& row : r.rows)
        if (row.timeouts.value_or(0) > 0) return true;
    return false;
}

// CPU seconds of the timed pass.
std::string cpu_text(const Row& row) { return row.cpu_seconds ? number(*row.cpu_seconds) : ""; }

// The timed pass's CPU time as a share of its wall time, when a row ran on
// more than one core or waited (below 0.9 or above 1.1): "0.738x", else "".
// A column of its own (CPU/wall), so that the CPU figures stay aligned.
std::string cpu_share_text(const Row& row) {
    if (!row.cpu_seconds || !row.wall_seconds || *row.wall_seconds <= 0) return "";
    const double share = *row.cpu_seconds / *row.wall_seconds;
    return share < 0.9 || share > 1.1 ? number(share) + "x" : "";
}

bool any_cpu_share(const Report& r) {
    for (const Row& row : r.rows)
        if (row.status == Row::Status::measured && !cpu_share_text(row).empty()) return true;
    return false;
}

// The columns, in order; a row's cells in the same order.
std::vector<std::string> headers(const Report& r) {
    const std::string what = generating(r) ? "results" : "puzzles";
    std::vector<std::string> h = {generating(r) ? "generating" : "dataset", "plugin", what + "/s",
                                  "µs/" + what.substr(0, what.size() - 1), "median µs", "p99 µs"};
    if (generating(r)) h.push_back("mean clues");
    if (to_order(r)) h.push_back("tried");
    else h.insert(h.end(), {"no guess", "guesses", "nodes"});
    h.insert(h.end(), {"unknown", "peak MiB", "timed", "CPU s"});
    if (any_cpu_share(r)) h.push_back("CPU/wall");
    if (any_timeout(r)) h.insert(h.end(), {"timeouts", "PAR-2 s"});
    if (!r.settings.baseline.empty()) h.push_back("vs " + r.settings.baseline);
    return h;
}

std::vector<std::string> cells(const Report& r, const Row& row) {
    std::vector<std::string> c = {row.dataset, row.plugin};
    if (row.status != Row::Status::measured) {
        c.push_back((row.status == Row::Status::finding ? "FINDING " + std::string(judge::kind_name(row.kind)) + ": " : "skipped: ") + row.message);
        return c;
    }
    c.insert(c.end(), {number(row.rate), number(row.mean_us), number(row.median_us), number(row.p99_us)});
    if (generating(r)) {
        c.push_back(number(row.mean_clues));
        if (to_order(r)) c.push_back(row.candidates ? count(*row.candidates) : "");
    } else if (!has_search_stats(row)) c.insert(c.end(), {"-", "-", "-"});  // a plugin that reports none
    else c.insert(c.end(), {percent(row.no_guess_percent), number(row.guesses), number(row.nodes)});
    c.insert(c.end(), {count(row.unknown), row.peak_mib ? number(*row.peak_mib) : "", timed_text(row), cpu_text(row)});
    if (any_cpu_share(r)) c.push_back(cpu_share_text(row));
    if (any_timeout(r))
        c.insert(c.end(), {row.timeouts ? count(*row.timeouts) : "", row.par2_seconds ? number(*row.par2_seconds) : ""});
    if (!r.settings.baseline.empty()) c.push_back(ratio(row));
    return c;
}

std::string limit_text(const Report& r) {
    if (to_order(r))
        return "puzzles made to order: every one kept proved unique by the oracle, its rater's steps sound against "
               "the solution";
    if (generating(r)) return "every warm-up puzzle proved unique by the oracle";
    return r.settings.limit >= 2 ? "--limit 2 (solve and prove unique; 'no guess' includes the uniqueness search)"
                                 : "--limit 1 (first solution)";
}

// Display width: UTF-8 continuation bytes take no column.
std::size_t width(const std::string& s) {
    std::size_t w = 0;
    for (unsigned char c : s) w += (c & 0xC0) != 0x80;
    return w;
}

}  // namespace

// The NAME+proof rows' proofs (--proofs), as lines under the table: the
// checker's verdicts on the certification pass, sizes and its speed.
std::string proof_lines(const Report& r, bool markdown) {
    std::ostringstream out;
    for (const Row& row : r.rows) {
        if (!row.proofs) continue;
        const ProofFigures& p = *row.proofs;
        out << (markdown ? "- " : "") << row.plugin << " on " << row.dataset << ": " << p.checked
            << " proofs checked, " << p.unproved << " complete searches unproved; " << number(p.bytes_mean)
            << " bytes a proof (p99 " << number(p.bytes_p99) << "); checker " << number(p.check_rate)
            << " proofs/s on one core\n";
    }
    const std::string lines = out.str();
    return lines.empty() ? "" : (markdown ? "\nProofs (certification pass):\n\n" : "\nProofs (certification pass):\n") + lines;
}

std::string to_table(const Report& r) {
    const auto head = headers(r);
    std::vector<std::vector<std::string>> lines = {head};
    for (const Row& row : r.rows) lines.push_back(cells(r, row));
    std::vector<std::size_t> w(head.size(), 0);
    for (const auto& line : lines)
        for (std::size_t i = 0; i < line.size() && line.size() == head.size(); ++i) w[i] = std::max(w[i], width(line[i]));
    std::ostringstream out;
    for (const auto& line : lines) {
        for (std::size_t i = 0; i < line.size(); ++i) {
            const bool last = i + 1 == line.size();
            const std::size_t pad = line.size() != head.size() ? 0 : w[i] - width(line[i]);
            // Text columns to the left, figures to the right (the last one
            // too: its padding comes before it, so no line ends in spaces).
            if (i < 2) out << line[i] << std::string(last ? 0 : pad, ' ');
            else out << std::string(pad, ' ') << line[i];
            if (!last) out << "  ";
        }
        out << "\n";
    }
    out << proof_lines(r, false);
    return out.str();
}

std::string to_markdown(const Report& r) {
    std::ostringstream out;
    const auto head = headers(r);
    out << "|";
    for (const auto& h : head) out << " " << h << " |";
    out << "\n|";
    for (std::size_t i = 0; i < head.size(); ++i) out << (i < 2 ? "---|" : "---:|");
    out << "\n";
    for (const Row& row : r.rows) {
        auto c = cells(r, row);
        c.resize(head.size());
        out << "|";
        for (auto& cell : c) {
            std::string escaped;
            for (char ch : cell) escaped += ch == '|' ? std::string("\\|") : std::string(1, ch);
            out << " " << escaped << " |";
        }
        out << "\n";
    }
    out << proof_lines(r, true);
    out << "\n" << r.machine << "; " << r.date << "; " << limit_text(r) << "; -j " << r.settings.jobs << ".\n";
    return out.str();
}

json to_json(const Report& r) {
    json rows = json::array();
    for (const Row& row : r.rows) {
        json j = {{"dataset", row.dataset}, {"plugin", row.plugin}, {"status", status_name(row.status)}};
        if (row.status != Row::Status::measured) {
            if (row.kind != judge::Kind::none) j["kind"] = std::string(judge::kind_name(row.kind));
            j["message"] = row.message;
            rows.push_back(j);
            continue;
        }
        j.update({{"rate", row.rate},
                  {"mean_us", row.mean_us},
                  {"median_us", row.median_us},
                  {"p99_us", row.p99_us},
                  {"unknown", row.unknown},
                  {"timed", row.timed},
                  {"dataset_size", row.dataset_size},
                  {"sampled", row.sampled},
                  {"seconds", row.seconds}});
        if (generating(r)) j["mean_clues"] = row.mean_clues;
        if (row.candidates) j["candidates"] = *row.candidates;
        else if (has_search_stats(row))
            j.update({{"no_guess_percent", row.no_guess_percent}, {"guesses", row.guesses}, {"nodes", row.nodes}});
        if (row.peak_mib) j["peak_mib"] = *row.peak_mib;
        if (row.ratio) j["ratio"] = *row.ratio;
        if (row.proofs)
            j["proofs"] = {{"checked", row.proofs->checked},       {"unproved", row.proofs->unproved},
                           {"bytes_mean", row.proofs->bytes_mean}, {"bytes_p99", row.proofs->bytes_p99},
                           {"check_rate", row.proofs->check_rate}};
        if (row.cpu_seconds) j["cpu_seconds"] = *row.cpu_seconds;
        if (row.wall_seconds) j["wall_seconds"] = *row.wall_seconds;
        if (row.timeouts) {
            j["timeouts"] = *row.timeouts;
            j["par2_seconds"] = row.par2_seconds ? json(*row.par2_seconds) : json(nullptr);
        }
        if (row.puzzles) {
            json us = json::array();
            for (const auto& t : row.puzzles->us) us.push_back(t ? json(*t) : json(nullptr));
            j["puzzles"] = {{"index", row.puzzles->index}, {"us", us}, {"not_reached", row.puzzles->not_reached}};
        }
        rows.push_back(j);
    }
    json plugins = json::array();
    for (const auto& f : r.files) plugins.push_back(json(harness::to_json(f)));
    return {{"numplace_bench", kReportVersion}, {"machine", r.machine}, {"date", r.date},
            {"settings", settings_json(r.settings)}, {"plugins", plugins}, {"rows", rows},
            {"notes", r.notes}, {"interrupted", r.interrupted}};
}

json settings_json(const Settings& s) {
    json settings = {{"limit", s.limit}, {"seconds", s.seconds}, {"warmup", s.warmup}, {"seed", s.seed},
                     {"jobs", s.jobs},   {"timeout", s.harness.timeout_seconds}, {"oracle", s.harness.oracle},
                     {"sample_cap", s.sample_cap}};
    if (!s.baseline.empty()) settings["baseline"] = s.baseline;
    if (s.proofs) settings["proofs"] = s.harness.max_proof_bytes ? s.harness.max_proof_bytes : kProofBytes;
    if (s.what) settings["what"] = *s.what == NP_GENERATE_GRID ? "grid" : "puzzle";
    if (!s.bands.empty()) settings["rating"] = s.bands;
    if (!s.technique.empty()) settings["technique"] = s.technique;
    if (!s.bands.empty() || !s.technique.empty()) {
        settings["rater"] = s.rater, settings["table"] = s.table;
        json options = json::array();
        for (const auto& [key, value] : s.rater_options) options.push_back(key + "=" + value);
        settings["rater_options"] = options;
    }
    if (s.size) settings["size"] = s.size->name();
    if (!s.options.empty()) {
        json options = json::array();
        for (const auto& [key, value] : s.options) options.push_back(key + "=" + value);
        settings["options"] = options;
    }
    return settings;
}

std::string to_csv(const Report& r) {
    auto quoted = [](const std::string& s) {
        if (s.find_first_of(",\"\n") == std::string::npos) return s;
        std::string q = "\"";
        for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
        return q + "\"";
    };
    auto figure = [](double v) {
        char text[64];
        std::snprintf(text, sizeof text, "%.6g", v);
        return std::string(text);
    };
    std::ostringstream out;
    out << "dataset,plugin,status,kind,message,rate,mean_us,median_us,p99_us,no_guess_percent,guesses,nodes,"
           "mean_clues,unknown,peak_mib,timed,dataset_size,sampled,ratio,cpu_seconds,wall_seconds,timeouts,par2_seconds\n";
    for (const Row& row : r.rows) {
        out << quoted(row.dataset) << "," << quoted(row.plugin) << "," << status_name(row.status) << ","
            << quoted(std::string(judge::kind_name(row.kind))) << "," << quoted(row.message) << ",";
        if (row.status == Row::Status::measured)
            out << figure(row.rate) << "," << figure(row.mean_us) << "," << figure(row.median_us) << ","
                << figure(row.p99_us) << ","
                << (has_search_stats(row) ? figure(row.no_guess_percent) + "," + figure(row.guesses) + "," + figure(row.nodes)
                                          : std::string(",,"))
                << "," << figure(row.mean_clues) << "," << row.unknown << ","
                << (row.peak_mib ? figure(*row.peak_mib) : "") << "," << row.timed << "," << row.dataset_size << ","
                << (row.sampled ? "true" : "false") << "," << (row.ratio ? figure(*row.ratio) : "") << ","
                << (row.cpu_seconds ? figure(*row.cpu_seconds) : "") << ","
                << (row.wall_seconds ? figure(*row.wall_seconds) : "") << ","
                << (row.timeouts ? std::to_string(*row.timeouts) : "") << ","
                << (row.par2_seconds ? figure(*row.par2_seconds) : "");
        else
            out << ",,,,,,,,,,,,,,,,,";
        out << "\n";
    }
    return out.str();
}

report::ChartData chart_data(const Report& r) {
    report::ChartData c;
    c.title = generating(r) ? "numplace bench: results per second" : "numplace bench: puzzles per second";
    c.subtitle = r.machine + "; " + r.date + "; " + (generating(r) ? "" : "--limit " + std::to_string(r.settings.limit) + "; ") +
                 "-j " + std::to_string(r.settings.jobs);
    c.unit = generating(r) ? "results/s" : "puzzles/s";
    c.groups = r.dataset_names;
    c.series = r.plugin_names;
    c.values.assign(c.groups.size(), std::vector<std::optional<double>>(c.series.size()));
    for (const Row& row : r.rows) {
        if (row.status != Row::Status::measured) continue;
        const auto g = std::find(c.groups.begin(), c.groups.end(), row.dataset) - c.groups.begin();
        const auto p = std::find(c.series.begin(), c.series.end(), row.plugin) - c.series.begin();
        if (g < static_cast<long>(c.groups.size()) && p < static_cast<long>(c.series.size()))
            c.values[static_cast<std::size_t>(g)][static_cast<std::size_t>(p)] = row.rate;
    }
    return c;
}

}  // namespace np::bench
