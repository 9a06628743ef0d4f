// numplace rate --compare: how far raters agree on a file (docs/rating.md).
// A rater is numplace's own (er, ep, ed on --table's scale; hodoku, the
// HoDoKu-style score; hodoku-level), a column of a ratings file
// (--ratings FILE.tsv:COLUMN, keyed by its `puzzle` column), or a plugin's
// own rating claim (plugin:NAME, rate_plugins.cpp).
#include <algorithm>
#include <cmath>
#include <limits>
#include <fstream>
#include <iomanip>
#include <map>
#include <numeric>
#include <sstream>

#include "cli/commands/commands.hpp"
#include "rating/compare.hpp"
#include "numplace/format.hpp"
#include "numplace/utf8.hpp"
#include "numplace/json.hpp"
#include "cli/commands/rate_rows.hpp"
#include "cli/shared.hpp"

namespace np::cli {

namespace {

using rating::Series;

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

bool builtin(const std::string& name) {
    return name == "er" || name == "ep" || name == "ed" || name == "hodoku" || name == "hodoku-level";
}

double builtin_value(const std::string& name, const RateRow& row) {
    if (!row_rated(row) || !row.rated.solved) return kNone;
    const rating::Rating& r = row.rated;
    if (name == "er") return r.er / 10.0;
    if (name == "ep") return r.ep / 10.0;
    if (name == "ed") return r.ed / 10.0;
    if (name == "hodoku") return static_cast<double>(r.score);
    return static_cast<double>(static_cast<int>(r.level));
}

// A puzzle's key in a ratings file: its line, '0' read as empty.
std::string key_of(std::string text) {
    std::replace(text.begin(), text.end(), '0', '.');
    return text;
}

// One column of a ratings file, by puzzle; "" or why not.
std::string load_column(const std::string& spec, std::string& column, std::map<std::string, double>& out) {
    const auto colon = spec.rfind(':');
    if (colon == std::string::npos || colon + 1 == spec.size()) return "--ratings " + spec + ": give FILE.tsv:COLUMN";
    const std::string path = spec.substr(0, colon);
    column = spec.substr(colon + 1);
    std::ifstream in(path);
    if (!in) return path + ": cannot be read";
    std::string header;
    std::getline(in, header);
    std::vector<std::string> names;
    std::istringstream hs(header);
    for (std::string cell; std::getline(hs, cell, '\t');) names.push_back(cell);
    const auto puzzle_at = std::find(names.begin(), names.end(), "puzzle");
    const auto value_at = std::find(names.begin(), names.end(), column);
    if (puzzle_at == names.end()) return path + ":1: no `puzzle` column in the header";
    if (value_at == names.end()) return path + ":1: no column `" + column + "` (the header has " + std::to_string(names.size()) + " columns)";
    const auto pi = static_cast<std::size_t>(puzzle_at - names.begin()), vi = static_cast<std::size_t>(value_at - names.begin());
    std::size_t line_number = 1;
    for (std::string line; std::getline(in, line);) {
        ++line_number;
        std::vector<std::string> cells;
        std::istringstream ls(line);
        for (std::string cell; std::getline(ls, cell, '\t');) cells.push_back(cell);
        if (cells.size() <= std::max(pi, vi)) return path + ":" + std::to_string(line_number) + ": too few columns";
        char* end = nullptr;
        const double v = std::strtod(cells[vi].c_str(), &end);
        if (end == cells[vi].c_str() || *end != '\0')
            return path + ":" + std::to_string(line_number) + ": `" + utf8_clean(cells[vi]) + "` is not a number";
        out[key_of(cells[pi])] = v;
    }
    return "";
}

std::string percent(double share) {
    std::ostringstream s;
    s << std::fixed << std::setprecision(1) << share * 100 << "%";
    return s.str();
}

std::string fixed(double v, int digits = 3) {
    std::ostringstream s;
    s << std::fixed << std::setprecision(digits) << v;
    return s.str();
}

void write_pair_text(std::ostream& out, const rating::Agreement& g) {
    out << g.a << " vs " << g.b << ": " << g.n << " puzzles rated by both\n";
    if (!g.constant.empty())
        out << "  Spearman rho and Kendall tau-b undefined: " << g.constant << " rates every one of them the same\n";
    else
        out << "  Spearman rho " << fixed(g.spearman.value) << " [" << fixed(g.spearman.low) << ", "
            << fixed(g.spearman.high) << "]  Kendall tau-b " << fixed(g.kendall.value) << " [" << fixed(g.kendall.low)
            << ", " << fixed(g.kendall.high) << "]  (bootstrap 95%)\n";
    if (!g.se_scale) return;
    out << "  equal: " << percent(g.equal) << "  within 0.1: " << percent(g.within_one) << "  |" << g.a << " - " << g.b
        << "| <= 0.2: " << percent(g.within) << "  same class: " << percent(g.same_class)
        << "  mean " << g.a << " - " << g.b << ": " << (g.mean_difference >= 0 ? "+" : "") << fixed(g.mean_difference, 2)
        << "\n  classes (rows " << g.a << ", columns " << g.b << "):\n";
    out << "  " << std::setw(14) << "";
    for (int c = 0; c < rating::kClasses; ++c) out << std::setw(14) << rating::class_name(static_cast<rating::Class>(c));
    out << '\n';
    for (int r = 0; r < rating::kClasses; ++r) {
        out << "  " << std::setw(14) << rating::class_name(static_cast<rating::Class>(r));
        for (int c = 0; c < rating::kClasses; ++c) out << std::setw(14) << g.classes[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
        out << '\n';
    }
}

// The level matrix of a pair with a level rater: a's bins by row.
void write_levels_text(std::ostream& out, const rating::Agreement& g) {
    if (!g.levels) return;
    const rating::Matrix& m = *g.levels;
    out << "  levels (rows " << g.a << ", columns " << g.b << "):\n  " << std::setw(14) << "";
    for (const std::string& c : m.columns) out << std::setw(14) << c;
    out << '\n';
    for (std::size_t r = 0; r < m.rows.size(); ++r) {
        out << "  " << std::setw(14) << m.rows[r];
        for (std::size_t count : m.counts[r]) out << std::setw(14) << count;
        out << '\n';
    }
}

// Puzzles (that are puzzles) a rater gave no rating.
std::size_t unrated(const std::vector<RateRow>& rows, const Series& s) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) n += std::holds_alternative<Grid>(rows[i].parsed) && std::isnan(s.values[i]);
    return n;
}

void write_unrated(std::ostream& out, const std::vector<RateRow>& rows, const Series& a, const Series& b) {
    for (const Series* s : {&a, &b})
        if (const std::size_t n = unrated(rows, *s); n != 0)
            out << "  " << n << " puzzle" << (n == 1 ? "" : "s") << " unrated by " << s->name << " (left out)\n";
}

// By the hardest technique of numplace's rating: how a and b differ there
// (on two scales, what each gives on average instead).
void write_by_technique(std::ostream& out, const std::vector<RateRow>& rows, const Series& a, const Series& b) {
    struct Tally {
        std::size_t n = 0, within = 0;
        double difference = 0, sum_a = 0, sum_b = 0;
    };
    std::map<std::string, Tally> by;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (std::isnan(a.values[i]) || std::isnan(b.values[i]) || rows[i].rated.hardest.empty()) continue;
        Tally& t = by[rows[i].rated.hardest];
        ++t.n;
        t.within += std::abs(std::lround(a.values[i] * 10) - std::lround(b.values[i] * 10)) <= 2;
        t.difference += a.values[i] - b.values[i];
        t.sum_a += a.values[i], t.sum_b += b.values[i];
    }
    if (by.empty()) return;
    const bool same_scale = a.se_scale && b.se_scale;
    out << "  by numplace's hardest technique (puzzles, "
        << (same_scale ? "|a - b| <= 0.2, mean a - b" : "mean " + a.name + ", mean " + b.name) << "):\n";
    for (const auto& [technique, t] : by) {
        const double n = static_cast<double>(t.n);
        out << "    " << std::left << std::setw(32) << technique << std::right << std::setw(7) << t.n;
        if (same_scale)
            out << std::setw(8) << percent(static_cast<double>(t.within) / n) << std::setw(8) << fixed(t.difference / n, 2);
        else
            out << std::setw(8) << fixed(t.sum_a / n, 2) << std::setw(8) << fixed(t.sum_b / n, 2);
        out << '\n';
    }
}

