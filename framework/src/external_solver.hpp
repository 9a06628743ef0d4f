// A command-line solver as its description says (private to the host):
// what solver_description.cpp reads from a .solver.yaml file and
// external.cpp runs, and the few helpers both use.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "numplace/external.hpp"
#include "numplace/plugin_api.h"
#include "numplace/verdict.hpp"

namespace np {

enum class Input { argument, stdin_once, lines, json_lines };
// How the puzzle is written: N*N symbols, or f-puzzles JSON on one line (the
// one form that carries a variant's regions and constraints).
enum class Format { line, fpuzzles };
// A call with no deadline of the host's gets this one: a program that never
// answers would otherwise hold `numplace solve` with no sign of life.
constexpr double kDefaultTimeoutSeconds = 60;

struct ExternalSolver {
    std::string path, name, version, description;
    std::vector<std::string> argv;  // as written: placeholders are filled in per call (command_for)
    std::string here;     // the description's folder, absolute: {dir}, and where a relative program lives
    std::string program;  // argv[0] resolved to an absolute path at load
    bool allow_insecure = false;  // --allow-insecure-plugins: the trust checks are skipped
    std::vector<np_geometry> shapes;
    uint32_t max_side = 0, capabilities = 0;
    Input input = Input::stdin_once;
    Format format = Format::line;
    uint64_t kinds = 0;           // `variants.kinds`: NP_KIND_BIT bits the program takes
    uint32_t region_layouts = 0;  // `variants.regions`: NP_REGIONS_BIT of irregular, none
    char empty = '.';
    bool solution_line = false;
    std::map<std::string, std::string> json_fields;  // solution, count, verdict -> field name
    std::optional<std::regex> count_pattern;
    std::vector<std::pair<std::string, Verdict>> verdict_words;
    // `output.rating`: the program's own rating of the puzzle, its first
    // group a whole number or (with levels) a word the levels map to one.
    // With `scale: se` the group is an SE-style rating with one decimal
    // (7.2, 10.0, 11): the counter `se_rating`, in tenths.
    struct RatingPattern {
        std::regex pattern;
        std::map<std::string, uint64_t> levels;  // empty: the group is the number itself
        bool se_scale = false;
    };
    std::optional<RatingPattern> rating;
    double timeout_seconds = kDefaultTimeoutSeconds;  // the description's `timeout`, 0 = none
    bool timeout_given = false;
    np_plugin descriptor{};
};

// One process answers many calls (`lines`, `json-lines`).
inline bool long_running(const ExternalSolver& s) { return s.input == Input::lines || s.input == Input::json_lines; }

using Placeholders = std::vector<std::pair<std::string_view, std::string>>;

// `text` with each placeholder of `values` replaced (external.cpp).
std::string substitute(const std::string& text, const Placeholders& values);

// A whole number of at most 18 digits (it fits a uint64_t), else nothing.
std::optional<uint64_t> whole_number(const std::string& text);

// What one call writes (external_input.cpp): the puzzle as `format` says,
// with `empty` for an empty cell; for `json-lines` that text inside one JSON
// object line with the call's limit, seconds left and box shape. No newline.
std::string puzzle_text(const ExternalSolver& s, const np_solve_request& request);
std::string call_line(const ExternalSolver& s, const np_solve_request& request, const std::string& puzzle,
                      const std::string& limit, const std::string& timeout);

// Reads the description at `path` into `s` (solver_description.cpp): ""
// or why it is not a description numplace can run.
std::string read_description(ExternalSolver& s, const std::string& path);

}  // namespace np
