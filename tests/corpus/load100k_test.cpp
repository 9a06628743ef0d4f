// Loading a corpus of 100,000 entries. No time is asserted here (speed lives
// in benchmarks); the test prints the figure and checks that everything
// loaded. Label: slow.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <string>

#include "corpus/corpus.hpp"

namespace {

// Seed 002's example board and its solution, under 100,000 distinct ids.
constexpr const char* kPuzzle =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
constexpr const char* kSolution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

std::string big_corpus(int entries) {
    std::string text;
    text.reserve(static_cast<std::size_t>(entries) * 300);
    for (int i = 0; i < entries; ++i) {
        text += "- id: seed002-copy-" + std::to_string(i) + "\n";
        text += "  size: 3x3\n";
        text += std::string("  puzzle: ") + kPuzzle + "\n";
        text += "  expect:\n    verdict: unique\n";
        text += std::string("    solution: \"") + kSolution + "\"\n";
        text += "    count: 1\n";
        text += "  source: \"seed 002: the example board of its README\"\n";
        text += "  tags: [seed, copy]\n";
    }
    return text;
}

TEST(SlowCorpus, Load100k) {
    constexpr int kEntries = 100000;
    const std::string text = big_corpus(kEntries);
    const auto start = std::chrono::steady_clock::now();
    const auto result = np::corpus::load_text(text, "big.yaml");
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("[ MEASURED ] loading %d puzzle entries (%.1f MB of YAML) took %.2f s\n", kEntries,
                static_cast<double>(text.size()) / 1e6, seconds);
    ASSERT_TRUE(result.ok()) << result.errors.front().text();
    EXPECT_EQ(result.corpus.puzzles.size(), static_cast<std::size_t>(kEntries));
    EXPECT_EQ(result.corpus.puzzles.back().id, "seed002-copy-99999");
}

}  // namespace
