// The description of a command-line solver (a .solver.yaml file) read
// into an ExternalSolver (external_solver.hpp): its fields one by one, the
// program found and its trust checked, the output patterns compiled.
// Running it and reading its answers is external.cpp's.
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <cstdlib>
#include <filesystem>

#include "external_solver.hpp"
#include "numplace/grid.hpp"
#include "numplace/trust.hpp"
#include "numplace/variant.hpp"

namespace np {

namespace {

constexpr std::size_t kMaxDescription = 64 << 10;  // a .solver.yaml file

bool good_name(const std::string& name) {
    if (name.empty()) return false;
    for (char c : name)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_')) return false;
    return true;
}

namespace fs = std::filesystem;

bool runnable(const fs::path& p) {
    std::error_code ec;
    return fs::is_regular_file(p, ec) && access(p.c_str(), X_OK) == 0;
}

// The program to run, as an absolute path. A name with a '/' is a path from
// the description's folder `here` ("bin/solver", "{dir}/run.sh" filled in,
// or an absolute one), never from the current directory: where numplace is
// started must not change what runs. A bare name ("node", "qqwing") is
// looked up in the absolute folders of PATH; empty or relative entries
// (".", "") would run whatever the current directory holds, so they are
// skipped, as plugin folders are. Resolved once, when the description
// loads, so every call runs the same file.
std::optional<fs::path> find_program(const std::string& program, const fs::path& here) {
    if (program.find('/') != std::string::npos) {
        const fs::path p = (here / program).lexically_normal();  // `/` keeps an absolute `program` as it is
        return runnable(p) ? std::optional(p) : std::nullopt;
    }
    const char* path = std::getenv("PATH");
    const std::string dirs = path ? path : "/usr/bin:/bin";
    for (std::size_t start = 0; start <= dirs.size();) {
        std::size_t end = dirs.find(':', start);
        if (end == std::string::npos) end = dirs.size();
        const fs::path dir = dirs.substr(start, end - start);
        if (dir.is_absolute() && runnable(dir / program)) return dir / program;
        start = end + 1;
    }
    return std::nullopt;
}

// Why the file a command runs (the program, or a script handed to it) must
// not run, "" when it may: the plugin-file rules (trust.hpp) for the file it
// resolves to and that file's folder, and for the folder it was named in
// when a link leads elsewhere (a link in a writable folder can be pointed
// at anything).
std::string run_insecurity(const fs::path& named, const std::string& role) {
    std::error_code ec;
    const fs::path real = fs::canonical(named, ec);
    if (ec) return "cannot resolve " + role + " " + named.string() + ": " + ec.message();
    std::string why = insecurity(real, real != named);
    if (why.empty()) {
        const fs::path folder = fs::canonical(named.parent_path(), ec);
        if (!ec && folder != real.parent_path()) why = unsafe_path(folder, "the folder " + folder.string());
        if (!why.empty()) why += kInsecureHint;
    }
    return why.empty() ? why : role + " " + named.string() + ": " + why;
}

// Why a script the command passes from the description's own folder
// ("{dir}/solve.js") must not run; an argument that names no file there
// (an option, a placeholder) is not a script.
std::string script_insecurity(const ExternalSolver& s) {
    for (std::size_t i = 1; i < s.argv.size(); ++i) {
        const auto at = s.argv[i].find("{dir}");
        if (at == std::string::npos) continue;
        const fs::path script = fs::path(substitute(s.argv[i].substr(at), {{"{dir}", s.here}})).lexically_normal();
        std::error_code ec;
        if (!fs::is_regular_file(script, ec)) continue;
        if (auto why = run_insecurity(script, "the script"); !why.empty()) return why;
    }
    return "";
}

// The `command` field: the argv as written, the program found and, unless
// --allow-insecure-plugins, the program and its scripts trusted.
std::string describe_command(ExternalSolver& s, const YAML::Node& command) {
    for (const auto& a : command) s.argv.push_back(a.as<std::string>());
    if (s.argv.empty()) return "'command' must be a list: the program and its arguments";
    s.here = fs::absolute(fs::path(s.path)).parent_path().lexically_normal().string();
    const auto program = find_program(substitute(s.argv[0], {{"{dir}", s.here}}), s.here);
    if (!program)
        return "the command '" + s.argv[0] +
               "' is not found (as a path from this file's folder, or in PATH's absolute folders) or not executable";
    s.program = program->string();
    if (s.allow_insecure) return "";
    if (auto why = run_insecurity(*program, "the program"); !why.empty()) return why;
    return script_insecurity(s);
}

std::optional<np_geometry> shape_of(const std::string& text) {
    unsigned r = 0, c = 0;
    char extra = 0;
    if (std::sscanf(text.c_str(), "%ux%u%c", &r, &c, &extra) != 2 || r == 0 || c == 0) return std::nullopt;
    // Each factor first: their product wraps around for huge ones (65536x65536 is 0).
    if (r > NP_MAX_SIDE || c > NP_MAX_SIDE || r * c > NP_MAX_SIDE) return std::nullopt;
    return np_geometry{r, c};
}

// "line N: " for a field of the description: `rating` is nested two deep,
// so its errors say where.
std::string line_of(const YAML::Node& node) {
    const YAML::Mark mark = node.Mark();
    return mark.line < 0 ? "" : "line " + std::to_string(mark.line + 1) + ": ";
}

// `levels` of `output.rating`: words and the whole numbers they stand for.
std::string describe_levels(ExternalSolver::RatingPattern& rating, const YAML::Node& levels) {
    if (!levels.IsMap() || levels.size() == 0)
        return line_of(levels) + "'output.rating.levels' must map the words the program prints to numbers";
    for (const auto& level : levels) {
        const auto number = level.second.IsScalar() ? whole_number(level.second.Scalar()) : std::nullopt;
        if (!number)
            return line_of(level.second) + "'output.rating.levels': '" + level.first.as<std::string>() +
                   "' must map to a whole number >= 0";
        rating.levels[level.first.as<std::string>()] = *number;
    }
    return "";
}

// The `rating` field of `output`: a regular expression whose first group is
// the rating, a whole number; or {pattern: REGEX, levels: {WORD: N, ...}}
// for a program that prints its levels' names.
std::string describe_rating(ExternalSolver& s, const YAML::Node& key, const YAML::Node& node) {
    // Each node is made once: assigning to a yaml-cpp node that holds one
    // rewrites the node it holds, here the description itself.
    const auto field = [&node](const char* name) { return node.IsMap() && node[name] ? node[name] : YAML::Node(); };
    const YAML::Node pattern = node.IsMap() ? field("pattern") : node, levels = field("levels"), scale = field("scale");
    // The pattern's line when it has one; an empty value's is the next field's, so the key's then.
    const std::string where = line_of(pattern.IsScalar() ? pattern : key) + "'output.rating' ";
    for (const auto& item : node.IsMap() ? node : YAML::Node())
        if (const std::string name = item.first.as<std::string>(); name != "pattern" && name != "levels" && name != "scale")
            return line_of(item.first) + "'output.rating': unknown field '" + name + "' (pattern, levels, scale)";
    if (!pattern.IsScalar())
        return where + "must be a regular expression whose first group is the rating, or {pattern: ..., levels: {...}}";
    ExternalSolver::RatingPattern rating;
    try {
        rating.pattern = std::regex(pattern.Scalar());
    } catch (const std::regex_error& e) {
        return where + "is not a regular expression: " + e.what();
    }
    if (rating.pattern.mark_count() < 1) return where + "has no group ( ) that holds the rating";
    if (!levels.IsNull())
        if (auto problem = describe_levels(rating, levels); !problem.empty()) return problem;
    if (!scale.IsNull()) {
        if (!scale.IsScalar() || scale.Scalar() != "se")
            return line_of(scale) + "'output.rating.scale' must be se (a rating like 7.2, on Sudoku Explainer's scale)";
        if (!levels.IsNull()) return line_of(scale) + "'output.rating' takes levels or scale: se, not both";
        rating.se_scale = true;
    }
    s.rating = std::move(rating);
    return "";
}

// How answers come out (the `output` field).
std::string describe_output(ExternalSolver& s, const YAML::Node& out) {
    if (!out.IsMap()) return "'output' must say how answers come out (solution, json, count, verdicts)";
    const auto part = [&out](const char* key) { return out[key] ? out[key] : YAML::Node(); };
    s.solution_line = !part("solution").IsNull() && part("solution").as<std::string>() == "line";
    for (const auto& f : part("json")) s.json_fields[f.first.as<std::string>()] = f.second.as<std::string>();
    if (part("count")) {
        try {
            s.count_pattern.emplace(part("count").as<std::string>());
        } catch (const std::regex_error& e) {
            return std::string("'output.count' is not a regular expression: ") + e.what();
        }
    }
    // unknown: the program stopped on its budget ({timeout}) without a
    // conclusion; a solution it printed still counts.
    for (const auto& w : part("verdicts")) {
        auto v = verdict_from_name(w.second.as<std::string>());
        if (!v || (*v != Verdict::none && *v != Verdict::unique && *v != Verdict::multiple && *v != Verdict::invalid &&
                   *v != Verdict::unknown))
            return "'output.verdicts': '" + w.second.as<std::string>() +
                   "' is not none, unique, multiple, invalid or unknown";
        s.verdict_words.emplace_back(w.first.as<std::string>(), *v);
    }
    if (!s.solution_line && s.json_fields.empty() && !s.count_pattern && s.verdict_words.empty())
        return "'output' gives no way to read an answer";
    for (const auto& field : out)  // given, even empty: it is checked
        if (field.first.as<std::string>() == "rating") return describe_rating(s, field.first, field.second);
    return "";
}

// The `timeout` field: seconds per call when the host sets no deadline
// (60 unless given; 0 = none).
std::string describe_timeout(ExternalSolver& s, const YAML::Node& timeout) {
    if (timeout.IsNull()) return "";
    s.timeout_seconds = timeout.as<double>();
    if (!std::isfinite(s.timeout_seconds) || s.timeout_seconds < 0) return "'timeout' must be seconds >= 0 (0 = none)";
    s.timeout_given = true;
    return "";
}

// `variants`: {kinds: [f-puzzles keys], regions: [irregular, none]}, the
// constraint kinds and region layouts besides boxes the program takes; the
// host sends it no other (as a library plugin's np_plugin.kinds).
std::string describe_variants(ExternalSolver& s, const YAML::Node& variants) {
    if (variants.IsNull()) return "";
    if (s.format != Format::fpuzzles) return "'variants' needs format: fpuzzles (a line of symbols carries no constraint)";
    if (!variants.IsMap()) return "'variants' must be {kinds: [...], regions: [...]}";
    for (const auto& item : variants) {
        const auto key = item.first.as<std::string>();
        if (key != "kinds" && key != "regions") return "'variants': unknown field '" + key + "' (kinds, regions)";
        for (const auto& word : item.second) {
            const auto name = word.as<std::string>();
            if (key == "regions" && (name == "irregular" || name == "none"))
                s.region_layouts |= NP_REGIONS_BIT(name == "irregular" ? NP_REGIONS_IRREGULAR : NP_REGIONS_NONE);
            else if (key == "regions")
                return "'variants.regions': '" + name + "' is not irregular or none";
            else if (const auto kind = kind_from_key(name))
                s.kinds |= NP_KIND_BIT(static_cast<int>(*kind));
            else
                return "'variants.kinds': '" + name + "' is not a constraint kind's f-puzzles key (docs/variants.md)";
        }
    }
    return "";
}

// `input`, `format` and `variants`: how a puzzle reaches the program.
std::string describe_input(ExternalSolver& s, const std::string& input, const std::string& format,
                           const YAML::Node& variants) {
    if (input == "argument") s.input = Input::argument;
    else if (input == "stdin") s.input = Input::stdin_once;
    else if (input == "lines") s.input = Input::lines;
    else if (input == "json-lines") s.input = Input::json_lines;
    else return "'input' must be argument, stdin, lines or json-lines";
    if (format == "fpuzzles") s.format = Format::fpuzzles;
    else if (format != "line") return "'format' must be line or fpuzzles";
    if (s.input == Input::argument) {
        bool placed = false;
        for (const auto& a : s.argv) placed |= a.find("{puzzle}") != std::string::npos;
        if (!placed) return "input: argument needs {puzzle} in 'command'";
    }
    // One long-running process answers many calls, each with its own budget.
    for (const auto& a : s.argv)
        if (long_running(s) && (a.find("{timeout}") != std::string::npos || a.find("{limit}") != std::string::npos))
            return "input: " + input +
                   " starts one process for many calls: {timeout} and {limit} need argument or stdin (json-lines "
                   "gives them in each line)";
    return describe_variants(s, variants);
}

std::string describe(ExternalSolver& s, const YAML::Node& whole) {
    if (!whole.IsMap()) return "not a map of fields";
    // Absent fields read as null (a const map's missing key is an invalid
    // node, which throws when touched).
    const auto doc = [&whole](const char* key) { return whole[key] ? whole[key] : YAML::Node(); };
    const auto text = [&doc](const char* key, const std::string& fallback) {
        const YAML::Node n = doc(key);
        return n.IsNull() ? fallback : n.as<std::string>();
    };
    for (const auto& item : whole) {
        static const std::vector<std::string> known = {"name", "version", "description", "command", "shapes", "max_side",
                                                       "capabilities", "input", "empty", "output", "timeout",
                                                       "format", "variants"};
        const auto key = item.first.as<std::string>();
        if (std::find(known.begin(), known.end(), key) == known.end()) return "unknown field '" + key + "'";
    }
    s.name = text("name", "");
    if (!good_name(s.name)) return "'name' must be [a-z0-9_-]+";
    s.version = text("version", "0");
    s.description = text("description", "a command-line solver");
    if (auto problem = describe_command(s, doc("command")); !problem.empty()) return problem;
    for (const auto& sh : doc("shapes")) {
        auto g = shape_of(sh.as<std::string>());
        if (!g) return "'shapes': '" + sh.as<std::string>() + "' is not RxC";
        s.shapes.push_back(*g);
    }
    s.max_side = doc("max_side").IsNull() ? 0 : doc("max_side").as<uint32_t>();
    if (s.shapes.empty() && s.max_side == 0) return "no shapes: give 'shapes' or 'max_side'";
    for (const auto& c : doc("capabilities")) {
        const auto word = c.as<std::string>();
        if (word == "solve") s.capabilities |= NP_CAP_SOLVE;
        else if (word == "count") s.capabilities |= NP_CAP_SOLVE | NP_CAP_COUNT;
        else if (word == "prove-unique") s.capabilities |= NP_CAP_SOLVE | NP_CAP_PROVE_UNIQUE;
        else return "unknown capability '" + word + "' (solve, count, prove-unique)";
    }
    if (s.capabilities == 0) s.capabilities = NP_CAP_SOLVE;
    if (auto problem = describe_input(s, text("input", "stdin"), text("format", "line"), doc("variants"));
        !problem.empty())
        return problem;
    const auto empty = text("empty", ".");
    if (empty.size() != 1) return "'empty' must be one character";
    s.empty = empty[0];
    if (auto problem = describe_timeout(s, doc("timeout")); !problem.empty()) return problem;
    return describe_output(s, doc("output"));
}

}  // namespace

std::string read_description(ExternalSolver& s, const std::string& path) {
    try {
        // A description is a few lines; a huge file is not one.
        std::error_code ec;
        const auto bytes = std::filesystem::file_size(path, ec);
        if (!ec && bytes > kMaxDescription) return "not a solver description: larger than 64 KiB";
        return describe(s, YAML::LoadFile(path));
    } catch (const std::exception& e) {
        return std::string("not a solver description: ") + e.what();
    }
}

}  // namespace np
