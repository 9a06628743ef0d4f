#include "cli/cli.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "numplace/grid.hpp"

namespace np::cli {

namespace {

const FlagSpec* find_spec(const std::vector<FlagSpec>* specs, const std::string& name) {
    if (specs == nullptr) return nullptr;
    for (const auto& s : *specs)
        if (s.name == name) return &s;
    return nullptr;
}

std::optional<uint64_t> parse_whole(const std::string& text) {
    uint64_t value = 0;
    if (text.empty() || text[0] < '0' || text[0] > '9') return std::nullopt;  // no sign, no space
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

std::optional<double> parse_seconds(const std::string& text) {
    if (text.empty() || !((text[0] >= '0' && text[0] <= '9') || text[0] == '.')) return std::nullopt;
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size() || !std::isfinite(value) || value < 0) return std::nullopt;
    return value;
}

// A percentage: a number from 0 to 100, "10" or "10%".
std::optional<double> parse_percent(std::string text) {
    if (!text.empty() && text.back() == '%') text.pop_back();
    auto v = parse_seconds(text);  // the same syntax: a finite number >= 0
    return v && *v <= 100 ? v : std::nullopt;
}

std::string range_text(const FlagSpec& s) {
    if (s.max == UINT64_MAX) return "a whole number >= " + std::to_string(s.min);
    return "a whole number from " + std::to_string(s.min) + " to " + std::to_string(s.max);
}

// "" for a box shape; otherwise what was expected. A grid's size given where
// the box is meant ("6x6") is the usual slip: name the box that makes it.
std::string shape_problem(const std::string& value) {
    if (Geometry::parse(value)) return "";
    std::string problem = "expected a box shape RxC (e.g. 3x3) with 2 <= R*C <= " + std::to_string(NP_MAX_SIDE);
    unsigned rows = 0, cols = 0;
    char extra = 0;
    if (std::sscanf(value.c_str(), "%ux%u%c", &rows, &cols, &extra) == 2 && rows == cols && rows <= NP_MAX_SIDE)
        if (auto box = Geometry::from_side(static_cast<int>(rows)))
            problem += "; a " + value + " grid is --size " + box->name();
    return problem;
}

// "" when the value fits the spec; otherwise what was expected.
std::string check_value(const FlagSpec& s, const std::string& value) {
    switch (s.kind) {
        case FlagKind::whole: {
            auto v = parse_whole(value);
            return v && *v >= s.min && *v <= s.max ? "" : "expected " + range_text(s);
        }
        case FlagKind::seconds:
            return parse_seconds(value) ? "" : "expected a finite number of seconds >= 0";
        case FlagKind::percent:
            return parse_percent(value) ? "" : "expected a percentage from 0 to 100";
        case FlagKind::choice: {
            std::string list;
            for (const auto& c : s.choices) {
                if (c == value) return "";
                list += (list.empty() ? "" : ", ") + c;
            }
            return "expected one of " + list + did_you_mean(value, s.choices);
        }
        case FlagKind::shape: return shape_problem(value);
        default: return "";
    }
}

}  // namespace

bool Args::has(const std::string& name) const { return given.count(name) != 0; }

const std::string& Args::text(const std::string& name) const {
    if (auto it = given.find(name); it != given.end() && !it->second.empty()) return it->second.back();
    if (const FlagSpec* s = find_spec(specs, name)) return s->default_value;
    static const std::string empty;
    return empty;
}

const std::vector<std::string>& Args::texts(const std::string& name) const {
    static const std::vector<std::string> none;
    auto it = given.find(name);
    return it == given.end() ? none : it->second;
}

uint64_t Args::whole(const std::string& name) const { return parse_whole(text(name)).value_or(0); }

double Args::seconds(const std::string& name) const { return parse_seconds(text(name)).value_or(0); }

double Args::percent(const std::string& name) const { return parse_percent(text(name)).value_or(0); }

bool Args::takes(const std::string& name) const { return find_spec(specs, name) != nullptr; }

namespace {

// The optimal-string-alignment distance between two words, case ignored:
// the edits a typist makes (a letter added, dropped, changed, two swapped).
std::size_t edits_between(const std::string& a, const std::string& b) {
    auto low = [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); };
    std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
    for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
    for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i)
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const bool same = low(a[i - 1]) == low(b[j - 1]);
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (same ? 0 : 1)});
            if (i > 1 && j > 1 && low(a[i - 1]) == low(b[j - 2]) && low(a[i - 2]) == low(b[j - 1]))
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    return d[a.size()][b.size()];
}

}  // namespace

std::optional<std::string> nearest(const std::string& word, const std::vector<std::string>& known) {
    if (word.size() > 200) return std::nullopt;  // no one mistypes a page
    const std::size_t allowed = std::max<std::size_t>(1, word.size() / 3);
    std::optional<std::string> best;
    std::size_t best_edits = allowed + 1;
    bool tied = false;
    for (const auto& k : known) {
        const std::size_t e = edits_between(word, k);
        if (e < best_edits) best = k, best_edits = e, tied = false;
        else if (e == best_edits && best && *best != k) tied = true;
    }
    if (tied || best_edits == 0) return std::nullopt;  // exact: nothing to suggest
    return best;
}

std::string did_you_mean(const std::string& word, const std::vector<std::string>& known) {
    const auto n = nearest(word, known);
    return n ? " (did you mean " + *n + "?)" : "";
}

std::string command_name(const Command& command) {
    std::string name;
    for (const auto& part : command.path) name += (name.empty() ? "" : " ") + part;
    return name;
}

std::string validate(const Command& command, Args& args) {
    args.specs = &command.flags;
    for (const auto& s : command.flags) {
        if (s.required && !args.has(s.name)) return s.name + " is required";
        for (const auto& value : args.texts(s.name))
            if (auto problem = check_value(s, value); !problem.empty()) return s.name + " " + value + ": " + problem;
    }
    for (const auto& [name, values] : args.given)
        if (find_spec(&command.flags, name) == nullptr) return name + ": not a flag of " + command_name(command);
    return "";
}

int run_command(const Command& command, Args& args, Streams io) {
    if (auto problem = validate(command, args); !problem.empty()) {
        io.err << "numplace " << command_name(command) << ": " << problem << "\n";
        return kExitUsage;
    }
    return command.run(args, io);
}

}  // namespace np::cli