// How far apart a and b put each puzzle both rated (indexed like `both`):
// on one SE scale their difference; on two scales (ER against qqwing's
// levels) a difference means nothing, so the difference of the puzzle's
// places in each rater's order, as shares of the whole.
std::vector<double> distances(const std::vector<std::size_t>& both, const Series& a, const Series& b) {
    std::vector<double> x, y;
    for (std::size_t i : both) x.push_back(a.values[i]), y.push_back(b.values[i]);
    if (!(a.se_scale && b.se_scale)) x = rating::ranks(x), y = rating::ranks(y);
    const double scale = a.se_scale && b.se_scale ? 1.0 : static_cast<double>(std::max<std::size_t>(both.size(), 1));
    std::vector<double> apart;
    for (std::size_t k = 0; k < both.size(); ++k) apart.push_back(std::abs(x[k] - y[k]) / scale);
    return apart;
}

// The puzzles where a and b differ most, the largest difference first.
void write_most_apart(std::ostream& out, const std::vector<RateRow>& rows, const Series& a, const Series& b, std::size_t count) {
    std::vector<std::size_t> both;
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (!std::isnan(a.values[i]) && !std::isnan(b.values[i])) both.push_back(i);
    const std::vector<double> apart = distances(both, a, b);
    std::vector<std::size_t> order(both.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) { return apart[i] > apart[j]; });
    for (std::size_t& k : order) k = both[k];
    if (order.size() > count) order.resize(count);
    if (order.empty()) return;
    out << "  most apart" << (a.se_scale && b.se_scale ? "" : " in rank") << " (" << a.name << ", " << b.name
        << ", numplace's hardest step, puzzle):\n";
    for (std::size_t i : order)
        out << "    " << a.values[i] << "  " << b.values[i] << "  "
            << (rows[i].rated.hardest.empty() ? "-" : rows[i].rated.hardest) << "  " << utf8_clean(rows[i].item.origin) << "  "
            << (std::holds_alternative<Grid>(rows[i].parsed) ? format_line(std::get<Grid>(rows[i].parsed)) : "") << '\n';
}

