// What `numplace plugins --sandbox-info` claims, part by part, for the
// sandbox tests (sandbox_test.cpp, sandbox_channels_test.cpp): a test of a
// part runs when the claim says "enforced" and must then see the attack
// contained, and skips, quoting the claim, when it does not. So the list a
// user reads and what the tests see cannot drift apart; that every listed
// part has its test is Sandboxed.EveryPartSandboxInfoListsHasItsAttack.
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <sstream>
#include <string>
#include <vector>

#include "numplace/sandbox.hpp"
#include "test_support.hpp"

namespace np::hostile {

// The part lines of `numplace plugins --sandbox-info` (the indented ones),
// read once.
inline const std::vector<std::string>& sandbox_info_lines() {
    static const std::vector<std::string> lines = [] {
        std::vector<std::string> out;
        std::istringstream text(test::run_cli({"plugins", "--sandbox-info"}).out);
        for (std::string line; std::getline(text, line);)
            if (line.rfind("  ", 0) == 0) out.push_back(line.substr(2));
        return out;
    }();
    return lines;
}

// A line's part: what comes before its first ": ".
inline std::string part_of(const std::string& line) { return line.substr(0, line.find(": ")); }

inline bool claims_enforced(const std::string& line) {
    return line.find(": enforced") != std::string::npos && line.find("NOT enforced") == std::string::npos;
}

// "" when one of `parts` is listed as enforced; else why the test skips
// (the claims, or that a part is not listed at all).
inline std::string unclaimed(std::initializer_list<const char*> parts) {
    std::string why;
    for (const char* part : parts) {
        std::string line;
        for (const auto& l : sandbox_info_lines())
            if (part_of(l) == part) line = l;
        if (!line.empty() && claims_enforced(line)) return "";
        why += (why.empty() ? "" : "; ") + (line.empty() ? std::string(part) + ": not listed" : line);
    }
    return why;
}

}  // namespace np::hostile

// Runs the rest of the test only when --sandbox-info says one of these
// parts is enforced.
#define NP_REQUIRE_CLAIM(...)                                                          \
    do {                                                                               \
        if (!np::sandbox_enabled()) GTEST_SKIP() << "the sandbox is off";             \
        const std::string np_unclaimed = np::hostile::unclaimed({__VA_ARGS__});        \
        if (!np_unclaimed.empty()) GTEST_SKIP() << "--sandbox-info: " << np_unclaimed; \
    } while (0)
