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

enum class Input { argument, stdin_once, lines };
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
    char empty = '.';
    bool solution_line = false;
    std::map<std::string, std::string> json_fields;  // solution, count, verdict -> field name
    std::optional<std::regex> count_pattern;
    std::vector<std::pair<std::string, Verdict>> verdict_words;
    // `output.rating`: the program's own rating of the puzzle, its first
    // group a whole number or (with levels) a word the levels map to one.
    struct RatingPattern {
        std::regex pattern;
        std::map<std::string, uint64_t> levels;  // empty: the group is the number itself
    };
    std::optional<RatingPattern> rating;
    double timeout_seconds = kDefaultTimeoutSeconds;  // the description's `timeout`, 0 = none
    bool timeout_given = false;
    np_plugin descriptor{};
};

using Placeholders = std::vector<std::pair<std::string_view, std::string>>;

// `text` with each placeholder of `values` replaced (external.cpp).
std::string substitute(const std::string& text, const Placeholders& values);

// A whole number of at most 18 digits (it fits a uint64_t), else nothing.
std::optional<uint64_t> whole_number(const std::string& text);

// Reads the description at `path` into `s` (solver_description.cpp): ""
// or why it is not a description numplace can run.
std::string read_description(ExternalSolver& s, const std::string& path);

}  // namespace np