json pair_json(const rating::Agreement& g) {
    json j{{"a", g.a}, {"b", g.b}, {"puzzles", g.n},
           {"spearman", {{"rho", g.spearman.value}, {"low", g.spearman.low}, {"high", g.spearman.high}}},
           {"kendall_tau_b", {{"tau", g.kendall.value}, {"low", g.kendall.low}, {"high", g.kendall.high}}}};
    if (!g.constant.empty()) {  // no order to correlate: undefined, not 0
        j["spearman"] = nullptr, j["kendall_tau_b"] = nullptr;
        j["constant"] = g.constant;
    }
    if (g.se_scale) {
        j["equal"] = g.equal, j["within_0_1"] = g.within_one, j["within_0_2"] = g.within;
        j["same_class"] = g.same_class, j["mean_difference"] = g.mean_difference;
        json m = json::array();
        for (const auto& row : g.classes) m.push_back(row);
        j["classes"] = m;
        json names = json::array();
        for (int c = 0; c < rating::kClasses; ++c) names.push_back(rating::class_name(static_cast<rating::Class>(c)));
        j["class_names"] = names;
    }
    if (g.levels) j["levels"] = {{"rows", g.levels->rows}, {"columns", g.levels->columns}, {"counts", g.levels->counts}};
    return j;
}

bool level_rater(const std::string& name) { return name == "hodoku-level" || is_plugin_rater(name); }

using Pairs = std::vector<std::pair<std::string, std::string>>;
using Columns = std::map<std::string, std::map<std::string, double>>;

