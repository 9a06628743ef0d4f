// Writing entries as canonical YAML (for `numplace corpus import`, and the
// regressions fuzz and verify write).
#include <yaml-cpp/emitter.h>
#include <yaml-cpp/emittermanip.h>

#include <cctype>

#include "corpus/corpus.hpp"
#include "corpus/emitter.hpp"
#include "rating/rating.hpp"

namespace np::corpus {

using detail::put_string;

namespace {

// True when a plain scalar with this text would be read as something other
// than a string by a YAML 1.1 or 1.2 reader (a number, a boolean, null):
// such a string is written in quotes so that every reader sees a string.
bool reads_as_non_string(std::string_view s) {
    std::string lower;
    for (char c : s) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (std::string_view word : {"", "~", "null", "true", "false", "yes", "no", "on", "off", "y",
                                  "n", ".inf", "-.inf", "+.inf", ".nan"})
        if (lower == word) return true;
    // [-+]? ( digits [. digits?]? | . digits ) ([eE] [-+]? digits)?, also with
    // '_' (YAML 1.1), and 0x / 0o / 0b prefixes.
    std::string_view t = lower;
    if (!t.empty() && (t[0] == '-' || t[0] == '+')) t.remove_prefix(1);
    if (t.size() > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'o' || t[1] == 'b')) return true;
    std::size_t i = 0;
    auto run = [&] {
        const std::size_t start = i;
        while (i < t.size() && (std::isdigit(static_cast<unsigned char>(t[i])) || t[i] == '_')) ++i;
        return i > start;
    };
    const bool whole = run();
    bool fraction = false;
    if (i < t.size() && t[i] == '.') {
        ++i;
        fraction = run();
    }
    if (!whole && !fraction) return false;
    if (i < t.size() && t[i] == 'e') {
        ++i;
        if (i < t.size() && (t[i] == '-' || t[i] == '+')) ++i;
        if (!run()) return false;
    }
    if (i < t.size() && t[i] == ':') return true;  // YAML 1.1 sexagesimal, e.g. 1:30
    return i == t.size();
}

// A literal block keeps a text readable when it is lines ending in one line
// break; anything else (leading blanks, no final break, CR) is double-quoted.
bool fits_literal_block(std::string_view s) {
    if (s.size() < 2 || s.back() != '\n' || s[s.size() - 2] == '\n') return false;
    if (s.front() == ' ' || s.front() == '\t' || s.front() == '\n') return false;
    return s.find('\r') == std::string_view::npos;
}

}  // namespace

void detail::put_string(YAML::Emitter& out, const std::string& s) {
    // yaml-cpp ends a literal block with a line break of its own, so the
    // text's last one is left to it.
    if (fits_literal_block(s))
        out << YAML::Literal << s.substr(0, s.size() - 1);
    else if (s.find('\n') != std::string::npos)
        out << YAML::DoubleQuoted << s;
    else if (reads_as_non_string(s))
        out << YAML::DoubleQuoted << s;
    else
        out << s;
}

namespace {

void put_key_string(YAML::Emitter& out, const char* key, const std::string& value) {
    out << YAML::Key << key << YAML::Value;
    put_string(out, value);
}

void put_reason(YAML::Emitter& out, const ExpectedReason& r) {
    out << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "code" << YAML::Value << std::string(reason_code_name(r.code));
    const std::pair<const char*, int> places[] = {
        {"row", r.row}, {"column", r.column}, {"box", r.box}, {"value", r.value}};
    for (const auto& [name, v] : places)
        if (v > 0) out << YAML::Key << name << YAML::Value << v;
    out << YAML::EndMap;
}

void put_expectation(YAML::Emitter& out, const PuzzleExpectation& x) {
    out << YAML::Key << "expect" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "verdict" << YAML::Value << std::string(verdict_name(x.verdict));
    if (x.solution) put_key_string(out, "solution", format_line(*x.solution));
    if (x.count) out << YAML::Key << "count" << YAML::Value << *x.count;
    if (x.count_at_least) out << YAML::Key << "count_at_least" << YAML::Value << *x.count_at_least;
    if (x.reason) {
        out << YAML::Key << "reason" << YAML::Value;
        put_reason(out, *x.reason);
    }
    out << YAML::EndMap;
}

void put_tail(YAML::Emitter& out, const std::string& source, const std::vector<std::string>& tags,
              const std::string& notes) {
    put_key_string(out, "source", source);
    if (!tags.empty()) {
        out << YAML::Key << "tags" << YAML::Value << YAML::Flow << YAML::BeginSeq;
        for (const auto& tag : tags) put_string(out, tag);
        out << YAML::EndSeq;
    }
    if (!notes.empty()) put_key_string(out, "notes", notes);
}

std::string finish(YAML::Emitter& out) {
    out << YAML::EndMap << YAML::EndSeq;
    return std::string(out.c_str()) + "\n";
}

}  // namespace

