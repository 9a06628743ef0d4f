#include "verify/tally.hpp"

#include <algorithm>
#include <iomanip>
#include <ostream>
#include <sstream>

#include "setup/setup.hpp"

namespace np::verify {

void Tally::add(const Row& r) {
    ++rows_;
    PluginCounts& c = plugins_[r.plugin];
    c.micros += r.micros;
    c.claimed_micros += r.claimed_micros;
    switch (r.status) {
        case Status::pass: ++c.pass; break;
        case Status::unknown: ++c.unknown; break;
        case Status::skip: ++c.skip; break;
        case Status::fail: {
            ++c.fail;
            ++failed_;
            const std::string kind(kind_name(r.kind));
            ++c.failed_by_kind[kind];
            if (std::find(kinds_.begin(), kinds_.end(), kind) == kinds_.end()) kinds_.push_back(kind);
            if (fail_lines_.size() < kFailLines)
                fail_lines_.push_back("FAIL " + r.plugin + " " + r.entry + ": " + kind + ": " + r.finding);
            else ++fail_lines_dropped_;
            break;
        }
    }
    if (r.not_run) {
        ++c.not_run;
        c.not_run_reason = r.finding;
    }
    if (r.proof) {
        ProofCounts& p = c.proofs;
        switch (r.proof->status) {
            case ProofStatus::checked: ++p.checked; break;
            case ProofStatus::rejected: ++p.rejected; break;
            case ProofStatus::absent: ++p.absent; break;
        }
        p.bytes += r.proof->bytes;
        p.micros += r.proof->micros;
    }
}

const PluginCounts& Tally::of(const std::string& plugin) const {
    static const PluginCounts kNone;
    const auto it = plugins_.find(plugin);
    return it == plugins_.end() ? kNone : it->second;
}

std::vector<Row> Tally::conclusive_share(const std::vector<std::string>& plugins, double min_conclusive) const {
    std::vector<Row> rows;
    for (const auto& plugin : plugins) {
        const PluginCounts& c = of(plugin);
        const uint64_t judged = c.pass + c.fail + c.unknown, conclusive = c.pass + c.fail;
        if (judged == 0) continue;
        const double share = static_cast<double>(conclusive) / static_cast<double>(judged);
        if (share >= min_conclusive) continue;
        Row r;
        r.unit = UINT64_MAX;
        r.entry = "conclusive-share";
        r.plugin = plugin;
        r.operation = "all";
        r.status = Status::fail;
        r.kind = Kind::inconclusive;
        std::ostringstream words;
        words << "conclusive on " << conclusive << " of " << judged << " rows (" << std::fixed << std::setprecision(1)
              << 100.0 * share << "%), below --min-conclusive " << 100.0 * min_conclusive << "%";
        r.finding = words.str();
        r.derived = true;
        rows.push_back(std::move(r));
    }
    return rows;
}

nlohmann::ordered_json Tally::plugins_json(const std::vector<std::string>& plugins) const {
    nlohmann::ordered_json all = nlohmann::ordered_json::object();
    for (const auto& plugin : plugins) {
        const PluginCounts& c = of(plugin);
        all[plugin] = {{"pass", c.pass}, {"fail", c.fail}, {"unknown", c.unknown}, {"skip", c.skip}, {"micros", c.micros}};
        if (c.claimed_micros != 0) all[plugin]["claimed_micros"] = c.claimed_micros;
        const ProofCounts& p = c.proofs;
        if (p.rows() != 0)
            all[plugin]["proofs"] = {{"checked", p.checked}, {"rejected", p.rejected}, {"absent", p.absent},
                                     {"bytes", p.bytes}, {"micros", p.micros}};
    }
    return all;
}

std::vector<std::string> Tally::suites(const std::vector<std::string>& plugins) const {
    std::vector<std::string> names = plugins;
    if (has("host")) names.insert(names.begin(), "host");
    return names;
}

namespace {

// One line per plugin whose calls --max-timeouts kept back, so that the
// skips are not mistaken for shapes it does not take.
void print_not_run(const std::vector<std::string>& names, const Tally& tally, std::ostream& out) {
    for (const auto& plugin : names)
        if (const PluginCounts& c = tally.of(plugin); c.not_run != 0)
            out << "SKIP " << plugin << ": " << c.not_run << " rows " << c.not_run_reason
                << "; --resume with this run's report runs them\n";
}

// The proofs table: per plugin whose rows carry proofs, how many were
// checked, rejected or absent, their bytes and the checker's time.
void print_proofs(const std::vector<std::string>& names, const Tally& tally, std::size_t width, std::ostream& out) {
    ProofCounts all;
    for (const auto& n : names) {
        const ProofCounts& p = tally.of(n).proofs;
        all.checked += p.checked, all.rejected += p.rejected, all.absent += p.absent;
    }
    if (all.rows() == 0) return;
    out << "\n" << std::left << std::setw(static_cast<int>(width)) << "proofs" << std::right << std::setw(9) << "checked"
        << std::setw(10) << "rejected" << std::setw(8) << "absent" << std::setw(14) << "bytes" << std::setw(15)
        << "check seconds" << "\n";
    for (const auto& n : names) {
        const ProofCounts& p = tally.of(n).proofs;
        if (p.rows() == 0) continue;
        std::ostringstream seconds;
        seconds << std::fixed << std::setprecision(2) << static_cast<double>(p.micros) / 1e6;
        out << std::left << std::setw(static_cast<int>(width)) << n << std::right << std::setw(9) << p.checked
            << std::setw(10) << p.rejected << std::setw(8) << p.absent << std::setw(14) << p.bytes << std::setw(15)
            << seconds.str() << "\n";
    }
    out << "proofs: " << all.checked << " checked, " << all.rejected << " rejected, " << all.absent << " absent\n";
}

std::string share_of(const PluginCounts& c) {
    const uint64_t judged = c.pass + c.fail + c.unknown;
    if (judged == 0) return "-";
    std::ostringstream share;
    share << std::fixed << std::setprecision(1)
          << 100.0 * static_cast<double>(c.pass + c.fail) / static_cast<double>(judged) << "%";
    return share.str();
}

// --quick's sweep, bounded: which shapes it ran and which it left out, so
// that a quick pass is not read as one over every shape.
void print_quick_sweep(const std::vector<std::string>& left_out, std::ostream& out) {
    if (left_out.empty()) return;
    std::vector<std::string> ran;
    for (const Geometry& g : harness::standard_shapes())
        if (g.side() <= kQuickSweepSide) ran.push_back(g.name());
    out << "--quick: the generator sweep ran shapes " << ran.front() << " to " << ran.back()
        << " only (seed 1); its";
    for (std::size_t i = 0; i < left_out.size(); ++i) out << (i == 0 ? " " : ", ") << left_out[i];
    out << " calls are left to the full run\n";
}

}  // namespace

void Tally::print(const RunInfo& run, const Ending& ending, std::ostream& out) const {
    for (const auto& line : fail_lines_) out << line << "\n";
    if (fail_lines_dropped_ != 0)
        out << "... and " << fail_lines_dropped_ << " more failed rows (the report and JUnit file hold every one)\n";
    const std::vector<std::string> names = suites(run.plugins);
    print_not_run(names, *this, out);
    for (const auto& e : ending.input_errors) out << "INPUT " << e << "\n";
    std::size_t width = 6;
    for (const auto& n : names) width = std::max(width, n.size());
    auto column = [](const std::string& kind) { return static_cast<int>(std::max<std::size_t>(kind.size(), 6) + 2); };
    out << "\n" << std::left << std::setw(static_cast<int>(width)) << "plugin" << std::right << std::setw(8) << "pass";
    for (const auto& k : kinds_) out << std::setw(column(k)) << k;
    out << std::setw(9) << "unknown" << std::setw(7) << "skip" << std::setw(13) << "conclusive" << std::setw(11)
        << "seconds" << "\n";
    for (const auto& n : names) {
        const PluginCounts& c = of(n);
        out << std::left << std::setw(static_cast<int>(width)) << n << std::right << std::setw(8) << c.pass;
        for (const auto& k : kinds_) {
            const auto it = c.failed_by_kind.find(k);
            out << std::setw(column(k)) << (it == c.failed_by_kind.end() ? 0 : it->second);
        }
        // The time its calls took on this process's clock (rows' micros).
        std::ostringstream seconds;
        seconds << std::fixed << std::setprecision(1) << static_cast<double>(c.micros) / 1e6;
        out << std::setw(9) << c.unknown << std::setw(7) << c.skip << std::setw(13) << share_of(c) << std::setw(11)
            << seconds.str() << "\n";
    }
    // The footnote to the table: "host" is no plugin (issue 41).
    if (has("host"))
        out << "(host: not a plugin, numplace's own parser, judged on the corpus entries whose text it must "
               "refuse: the parse rows)\n";
    print_proofs(names, *this, width, out);
    out << "\n" << rows_ << " rows, " << failed_ << " failed";
    // Rows not run are never folded into the count silently (issue 40): the
    // SKIP lines above say whose and why.
    uint64_t not_run = 0;
    for (const auto& n : names) not_run += of(n).not_run;
    if (not_run != 0) out << ", " << not_run << " not run (--max-timeouts; SKIP above)";
    if (!ending.input_errors.empty()) out << ", " << ending.input_errors.size() << " input error(s)";
    if (run.shard_count > 1) out << " (shard " << run.shard_index << "/" << run.shard_count << ")";
    if (ending.interrupted) out << "; interrupted";
    out << "\n";
    print_quick_sweep(ending.sweep_left_out, out);
}

}  // namespace np::verify