// --compare's raters, in order, and the pairs asked for: plain names are
// compared pair by pair; A/B asks for that pair alone.
void parse_pairs(const std::string& text, std::vector<std::string>& names, Pairs& pairs) {
    std::vector<std::string> plain;
    for (const std::string& item : comma_list(text)) {
        const auto slash = item.find('/');
        if (slash == std::string::npos) {
            plain.push_back(item);
        } else {
            pairs.emplace_back(item.substr(0, slash), item.substr(slash + 1));
            names.push_back(pairs.back().first), names.push_back(pairs.back().second);
        }
    }
    for (std::size_t i = 0; i < plain.size(); ++i)
        for (std::size_t k = i + 1; k < plain.size(); ++k) pairs.emplace_back(plain[i], plain[k]);
    names.insert(names.end(), plain.begin(), plain.end());
}

// The --ratings columns, by name; false (said) when one cannot be read.
bool load_columns(const Args& args, Columns& columns, std::ostream& err) {
    for (const std::string& spec : args.texts("--ratings")) {
        std::string column;
        std::map<std::string, double> values;
        if (std::string why = load_column(spec, column, values); !why.empty()) {
            err << "numplace rate: " << utf8_clean(why) << "\n";
            return false;
        }
        columns[column] = std::move(values);
    }
    return true;
}

// Every rater named is known (a column, built in, or plugin:NAME); false
// (said) otherwise. `needs_rating`: a built-in rater is among them.
bool known_raters(const std::vector<std::string>& names, const Columns& columns, bool& needs_rating,
                  std::ostream& err) {
    needs_rating = false;
    for (const std::string& n : names) {
        if (columns.count(n) == 0 && !builtin(n) && !is_plugin_rater(n)) {
            err << "numplace rate: no rater " << utf8_clean(n)
                << ": name er, ep, ed, hodoku, hodoku-level, plugin:NAME, or the COLUMN of a --ratings FILE:COLUMN\n";
            return false;
        }
        needs_rating = needs_rating || (columns.count(n) == 0 && builtin(n));
    }
    return true;
}

// Each rater's value for every row: a plugin's own ratings, a built-in
// rating, or the column's value for the puzzle. nullopt when interrupted.
std::optional<std::map<std::string, Series>> rater_series(const Args& args, const std::vector<std::string>& names,
                                                          Columns& columns,
                                                          const std::map<std::string, Plugin>& plugin_raters,
                                                          const std::vector<RateRow>& rows) {
    std::map<std::string, Series> series;
    for (const std::string& n : names) {
        if (series.count(n) != 0) continue;
        Series s{n, {}, n == "er" || n == "ep" || n == "ed" || columns.count(n) != 0, level_rater(n)};
        if (const auto plugin = plugin_raters.find(n); plugin != plugin_raters.end()) {
            PluginRatings rated = plugin_ratings(args, plugin->second, rows);
            s.values = std::move(rated.values);
            s.se_scale = rated.se_scale;
            if (s.se_scale) s.levels = false;
            if (interrupted()) return std::nullopt;
            series[n] = std::move(s);
            continue;
        }
        for (const RateRow& row : rows) {
            if (columns.count(n) == 0) {
                s.values.push_back(builtin_value(n, row));
                continue;
            }
            const Grid* g = std::get_if<Grid>(&row.parsed);
            const auto& col = columns[n];
            const auto it = g != nullptr ? col.find(key_of(format_line(*g))) : col.end();
            s.values.push_back(it == col.end() ? kNone : it->second);
        }
        series[n] = std::move(s);
    }
    return series;
}