std::string to_yaml(const PuzzleEntry& e) {
    YAML::Emitter out;
    out << YAML::BeginSeq << YAML::BeginMap;
    put_key_string(out, "id", e.id);
    const Puzzle* variant = parsed(e.puzzle) ? std::get<Grid>(e.puzzle).variant.get() : nullptr;
    // With regions of its own the grid is 1 x N: its size is the side.
    if (variant && variant->regions != RegionLayout::boxes)
        out << YAML::Key << "size" << YAML::Value << e.size.side();
    else
        out << YAML::Key << "size" << YAML::Value << e.size.name();
    if (variant) detail::put_regions(out, *variant);
    // A puzzle that does not parse is kept exactly as written: its text is
    // what the entry is about.
    put_key_string(out, "puzzle", parsed(e.puzzle) ? format_line(std::get<Grid>(e.puzzle)) : e.text);
    if (variant) detail::put_rules(out, *variant);

    put_expectation(out, e.expect);
    put_tail(out, e.source, e.tags, e.notes);
    if (e.max_nodes != 0) out << YAML::Key << "max_nodes" << YAML::Value << e.max_nodes;
    return finish(out);
}

std::string to_yaml(const StepEntry& e) {
    YAML::Emitter out;
    out << YAML::BeginSeq << YAML::BeginMap;
    put_key_string(out, "id", e.id);
    out << YAML::Key << "kind" << YAML::Value << "step";
    out << YAML::Key << "size" << YAML::Value << e.size.name();
    put_key_string(out, "candidates", format_candidates(e.state));
    out << YAML::Key << "step" << YAML::Value << YAML::BeginMap;
    put_key_string(out, "plugin", e.plugin);
    put_key_string(out, "technique", e.technique);
    put_key_string(out, "text", e.step);
    out << YAML::EndMap;
    if (!e.explained.empty()) put_key_string(out, "explained", e.explained);
    put_expectation(out, e.expect);
    put_tail(out, e.source, e.tags, e.notes);
    return finish(out);
}

std::string to_yaml(const GridCheckEntry& e) {
    YAML::Emitter out;
    out << YAML::BeginSeq << YAML::BeginMap;
    put_key_string(out, "id", e.id);
    out << YAML::Key << "kind" << YAML::Value << "grid-check";
    out << YAML::Key << "size" << YAML::Value << e.size.name();
    put_key_string(out, "grid", format_line(e.grid));

    out << YAML::Key << "expect" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "valid" << YAML::Value << e.valid;
    if (!e.violations.empty()) {
        out << YAML::Key << "violations" << YAML::Value << YAML::BeginSeq;
        for (const auto& v : e.violations) put_reason(out, v);
        out << YAML::EndSeq;
    }
    out << YAML::EndMap;

    put_tail(out, e.source, e.tags, e.notes);
    return finish(out);
}

namespace {

// 'options: {key: value, ...}' in the order written; nothing when empty.
void put_options(YAML::Emitter& out, const std::vector<std::pair<std::string, std::string>>& options) {
    if (options.empty()) return;
    out << YAML::Key << "options" << YAML::Value << YAML::Flow << YAML::BeginMap;
    for (const auto& [k, v] : options) {
        out << YAML::Key << k << YAML::Value;
        put_string(out, v);
    }
    out << YAML::EndMap;
}

std::string band_text(const GeneratorOrder& o) {
    return (o.lo ? rating::tenths_text(*o.lo) : "") + ".." + (o.hi ? rating::tenths_text(*o.hi) : "");
}

void put_order(YAML::Emitter& out, const GeneratorOrder& o) {
    out << YAML::Key << "order" << YAML::Value << YAML::Flow << YAML::BeginMap;
    put_key_string(out, "rater", o.rater);
    put_options(out, o.rater_options);
    if (o.lo || o.hi) put_key_string(out, "rating", band_text(o));
    if (!o.technique.empty()) put_key_string(out, "technique", o.technique);
    put_key_string(out, "table", o.table);
    out << YAML::Key << "candidates" << YAML::Value << o.candidates;
    out << YAML::EndMap;
}

}  // namespace

std::string to_yaml(const GeneratorEntry& e) {
    YAML::Emitter out;
    out << YAML::BeginSeq << YAML::BeginMap;
    put_key_string(out, "id", e.id);
    out << YAML::Key << "kind" << YAML::Value << "generator";
    put_key_string(out, "plugin", e.plugin);
    out << YAML::Key << "what" << YAML::Value << (e.what == NP_GENERATE_GRID ? "grid" : "puzzle");
    out << YAML::Key << "size" << YAML::Value << e.size.name();
    out << YAML::Key << "seed" << YAML::Value << e.seed;
    out << YAML::Key << "count" << YAML::Value << e.count;
    put_options(out, e.options);
    if (e.order) put_order(out, *e.order);
    out << YAML::Key << "expect" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "properties" << YAML::Value << YAML::Flow << YAML::BeginSeq;
    const GeneratorProperties& p = e.expect;
    const std::pair<const char*, bool> names[] = {{"full", p.full},         {"valid", p.valid},
                                                  {"unique", p.unique},     {"minimal", p.minimal},
                                                  {"symmetric", p.symmetric}, {"deterministic", p.deterministic},
                                                  {"rated", p.rated}};
    for (const auto& [name, on] : names)
        if (on) out << name;
    if (p.max_clues) out << YAML::BeginMap << YAML::Key << "max_clues" << YAML::Value << *p.max_clues << YAML::EndMap;
    out << YAML::EndSeq << YAML::EndMap;

    put_tail(out, e.source, e.tags, e.notes);
    return finish(out);
}

}  // namespace np::corpus