// Each pair's agreement, as text or one JSON document, and --svg; the exit code.
int write_agreements(const Args& args, Streams io, const Pairs& pairs, std::map<std::string, Series>& series,
                     const std::vector<RateRow>& rows, const std::vector<std::string>& names, bool needs_rating) {
    const auto resamples = static_cast<unsigned>(args.whole("--bootstrap"));
    const uint64_t seed = args.whole("--seed");
    json document{{"puzzles", rows.size()}, {"raters", names}, {"pairs", json::array()}};
    std::string svg, level_svg;  // the first pair's classes, else the first level matrix
    for (const auto& [first, second] : pairs) {
        const Series &x = series[first], &y = series[second];
        const rating::Agreement g = rating::agree(x, y, resamples, seed);
        if (g.se_scale && svg.empty()) svg = rating::confusion_svg(g);
        if (g.levels && level_svg.empty()) level_svg = rating::levels_svg(g);
        if (args.text("--format") == "json") {
            json pair = pair_json(g);
            pair["unrated"] = {{first, unrated(rows, x)}, {second, unrated(rows, y)}};
            document["pairs"].push_back(pair);
            continue;
        }
        write_pair_text(io.out, g);
        write_unrated(io.out, rows, x, y);
        write_levels_text(io.out, g);
        if (needs_rating) write_by_technique(io.out, rows, x, y);
        write_most_apart(io.out, rows, x, y, 10);
        io.out << '\n';
    }
    if (args.text("--format") == "json") io.out << dump_document(document) << '\n';
    if (!args.has("--svg")) return kExitOk;
    if (svg.empty()) svg = level_svg;
    if (svg.empty()) {
        io.err << "numplace rate: --svg: no two SE-scale raters (er, ep, ed or a ratings column) to draw classes of, "
                  "and no level rater (hodoku-level, plugin:NAME) to draw levels of\n";
        return kExitUsage;
    }
    return write_file(args.text("--svg"), svg, io.err, io.err) ? kExitOk : kExitUsage;
}

}  // namespace

int compare_ratings(const Args& args, Streams io, const CompareSetup& setup) {
    std::vector<std::string> names;
    Pairs pairs;
    parse_pairs(args.text("--compare"), names, pairs);
    if (pairs.empty()) {
        io.err << "numplace rate: --compare takes two raters or more, RATER,RATER (er, ep, ed, hodoku, hodoku-level, "
                  "plugin:NAME, or a --ratings column), or pairs A/B\n";
        return kExitUsage;
    }
    Columns columns;
    bool needs_rating = false;
    if (!load_columns(args, columns, io.err) || !known_raters(names, columns, needs_rating, io.err)) return kExitUsage;
    std::map<std::string, Plugin> plugin_raters;  // found before anything is rated
    for (const std::string& n : names) {
        if (columns.count(n) != 0 || !is_plugin_rater(n) || plugin_raters.count(n) != 0) continue;
        auto plugin = plugin_rater(args, io, n);
        if (!plugin) return kExitUsage;
        plugin_raters.emplace(n, std::move(*plugin));
    }
    std::vector<RateRow> rows;
    const int status = setup.rate(needs_rating, rows);
    if (status != kExitOk) return status;
    auto series = rater_series(args, names, columns, plugin_raters, rows);
    if (!series) return interrupt_exit_code();
    return write_agreements(args, io, pairs, *series, rows, names, needs_rating);
}

std::vector<FlagSpec> compare_flags() {
    FlagSpec compare{"--compare", FlagKind::text,
                     "Compare raters on the inputs instead of listing ratings: RATER,RATER[,...] (every pair) or A/B,C/D "
                     "(those pairs), each rater one of er, ep, ed (numplace's SE-style, --table's scale), hodoku, "
                     "hodoku-level, a --ratings column, or plugin:NAME (a plugin or command-line solver that reports "
                     "its own `rating` counter when it solves, e.g. plugin:qqwing; run with its default options)"};
    FlagSpec ratings{"--ratings", FlagKind::texts,
                     "A rater from a file: FILE.tsv:COLUMN, a tab-separated file with a header holding `puzzle` and COLUMN "
                     "(repeatable)"};
    FlagSpec bootstrap{"--bootstrap", FlagKind::whole, "Bootstrap resamples for the 95% intervals", "1000"};
    FlagSpec svg{"--svg", FlagKind::text,
                 "Write the confusion matrix of SE classes of the first SE-scale pair to this SVG file (without one, "
                 "the first pair's matrix of levels)"};
    return {compare, ratings, bootstrap, flags::seed("Seed of the bootstrap's draws"), svg};
}

}  // namespace np::cli
